import { isValidMobile, MESSAGES, normalizeMobile, parseName } from '@iconia/shared';
import { FORM_MESSAGES, type LeadFormSettings } from '../../content/forms.ts';
import type { LeadFields } from '../../lib/api-client.ts';

/** What the visitor typed, as the form holds it. */
export interface Values {
  name: string;
  mobile: string;
  plotRange: string;
  location: string;
  agree: boolean;
}

export type FieldName = keyof Values;
export type FieldErrors = Partial<Record<FieldName, string>>;

export interface FormState {
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
export const FRESH: FormState = { values: EMPTY, errors: {}, message: '', missing: [], attempt: 0 };

export function text(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}

export function readValues(data: FormData): Values {
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
export function check(
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
