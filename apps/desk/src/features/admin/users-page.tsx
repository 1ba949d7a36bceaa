import { useEffect, useRef } from 'react';
import {
  useFetcher,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { ErrorText, Notice } from '../../components/status.tsx';
import { buttonClass, ui } from '../../components/ui.ts';
import { api, attempt, type ActionResult } from '../../lib/api.ts';
import { rawField, textField } from '../../lib/form-fields.ts';
import type { NewAgentBody, User, UserAnswer, UsersAnswer } from '../../lib/types.ts';
import { useUser } from '../../lib/session.ts';
import styles from './users.module.css';

export function usersLoader({ request }: LoaderFunctionArgs): Promise<UsersAnswer> {
  return api<UsersAnswer>('/users', { signal: request.signal });
}

interface UsersActionResult extends ActionResult {
  intent: 'add' | 'disable';
}

export async function usersAction({ request }: ActionFunctionArgs): Promise<UsersActionResult> {
  const form = await request.formData();
  if (textField(form, 'intent') === 'disable') {
    const result = await attempt(async () => {
      const { user } = await api<UserAnswer>(`/users/${textField(form, 'userId')}/disable`, {
        method: 'POST',
      });
      return `${user.name} can no longer sign in.`;
    });
    return { ...result, intent: 'disable' };
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

/** Managers add agents and disable accounts; a disabled person is signed out at once. */
export function UsersPage() {
  const { users } = useLoaderData<typeof usersLoader>();
  return (
    <>
      <h1>Users</h1>
      <section className={ui.card} aria-labelledby="people">
        <h2 id="people">People with access</h2>
        <ul className={styles.people}>
          {users.map((user) => (
            <UserItem key={user.id} user={user} />
          ))}
        </ul>
      </section>
      <AddAgent />
    </>
  );
}

function UserItem({ user }: { user: User }) {
  const me = useUser();
  const fetcher = useFetcher<UsersActionResult>();
  const busy = fetcher.state !== 'idle';
  const canDisable = !user.disabled && user.role === 'agent' && user.id !== me.id;
  return (
    <li className={styles.person}>
      <div>
        <p className={styles.name}>{user.name}</p>
        <p className={styles.email}>{user.email}</p>
        <p className={ui.muted}>
          {user.role === 'manager' ? 'Manager' : 'Agent'} · {user.disabled ? 'Disabled' : 'Active'}
        </p>
      </div>
      {canDisable ? (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="disable" />
          <input type="hidden" name="userId" value={user.id} />
          <button type="submit" className={buttonClass('secondary')} disabled={busy}>
            Disable <span className="visually-hidden">{user.name}</span>
          </button>
        </fetcher.Form>
      ) : null}
      <ErrorText>{fetcher.data?.error}</ErrorText>
    </li>
  );
}

function AddAgent() {
  const fetcher = useFetcher<UsersActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== 'idle';
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data]);
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
