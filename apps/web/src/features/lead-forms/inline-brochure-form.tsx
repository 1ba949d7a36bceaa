import { isValidMobile, MESSAGES, normalizeMobile, parseName } from '@iconia/shared';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  CONSENT_TEXT,
  FORM_BUTTONS,
  FORM_MESSAGES,
  FORM_NAMES,
  THANK_YOU_PATH,
} from '../../content/forms.ts';
import { leadFormAction, submitLead } from '../../lib/api-client.ts';
import {
  ConsentField,
  FormMessage,
  HoneypotField,
  MobileField,
  NameField,
  PlotRangeField,
  SubmitButton,
} from './form-fields.tsx';
import styles from './lead-form.module.css';
import { useLeadForm, type FieldErrors } from './use-lead-form.ts';

const EMPTY = { name: '', mobile: '', plotRange: '', agree: false };
type Values = typeof EMPTY;

export interface InlineBrochureFormProps {
  /** Id of the heading that names the form; without it the form is named by its own copy. */
  labelledBy?: string;
  className?: string;
}

/**
 * The brochure form of the landing page (specification, sections 4, 5 and 8): name, mobile and
 * consent required, plot range optional, ten-digit mobile. It sends multipart and, on success,
 * leaves the download to the thank-you page.
 */
export function InlineBrochureForm({ labelledBy, className }: InlineBrochureFormProps) {
  const navigate = useNavigate();
  const form = useLeadForm('inline-brochure', EMPTY);
  const { ids, values, errors } = form;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.submitting) return;
    const formElement = event.currentTarget;

    const name = parseName(values.name);
    const mobile = normalizeMobile(values.mobile);
    const found: FieldErrors<Values> = {};
    if (!name.ok) found.name = name.error.message;
    if (!isValidMobile(mobile)) found.mobile = MESSAGES.invalidMobile;
    if (!values.agree) found.agree = FORM_MESSAGES.consentRequired;
    // `found.name` is set whenever the name is bad; `!name.ok` narrows its type for below.
    if (form.showErrors(formElement, found) || !name.ok) return;

    form.setSubmitting(true);
    const result = await submitLead(
      'brochure',
      {
        name: name.value,
        mobile,
        plotRange: values.plotRange,
        ...form.leadContext(formElement),
      },
      'multipart',
    );
    form.setSubmitting(false);

    if (result.status === 'success') {
      form.reset();
      window.scrollTo({ top: 0 });
      void navigate(THANK_YOU_PATH);
      return;
    }
    form.setMessage(
      result.status === 'rejected' ? MESSAGES.emailFailed : MESSAGES.submissionFailedLater,
    );
  }

  return (
    <form
      className={[styles.form, styles.card, className].filter(Boolean).join(' ')}
      method="post"
      action={leadFormAction('brochure')}
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : FORM_NAMES.inlineBrochure}
      aria-describedby={form.message ? ids.message : undefined}
    >
      <NameField
        id={ids.name}
        value={values.name}
        onChange={form.field('name')}
        error={errors.name}
      />
      <MobileField
        id={ids.mobile}
        value={values.mobile}
        onChange={form.field('mobile')}
        error={errors.mobile}
        tenDigits
      />
      <PlotRangeField
        id={ids.plotRange}
        value={values.plotRange}
        onChange={form.field('plotRange')}
        error={errors.plotRange}
        required={false}
      />
      <ConsentField
        id={ids.agree}
        checked={values.agree}
        onChange={form.field('agree')}
        label={CONSENT_TEXT}
        error={errors.agree}
      />
      <HoneypotField id={ids.website} />
      <FormMessage id={ids.message} message={form.message} />
      <SubmitButton
        submitting={form.submitting}
        label={FORM_BUTTONS.submit}
        describedById={form.message ? ids.message : undefined}
      />
    </form>
  );
}
