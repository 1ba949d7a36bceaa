import {
  useFetcher,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { CopyButton } from '../../components/copy-button.tsx';
import { ErrorText, Notice } from '../../components/status.tsx';
import { buttonClass, ui } from '../../components/ui.ts';
import { api, attempt, type ActionResult } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { textField } from '../../lib/form-fields.ts';
import type {
  NewPartnerSourceBody,
  PartnerSecretAnswer,
  PartnerSource,
  PartnerSourceAnswer,
  PartnerSourcesAnswer,
} from '../../lib/types.ts';
import styles from './sources.module.css';
import { SourceNameField, SwitchSourceForm } from './source-parts.tsx';
import { useResetOnSuccess } from '../../lib/use-reset-on-success.ts';

export function partnerSourcesLoader({
  request,
}: LoaderFunctionArgs): Promise<PartnerSourcesAnswer> {
  return api<PartnerSourcesAnswer>('/sources', { signal: request.signal });
}

const INTENTS = ['add', 'rotate', 'disable', 'enable'] as const;
type Intent = (typeof INTENTS)[number];

interface SourcesActionResult extends ActionResult {
  intent: Intent;
  /** A new or rotated secret, shown once. */
  issued?: { name: string; secret: string };
}

export async function partnerSourcesAction({
  request,
}: ActionFunctionArgs): Promise<SourcesActionResult> {
  const form = await request.formData();
  const intent = INTENTS.find((candidate) => candidate === textField(form, 'intent')) ?? 'add';
  const name = textField(form, 'name');
  let issued: SourcesActionResult['issued'];
  const result = await attempt(async () => {
    if (intent === 'add' || intent === 'rotate') {
      const answer =
        intent === 'add'
          ? await api<PartnerSecretAnswer>('/sources', {
              method: 'POST',
              body: { name } satisfies NewPartnerSourceBody,
            })
          : await api<PartnerSecretAnswer>(`/sources/${encodeURIComponent(name)}/rotate`, {
              method: 'POST',
            });
      issued = { name: answer.source.name, secret: answer.secret };
      return intent === 'add'
        ? `${answer.source.name} is added.`
        : `${answer.source.name} has a new secret.`;
    }
    const { source } = await api<PartnerSourceAnswer>(
      `/sources/${encodeURIComponent(name)}/${intent}`,
      { method: 'POST' },
    );
    return source.disabled
      ? `${source.name} is disabled: its leads are refused.`
      : `${source.name} is enabled: its leads are taken again.`;
  });
  return { ...result, intent, ...(issued ? { issued } : {}) };
}

/** The secret, once: a partner needs it to sign, and it is never shown again. */
function IssuedSecret({ issued }: { issued: { name: string; secret: string } }) {
  const id = `secret-${issued.name}`;
  return (
    <div className={styles.secret}>
      <label htmlFor={id}>Secret for {issued.name}, shown only now</label>
      <input
        id={id}
        value={issued.secret}
        readOnly
        spellCheck={false}
        onFocus={(event) => event.currentTarget.select()}
      />
      <CopyButton
        text={issued.secret}
        label="Copy secret"
        copied="Copied. Hand it to the partner by a private channel."
        failed="Copying failed: select the secret and copy it by hand."
      />
    </div>
  );
}

/** Where a partner posts its leads: this server's own address, as the partner must type it. */
function partnerEndpoint(name: string): string {
  return `${window.location.origin}/intake/partners/${name}`;
}

function SourceItem({ source }: { source: PartnerSource }) {
  const fetcher = useFetcher<SourcesActionResult>();
  const busy = fetcher.state !== 'idle';
  const toggle = source.disabled ? 'enable' : 'disable';
  return (
    <li className={styles.source}>
      <div>
        <p className={styles.name}>{source.name}</p>
        <p className={ui.muted}>
          {source.disabled ? 'Disabled' : 'Enabled'} · added {formatDateTime(source.createdAt)}
          {source.rotatedAt ? ` · new secret ${formatDateTime(source.rotatedAt)}` : ''}
        </p>
        <p className={styles.endpoint}>
          Posts to <code>{partnerEndpoint(source.name)}</code>
        </p>
        {source.previousSecretUntil ? (
          <p className={ui.muted}>
            The previous secret works until {formatDateTime(source.previousSecretUntil)}.
          </p>
        ) : null}
      </div>
      <div className={ui.actions}>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="rotate" />
          <input type="hidden" name="name" value={source.name} />
          <button type="submit" className={buttonClass('secondary')} disabled={busy}>
            New secret <span className="visually-hidden">for {source.name}</span>
          </button>
        </fetcher.Form>
        <SwitchSourceForm
          fetcher={fetcher}
          intent={toggle}
          name={source.name}
          disabled={source.disabled}
        />
      </div>
      {fetcher.data?.issued ? <IssuedSecret issued={fetcher.data.issued} /> : null}
      <ErrorText>{fetcher.data?.error}</ErrorText>
      <Notice>{fetcher.data?.message}</Notice>
    </li>
  );
}

/** Every partner source with its state; a new secret or a change of state for each. */
export function PartnerSourcesSection() {
  const { sources } = useLoaderData<typeof partnerSourcesLoader>();
  return (
    <section className={ui.card} aria-labelledby="partner-sources">
      <h2 id="partner-sources">Partners and portals</h2>
      <p className={ui.hint}>
        Each posts signed leads to its own address,{' '}
        <code className={styles.endpoint}>{partnerEndpoint('<name>')}</code>. A new secret replaces
        the old one, which keeps working for 24 hours.
      </p>
      {sources.length === 0 ? (
        <p className={ui.muted}>No partner sources yet.</p>
      ) : (
        <ul className={styles.sources}>
          {sources.map((source) => (
            <SourceItem key={source.name} source={source} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function AddSourceSection() {
  const fetcher = useFetcher<SourcesActionResult>();
  const form = useResetOnSuccess(fetcher.data);
  const busy = fetcher.state !== 'idle';
  return (
    <section className={ui.card} aria-labelledby="add-source">
      <h2 id="add-source">Add a partner</h2>
      <fetcher.Form method="post" ref={form}>
        <input type="hidden" name="intent" value="add" />
        <SourceNameField id="source-name" example="e.g. acme-realty." />
        <button type="submit" className={buttonClass()} disabled={busy}>
          {busy ? 'Adding…' : 'Add partner'}
        </button>
        <ErrorText>{fetcher.data?.error}</ErrorText>
        <Notice>{fetcher.data?.message}</Notice>
        {fetcher.data?.issued ? <IssuedSecret issued={fetcher.data.issued} /> : null}
      </fetcher.Form>
    </section>
  );
}
