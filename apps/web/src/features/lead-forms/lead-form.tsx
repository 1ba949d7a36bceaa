import { useActionState, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, type NavigateFunction } from 'react-router';
import {
  LEAD_FORMS,
  THANK_YOU_PATH,
  type LeadFormSettings,
  type LeadFormVariant,
} from '../../content/forms.ts';
import { env } from '../../config/env.ts';
import { leadFormAction, submitLead } from '../../lib/api-client.ts';
import { getAttribution } from '../../lib/attribution.ts';
import { downloadBrochure } from '../../lib/download-brochure.ts';
import { withoutTrailingSlash } from '../../lib/paths.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { FormMessage, HoneypotField, SubmitButton } from './form-fields.tsx';
import {
  check,
  FRESH,
  readValues,
  text,
  type FieldName,
  type FormState,
} from './lead-form-check.ts';
import { LeadFormFields } from './lead-form-fields.tsx';
import styles from './lead-form.module.css';
import { useFieldFeedback } from './use-field-feedback.ts';

/** What follows a lead that is in, as the variant says: its alert, download and thank-you page. */
function afterSent(settings: LeadFormSettings, navigate: NavigateFunction, onSent?: () => void) {
  // Only the thank-you page's own security policy lets the analytics tags load, so with tags
  // configured the page comes as a new document rather than a route change.
  const goToThankYou = () =>
    env.gtmId || env.gaId ? window.location.assign(THANK_YOU_PATH) : void navigate(THANK_YOU_PATH);
  if (settings.successAlert) window.alert(settings.successAlert);
  if (settings.download) downloadBrochure();
  onSent?.();
  if (settings.scrollToTop) window.scrollTo({ top: 0 });
  if (settings.thankYouDelayMs > 0) {
    window.setTimeout(goToThankYou, settings.thankYouDelayMs);
  } else {
    goToThankYou();
  }
}

export interface LeadFormProps {
  variant: LeadFormVariant;
  /** Id of the heading that names the form; without it the form is named by its own copy. */
  labelledBy?: string;
  className?: string;
  /** The lead is in (a modal closes); the thank-you page follows as the variant says. */
  onSent?: () => void;
}

/**
 * A lead form of the site, one of four variants (`LEAD_FORMS` in content/forms.ts).
 *
 * It is a plain HTML form first: before the page hydrates, or with no script at all, the
 * browser checks the required fields and posts it to the API, which answers with the thank-you
 * page. Once hydrated it runs as a React form action: the variant's own checks and messages,
 * its encoding, "Submitting...", and on success its alert, download and thank-you page. What
 * a visitor typed before hydration stays in the fields and is what the action sends.
 */
export function LeadForm({ variant, labelledBy, className, onSent }: LeadFormProps) {
  const settings = LEAD_FORMS[variant];
  const { source } = settings;
  const pathname = withoutTrailingSlash(useLocation().pathname);
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);

  const attempts = useRef(0);
  const [checked, setChecked] = useState(FRESH);

  /** Checks the form as it is sent; only a form that passes goes on to the action. */
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    attempts.current += 1;
    const outcome = check(settings, readValues(new FormData(event.currentTarget)));
    if (!('problems' in outcome)) return;
    event.preventDefault();
    if (outcome.problems.message) window.alert(outcome.problems.message);
    setChecked({ ...outcome.problems, attempt: attempts.current });
  }

  async function send(_previous: FormState, data: FormData): Promise<FormState> {
    const attempt = attempts.current;
    const values = readValues(data);
    const outcome = check(settings, values);
    if ('problems' in outcome) return { ...outcome.problems, attempt };
    const fail = (message: string): FormState => {
      if (settings.alertOnFailure) window.alert(message);
      return { values, errors: {}, message, missing: [], attempt };
    };

    const result = await submitLead(
      settings.kind,
      {
        ...outcome.fields,
        source,
        page: pathname,
        ...getAttribution(),
        website: text(data, 'website'),
      },
      settings.encoding,
      { caseInsensitive: settings.successInAnyCase },
    );
    if (result.status === 'network') return fail(settings.networkFailed);
    if (result.status === 'rejected') {
      const { message, withReply } = settings.rejected;
      return fail(withReply ? `${message}${result.text}` : message);
    }

    afterSent(settings, navigate, onSent);
    return { ...FRESH, attempt };
  }

  const [sent, formAction] = useActionState(send, FRESH);
  const state = checked.attempt > sent.attempt ? checked : sent;

  const { handleEdit, errorOf, isMissing } = useFieldFeedback(state, formRef);

  const id = (field: string) => `${source}-${field}`;
  const messageId = id('message');
  const formMessageFor = (name: FieldName) => (isMissing(name) ? messageId : undefined);
  const nativeEncoding =
    settings.encoding === 'multipart' ? 'multipart/form-data' : 'application/x-www-form-urlencoded';

  return (
    <form
      ref={formRef}
      className={[styles.form, !settings.inModal && styles.card, className]
        .filter(Boolean)
        .join(' ')}
      // Before hydration the browser posts the form itself, checking the required fields first.
      {...(hydrated
        ? { action: formAction, noValidate: true }
        : { action: leadFormAction(settings.kind), method: 'post', encType: nativeEncoding })}
      onSubmit={handleSubmit}
      onChange={handleEdit}
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : settings.name}
      aria-describedby={state.message ? messageId : undefined}
    >
      <input type="hidden" name="source" value={source} />
      <input type="hidden" name="page" value={pathname} />
      <LeadFormFields
        settings={settings}
        id={id}
        values={state.values}
        errorOf={errorOf}
        formMessageFor={formMessageFor}
      />
      <HoneypotField id={id('website')} />
      <FormMessage id={messageId} message={state.message} />
      <SubmitButton
        label={settings.submitLabel}
        describedById={state.message ? messageId : undefined}
      />
    </form>
  );
}
