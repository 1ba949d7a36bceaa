import { ui } from '../../components/ui.ts';
import { api } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import type { SourceHealthAnswer, SourceHealthRow } from '../../lib/types.ts';
import styles from './source-health.module.css';

export function loadSourceHealth(signal: AbortSignal): Promise<SourceHealthAnswer> {
  return api<SourceHealthAnswer>('/source-health', { signal });
}

const CONDITION_LABELS = { quiet: 'Quiet', failing: 'Failing' } as const;

function status(source: SourceHealthRow): string {
  if (source.disabled) return 'Disabled';
  if (source.alerts.length === 0) return source.lastLeadAt ? 'Working' : 'No leads yet';
  return source.alerts.map((alert) => CONDITION_LABELS[alert.condition]).join(', ');
}

function graphReads(source: SourceHealthRow): string {
  const graph = source.graphReads;
  if (!graph) return '—';
  if (graph.failing === 0) return graph.givenUp > 0 ? `0 (${graph.givenUp} given up)` : '0';
  const since = graph.failingSince ? ` since ${formatDateTime(graph.failingSince)}` : '';
  return `${graph.failing}${since}${graph.givenUp > 0 ? `, ${graph.givenUp} given up` : ''}`;
}

/** The buyers' stages each ad platform has been sent, what waits, and its last error in words. */
function StagesBack({ sources }: { sources: readonly SourceHealthRow[] }) {
  const platforms = sources.flatMap((source) =>
    source.stagesBack ? [{ source, stages: source.stagesBack }] : [],
  );
  if (platforms.length === 0) return null;
  return (
    <>
      <h3 id="stages-back">Stages sent back to the ad platforms</h3>
      <div className={ui.scroll} role="region" aria-labelledby="stages-back" tabIndex={0}>
        <table className={styles.table}>
          <caption className="visually-hidden">Stages sent back per platform</caption>
          <thead>
            <tr>
              <th scope="col">Platform</th>
              <th scope="col" className="number">
                Sent today
              </th>
              <th scope="col" className="number">
                Last 7 days
              </th>
              <th scope="col" className="number">
                Waiting
              </th>
              <th scope="col">Last error</th>
            </tr>
          </thead>
          <tbody>
            {platforms.map(({ source, stages }) => (
              <tr key={source.origin}>
                <th scope="row">{source.label}</th>
                <td className="number">{stages.sentToday}</td>
                <td className="number">{stages.sent7Days}</td>
                <td className="number">
                  {stages.waiting}
                  {stages.failingSince
                    ? ` (failing since ${formatDateTime(stages.failingSince)})`
                    : ''}
                </td>
                <td>{stages.lastError ?? 'None'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Each property portal the server polls: its last good poll, and its last error in words. */
function PortalPolls({ sources }: { sources: readonly SourceHealthRow[] }) {
  const portals = sources.flatMap((source) =>
    source.polls ? [{ source, polls: source.polls }] : [],
  );
  if (portals.length === 0) return null;
  return (
    <>
      <h3 id="portal-polls">Portals polled</h3>
      <div className={ui.scroll} role="region" aria-labelledby="portal-polls" tabIndex={0}>
        <table className={styles.table}>
          <caption className="visually-hidden">Polls per portal</caption>
          <thead>
            <tr>
              <th scope="col">Portal</th>
              <th scope="col">Last successful poll</th>
              <th scope="col">Failing since</th>
              <th scope="col">Last error</th>
            </tr>
          </thead>
          <tbody>
            {portals.map(({ source, polls }) => (
              <tr key={source.origin}>
                <th scope="row">{source.label}</th>
                <td>{polls.lastSuccessAt ? formatDateTime(polls.lastSuccessAt) : 'None yet'}</td>
                <td>{polls.failingSince ? formatDateTime(polls.failingSince) : '—'}</td>
                <td>{polls.lastError ?? 'None'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * Managers see how each lead source is doing: leads today and this week, the last lead, refused
 * requests and Meta's failing Graph reads, the stages sent back to the ad platforms, the portals'
 * polls, and every
 * alert they were emailed that has not recovered yet.
 */
export function SourceHealthSection({ health }: { health: SourceHealthAnswer }) {
  const alerts = health.sources.flatMap((source) =>
    source.alerts.map((alert) => ({ source, alert })),
  );
  return (
    <section className={ui.card} aria-labelledby="source-health">
      <h2 id="source-health">Source health</h2>
      <p className={ui.muted}>
        As of {formatDateTime(health.checkedAt)}. Managers get one email when a source goes quiet or
        fails, and one when it recovers.
      </p>
      <div className={ui.scroll} role="region" aria-label="Source health figures" tabIndex={0}>
        <table className={styles.table}>
          <caption className="visually-hidden">Leads and refusals per source</caption>
          <thead>
            <tr>
              <th scope="col">Source</th>
              <th scope="col">Status</th>
              <th scope="col" className="number">
                Leads today
              </th>
              <th scope="col" className="number">
                Last 7 days
              </th>
              <th scope="col">Last lead</th>
              <th scope="col" className="number">
                Refused, 24 h
              </th>
              <th scope="col" className="number">
                Refused, 7 days
              </th>
              <th scope="col">Graph reads failing</th>
            </tr>
          </thead>
          <tbody>
            {health.sources.map((source) => (
              <tr key={source.origin}>
                <th scope="row">{source.label}</th>
                <td>
                  <span className={source.alerts.length > 0 ? styles.alert : undefined}>
                    {status(source)}
                  </span>
                </td>
                <td className="number">{source.leadsToday}</td>
                <td className="number">{source.leads7Days}</td>
                <td>{source.lastLeadAt ? formatDateTime(source.lastLeadAt) : '—'}</td>
                <td className="number">{source.refused24Hours}</td>
                <td className="number">{source.refused7Days}</td>
                <td>{graphReads(source)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <StagesBack sources={health.sources} />
      <PortalPolls sources={health.sources} />
      {alerts.length > 0 ? (
        <>
          <h3>Alerts not yet recovered</h3>
          <ul className={styles.alerts}>
            {alerts.map(({ source, alert }) => (
              <li key={`${source.origin}-${alert.condition}`}>
                <strong>
                  {source.label}: {CONDITION_LABELS[alert.condition].toLowerCase()} since{' '}
                  {formatDateTime(alert.since)}.
                </strong>{' '}
                {alert.reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
