import * as v from 'valibot';

/*
 * The pieces every section's schema is made of. Each entry reads its own variable: trimmed, empty
 * as unset, its default applied, then checked. A refusal's message is written without the
 * variable's name, which the report puts in front of it.
 */

/** The environment as the process hands it over. */
export type Env = Record<string, string | undefined>;

/** What a section's entries read, once every one of them passed. */
export type EnvOutput<TEntries extends v.ObjectEntries> = v.InferOutput<
  v.ObjectSchema<TEntries, undefined>
>;

/** What a refusal shows of the value it refused. */
export const got = (issue: { input: unknown }) => `(got "${String(issue.input)}")`;

/** A variable's trimmed text; empty counts as unset, so `PORT=` means the default. */
export function text(fallback: string): v.GenericSchema<string | undefined, string>;
export function text(): v.GenericSchema<string | undefined, string | undefined>;
export function text(fallback?: string): v.GenericSchema<string | undefined, string | undefined> {
  return v.pipe(
    v.optional(v.string(), fallback),
    v.transform((value) => value?.trim() || fallback),
  );
}

export function wholeNumber(fallback: string, min: number, max: number) {
  return v.pipe(
    text(fallback),
    v.check(
      (raw) =>
        /^\d+$/.test(raw) &&
        Number.isSafeInteger(Number(raw)) &&
        Number(raw) >= min &&
        Number(raw) <= max,
      (issue) => `must be a whole number from ${min} to ${max} ${got(issue)}.`,
    ),
    v.transform(Number),
  );
}

/** Parses with `parse`, refusing the value when it gives undefined. */
export function parsed<T>(
  schema: v.GenericSchema<string | undefined, string>,
  parse: (value: string) => T | undefined,
  message: (value: string) => string,
) {
  return v.pipe(
    schema,
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const value = parse(dataset.value);
      if (value === undefined) {
        addIssue({ message: message(dataset.value) });
        return NEVER;
      }
      return value;
    }),
  );
}

/** A comma-separated list, blanks dropped. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
