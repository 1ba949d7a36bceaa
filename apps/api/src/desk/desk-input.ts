import type { Request } from 'express';
import { deskIdSchema, NOT_A_JSON_OBJECT } from '@iconia/shared';
import * as v from 'valibot';
import { DeskError } from './desk-error.ts';

/** Input read with its shared schema (`@iconia/shared`); the first problem is the 400's sentence. */
export function parse<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): v.InferOutput<TSchema> {
  // A JSON array passes for an object in JavaScript; the desk only ever sends objects.
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new DeskError(400, NOT_A_JSON_OBJECT);
  }
  const result = v.safeParse(schema, input, { abortEarly: true });
  if (!result.success) throw new DeskError(400, result.issues[0].message);
  return result.output;
}

/** The `:id` of the path; anything but a positive whole number cannot name what is asked for. */
export function pathId(req: Request, notFound: string): number {
  const result = v.safeParse(deskIdSchema, req.params.id);
  if (!result.success) throw new DeskError(404, notFound);
  return result.output;
}
