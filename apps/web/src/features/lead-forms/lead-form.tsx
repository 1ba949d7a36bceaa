import { isValidMobile, MESSAGES, normalizeMobile, parseName } from '@iconia/shared';
import { useActionState, useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  CONSENT_TEXT,
  FORM_MESSAGES,
  LEAD_FORMS,
  THANK_YOU_PATH,
  type LeadFormSettings,
  type LeadFormVariant,
} from '../../content/forms.ts';
import { env } from '../../config/env.ts';
import { leadFormAction, submitLead, type LeadFields } from '../../lib/api-client.ts';
import { getAttribution } from '../../lib/attribution.ts';
import { downloadBrochure } from '../../lib/download-brochure.ts';
import { withoutTrailingSlash } from '../../lib/paths.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import {
  ConsentField,
  FormMessage,
  HoneypotField,
  LocationField,
  MobileField,
  NameField,
  PlotRangeField,
  SubmitButton,
} from './form-fields.tsx';
import styles from './lead-form.module.css';

interface Values {
  name: string;
  mobile: string;
  plotRange: string;
  location: string;
  agree: boolean;
}

type FieldName = keyof Values;
type FieldErrors = Partial<Record<FieldName, string>>;

interface FormState {
  /** What the form shows again when it resets after the action (empty after a success). */
  values: Values;
  errors: FieldErrors;
  /** The form's own message: server or network trouble, or the missing-fields alert. */
  message: string;
  /** Fields the missing-fields message is about; they stay marked until edited. */
  missing: FieldName[];
  /** Which attempt to send the form this is the outcome of; the newest one shows. */
  attempt: number;
}

const EMPTY: Values = { name: '', mobile: '', plotRange: '', location: '', agree: false };
const FRESH: FormState = { values: EMPTY, errors: {}, message: '', missing: [], attempt: 0 };

function text(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}

function readValues(data: FormData): Values {
  return {
    name: text(data, 'name'),
    mobile: text(data, 'mobile'),
    plotRange: text(data, 'plotRange'),
    location: text(data, 'location'),
    agree: data.get('agree') !== null,
  };
}

/** The fields a variant asks for that the visitor left empty, in page order. */
function missingFields(settings: LeadFormSettings, values: Values): FieldName[] {
  const missing: FieldName[] = [];
  if (values.name.trim() === '') missing.push('name');
  if (values.mobile.trim() === '') missing.push('mobile');
  if (settings.plotRange === 'required' && values.plotRange === '') missing.push('plotRange');
  if (settings.consent && !values.agree) missing.push('agree');
  return missing;
}

/**
 * The variant's checks of specification section 5: what the visitor must put right, or the
 * lead's fields when all is well. The rules themselves are `@iconia/shared`'s, the ones the
 * API applies again.
 */
function check(
  settings: LeadFormSettings,
  values: Values,
): { problems: Omit<FormState, 'attempt'> } | { fields: LeadFields } {
  if (settings.missingFields === 'one-alert') {
    const missing = missingFields(settings, values);
    if (missing.length > 0) {
      return { problems: { values, errors: {}, message: MESSAGES.fillAllFields, missing } };
    }
  }
  const errors: FieldErrors = {};
  const name = parseName(values.name);
  if (!name.ok) errors.name = name.error.message;
  const mobile = settings.tenDigitMobile ? normalizeMobile(values.mobile) : values.mobile.trim();
  if (settings.tenDigitMobile && !isValidMobile(mobile)) errors.mobile = MESSAGES.invalidMobile;
  else if (mobile === '') errors.mobile = FORM_MESSAGES.mobileRequired;
  if (settings.plotRange === 'required' && values.plotRange === '') {
    errors.plotRange = FORM_MESSAGES.plotRangeRequired;
  }
  if (settings.consent && !values.agree) errors.agree = FORM_MESSAGES.consentRequired;
  if (!name.ok || Object.keys(errors).length > 0) {
    return { problems: { values, errors, message: '', missing: [] } };
  }
  return {
    fields: {
      name: name.value,
      mobile,
      ...(settings.plotRange === 'none' ? {} : { plotRange: values.plotRange }),
      ...(settings.locationField ? { location: values.location.trim() } : {}),
    },
  };
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
  // Only the thank-you page's own security policy lets the analytics tags load, so with tags
  // configured the page comes as a new document rather than a route change.
  const goToThankYou = () =>
    env.gtmId || env.gaId ? window.location.assign(THANK_YOU_PATH) : void navigate(THANK_YOU_PATH);
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

    if (settings.successAlert) window.alert(settings.successAlert);
    if (settings.download) downloadBrochure();
    onSent?.();
    if (settings.scrollToTop) window.scrollTo({ top: 0 });
    if (settings.thankYouDelayMs > 0) {
      window.setTimeout(goToThankYou, settings.thankYouDelayMs);
    } else {
      goToThankYou();
    }
    return { ...FRESH, attempt };
  }

  const [sent, formAction] = useActionState(send, FRESH);
  const state = checked.attempt > sent.attempt ? checked : sent;

  // Editing a field clears what was said about it, until the next attempt.
  const [edited, setEdited] = useState({ state, names: new Set<string>() });
  const editedNames = edited.state === state ? edited.names : new Set<string>();
  function handleEdit(event: FormEvent<HTMLFormElement>) {
    const { name } = event.target as HTMLInputElement;
    if (editedNames.has(name)) return;
    setEdited({ state, names: new Set(editedNames).add(name) });
  }
  const errorOf = (name: FieldName) => (editedNames.has(name) ? undefined : state.errors[name]);
  const isMissing = (name: FieldName) => state.missing.includes(name) && !editedNames.has(name);

  // After an attempt, focus goes to the first field that needs the visitor, in page order.
  useEffect(() => {
    const names = [...Object.keys(state.errors), ...state.missing];
    if (names.length === 0 || !formRef.current) return;
    const first = Array.from(formRef.current.elements).find(
      (element): element is HTMLInputElement | HTMLSelectElement =>
        (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) &&
        names.includes(element.name),
    );
    first?.focus();
  }, [state]);

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
      <NameField
        id={id('name')}
        defaultValue={state.values.name}
        error={errorOf('name')}
        formMessageId={formMessageFor('name')}
      />
      <MobileField
        id={id('mobile')}
        defaultValue={state.values.mobile}
        error={errorOf('mobile')}
        formMessageId={formMessageFor('mobile')}
        tenDigits={settings.tenDigitMobile}
      />
      {settings.plotRange !== 'none' && (
        <PlotRangeField
          // React does not pass a changed default on to a mounted <select>; a new one takes it.
          key={state.values.plotRange}
          id={id('plot-range')}
          defaultValue={state.values.plotRange}
          error={errorOf('plotRange')}
          formMessageId={formMessageFor('plotRange')}
          required={settings.plotRange === 'required'}
        />
      )}
      {settings.locationField && (
        <LocationField
          id={id('location')}
          defaultValue={state.values.location}
          error={errorOf('location')}
        />
      )}
      {settings.consent && (
        <ConsentField
          id={id('agree')}
          defaultChecked={state.values.agree}
          label={CONSENT_TEXT}
          error={errorOf('agree')}
          formMessageId={formMessageFor('agree')}
        />
      )}
      <HoneypotField id={id('website')} />
      <FormMessage id={messageId} message={state.message} />
      <SubmitButton
        label={settings.submitLabel}
        describedById={state.message ? messageId : undefined}
      />
    </form>
  );
}
