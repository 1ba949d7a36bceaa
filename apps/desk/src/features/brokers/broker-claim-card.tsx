import { useFetcher } from 'react-router';
import type { BuyerClaim } from '@iconia/shared';
import { ErrorText, Notice } from '../../components/status.tsx';
import { buttonClass, ui } from '../../components/ui.ts';
import type { ActionResult } from '../../lib/api.ts';
import { formatDateTime, formatDay } from '../../lib/format.ts';
import styles from './brokers.module.css';

/**
 * The buyer's channel partner claim: who, since and until when, proven or not; at check-in the
 * agent sends the client a code (read out on a call to the registered mobile) and types it back.
 */
export function BrokerClaimCard({ leadId, claim }: { leadId: number; claim: BuyerClaim }) {
  const fetcher = useFetcher<ActionResult & { code?: string }>();
  const busy = fetcher.state !== 'idle';
  const action = `/leads/${leadId}/broker-claim`;
  return (
    <section aria-labelledby="claim-heading" className={ui.card}>
      <h2 id="claim-heading">Channel partner</h2>
      <p>
        <strong>{claim.broker.firm}</strong> ({claim.broker.person}) registered this buyer on{' '}
        {formatDateTime(claim.since)}.
      </p>
      <p>
        {claim.proven
          ? 'Proven at the site visit: the claim stays through the booking.'
          : `Not proven yet: the claim lapses on ${formatDay(claim.until)} without a visit.`}
      </p>
      {!claim.proven && (
        <>
          <ErrorText>{fetcher.data?.error}</ErrorText>
          <Notice>{fetcher.data?.message}</Notice>
          {fetcher.data?.code ? (
            <p role="status">
              Call the client’s registered mobile and read out:{' '}
              <span className={styles.code}>{fetcher.data.code}</span>
            </p>
          ) : null}
          <fetcher.Form method="post" action={action}>
            <input type="hidden" name="intent" value="code" />
            <button type="submit" className={buttonClass('secondary')} disabled={busy}>
              {claim.codeIssued ? 'New check-in code' : 'Check-in code for the client'}
            </button>
          </fetcher.Form>
          <fetcher.Form
            method="post"
            action={action}
            className={styles.row}
            aria-label="Prove the claim at check-in"
          >
            <input type="hidden" name="intent" value="proof" />
            <div className={ui.field}>
              <label htmlFor="claim-code">Code the client tells you</label>
              <input
                id="claim-code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="\d{6}"
                required
              />
            </div>
            <button type="submit" className={buttonClass()} disabled={busy}>
              Prove the claim
            </button>
          </fetcher.Form>
        </>
      )}
    </section>
  );
}
