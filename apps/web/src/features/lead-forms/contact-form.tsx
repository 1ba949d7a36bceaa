import { MESSAGES, parseName } from '@iconia/shared';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FORM_BUTTONS, FORM_MESSAGES, FORM_NAMES, THANK_YOU_PATH } from '../../content/forms.ts';
import { leadFormAction, submitLead } from '../../lib/api-client.ts';
import {
  FormMessage,
  HoneypotField,
  LocationField,
  MobileField,
  NameField,
  SubmitButton,
} from './form-fields.tsx';
import styles from './lead-form.module.css';
import { useLeadForm, type FieldErrors } from './use-lead-form.ts';

const EMPTY = { name: '', mobile: '', location: '' };
type Values = typeof EMPTY;

export interface ContactFormProps {
  /** Id of the heading that names the form; without it the form is named by its own copy. */
  labelledBy?: string;
  className?: string;
}

/**
 * The Enquire Now form of the contact section (sections 4, 5 and 8): name and mobile required,
 * location optional, no format check on the mobile (the API still validates it), multipart to
 * the contact endpoint, then the thank-you page.
 */
export function ContactForm({ labelledBy, className }: ContactFormProps) {
  const navigate = useNavigate();
  const form = useLeadForm('contact-form', EMPTY);
  const { ids, values, errors } = form;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.submitting) return;
    const formElement = event.currentTarget;

    const name = parseName(values.name);
    const mobile = values.mobile.trim();
    const found: FieldErrors<Values> = {};
    if (!name.ok) found.name = name.error.message;
    if (mobile === '') found.mobile = FORM_MESSAGES.mobileRequired;
    // `found.name` is set whenever the name is bad; `!name.ok` narrows its type for below.
    if (form.showErrors(formElement, found) || !name.ok) return;

    form.setSubmitting(true);
    const result = await submitLead(
      'contact',
      {
        name: name.value,
        mobile,
        location: values.location.trim(),
        ...form.leadContext(formElement),
      },
      'multipart',
      { caseInsensitive: true },
    );
    form.setSubmitting(false);

    if (result.status === 'success') {
      form.reset();
      void navigate(THANK_YOU_PATH);
      return;
    }
    const message =
      result.status === 'rejected'
        ? `${MESSAGES.contactFailedPrefix}${result.text}`
        : MESSAGES.contactNetworkFailed;
    form.setMessage(message);
    window.alert(message);
  }

  return (
    <form
      className={[styles.form, styles.card, className].filter(Boolean).join(' ')}
      method="post"
      action={leadFormAction('contact')}
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : FORM_NAMES.contact}
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
        tenDigits={false}
      />
      <LocationField
        id={ids.location}
        value={values.location}
        onChange={form.field('location')}
        error={errors.location}
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
