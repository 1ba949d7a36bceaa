import type { Request } from 'express';
import {
  newAgentSchema,
  peopleAnswerSchema,
  temporaryPasswordAnswerSchema,
  userAnswerSchema,
  usersAnswerSchema,
  usersQuerySchema,
  type TemporaryPasswordAnswer,
  type UserAnswer,
} from '@iconia/shared';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { currentUser } from '../desk/auth.ts';
import { DeskError, MESSAGES } from '../desk/desk-error.ts';
import { pathId } from '../desk/desk-input.ts';
import { toDeskUser, type UserQueries } from '../desk/account-queries.ts';
import { routeFor } from '../desk/route.ts';
import {
  createAccount,
  disableAccount,
  enableAccount,
  resetToTemporaryPassword,
} from './accounts.ts';

export interface AccountRouteDeps {
  store: UserQueries;
  clock: Clock;
  logger: Logger;
  /** Forgets the person's phones for alerts, as signing out everywhere does. */
  forgetDevices: (userId: number) => void;
}

const NO_ACCOUNT = 'There is no account with this id.';

/** The agent of the path, refused with `refusals` when it is the manager's own or a manager's. */
function agentOf(
  store: UserQueries,
  req: Request,
  actorId: number,
  refusals: { own: string; manager: string },
): number {
  const id = pathId(req, NO_ACCOUNT);
  if (id === actorId) throw new DeskError(400, refusals.own);
  if (store.userById(id)?.role === 'manager') throw new DeskError(403, refusals.manager);
  return id;
}

const route = routeFor<AccountRouteDeps>();

/**
 * The accounts of the desk (docs/desk-api.md): managers add, disable, re-enable agents and reset
 * their passwords. A manager's account is the operator's (`pnpm leads users`), so the desk
 * changes agents only.
 */
export const accountRoutes = [
  route({
    method: 'get',
    path: '/users',
    summary: 'The accounts',
    who: 'signed in',
    description:
      'Managers get every account; with `short=1` anyone signed in gets the names of the accounts that are not disabled, and an agent without it gets 403.',
    query: usersQuerySchema,
    answer: {
      status: 200,
      description: 'The accounts, or with `short=1` their names.',
      json: [usersAnswerSchema, peopleAnswerSchema],
    },
    errors: [403],
    // Agents may read the short list (names for the owner filter); the full list is managers'.
    handle: ({ query, res }, { store }) => {
      if (query.short === true) {
        const users = store
          .listUsers()
          .filter((row) => row.disabled_at === null)
          .map((row) => ({ id: row.id, name: row.name }));
        return { users };
      }
      if (currentUser(res).role !== 'manager') throw new DeskError(403, MESSAGES.managersOnly);
      return { users: store.listUsers().map(toDeskUser) };
    },
  }),
  route({
    method: 'post',
    path: '/users',
    summary: 'Add an agent',
    who: 'manager',
    body: newAgentSchema,
    answer: { status: 201, description: 'The new account.', json: userAnswerSchema },
    errors: [409],
    handle: async ({ body: { email, name, password }, res }, { store, clock, logger }) => {
      const user = await createAccount(
        store,
        { email, name, role: 'agent', password },
        clock.now(),
      );
      logger.info({ userId: currentUser(res).id, created: user.id }, 'desk account added');
      return { user } satisfies UserAnswer;
    },
  }),
  route({
    method: 'post',
    path: '/users/{id}/disable',
    summary: "Disable an agent's account",
    who: 'manager',
    description: 'Their sessions end at once. Not your own account (400) nor a manager (403).',
    answer: { status: 200, description: 'The account as it is now.', json: userAnswerSchema },
    errors: [400],
    handle: ({ req, res }, { store, clock, logger }) => {
      const actor = currentUser(res).id;
      const id = agentOf(store, req, actor, {
        own: 'You cannot disable your own account.',
        manager: 'A manager account is disabled with pnpm leads users disable.',
      });
      const user = disableAccount(store, id, clock.now());
      logger.info({ userId: actor, disabled: user.id }, 'desk account disabled');
      return { user } satisfies UserAnswer;
    },
  }),
  route({
    method: 'post',
    path: '/users/{id}/enable',
    summary: "Re-enable an agent's account",
    who: 'manager',
    description:
      'They sign in again with the password they had (or reset it). Not your own account (400) nor a manager (403); enabling twice is harmless.',
    answer: { status: 200, description: 'The account as it is now.', json: userAnswerSchema },
    errors: [400],
    handle: ({ req, res }, { store, logger }) => {
      const actor = currentUser(res).id;
      const id = agentOf(store, req, actor, {
        own: 'You cannot enable your own account.',
        manager: 'A manager account is enabled with pnpm leads users enable.',
      });
      const user = enableAccount(store, id);
      logger.info({ userId: actor, enabled: user.id }, 'desk account enabled');
      return { user } satisfies UserAnswer;
    },
  }),
  route({
    method: 'post',
    path: '/users/{id}/password-reset',
    summary: "Reset an agent's password",
    who: 'manager',
    description:
      'Makes a random temporary password, stores only its hash and answers it this once. Every session of the agent ends; at the next sign-in they must choose their own password. Not your own account (400) nor a manager (403).',
    answer: {
      status: 200,
      description: 'The account and its temporary password.',
      json: temporaryPasswordAnswerSchema,
    },
    errors: [400],
    handle: async ({ req, res }, { store, logger, forgetDevices }) => {
      const actor = currentUser(res).id;
      const id = agentOf(store, req, actor, {
        own: 'Change your own password with "Change password" in your account menu.',
        manager: 'A manager password is reset with pnpm leads users reset-password.',
      });
      const answer: TemporaryPasswordAnswer = await resetToTemporaryPassword(store, id);
      // A reset often means a lost phone: its lock screen shows no more buyers either.
      forgetDevices(id);
      // The temporary password itself is never logged.
      logger.info({ userId: actor, reset: id }, 'desk password reset');
      res.set('Cache-Control', 'no-store');
      return answer;
    },
  }),
];
