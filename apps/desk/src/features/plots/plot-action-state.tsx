import { useActionData, useNavigation } from 'react-router';
import { ErrorText, Notice } from '../../components/status.tsx';
import type { action, PlotActionResult, PlotIntent } from './plot-action.ts';

/** Whether the plot's action is running for this intent. */
export function useBusy(intent: PlotIntent): boolean {
  const navigation = useNavigation();
  return navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
}

/** The result of the last action when it was for one of these intents. */
export function useResult(...intents: PlotIntent[]): PlotActionResult | undefined {
  const result = useActionData<typeof action>();
  return result && intents.includes(result.intent) ? result : undefined;
}

export function FormResult({ result }: { result: PlotActionResult | undefined }) {
  return (
    <>
      <ErrorText>{result?.error}</ErrorText>
      <Notice>{result?.message}</Notice>
    </>
  );
}

/**
 * A change of state replaces the card it was made from, so its outcome shows under the heading;
 * a refusal's or a cancellation's mistakes show in its dialog.
 */
export function StateResult() {
  const result = useResult('hold', 'release', 'request', 'approve', 'refuse', 'cancel');
  const inDialog = result?.intent === 'refuse' || result?.intent === 'cancel';
  return <FormResult result={inDialog && !result.ok ? undefined : result} />;
}
