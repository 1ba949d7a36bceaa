import { CONSENT_TEXT, type LeadFormSettings } from '../../content/forms.ts';
import {
  ConsentField,
  LocationField,
  MobileField,
  NameField,
  PlotRangeField,
} from './form-fields.tsx';
import type { FieldName, Values } from './lead-form-check.ts';

/** The fields a variant asks for, in page order, showing what was said about each. */
export function LeadFormFields({
  settings,
  id,
  values,
  errorOf,
  formMessageFor,
}: {
  settings: LeadFormSettings;
  id: (field: string) => string;
  values: Values;
  errorOf: (name: FieldName) => string | undefined;
  formMessageFor: (name: FieldName) => string | undefined;
}) {
  return (
    <>
      <NameField
        id={id('name')}
        defaultValue={values.name}
        error={errorOf('name')}
        formMessageId={formMessageFor('name')}
      />
      <MobileField
        id={id('mobile')}
        defaultValue={values.mobile}
        error={errorOf('mobile')}
        formMessageId={formMessageFor('mobile')}
        tenDigits={settings.tenDigitMobile}
      />
      {settings.plotRange !== 'none' && (
        <PlotRangeField
          // React does not pass a changed default on to a mounted <select>; a new one takes it.
          key={values.plotRange}
          id={id('plot-range')}
          defaultValue={values.plotRange}
          error={errorOf('plotRange')}
          formMessageId={formMessageFor('plotRange')}
          required={settings.plotRange === 'required'}
        />
      )}
      {settings.locationField && (
        <LocationField
          id={id('location')}
          defaultValue={values.location}
          error={errorOf('location')}
        />
      )}
      {settings.consent && (
        <ConsentField
          id={id('agree')}
          defaultChecked={values.agree}
          label={CONSENT_TEXT}
          error={errorOf('agree')}
          formMessageId={formMessageFor('agree')}
        />
      )}
    </>
  );
}
