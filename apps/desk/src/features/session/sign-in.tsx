import { Form, useActionData, useNavigation } from 'react-router';
import { ErrorText } from '../../components/status.tsx';
import { buttonClass, ui } from '../../components/ui.ts';
import type { signInAction } from './session.ts';
import styles from './sign-in.module.css';

export function SignInPage() {
  const result = useActionData<typeof signInAction>();
  const busy = useNavigation().state !== 'idle';

  return (
    <main className={styles.page}>
      <div className={styles.panel}>
        <p className={styles.brand}>Elegant Iconia</p>
        <h1>Sales desk</h1>
        <Form method="post" replace aria-label="Sign in">
          <ErrorText>{result?.error}</ErrorText>
          <div className={ui.field}>
            <label htmlFor="email">Email</label>
            <input id="email" name="email" type="email" autoComplete="username" required />
          </div>
          <div className={ui.field}>
            <label htmlFor="password">Password</label>
            <input
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
          </div>
          <button type="submit" className={`${buttonClass()} ${styles.submit}`} disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </Form>
      </div>
    </main>
  );
}
