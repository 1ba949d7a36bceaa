import * as v from 'valibot';

/** The fields the desk's answers are built from (not part of the package's exports). */
export const id = v.pipe(v.number(), v.integer());
export const count = v.pipe(v.number(), v.integer(), v.minValue(0));
export const time = v.pipe(
  v.string(),
  v.metadata({ format: 'date-time', examples: ['2026-11-21T15:45:00+05:30'] }),
  v.description('India time with its offset.'),
);
export const text = v.string();
export const optionalText = v.nullable(v.string());
