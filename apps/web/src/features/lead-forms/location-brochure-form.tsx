import { MESSAGES, parseName } from '@iconia/shared';
import type { FormEvent } from 'react';
import { CONSENT_TEXT, FORM_BUTTONS, FORM_MESSAGES, FORM_NAMES } from '../../content/forms.ts';
import { leadFormAction, submitLead } from '../../lib/api-client.ts';
import { downloadBrochure } from '../../lib/download-brochure.ts';
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
import type { ModalFormProps } from './navigation-brochure-form.tsx';
import { useLeadForm, type FieldErrors } from './use-lead-form.ts';

const EMPTY = { name: '', mobile: '', plotRange: '', agree: false };
type Values = typeof EMPTY;

/**
 * The brochure modal behind ENQUIRE NOW in the location highlights (sections 4, 5 and 8): every
 * field required but no digit check on the mobile (the API still validates it), multipart, the
 * brochure download on success; the thank-you page follows after a pause the owner schedules.
 */
export function LocationBrochureForm({ onSubmitted }: ModalFormProps) {
  const form = useLeadForm('location-modal', EMPTY);
  const { ids, values, errors } = form;

  function fail(message: string) {
    form.setMessage(message);
    window.alert(message);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.submitting) return;
    const formElement = event.currentTarget;

    const name = parseName(values.name);
    const mobile = values.mobile.trim();
    const found: FieldErrors<Values> = {};
    if (!name.ok) found.name = name.error.message;
    if (mobile === '') found.mobile = FORM_MESSAGES.mobileRequired;
    if (values.plotRange === '') found.plotRange = FORM_MESSAGES.plotRangeRequired;
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
      { caseInsensitive: true },
    );
    form.setSubmitting(false);

    if (result.status === 'success') {
      downloadBrochure();
      form.reset();
      onSubmitted();
      return;
    }
    fail(result.status === 'rejected' ? MESSAGES.emailFailed : MESSAGES.submissionFailedLater);
  }

  return (
    <form
      className={styles.form}
      method="post"
      action={leadFormAction('brochure')}
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      aria-label={FORM_NAMES.brochureModal}
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
      <PlotRangeField
        id={ids.plotRange}
        value={values.plotRange}
        onChange={form.field('plotRange')}
        error={errors.plotRange}
        required
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
        label={FORM_BUTTONS.downloadBrochure}
        describedById={form.message ? ids.message : undefined}
      />
    </form>
  );
}
