import type Database from 'better-sqlite3';
import {
  passwordChangeSchema,
  sessionAnswerSchema,
  signInSchema,
  userAnswerSchema,
  type SessionAnswer,
  type UserAnswer,
} from '@iconia/shared';
import type { Logger } from '../logger.ts';
import { currentUser, SESSION_COOKIE, type Auth } from '../desk/auth.ts';
import { DeskError } from '../desk/desk-error.ts';
import { routeFor } from '../desk/route.ts';

export interface SessionRouteDeps {
  auth: Pick<Auth, 'signIn' | 'signedInUser' | 'signOut' | 'signOutEverywhere' | 'changePassword'>;
  /** The database of the sessions and of the phones' alerts, ended together. */
  db: Pick<Database.Database, 'transaction'>;
  logger: Logger;
  /** Forgets the person's phones for alerts. */
  forgetDevices: (userId: number) => void;
}

const route = routeFor<SessionRouteDeps>();

/**
 * Signing in and out of the desk (docs/desk-api.md), and everyone changing their own password.
 */
export const sessionRoutes = [
  route({
    method: 'post',
    path: '/session',
    summary: 'Sign in',
    who: 'anyone',
    description: `Sets the session cookie ${SESSION_COOKIE}. Wrong email, wrong password and a disabled account get the same 401; repeated failures lock the account or address (429).`,
    body: signInSchema,
    answer: { status: 200, description: 'Signed in.', json: userAnswerSchema },
    errors: [401, 429],
    handle: async ({ body: { email, password }, req, res }, { auth, logger }) => {
      const user = await auth.signIn(req, res, email, password).catch((error: unknown) => {
        // Someone guessing passwords is worth an operator's attention; the email is not logged.
        if (error instanceof DeskError && error.status === 429) {
          logger.warn({ address: req.ip }, 'desk sign-in locked after repeated failures');
        }
        throw error;
      });
      logger.info({ userId: user.id }, 'desk sign-in');
      return { user } satisfies UserAnswer;
    },
  }),
  route({
    method: 'get',
    path: '/session',
    summary: 'The signed-in person',
    who: 'anyone',
    description:
      'Answers 200 whether or not anyone is signed in, so that a browser can ask without an error: `user` is null when nobody is (an ended session also clears the cookie). `user.mustChangePassword` true: the person signed in with a temporary password and must choose their own (PUT /session/password) before anything else answers them.',
    answer: {
      status: 200,
      description: 'The person signed in, or null.',
      json: sessionAnswerSchema,
    },
    // Asked on every visit, a signed-out one included, so never refused.
    handle: ({ req, res }, { auth }): SessionAnswer => ({
      user: auth.signedInUser(req, res) ?? null,
    }),
  }),
  route({
    method: 'delete',
    path: '/session',
    summary: 'Sign out',
    who: 'any session',
    answer: { status: 204, description: 'Signed out; the cookie is cleared.' },
    handle: ({ req, res }, { auth }) => {
      auth.signOut(req, res);
    },
  }),
  route({
    method: 'post',
    path: '/session/sign-out-everywhere',
    summary: 'Sign out everywhere',
    who: 'any session',
    answer: { status: 204, description: 'Every session of the person has ended.' },
    handle: ({ req, res }, { auth, db, forgetDevices }) => {
      const user = currentUser(res);
      // A phone signed out everywhere shows no more buyers on its lock screen either.
      db.transaction(() => {
        auth.signOutEverywhere(req, res, user);
        forgetDevices(user.id);
      })();
    },
  }),
  route({
    method: 'put',
    path: '/session/password',
    summary: 'Change your own password',
    who: 'any session',
    description:
      'Proves the current password (wrong ones count like failed sign-ins: 429 at the limit). Every session of the person ends and this browser gets a new session cookie; a temporary password stops being required.',
    body: passwordChangeSchema,
    answer: { status: 200, description: 'The account as it is now.', json: userAnswerSchema },
    errors: [429],
    // The one change an account with a temporary password may make, so any session.
    handle: async ({ body, req, res }, { auth, logger }) => {
      const user = await auth.changePassword(req, res, currentUser(res), body);
      logger.info({ userId: user.id }, 'desk password changed');
      return { user } satisfies UserAnswer;
    },
  }),
];
