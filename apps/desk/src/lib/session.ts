import { useRouteLoaderData, type ActionFunctionArgs } from 'react-router';
import { api, attempt, type ActionResult } from './api.ts';
import type { Duty, DutyAnswer, DutyChange, User, UserAnswer } from './types.ts';

/** The id of the route whose loader checks the session; every signed-in page sits inside it. */
export const SESSION_ROUTE_ID = 'session';

export interface SessionData {
  user: User;
  /** Whether the signed-in person takes new buyers in turn. */
  duty: Duty;
}

/** The signed-in person and their duty, or a redirect to Sign in. */
export async function sessionLoader(): Promise<SessionData> {
  const [{ user }, { duty }] = await Promise.all([
    api<UserAnswer>('/session'),
    api<DutyAnswer>('/duty'),
  ]);
  return { user, duty };
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
