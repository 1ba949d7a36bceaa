import { useActionState, useEffect, useState, type ReactNode } from 'react';
import { PASSWORD_MIN_LENGTH } from '@iconia/shared';
import { ErrorText, Loading, Notice } from '../components/status.tsx';
import { buttonClass, ui } from '../components/ui.ts';
import { PartnerHome, type Me } from './partner-home.tsx';
import { fieldsOf, messageOf, partnerApi, PartnerApiError } from './partner-api.ts';
import frame from '../features/session/sign-in.module.css';

export const HOME = '/partners/';
const APPLY = '/partners/apply';
const WELCOME = '/partners/welcome';

/** The page frame every signed-out screen shares: the brand, a heading, the form. */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className={frame.page}>
      <div className={frame.panel}>
        <p className={frame.brand}>Elegant Iconia · Channel partners</p>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}

function Field(props: {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  hint?: string;
  inputMode?: 'tel' | 'email' | 'text';
}) {
  const { name, label, type = 'text', required = true, hint } = props;
  const hintId = hint ? `${name}-hint` : undefined;
  return (
    <div className={ui.field}>
      <label htmlFor={name}>
        {label}
        {required ? '' : ' (optional)'}
      </label>
      <input
        id={name}
        name={name}
        type={type}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        required={required}
        aria-describedby={hintId}
      />
      {hint && (
        <p id={hintId} className={ui.muted}>
          {hint}
        </p>
      )}
    </div>
  );
}

type Outcome = { error?: string; done?: string };

function ApplyPage() {
  const [state, apply, busy] = useActionState(
    async (_: Outcome, form: FormData): Promise<Outcome> => {
      try {
        const { message } = await partnerApi<{ message: string }>('/applications', fieldsOf(form));
        return { done: message };
      } catch (error) {
        return { error: messageOf(error) };
      }
    },
    {},
  );
  return (
    <Panel title="Apply as a channel partner">
      {state.done ? (
        <Notice>{state.done}</Notice>
      ) : (
        <form action={apply} aria-label="Apply as a channel partner">
          <ErrorText>{state.error}</ErrorText>
          <Field name="firm" label="Firm name" autoComplete="organization" />
          <Field name="person" label="Your name" autoComplete="name" />
          <Field name="mobile" label="Mobile" type="tel" inputMode="tel" autoComplete="tel" />
          <Field name="email" label="Email" type="email" autoComplete="email" />
          <Field
            name="rera"
            label="TG-RERA agent registration number"
            hint="Such as A02500002345."
          />
          <Field name="pan" label="PAN" required={false} />
          <button type="submit" className={`${buttonClass()} ${frame.submit}`} disabled={busy}>
            {busy ? 'Sending…' : 'Apply'}
          </button>
        </form>
      )}
      <p className={frame.after}>
        <a href={HOME}>Already approved? Sign in</a>
      </p>
    </Panel>
  );
}

function SignInPage({ onSignedIn }: { onSignedIn: (me: Me) => void }) {
  const [state, signIn, busy] = useActionState(
    async (_: Outcome, form: FormData): Promise<Outcome> => {
      try {
        onSignedIn(await partnerApi<Me>('/session', fieldsOf(form)));
        return {};
      } catch (error) {
        return { error: messageOf(error) };
      }
    },
    {},
  );
  const [link, askLink, asking] = useActionState(
    async (_: Outcome, form: FormData): Promise<Outcome> => {
      try {
        const { message } = await partnerApi<{ message: string }>('/sign-in-link', fieldsOf(form));
        return { done: message };
      } catch (error) {
        return { error: messageOf(error) };
      }
    },
    {},
  );
  return (
    <Panel title="Sign in">
      <form action={signIn} aria-label="Sign in">
        <ErrorText>{state.error}</ErrorText>
        <Field name="email" label="Email" type="email" autoComplete="username" />
        <Field name="password" label="Password" type="password" autoComplete="current-password" />
        <button type="submit" className={`${buttonClass()} ${frame.submit}`} disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <details className={frame.after}>
        <summary>Forgot your password, or never chose one?</summary>
        <form action={askLink} aria-label="Email me a sign-in link">
          <ErrorText>{link.error}</ErrorText>
          <Notice>{link.done}</Notice>
          <div className={ui.field}>
            <label htmlFor="link-email">Email</label>
            <input id="link-email" name="email" type="email" autoComplete="email" required />
          </div>
          <button type="submit" className={buttonClass('secondary')} disabled={asking}>
            {asking ? 'Sending…' : 'Email me a link'}
          </button>
        </form>
      </details>
      <p className={frame.after}>
        <a href={APPLY}>Not a partner yet? Apply</a>
      </p>
    </Panel>
  );
}

function WelcomePage({ onSignedIn }: { onSignedIn: (me: Me) => void }) {
  const token = window.location.hash.slice(1);
  const [state, choose, busy] = useActionState(
    async (_: Outcome, form: FormData): Promise<Outcome> => {
      try {
        const me = await partnerApi<Me>('/password', { token, password: form.get('password') });
        window.history.replaceState(null, '', HOME);
        onSignedIn(me);
        return {};
      } catch (error) {
        return { error: messageOf(error) };
      }
    },
    {},
  );
  return (
    <Panel title="Choose your password">
      <form action={choose} aria-label="Choose your password">
        <ErrorText>{token ? state.error : 'Open this page from the link in your email.'}</ErrorText>
        <Field
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters; a few words are easy to remember.`}
        />
        <button
          type="submit"
          className={`${buttonClass()} ${frame.submit}`}
          disabled={busy || !token}
        >
          {busy ? 'Saving…' : 'Save and sign in'}
        </button>
      </form>
    </Panel>
  );
}

/** The partner app: apply, choose a password from the emailed link, sign in, then the home. */
export function PartnerApp() {
  const path = window.location.pathname.replace(/\/+$/, '');
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    if (path === APPLY || path === WELCOME) return;
    partnerApi<Me>('/me')
      .then(setMe)
      .catch((error: unknown) => {
        if (error instanceof PartnerApiError && error.status === 401) setMe(null);
        else setFailure(messageOf(error));
      });
  }, [path]);

  if (me) return <PartnerHome me={me} onSignedOut={() => setMe(null)} />;
  if (path === APPLY) return <ApplyPage />;
  if (path === WELCOME) return <WelcomePage onSignedIn={setMe} />;
  if (failure) {
    return (
      <Panel title="Channel partners">
        <ErrorText>{failure}</ErrorText>
        <button type="button" className={buttonClass()} onClick={() => window.location.reload()}>
          Try again
        </button>
      </Panel>
    );
  }
  if (me === undefined) {
    return (
      <Panel title="Channel partners">
        <Loading what="your account" />
      </Panel>
    );
  }
  return <SignInPage onSignedIn={setMe} />;
}
