import { useRef, useState } from 'react';
import {
  useFetcher,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { CopyButton } from '../../components/copy-button.tsx';
import { ErrorText, Notice } from '../../components/status.tsx';
import { SwitchButton } from '../../components/switch-button.tsx';
import { buttonClass, ui } from '../../components/ui.ts';
import { api, ApiError, attempt, type ActionResult } from '../../lib/api.ts';
import { rawField, textField } from '../../lib/form-fields.ts';
import type {
  DutyAnswer,
  DutyChange,
  NewAgentBody,
  RoutingAnswer,
  TemporaryPasswordAnswer,
  User,
  UserAnswer,
  UsersAnswer,
} from '../../lib/types.ts';
import { useUser } from '../../lib/session.ts';
import { routingAction, RoutingPanel } from './routing-panel.tsx';
import styles from './users.module.css';
import { useResetOnSuccess } from '../../lib/use-reset-on-success.ts';
import { DialogButtons } from '../../components/dialog-buttons.tsx';

interface UsersData extends UsersAnswer {
  routing: RoutingAnswer;
}

export async function usersLoader({ request }: LoaderFunctionArgs): Promise<UsersData> {
  const [{ users }, routing] = await Promise.all([
    api<UsersAnswer>('/users', { signal: request.signal }),
    api<RoutingAnswer>('/routing', { signal: request.signal }),
  ]);
  return { users, routing };
}

interface UsersActionResult extends ActionResult {
  intent: 'add' | 'disable' | 'enable' | 'reset' | 'duty' | 'routing';
  /** After a reset: the temporary password, shown to the manager this once. */
  temporaryPassword?: string;
}

export async function usersAction({ request }: ActionFunctionArgs): Promise<UsersActionResult> {
  const form = await request.formData();
  const intent = textField(form, 'intent');
  if (intent === 'duty') {
    const result = await attempt(async () => {
      await api<DutyAnswer>(`/users/${textField(form, 'userId')}/duty`, {
        method: 'PUT',
        body: { onDuty: form.get('on') === 'true' } satisfies DutyChange,
      });
    });
    return { ...result, intent };
  }
  if (intent === 'routing' || intent === 'auto-assign') {
    return { ...(await routingAction(form)), intent: 'routing' };
  }
  if (intent === 'disable' || intent === 'enable') {
    const result = await attempt(async () => {
      const { user } = await api<UserAnswer>(`/users/${textField(form, 'userId')}/${intent}`, {
        method: 'POST',
      });
      return intent === 'disable'
        ? `${user.name} can no longer sign in.`
        : `${user.name} can sign in again with their password.`;
    });
    return { ...result, intent };
  }
  if (intent === 'reset') {
    try {
      const { temporaryPassword } = await api<TemporaryPasswordAnswer>(
        `/users/${textField(form, 'userId')}/password-reset`,
        { method: 'POST' },
      );
      return { ok: true, intent, temporaryPassword };
    } catch (error) {
      if (error instanceof ApiError) return { error: error.message, intent };
      throw error;
    }
  }
  const result = await attempt(async () => {
    const { user } = await api<UserAnswer>('/users', {
      method: 'POST',
      body: {
        name: textField(form, 'name'),
        email: textField(form, 'email'),
        role: 'agent',
        password: rawField(form, 'password'),
      } satisfies NewAgentBody,
    });
    return `${user.name} can now sign in as an agent with ${user.email}.`;
  });
  return { ...result, intent: 'add' };
}

/**
 * Managers add agents, disable and re-enable them, and reset their passwords; a disabled or
 * reset person is signed out at once.
 */
export function UsersPage() {
  const { users, routing } = useLoaderData<typeof usersLoader>();
  const onDuty = new Map(routing.people.map((person) => [person.id, person.onDuty]));
  return (
    <>
      <h1>Users</h1>
      <RoutingPanel routing={routing} />
      <section className={ui.card} aria-labelledby="people">
        <h2 id="people">People with access</h2>
        <p className={ui.muted}>
          People on duty take new buyers in turn; a buyer who enquires again goes to their own
          agent, on duty or not.
        </p>
        <ul className={styles.people}>
          {users.map((user) => (
            <UserItem key={user.id} user={user} onDuty={onDuty.get(user.id)} />
          ))}
        </ul>
      </section>
      <AddAgent />
    </>
  );
}

/** `onDuty` is undefined for an account that takes no buyers (a disabled one). */
function UserItem({ user, onDuty }: { user: User; onDuty: boolean | undefined }) {
  const me = useUser();
  const fetcher = useFetcher<UsersActionResult>();
  const busy = fetcher.state !== 'idle';
  // A manager's account is the operator's (pnpm leads users); the desk changes agents.
  const agent = user.role === 'agent' && user.id !== me.id;
  const status = user.disabled
    ? 'Disabled'
    : user.mustChangePassword
      ? 'Active · must choose a new password'
      : 'Active';
  return (
    <li className={styles.person}>
      <div>
        <p className={styles.name}>{user.name}</p>
        <p className={styles.email}>{user.email}</p>
        <p className={ui.muted}>
          {user.role === 'manager' ? 'Manager' : 'Agent'} · {status}
        </p>
      </div>
      {onDuty === undefined || user.disabled ? null : (
        <SwitchButton
          label="On duty"
          subject={user.name}
          checked={onDuty}
          action="/users"
          intent="duty"
          fields={{ userId: String(user.id) }}
        />
      )}
      {agent ? (
        <div className={styles.actions}>
          {user.disabled ? null : <ResetPassword user={user} />}
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value={user.disabled ? 'enable' : 'disable'} />
            <input type="hidden" name="userId" value={user.id} />
            <button type="submit" className={buttonClass('secondary')} disabled={busy}>
              {user.disabled ? 'Enable' : 'Disable'}{' '}
              <span className="visually-hidden">{user.name}</span>
            </button>
          </fetcher.Form>
        </div>
      ) : null}
      <ErrorText>{fetcher.data?.error}</ErrorText>
      <Notice>{fetcher.data?.intent === 'enable' ? fetcher.data.message : undefined}</Notice>
    </li>
  );
}

/**
 * Asks before resetting (the agent is signed out at once), then shows the temporary password
 * this once: closing the dialog forgets it.
 */
function ResetPassword({ user }: { user: User }) {
  const fetcher = useFetcher<UsersActionResult>();
  const dialog = useRef<HTMLDialogElement>(null);
  const busy = fetcher.state !== 'idle';
  // Closing forgets the answer without fetcher.reset(): that would abort the reload of the list
  // still under way, and the row would go on without "must choose a new password".
  const [closed, setClosed] = useState<UsersActionResult>();
  const answer = fetcher.data === closed ? undefined : fetcher.data;
  const temporary = answer?.temporaryPassword;
  const titleId = `reset-${user.id}`;
  return (
    <>
      <button
        type="button"
        className={buttonClass('secondary')}
        onClick={() => dialog.current?.showModal()}
      >
        Reset password <span className="visually-hidden">of {user.name}</span>
      </button>
      <dialog ref={dialog} aria-labelledby={titleId} onClose={() => setClosed(fetcher.data)}>
        {temporary ? (
          <>
            <h2 id={titleId}>Temporary password for {user.name}</h2>
            <div className={styles.temporaryRow}>
              <p className={styles.temporary}>
                <output aria-label={`Temporary password for ${user.name}`}>{temporary}</output>
              </p>
              <CopyButton
                text={temporary}
                label="Copy password"
                copied="Copied. Give it to them in person or by phone."
                failed="Copying failed: select the password and copy it by hand."
              />
            </div>
            <p>
              Shown this once: give it to {user.name} in person or by phone. They sign in with it
              and then choose their own password.
            </p>
            <form method="dialog" className={`${ui.actions} ${styles.done}`}>
              <button type="submit" className={buttonClass()}>
                Done
              </button>
            </form>
          </>
        ) : (
          <>
            <h2 id={titleId}>Reset the password of {user.name}?</h2>
            <p>
              {user.name} is signed out everywhere at once. You get a temporary password to give
              them; at their next sign-in they choose their own.
            </p>
            <fetcher.Form method="post" className={ui.actions}>
              <input type="hidden" name="intent" value="reset" />
              <input type="hidden" name="userId" value={user.id} />
              <DialogButtons
                dialog={dialog}
                submit={{ label: 'Reset password', busy: 'Resetting…', variant: 'danger' }}
                busy={busy}
              />
            </fetcher.Form>
            <ErrorText>{answer?.error}</ErrorText>
          </>
        )}
      </dialog>
    </>
  );
}

function AddAgent() {
  const fetcher = useFetcher<UsersActionResult>();
  const form = useResetOnSuccess(fetcher.data);
  const busy = fetcher.state !== 'idle';
  return (
    <section className={ui.card} aria-labelledby="add-agent">
      <h2 id="add-agent">Add an agent</h2>
      <fetcher.Form method="post" ref={form}>
        <input type="hidden" name="intent" value="add" />
        <div className={ui.field}>
          <label htmlFor="agent-name">Name</label>
          <input id="agent-name" name="name" autoComplete="off" required />
        </div>
        <div className={ui.field}>
          <label htmlFor="agent-email">Email</label>
          <input id="agent-email" name="email" type="email" autoComplete="off" required />
        </div>
        <div className={ui.field}>
          <label htmlFor="agent-password">Password</label>
          <input
            id="agent-password"
            name="password"
            type="password"
            autoComplete="new-password"
            aria-describedby="agent-password-hint"
            required
          />
          <p id="agent-password-hint" className={ui.hint}>
            Give it to the agent in person; they sign in with it.
          </p>
        </div>
        <button type="submit" className={buttonClass()} disabled={busy}>
          {busy ? 'Adding…' : 'Add agent'}
        </button>
        <ErrorText>{fetcher.data?.error}</ErrorText>
        <Notice>{fetcher.data?.message}</Notice>
      </fetcher.Form>
    </section>
  );
}
