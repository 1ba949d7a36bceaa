import {
  redirect,
  useRouteLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MiddlewareFunction,
} from 'react-router';
import { api, attempt, deskPathOf, signInRedirect, type ActionResult } from './api.ts';
import type { Duty, DutyAnswer, DutyChange, SessionAnswer, User } from './types.ts';

/** The id of the route whose loader checks the session; every signed-in page sits inside it. */
export const SESSION_ROUTE_ID = 'session';

export interface SessionData {
  user: User;
  /** Whether the signed-in person takes new buyers in turn. */
  duty: Duty;
}

/** Where a person with a temporary password chooses their own (outside the signed-in pages). */
export const PASSWORD_PATH = '/password';

/** Who is signed in on this browser, or null: asking is never refused, signed out or not. */
export async function whoIsSignedIn(signal?: AbortSignal): Promise<User | null> {
  const { user } = await api<SessionAnswer>('/session', signal ? { signal } : {});
  return user;
}

/**
 * The signed-in person; with nobody signed in, React Router's redirect to Sign in (thrown, as
 * loaders pass it on), coming back to `from` afterwards.
 */
export async function signedInUser(signal?: AbortSignal, from?: string): Promise<User> {
  const user = await whoIsSignedIn(signal);
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (!user) throw signInRedirect(from);
  return user;
}

/**
 * Whether this tab has found someone signed in since it last showed Sign in. Until it has, a
 * desk page first asks who is signed in, and only then loads its data: a signed-out visit goes to
 * Sign in without a request refused. Once it has, pages load at once, and a request refused
 * because the session ended since goes to Sign in.
 */
let sessionFound = false;

/** Sign in is showing: the next desk page asks who is signed in first. */
export function forgetSessionFound(): void {
  sessionFound = false;
}

/** Runs before every loader of the signed-in pages (see the router). */
export const sessionMiddleware: MiddlewareFunction = async ({ request }) => {
  if (sessionFound) return;
  await signedInUser(request.signal, deskPathOf(request.url));
  sessionFound = true;
};

/**
 * The signed-in person and their duty, or a redirect: to Sign in, or to choosing a new password
 * when a manager reset theirs (the API answers nothing else until then).
 */
export async function sessionLoader({ request }: LoaderFunctionArgs): Promise<SessionData> {
  const from = deskPathOf(request.url);
  const duty = api<DutyAnswer>('/duty', { signal: request.signal });
  // Read only when the session allows it; a refusal then is the password change's to show.
  duty.catch(() => undefined);
  const user = await signedInUser(request.signal, from);
  if (user.mustChangePassword) {
    // React Router redirects from a loader by throwing its Response.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw redirect(
      from && from !== '/' ? `${PASSWORD_PATH}?next=${encodeURIComponent(from)}` : PASSWORD_PATH,
    );
  }
  return { user, duty: (await duty).duty };
}

function useSession(): SessionData {
  const data = useRouteLoaderData<typeof sessionLoader>(SESSION_ROUTE_ID);
  if (!data) throw new Error('useSession is used outside the signed-in pages.');
  return data;
}

/** The signed-in person on any page inside the desk. */
export function useUser(): User {
  return useSession().user;
}

export function useDuty(): Duty {
  return useSession().duty;
}

/** The path of `dutyAction` in the route map: the header's switch posts there. */
export const DUTY_PATH = '/duty';

/** Going on or off duty oneself; the session loader then reads the new state. */
export async function dutyAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  return attempt(async () => {
    await api<DutyAnswer>('/duty', {
      method: 'PUT',
      body: { onDuty: form.get('on') === 'true' } satisfies DutyChange,
    });
  });
}
