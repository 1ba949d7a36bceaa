import {
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { ErrorText, Notice } from '../../components/status.tsx';
import { buttonClass, ui } from '../../components/ui.ts';
import { api, attempt, deskPathOf, type ActionResult } from '../../lib/api.ts';
import { signedInUser } from '../../lib/session.ts';
import { rawField } from '../../lib/form-fields.ts';
import { PASSWORD_MIN_LENGTH, type PasswordChangeBody, type UserAnswer } from '../../lib/types.ts';
import { safeNext } from './session.ts';
import styles from './sign-in.module.css';

/** The signed-in person (nobody goes to Sign in), whether or not they must change it. */
export async function passwordLoader({ request }: LoaderFunctionArgs) {
  const user = await signedInUser(request.signal, deskPathOf(request.url));
  return { user };
}

export async function passwordAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const newPassword = rawField(form, 'newPassword');
  if (newPassword !== rawField(form, 'repeatPassword')) {
    return { error: 'The two new passwords are not the same.' };
  }
  const result = await attempt(async () => {
    await api<UserAnswer>('/session/password', {
      method: 'PUT',
      body: {
        currentPassword: rawField(form, 'currentPassword'),
        newPassword,
      } satisfies PasswordChangeBody,
    });
  });
  if (result.error) return result;
  // Someone held here by a temporary password goes on to where they were going.
  if (form.get('required') === 'true') {
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw redirect(safeNext(new URL(request.url).searchParams.get('next')));
  }
  return { ok: true, message: 'Your password is changed; your other sessions have ended.' };
}

/**
 * Choosing one's own password: required after a manager's reset (nothing else in the desk
 * answers until then), or by choice from the account menu.
 */
export function PasswordPage() {
  const { user } = useLoaderData<typeof passwordLoader>();
  const result = useActionData<typeof passwordAction>();
  const busy = useNavigation().state !== 'idle';
  const required = user.mustChangePassword;

  return (
    <main className={styles.page}>
      <div className={styles.panel}>
        <p className={styles.brand}>Elegant Iconia</p>
        <h1 id="password-title">{required ? 'Choose a new password' : 'Change your password'}</h1>
        {required ? (
          <p>
            Your manager reset your password. Choose your own to go on, {user.name}; nobody else
            will know it.
          </p>
        ) : null}
        <Form method="post" replace aria-labelledby="password-title">
          <input type="hidden" name="required" value={String(required)} />
          <div className={ui.field}>
            <label htmlFor="current-password">
              {required ? 'Temporary password' : 'Current password'}
            </label>
            <input
              id="current-password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
            />
          </div>
          <div className={ui.field}>
            <label htmlFor="new-password">New password</label>
            <input
              id="new-password"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              minLength={PASSWORD_MIN_LENGTH}
              aria-describedby="new-password-hint"
              required
            />
            <p id="new-password-hint" className={ui.hint}>
              At least {PASSWORD_MIN_LENGTH} characters; a few words you will remember work well.
            </p>
          </div>
          <div className={ui.field}>
            <label htmlFor="repeat-password">New password again</label>
            <input
              id="repeat-password"
              name="repeatPassword"
              type="password"
              autoComplete="new-password"
              required
            />
          </div>
          <ErrorText>{result?.error}</ErrorText>
          <Notice>{result?.message}</Notice>
          <button type="submit" className={`${buttonClass()} ${styles.submit}`} disabled={busy}>
            {busy ? 'Saving…' : 'Save new password'}
          </button>
        </Form>
        {required ? (
          <Form method="post" action="/sign-out" className={styles.after}>
            <button type="submit" className={buttonClass('secondary')}>
              Sign out
            </button>
          </Form>
        ) : (
          <p className={styles.after}>
            <Link to="/">Back to the desk</Link>
          </p>
        )}
      </div>
    </main>
  );
}
