import { useState } from 'react';
import { useFetcher, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ErrorText, Notice } from '../../components/status.tsx';
import { buttonClass, ui } from '../../components/ui.ts';
import { api, attempt, type ActionResult } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { rawField, textField } from '../../lib/form-fields.ts';
import type {
  NewPortalSourceBody,
  PortalLoginBody,
  PortalSource,
  PortalSourceAnswer,
  PortalSourcesAnswer,
} from '../../lib/types.ts';
import { useResetOnSuccess } from '../../lib/use-reset-on-success.ts';
import styles from './sources.module.css';
import { SourceNameField, SwitchSourceForm } from './source-parts.tsx';

export function portalSourcesLoader({ request }: LoaderFunctionArgs): Promise<PortalSourcesAnswer> {
  return api<PortalSourcesAnswer>('/portal-sources', { signal: request.signal });
}

/** The Sources screen's intents that are the portals'. */
export const PORTAL_INTENTS = [
  'portal-add',
  'portal-login',
  'portal-disable',
  'portal-enable',
] as const;
type PortalIntent = (typeof PORTAL_INTENTS)[number];

export const isPortalIntent = (intent: string): intent is PortalIntent =>
  (PORTAL_INTENTS as readonly string[]).includes(intent);

/** The login's fields as typed, each `login.<key>` of the form. */
function loginOf(form: FormData): Record<string, string> {
  const login: Record<string, string> = {};
  for (const [field] of form.entries()) {
    if (field.startsWith('login.')) login[field.slice('login.'.length)] = rawField(form, field);
  }
  return login;
}

export async function portalSourcesAction(
  intent: PortalIntent,
  form: FormData,
): Promise<ActionResult> {
  const name = textField(form, 'name');
  const path = `/portal-sources/${encodeURIComponent(name)}`;
  return attempt(async () => {
    if (intent === 'portal-add') {
      const url = textField(form, 'url');
      const { source } = await api<PortalSourceAnswer>('/portal-sources', {
        method: 'POST',
        body: {
          portal: textField(form, 'portal'),
          name,
          credentials: loginOf(form),
          ...(url ? { url } : {}),
        } satisfies NewPortalSourceBody,
      });
      return `${source.name} is added: ${source.portalLabel} is polled from now on.`;
    }
    if (intent === 'portal-login') {
      await api<PortalSourceAnswer>(`${path}/credentials`, {
        method: 'PUT',
        body: { credentials: loginOf(form) } satisfies PortalLoginBody,
      });
      return `The new login of ${name} is stored; the next poll uses it.`;
    }
    const action = intent === 'portal-disable' ? 'disable' : 'enable';
    const { source } = await api<PortalSourceAnswer>(`${path}/${action}`, { method: 'POST' });
    return source.disabled
      ? `${source.name} is disabled: it is not polled.`
      : `${source.name} is enabled: it is polled again from where its last full read ended.`;
  });
}

type PortalFields = PortalSourcesAnswer['portals'][number]['fields'];

/** One password field per part of the portal's login: typed, never shown back. */
function LoginFields({ fields, idPrefix }: { fields: PortalFields; idPrefix: string }) {
  return fields.map((field) => (
    <div className={ui.field} key={field.key}>
      <label htmlFor={`${idPrefix}-${field.key}`}>{field.label}</label>
      <input
        id={`${idPrefix}-${field.key}`}
        name={`login.${field.key}`}
        type="password"
        autoComplete="off"
        required
      />
    </div>
  ));
}

function pollState(source: PortalSource): string {
  if (source.disabled) return 'Disabled';
  const last = source.lastSuccessAt
    ? `last good poll ${formatDateTime(source.lastSuccessAt)}`
    : 'not polled yet';
  return source.failingSince
    ? `Failing since ${formatDateTime(source.failingSince)} · ${last}`
    : `Polled · ${last}`;
}

