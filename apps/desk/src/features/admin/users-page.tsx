import {
  useFetcher,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { ErrorText, Notice } from '../../components/status.tsx';
import { SwitchButton } from '../../components/switch-button.tsx';
import { buttonClass, ui } from '../../components/ui.ts';
import { api, attempt, type ActionResult } from '../../lib/api.ts';
import { rawField, textField } from '../../lib/form-fields.ts';
import type {
  DutyAnswer,
  DutyChange,
  NewAgentBody,
  RoutingAnswer,
  User,
  UserAnswer,
  UsersAnswer,
} from '../../lib/types.ts';
import { useUser } from '../../lib/session.ts';
import { routingAction, RoutingPanel } from './routing-panel.tsx';
import styles from './users.module.css';
import { useResetOnSuccess } from '../../lib/use-reset-on-success.ts';

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
  intent: 'add' | 'disable' | 'duty' | 'routing';
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
  if (intent === 'disable') {
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
