import { useRouteLoaderData } from 'react-router';
import { api } from './api.ts';
import type { User, UserAnswer } from './types.ts';

/** The id of the route whose loader checks the session; every signed-in page sits inside it. */
export const SESSION_ROUTE_ID = 'session';

/** The signed-in person, or a redirect to Sign in. */
export async function sessionLoader(): Promise<UserAnswer> {
  return api<UserAnswer>('/session');
}

/** The signed-in person on any page inside the desk. */
export function useUser(): User {
  const data = useRouteLoaderData<typeof sessionLoader>(SESSION_ROUTE_ID);
  if (!data) throw new Error('useUser is used outside the signed-in pages.');
  return data.user;
}
