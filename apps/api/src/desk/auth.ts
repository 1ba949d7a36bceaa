import { createHash, randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Clock } from '../clock.ts';
import { PASSWORD_CHANGE_REQUIRED } from '@iconia/shared';
import { DeskError, MESSAGES } from './desk-error.ts';
import { toDeskUser, type SessionQueries, type UserQueries } from './account-queries.ts';
import type { DeskUser } from './desk-types.ts';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts';

/** What signing in and checking sessions read and write: the accounts and their sessions. */
export type AuthStore = UserQueries & SessionQueries;

export const SESSION_COOKIE = 'desk_session';
export const COOKIE_PATH = '/desk';
const HOUR_MS = 3_600_000;
export const IDLE_TIMEOUT_MS = 12 * HOUR_MS;
export const ABSOLUTE_TIMEOUT_MS = 7 * 24 * HOUR_MS;
/** A session's last-seen time is written at most this often, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Failed sign-ins counted over this window; at the limit, the account or address waits it out.
 * An attempt counts as failed from the moment it starts until its password proves right, so no
 * more than these are ever checked in a window, however many requests arrive at once.
 */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

const STATE_CHANGING = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A cookie's raw value, without a cookie-parsing dependency for one cookie. */
export function cookieValue(req: Request, cookie: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === cookie) return value.join('=') || undefined;
  }
  return undefined;
}

/** The desk session's token from its cookie. */
export const sessionToken = (req: Request): string | undefined => cookieValue(req, SESSION_COOKIE);

function setSessionCookie(req: Request, res: Response, token: string): void {
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: req.secure,
    path: COOKIE_PATH,
    maxAge: ABSOLUTE_TIMEOUT_MS,
  });
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: req.secure,
    path: COOKIE_PATH,
  });
}

/** The signed-in person, set by `requireSession`. */
export function currentUser(res: Response): DeskUser {
  const user = res.locals.deskUser as DeskUser | undefined;
  if (!user) throw new DeskError(401, MESSAGES.signedOut);
  return user;
}

export interface Auth {
  signIn(req: Request, res: Response, email: string, password: string): Promise<DeskUser>;
  /**
   * The live session of a token, or undefined when it is missing, expired or disabled. A
   * request of the person's own extends the session; the server's own checks (the live stream
   * asking whether its session still holds) pass `{ extend: false }`, so an open tab left alone
   * still reaches the idle limit.
   */
  sessionUser(token: string | undefined, options?: { extend: boolean }): DeskUser | undefined;
  /**
   * The person signed in on this request's browser, as `sessionUser` (extending the session), or
   * undefined; a cookie whose session has ended is cleared.
   */
  signedInUser(req: Request, res: Response): DeskUser | undefined;
  /**
   * A live session whose owner has chosen their own password: every desk endpoint but the
   * session's own. An account given a temporary password gets 403 here until it changes it.
   */
  requireSession: RequestHandler;
  /** Any live session, even one that must still choose a new password: the session's own endpoints. */
  requireAnySession: RequestHandler;
  requireManager: RequestHandler;
  /**
   * The signed-in person replaces their password, proving the current one (its failures count
   * like failed sign-ins). Every session of theirs ends and this browser gets a new one.
   */
  changePassword(
    req: Request,
    res: Response,
    user: DeskUser,
    passwords: { currentPassword: string; newPassword: string },
  ): Promise<DeskUser>;
  /** Refuses state-changing requests that do not come from the desk's own pages. */
  sameOrigin: RequestHandler;
  signOut(req: Request, res: Response): void;
  signOutEverywhere(req: Request, res: Response, user: DeskUser): void;
}

/** Expired sessions and old failures are deleted now and then, not on every request. */
function createSweep(store: AuthStore): (now: number) => void {
  let lastSweep = 0;
  return (now) => {
    if (now - lastSweep < HOUR_MS) return;
    lastSweep = now;
    store.deleteStaleSessions(now - IDLE_TIMEOUT_MS, now - ABSOLUTE_TIMEOUT_MS);
    store.forgetSignInFailures(now - SIGN_IN_WINDOW_MS);
  };
}

const requireManager: RequestHandler = (_req, res, next) => {
  if (currentUser(res).role !== 'manager') throw new DeskError(403, MESSAGES.managersOnly);
  next();
};

export const sameOrigin: RequestHandler = (req, _res, next) => {
  if (!STATE_CHANGING.has(req.method)) return next();
  const origin = req.get('origin');
  const fetchSite = req.get('sec-fetch-site');
  // Hosts, not schemes, are compared: behind a TLS proxy the server itself may see http.
  const originOk = origin === undefined || hostOf(origin) === req.get('host');
  // Pages cannot forge Sec-Fetch-Site; browsers without it still send Origin.
  const fromDesk =
    fetchSite === undefined
      ? origin !== undefined && originOk
      : fetchSite === 'same-origin' && originOk;
  if (!fromDesk) throw new DeskError(403, MESSAGES.foreignOrigin);
  next();
};

