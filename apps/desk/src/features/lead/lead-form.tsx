import { useFetcher } from 'react-router';
import { ErrorText, Notice } from '../../components/status.tsx';
import type { LeadActionResult, LeadIntent } from './lead-route.ts';

/** A form posting one intent to the lead's action, with its own pending state and message. */
export function useLeadForm(intent: LeadIntent) {
  const fetcher = useFetcher<LeadActionResult>({ key: `lead-${intent}` });
  const result = fetcher.data?.intent === intent ? fetcher.data : undefined;
  return { fetcher, busy: fetcher.state !== 'idle', result };
}

export function FormResult({ result }: { result: LeadActionResult | undefined }) {
  return (
    <>
      <ErrorText>{result?.error}</ErrorText>
      <Notice>{result?.message}</Notice>
    </>
  );
}
