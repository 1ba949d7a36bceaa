import { redirect, type ActionFunctionArgs } from 'react-router';
import { api, ApiError, signInRedirect, SIGN_IN_PATH } from '../../lib/api.ts';
import { rawField, textField } from '../../lib/form-fields.ts';
import { turnAlertsOff } from '../../lib/push-alerts.ts';
import { forgetSessionFound, PASSWORD_PATH, whoIsSignedIn } from '../../lib/session.ts';
import type { SignIn, UserAnswer } from '../../lib/types.ts';

/** Only a `next` inside the desk is followed after signing in; anything else goes home. */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith(SIGN_IN_PATH)
    ? next
    : '/';
}

/** Someone already signed in skips the Sign in page. */
export async function signInLoader({ request }: { request: Request }) {
  forgetSessionFound();
  try {
    if (!(await whoIsSignedIn(request.signal))) return null;
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
  return redirect(safeNext(new URL(request.url).searchParams.get('next')));
}

export async function signInAction({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const email = textField(form, 'email');
  const password = rawField(form, 'password');
  if (!email || !password) return { error: 'Enter your email and password.' };
  let answer: UserAnswer;
  try {
    answer = await api<UserAnswer>('/session', {
      method: 'POST',
      body: { email, password } satisfies SignIn,
      redirectOn401: false,
    });
  } catch (error) {
    if (error instanceof ApiError) return { error: error.message };
    throw error;
  }
  const next = safeNext(new URL(request.url).searchParams.get('next'));
  if (answer.user.mustChangePassword) {
    return redirect(
      next === '/' ? PASSWORD_PATH : `${PASSWORD_PATH}?next=${encodeURIComponent(next)}`,
    );
  }
  return redirect(next);
}

/** Sign out of this browser, or of every browser the person is signed in on. */
export async function signOutAction({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const everywhere = form.get('intent') === 'everywhere';
  try {
    // A signed-out phone shows no more buyers on its lock screen; signing out goes on even if
    // the browser fails to drop its subscription.
    await turnAlertsOff().catch(() => undefined);
    await api(everywhere ? '/session/sign-out-everywhere' : '/session', {
      method: everywhere ? 'POST' : 'DELETE',
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { error: error.message };
  }
  return signInRedirect('/');
}