/** Counts a sign-in attempt before its password is checked; refuses it when locked out. */
function reserveSignInAttempt(store: AuthStore, req: Request, email: string, now: number) {
  const attempt = store.reserveSignInAttempt.immediate(
    { email, address: req.ip ?? 'unknown', now, since: now - SIGN_IN_WINDOW_MS },
    { perAccount: MAX_FAILURES_PER_ACCOUNT, perAddress: MAX_FAILURES_PER_ADDRESS },
  );
  if (attempt === undefined) throw new DeskError(429, MESSAGES.lockedOut);
  return attempt;
}

export function createAuth(store: AuthStore, clock: Clock): Auth {
  const sweep = createSweep(store);

  const sessionUser: Auth['sessionUser'] = (token, { extend } = { extend: true }) => {
    if (token === undefined) return undefined;
    const tokenHash = hashToken(token);
    const session = store.findSession(tokenHash);
    if (!session) return undefined;
    const now = clock.now();
    if (
      session.user.disabled ||
      now - session.lastSeenAt > IDLE_TIMEOUT_MS ||
      now - session.createdAt > ABSOLUTE_TIMEOUT_MS
    ) {
      store.deleteSession(tokenHash);
      return undefined;
    }
    if (extend && now - session.lastSeenAt > TOUCH_INTERVAL_MS) store.touchSession(tokenHash, now);
    return session.user;
  };

  const startSession = (req: Request, res: Response, userId: number): void => {
    const token = randomBytes(32).toString('base64url');
    store.insertSession(hashToken(token), userId, clock.now());
    setSessionCookie(req, res, token);
  };

  const signedInUser: Auth['signedInUser'] = (req, res) => {
    const user = sessionUser(sessionToken(req));
    if (!user && sessionToken(req) !== undefined) clearSessionCookie(req, res);
    return user;
  };

  const requireAnySession: RequestHandler = (req, res, next) => {
    const user = signedInUser(req, res);
    if (!user) throw new DeskError(401, MESSAGES.signedOut);
    res.locals.deskUser = user;
    next();
  };

  const reserveAttempt = (req: Request, email: string, now: number) =>
    reserveSignInAttempt(store, req, email, now);

  return {
    async signIn(req, res, email, password) {
      const now = clock.now();
      sweep(now);
      // No email is that long; such input is refused before it is counted or stored.
      if (email.length > 254) throw new DeskError(401, MESSAGES.wrongCredentials);
      const attempt = reserveAttempt(req, email, now);
      const row = store.userByEmail(email);
      const valid = await verifyPassword(row?.password_hash, password);
      if (!row || !valid || row.disabled_at !== null) {
        throw new DeskError(401, MESSAGES.wrongCredentials);
      }
      store.releaseSignInAttempt(attempt);
      startSession(req, res, row.id);
      return toDeskUser(row);
    },

    sessionUser,
    signedInUser,

    requireSession(req, res, next) {
      requireAnySession(req, res, () => {
        if (currentUser(res).mustChangePassword) {
          throw new DeskError(403, PASSWORD_CHANGE_REQUIRED);
        }
        next();
      });
    },

    requireAnySession,

    async changePassword(req, res, user, { currentPassword, newPassword }) {
      const problem = passwordProblem(newPassword);
      if (problem) throw new DeskError(400, problem);
      if (newPassword === currentPassword) {
        throw new DeskError(400, 'Choose a password other than the current one.');
      }
      // A session left open on a shared phone must not become a way to guess the password.
      const attempt = reserveAttempt(req, user.email, clock.now());
      const row = store.userById(user.id);
      if (!row || !(await verifyPassword(row.password_hash, currentPassword))) {
        throw new DeskError(400, 'The current password is not right.');
      }
      store.releaseSignInAttempt(attempt);
      // A manager may have reset the password or disabled the account while this one was checked.
      if (!sessionUser(sessionToken(req), { extend: false })) {
        throw new DeskError(401, MESSAGES.signedOut);
      }
      store.setPasswordHash(user.id, await hashPassword(newPassword));
      startSession(req, res, user.id);
      const changed = store.userById(user.id);
      if (!changed) throw new DeskError(401, MESSAGES.signedOut);
      return toDeskUser(changed);
    },

    requireManager,
    sameOrigin,

    signOut(req, res) {
      const token = sessionToken(req);
      if (token !== undefined) store.deleteSession(hashToken(token));
      clearSessionCookie(req, res);
    },

    signOutEverywhere(req, res, user) {
      store.deleteUserSessions(user.id);
      clearSessionCookie(req, res);
    },
  };
}
