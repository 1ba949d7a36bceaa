import { LOCATION_MAX_LENGTH, NAME_MAX_LENGTH, PLOT_RANGES } from '@iconia/shared';
import { CircleAlert, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useFormStatus } from 'react-dom';
import { FORM_FIELDS, FORM_BUTTONS, OPTIONAL_MARK } from '../../content/forms.ts';
import styles from './lead-form.module.css';
import { tidyMobileEntry } from './mobile-entry.ts';

/** Joins the ids a control is described by, leaving out the absent ones. */
function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}

function errorId(id: string) {
  return `${id}-error`;
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={errorId(id)} className={styles.fieldError} role="alert">
      <CircleAlert aria-hidden="true" focusable="false" size={16} className={styles.errorIcon} />
      {message}
    </p>
  );
}

function Label({
  htmlFor,
  children,
  optional,
}: {
  htmlFor: string;
  children: ReactNode;
  optional?: boolean;
}) {
  return (
    <label htmlFor={htmlFor} className={styles.label}>
      {children}
      {optional && <span className={styles.optional}> {OPTIONAL_MARK}</span>}
    </label>
  );
}

/**
 * The fields are uncontrolled: the browser keeps what a visitor types, also before the page has
 * hydrated, and `defaultValue` is what the form goes back to when it resets.
 */
interface TextFieldProps {
  id: string;
  defaultValue: string;
  error?: string | undefined;
  /** Also describe the field by the form's message, when it concerns this field. */
  formMessageId?: string | undefined;
}

export function NameField({ id, defaultValue, error, formMessageId }: TextFieldProps) {
  return (
    <div className={styles.field}>
      <Label htmlFor={id}>{FORM_FIELDS.name.label}</Label>
      <input
        id={id}
        name="name"
        type="text"
        className={styles.input}
        defaultValue={defaultValue}
        autoComplete="name"
        autoCapitalize="words"
        enterKeyHint="next"
        maxLength={NAME_MAX_LENGTH}
        placeholder={FORM_FIELDS.name.placeholder}
        required
        aria-invalid={error || formMessageId ? true : undefined}
        aria-describedby={describedBy(error && errorId(id), formMessageId)}
      />
      <FieldError id={id} message={error} />
    </div>
  );
}

interface MobileFieldProps extends TextFieldProps {
  /** Ten digits at most, with the "numbers only" hint (the forms that check the format). */
  tenDigits: boolean;
}

export function MobileField({
  id,
  defaultValue,
  error,
  formMessageId,
  tenDigits,
}: MobileFieldProps) {
  const hintId = `${id}-hint`;
  const fieldRef = useRef<HTMLInputElement>(null);
  // Effects run after hydration: before it the field is plain HTML, and the API reads the number.
  useEffect(() => {
    if (tenDigits && fieldRef.current) return tidyMobileEntry(fieldRef.current);
  }, [tenDigits]);
  return (
    <div className={styles.field}>
      <Label htmlFor={id}>{FORM_FIELDS.mobile.label}</Label>
      <input
        ref={fieldRef}
        id={id}
        name="mobile"
        // HTML allows a national number's autofill (tel-national) on text fields only.
        type="text"
        className={styles.input}
        defaultValue={defaultValue}
        inputMode="numeric"
        autoComplete="tel-national"
        enterKeyHint="next"
        placeholder={FORM_FIELDS.mobile.placeholder}
        required
        {...(tenDigits ? { maxLength: 10, pattern: '[0-9]{10}' } : {})}
        aria-invalid={error || formMessageId ? true : undefined}
        aria-describedby={describedBy(tenDigits && hintId, error && errorId(id), formMessageId)}
      />
      {tenDigits && (
        <p id={hintId} className={styles.hint}>
          {FORM_FIELDS.mobile.hint}
        </p>
      )}
      <FieldError id={id} message={error} />
    </div>
  );
}

interface PlotRangeFieldProps extends TextFieldProps {
  required: boolean;
}

export function PlotRangeField({
  id,
  defaultValue,
  error,
  formMessageId,
  required,
}: PlotRangeFieldProps) {
  return (
    <div className={styles.field}>
      <Label htmlFor={id} optional={!required}>
        {FORM_FIELDS.plotRange.label}
      </Label>
      <select
        id={id}
        name="plotRange"
        className={`${styles.input} ${styles.select}`}
        defaultValue={defaultValue}
        required={required}
        aria-invalid={error || formMessageId ? true : undefined}
        aria-describedby={describedBy(error && errorId(id), formMessageId)}
      >
        <option value="">{FORM_FIELDS.plotRange.placeholder}</option>
        {PLOT_RANGES.map((range) => (
          <option key={range} value={range}>
            {range}
          </option>
        ))}
      </select>
      <FieldError id={id} message={error} />
    </div>
  );
}

export function LocationField({ id, defaultValue, error }: TextFieldProps) {
  return (
    <div className={styles.field}>
      <Label htmlFor={id} optional>
        {FORM_FIELDS.location.label}
      </Label>
      <input
        id={id}
        name="location"
        type="text"
        className={styles.input}
        defaultValue={defaultValue}
        autoComplete="address-level2"
        maxLength={LOCATION_MAX_LENGTH}
        placeholder={FORM_FIELDS.location.placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && errorId(id))}
      />
      <FieldError id={id} message={error} />
    </div>
  );
}

interface ConsentFieldProps {
  id: string;
  defaultChecked: boolean;
  label: string;
  error?: string | undefined;
  formMessageId?: string | undefined;
}

export function ConsentField({
  id,
  defaultChecked,
  label,
  error,
  formMessageId,
}: ConsentFieldProps) {
  return (
    <div className={styles.consent}>
      <input
        id={id}
        name="agree"
        type="checkbox"
        className={styles.checkbox}
        defaultChecked={defaultChecked}
        required
        aria-invalid={error || formMessageId ? true : undefined}
        aria-describedby={describedBy(error && errorId(id), formMessageId)}
      />
      <label htmlFor={id} className={styles.consentLabel}>
        {label}
      </label>
      <FieldError id={id} message={error} />
    </div>
  );
}

/**
 * A field people never see or reach, which form-filling bots tend to complete. It is always sent
 * (empty from a person); the API files a filled one as spam instead of mailing it.
 */
export function HoneypotField({ id }: { id: string }) {
  return (
    <div className={styles.trap} aria-hidden="true">
      <label htmlFor={id}>{FORM_FIELDS.website.label}</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** Reads "Submitting..." and takes no second press while its form's action runs. */
export function SubmitButton({
  label,
  describedById,
}: {
  label: string;
  describedById?: string | undefined;
}) {
  const { pending: submitting } = useFormStatus();
  return (
    <button
      type="submit"
      className={styles.submit}
      disabled={submitting}
      aria-describedby={describedById}
    >
      {submitting && (
        <LoaderCircle aria-hidden="true" focusable="false" size={20} className={styles.spinner} />
      )}
      {submitting ? FORM_BUTTONS.submitting : label}
    </button>
  );
}

/**
 * The form's own message (server or network trouble, missing fields). The live region is always
 * in the page so screen readers announce the message as soon as it appears.
 */
export function FormMessage({ id, message }: { id: string; message: string }) {
  return (
    <div id={id} role="alert" className={message ? styles.formError : styles.formErrorEmpty}>
      {message && (
        <>
          <CircleAlert
            aria-hidden="true"
            focusable="false"
            size={20}
            className={styles.errorIcon}
          />
          <span>{message}</span>
        </>
      )}
    </div>
  );
}
