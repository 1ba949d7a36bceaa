import * as v from 'valibot';
import { deskUserSchema } from './desk.ts';
import { jsonBody } from './desk-requests.ts';

/*
 * Accounts' part of the desk API (docs/desk-api.md): a manager's password reset and re-enabling
 * of an agent, and each person's own password change. Read by the API, the desk and the OpenAPI
 * document alike.
 */

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

/** What the desk answers an account that must choose a new password, on any other endpoint. */
export const PASSWORD_CHANGE_REQUIRED =
  'Choose a new password before you go on: your manager reset yours.';

export const passwordChangeSchema = jsonBody({
  currentPassword: v.pipe(
    v.string('"currentPassword" is required.'),
    v.description('The password signed in with (the temporary one after a reset).'),
  ),
  newPassword: v.pipe(
    v.string('"newPassword" is required.'),
    v.description(
      `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, not the current password.`,
    ),
  ),
});
export type PasswordChangeBody = v.InferInput<typeof passwordChangeSchema>;

export const temporaryPasswordAnswerSchema = v.object({
  user: deskUserSchema,
  temporaryPassword: v.pipe(
    v.string(),
    v.description(
      'Shown this once: only its hash is stored. The agent signs in with it and must then choose their own.',
    ),
    v.examples(['k7Qm-Rt2x-Hn4w-Pz9c']),
  ),
});
export type TemporaryPasswordAnswer = v.InferOutput<typeof temporaryPasswordAnswerSchema>;
