import type { Request, Router } from 'express';
import {
  newAgentSchema,
  passwordChangeSchema,
  usersQuerySchema,
  type TemporaryPasswordAnswer,
  type UserAnswer,
} from '@iconia/shared';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import {
  createAccount,
  disableAccount,
  enableAccount,
  resetToTemporaryPassword,
} from './accounts.ts';
import { currentUser, type Auth } from './auth.ts';
import { DeskError, MESSAGES } from './desk-error.ts';
import { parse, pathId } from './desk-input.ts';
import { toDeskUser, type DeskStore } from './desk-store.ts';

export interface AccountRouteDeps {
  store: DeskStore;
  auth: Pick<Auth, 'requireSession' | 'requireAnySession' | 'requireManager' | 'changePassword'>;
  clock: Clock;
  logger: Logger;
  /** Forgets the person's phones for alerts, as signing out everywhere does. */
  forgetDevices: (userId: number) => void;
}

const NO_ACCOUNT = 'There is no account with this id.';

/**
 * The accounts of the desk (docs/desk-api.md): managers add, disable, re-enable agents and reset
 * their passwords; everyone changes their own. A manager's account is the operator's
 * (`pnpm leads users`), so the desk changes agents only.
 */
export function registerAccountRoutes(router: Router, deps: AccountRouteDeps): void {
  const { store, clock, logger } = deps;
  const { requireSession, requireAnySession, requireManager } = deps.auth;

  /** The agent of the path, refused with `refusals` when it is the manager's own or a manager's. */
  const agentOf = (req: Request, actorId: number, refusals: { own: string; manager: string }) => {
    const id = pathId(req, NO_ACCOUNT);
    if (id === actorId) throw new DeskError(400, refusals.own);
    if (store.userById(id)?.role === 'manager') throw new DeskError(403, refusals.manager);
    return id;
  };

  // Agents may read the short list (names for the owner filter); the full list is managers'.
  router.get('/users', requireSession, (req, res) => {
    if (parse(usersQuerySchema, req.query).short === true) {
      const users = store
        .listUsers()
        .filter((row) => row.disabled_at === null)
        .map((row) => ({ id: row.id, name: row.name }));
      res.json({ users });
      return;
    }
    if (currentUser(res).role !== 'manager') throw new DeskError(403, MESSAGES.managersOnly);
    res.json({ users: store.listUsers().map(toDeskUser) });
  });

  router.post('/users', requireSession, requireManager, async (req, res) => {
    const { email, name, password } = parse(newAgentSchema, req.body);
    const user = await createAccount(store, { email, name, role: 'agent', password }, clock.now());
    logger.info({ userId: currentUser(res).id, created: user.id }, 'desk account added');
    res.status(201).json({ user });
  });

  router.post('/users/:id/disable', requireSession, requireManager, (req, res) => {
    const actor = currentUser(res).id;
    const id = agentOf(req, actor, {
      own: 'You cannot disable your own account.',
      manager: 'A manager account is disabled with pnpm leads users disable.',
    });
    const user = disableAccount(store, id, clock.now());
    logger.info({ userId: actor, disabled: user.id }, 'desk account disabled');
    res.json({ user } satisfies UserAnswer);
  });

  router.post('/users/:id/enable', requireSession, requireManager, (req, res) => {
    const actor = currentUser(res).id;
    const id = agentOf(req, actor, {
      own: 'You cannot enable your own account.',
      manager: 'A manager account is enabled with pnpm leads users enable.',
    });
    const user = enableAccount(store, id);
    logger.info({ userId: actor, enabled: user.id }, 'desk account enabled');
    res.json({ user } satisfies UserAnswer);
  });

  router.post('/users/:id/password-reset', requireSession, requireManager, async (req, res) => {
    const actor = currentUser(res).id;
    const id = agentOf(req, actor, {
      own: 'Change your own password with "Change password" in your account menu.',
      manager: 'A manager password is reset with pnpm leads users reset-password.',
    });
    const answer: TemporaryPasswordAnswer = await resetToTemporaryPassword(store, id);
    // A reset often means a lost phone: its lock screen shows no more buyers either.
    deps.forgetDevices(id);
    // The temporary password itself is never logged.
    logger.info({ userId: actor, reset: id }, 'desk password reset');
    res.set('Cache-Control', 'no-store').json(answer);
  });

  // The one change an account with a temporary password may make, so requireAnySession.
  router.put('/session/password', requireAnySession, async (req, res) => {
    const passwords = parse(passwordChangeSchema, req.body);
    const user = await deps.auth.changePassword(req, res, currentUser(res), passwords);
    logger.info({ userId: user.id }, 'desk password changed');
    res.json({ user } satisfies UserAnswer);
  });
}