function PortalItem({ source, fields }: { source: PortalSource; fields: PortalFields }) {
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== 'idle';
  const toggle = source.disabled ? 'portal-enable' : 'portal-disable';
  return (
    <li className={styles.source}>
      <div>
        <p className={styles.name}>
          {source.name} <span className={ui.muted}>({source.portalLabel})</span>
        </p>
        <p className={ui.muted}>
          {pollState(source)} · added {formatDateTime(source.createdAt)} · login set
        </p>
        {source.lastError ? <p className={styles.endpoint}>{source.lastError}</p> : null}
      </div>
      <div className={ui.actions}>
        <SwitchSourceForm
          fetcher={fetcher}
          intent={toggle}
          name={source.name}
          disabled={source.disabled}
        />
      </div>
      <details className={styles.secret}>
        <summary>
          Enter the login again <span className="visually-hidden">for {source.name}</span>
        </summary>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="portal-login" />
          <input type="hidden" name="name" value={source.name} />
          <LoginFields fields={fields} idPrefix={`login-${source.name}`} />
          <button type="submit" className={buttonClass('secondary')} disabled={busy}>
            Store the new login
          </button>
        </fetcher.Form>
      </details>
      <ErrorText>{fetcher.data?.error}</ErrorText>
      <Notice>{fetcher.data?.message}</Notice>
    </li>
  );
}

/** The property portals the server polls: each one's polls, its last error, its login. */
export function PortalSourcesSection() {
  const { portalSources } = useLoaderData<{ portalSources: PortalSourcesAnswer }>();
  const fieldsOf = (portal: string) =>
    portalSources.portals.find((candidate) => candidate.portal === portal)?.fields ?? [];
  return (
    <section className={ui.card} aria-labelledby="portal-sources">
      <h2 id="portal-sources">Portals polled for leads</h2>
      <p className={ui.hint}>
        The server asks each portal for its new enquiries every few minutes. A login is stored
        encrypted and never shown again.
      </p>
      {portalSources.sources.length === 0 ? (
        <p className={ui.muted}>No portal sources yet.</p>
      ) : (
        <ul className={styles.sources}>
          {portalSources.sources.map((source) => (
            <PortalItem key={source.name} source={source} fields={fieldsOf(source.portal)} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function AddPortalSection() {
  const { portalSources } = useLoaderData<{ portalSources: PortalSourcesAnswer }>();
  const fetcher = useFetcher<ActionResult>();
  const form = useResetOnSuccess(fetcher.data);
  const busy = fetcher.state !== 'idle';
  const [portal, setPortal] = useState(portalSources.portals[0]?.portal ?? '');
  const fields = portalSources.portals.find((candidate) => candidate.portal === portal)?.fields;
  return (
    <section className={ui.card} aria-labelledby="add-portal">
      <h2 id="add-portal">Add a portal</h2>
      <fetcher.Form method="post" ref={form}>
        <input type="hidden" name="intent" value="portal-add" />
        <div className={ui.field}>
          <label htmlFor="portal-kind">Portal</label>
          <select
            id="portal-kind"
            name="portal"
            value={portal}
            onChange={(event) => setPortal(event.currentTarget.value)}
          >
            {portalSources.portals.map((candidate) => (
              <option key={candidate.portal} value={candidate.portal}>
                {candidate.label}
              </option>
            ))}
          </select>
        </div>
        <SourceNameField
          id="portal-name"
          example={<>e.g. 99acres; its leads show as &ldquo;Portal: name&rdquo;.</>}
        />
        <LoginFields fields={fields ?? []} idPrefix="new-portal" />
        <div className={ui.field}>
          <label htmlFor="portal-url">Endpoint (optional)</label>
          <input
            id="portal-url"
            name="url"
            type="url"
            autoComplete="off"
            aria-describedby="portal-url-hint"
          />
          <p id="portal-url-hint" className={ui.hint}>
            Only when the portal gave your account another address than its usual one.
          </p>
        </div>
        <button type="submit" className={buttonClass()} disabled={busy}>
          {busy ? 'Adding…' : 'Add portal'}
        </button>
        <ErrorText>{fetcher.data?.error}</ErrorText>
        <Notice>{fetcher.data?.message}</Notice>
      </fetcher.Form>
    </section>
  );
}
