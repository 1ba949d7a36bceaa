import { Form, Link, NavLink, Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { SwitchButton } from '../components/switch-button.tsx';
import { AlertsSwitch } from '../features/alerts/alerts-switch.tsx';
import { buttonClass } from '../components/ui.ts';
import { initialsOf } from '../lib/format.ts';
import { DUTY_PATH, PASSWORD_PATH, useDuty, useUser } from '../lib/session.ts';
import { useWaitingCounts } from '../features/overdue/use-waiting-counts.ts';
import { LiveEventsProvider } from '../lib/live-events.tsx';
import type { WaitingAnswer } from '../lib/types.ts';
import { DeskFrame } from './desk-frame.tsx';
import styles from './layout.module.css';

type Waiting = keyof WaitingAnswer;

const AGENT_LINKS: ReadonlyArray<{ to: string; label: string; waiting?: Waiting }> = [
  { to: '/', label: 'Inbox' },
  { to: '/today', label: 'Today' },
  { to: '/visits', label: 'Visits' },
  // A manager sees how many bookings wait for their decision.
  { to: '/plots', label: 'Plots', waiting: 'bookings' },
  { to: '/reports', label: 'Reports' },
];
const MANAGER_LINKS: ReadonlyArray<{ to: string; label: string; waiting?: Waiting }> = [
  { to: '/overdue', label: 'Overdue now' },
  { to: '/held', label: 'Held', waiting: 'held' },
  { to: '/users', label: 'Users' },
  { to: '/sources', label: 'Sources' },
  { to: '/brokers', label: 'Brokers' },
  { to: '/erasure', label: 'Erasure' },
];

/** The frame of every signed-in page, on the desk's live stream. */
export function Layout() {
  return (
    <LiveEventsProvider>
      <SignedInFrame />
    </LiveEventsProvider>
  );
}

/** Navigation, the account menu and a loading bar. */
function SignedInFrame() {
  const user = useUser();
  const duty = useDuty();
  const navigation = useNavigation();
  const waiting = useWaitingCounts(user.role === 'manager');
  const links = user.role === 'manager' ? [...AGENT_LINKS, ...MANAGER_LINKS] : AGENT_LINKS;

  return (
    <>
      <DeskFrame
        loading={navigation.state !== 'idle'}
        bar={
          <>
            <nav className={styles.nav} aria-label="Desk">
              <ul>
                {links.map((link) => {
                  const count = link.waiting && waiting?.[link.waiting];
                  return (
                    <li key={link.to}>
                      <NavLink
                        to={link.to}
                        end={link.to === '/'}
                        aria-label={count ? `${link.label}, ${count} waiting` : undefined}
                      >
                        {link.label}
                        {count ? (
                          <span className={styles.count} aria-hidden="true">
                            {count}
                          </span>
                        ) : null}
                      </NavLink>
                    </li>
                  );
                })}
              </ul>
            </nav>
            <div className={styles.duty}>
              <SwitchButton
                label="On duty"
                checked={duty.onDuty}
                action={DUTY_PATH}
                intent="duty"
                tone="dark"
              />
            </div>
            <details className={styles.account}>
              {/* On a phone the button shows initials and the menu the name, so that the bar's
                  first row holds the desk's name, the duty switch and the button. */}
              <summary>
                <span className="visually-hidden">Account of </span>
                <span className={styles.name}>{user.name}</span>
                <span className={styles.initials} aria-hidden="true">
                  {initialsOf(user.name)}
                </span>
              </summary>
              <div className={styles.menu}>
                <p>
                  <strong className={styles.person}>{user.name}</strong>
                  {user.email} · {user.role === 'manager' ? 'Manager' : 'Agent'}
                </p>
                <AlertsSwitch />
                <Link to={PASSWORD_PATH}>Change password</Link>
                <Form method="post" action="/sign-out">
                  <button type="submit" className={buttonClass('secondary')}>
                    Sign out
                  </button>
                </Form>
                <Form method="post" action="/sign-out">
                  <input type="hidden" name="intent" value="everywhere" />
                  <button type="submit" className={buttonClass('secondary')}>
                    Sign out everywhere
                  </button>
                </Form>
              </div>
            </details>
          </>
        }
      >
        <Outlet />
      </DeskFrame>
      <p className="visually-hidden" role="status">
        {navigation.state === 'loading' ? 'Loading…' : ''}
      </p>
      {/* A page opened from a list starts at its top (a buyer's first screen); Back returns to
          where the list was. */}
      <ScrollRestoration />
    </>
  );
}
