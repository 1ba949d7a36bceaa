import { isValidMobile, MESSAGES, normalizeMobile, parseName } from '@iconia/shared';
import { useState, type FormEvent } from 'react';
import { CONSENT_TEXT, FORM_BUTTONS, FORM_NAMES } from '../../content/forms.ts';
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
import { focusFirst, useLeadForm, type FieldErrors } from './use-lead-form.ts';

const EMPTY = { name: '', mobile: '', plotRange: '', agree: false };
type Values = typeof EMPTY;
type FieldName = keyof Values;

export interface ModalFormProps {
  /** The lead is in: the modal closes and the visitor moves on to the thank-you page. */
  onSubmitted: () => void;
}

/**
 * The brochure modal opened from the navigation bar, the side button or on its own (sections 4,
 * 5 and 8): every field required with one alert for whatever is missing, a ten-digit mobile,
 * a URL-encoded body, and the brochure download on success.
 */
export function NavigationBrochureForm({ onSubmitted }: ModalFormProps) {
  const form = useLeadForm('brochure-modal', EMPTY);
  const { ids, values, errors } = form;
  // Fields the "fill out all fields" message is about; they stay marked until edited.
  const [missing, setMissing] = useState<readonly FieldName[]>([]);

  function field<K extends FieldName>(key: K) {
    const set = form.field(key);
    return (value: Values[K]) => {
      set(value);
      setMissing((current) => current.filter((name) => name !== key));
    };
  }

  function fail(message: string) {
    form.setMessage(message);
    window.alert(message);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.submitting) return;
    const formElement = event.currentTarget;
    form.setMessage('');
    form.setErrors({});

    const empty = (
      [
        ['name', values.name.trim() === ''],
        ['mobile', values.mobile.trim() === ''],
        ['plotRange', values.plotRange === ''],
        ['agree', !values.agree],
      ] as const
    )
      .filter(([, isEmpty]) => isEmpty)
      .map(([name]) => name);
    setMissing(empty);
    if (empty.length > 0) {
      fail(MESSAGES.fillAllFields);
      focusFirst(formElement, empty);
      return;
    }

    const name = parseName(values.name);
    const mobile = normalizeMobile(values.mobile);
    const found: FieldErrors<Values> = {};
    if (!name.ok) found.name = name.error.message;
    if (!isValidMobile(mobile)) found.mobile = MESSAGES.invalidMobile;
    form.setErrors(found);
    if (!name.ok || found.mobile) {
      focusFirst(formElement, Object.keys(found));
      return;
    }

    form.setSubmitting(true);
    const result = await submitLead(
      'brochure',
      {
        name: name.value,
        mobile,
        plotRange: values.plotRange,
        ...form.leadContext(formElement),
      },
      'urlencoded',
      { caseInsensitive: true },
    );
    form.setSubmitting(false);

    if (result.status === 'success') {
      window.alert(MESSAGES.brochureDownloading);
      downloadBrochure();
      form.reset();
      onSubmitted();
      return;
    }
    fail(
      result.status === 'rejected'
        ? `${MESSAGES.submissionFailedPrefix}${result.text}`
        : MESSAGES.somethingWentWrong,
    );
  }

  const describedByMessage = (key: FieldName) => (missing.includes(key) ? ids.message : undefined);

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
        onChange={field('name')}
        error={errors.name}
        formMessageId={describedByMessage('name')}
      />
      <MobileField
        id={ids.mobile}
        value={values.mobile}
        onChange={field('mobile')}
        error={errors.mobile}
        formMessageId={describedByMessage('mobile')}
        tenDigits
      />
      <PlotRangeField
        id={ids.plotRange}
        value={values.plotRange}
        onChange={field('plotRange')}
        formMessageId={describedByMessage('plotRange')}
        required
      />
      <ConsentField
        id={ids.agree}
        checked={values.agree}
        onChange={field('agree')}
        label={CONSENT_TEXT}
        formMessageId={describedByMessage('agree')}
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
