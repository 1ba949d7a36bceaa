import {
  redirect,
  useRouteLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { api, attempt, type ActionResult } from './api.ts';
import type { Duty, DutyAnswer, DutyChange, User, UserAnswer } from './types.ts';

/** The id of the route whose loader checks the session; every signed-in page sits inside it. */
export const SESSION_ROUTE_ID = 'session';

export interface SessionData {
  user: User;
  /** Whether the signed-in person takes new buyers in turn. */
  duty: Duty;
}

/** Where a person with a temporary password chooses their own (outside the signed-in pages). */
export const PASSWORD_PATH = '/password';

/**
 * The signed-in person and their duty, or a redirect: to Sign in, or to choosing a new password
 * when a manager reset theirs (the API answers nothing else until then).
 */
export async function sessionLoader({ request }: LoaderFunctionArgs): Promise<SessionData> {
  const duty = api<DutyAnswer>('/duty');
  // Read only when the session allows it; a refusal then is the password change's to show.
  duty.catch(() => undefined);
  const { user } = await api<UserAnswer>('/session');
  if (user.mustChangePassword) {
    const { pathname, search } = new URL(request.url);
    const from = pathname.replace(/^\/desk(?=\/|$)/, '') + search;
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
