import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Request, RequestHandler, Response } from 'express';
import type { Clock } from '../clock.ts';
import { createSessionQueries } from '../desk/account-queries.ts';
import {
  ABSOLUTE_TIMEOUT_MS,
  cookieValue,
  hashToken,
  IDLE_TIMEOUT_MS,
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ADDRESS,
  SIGN_IN_WINDOW_MS,
} from '../desk/auth.ts';
import { DeskError, MESSAGES } from '../desk/desk-error.ts';
import { hashPassword, passwordProblem, verifyPassword } from '../desk/passwords.ts';
import type { Guards } from '../desk/route.ts';
import type { BrokerAccountQueries, BrokerRow } from './broker-queries.ts';

/**
 * The partner app's sign-in, apart from the desk's: its own cookie (`partner_session`, sent only
 * under /partners), its own sessions table, the desk's timeouts and lockout (the failed sign-ins
 * are counted in the same table, so one address cannot try desk and partner passwords in turn).
 * A broker has no password until they choose one through the link a manager's approval emails;
 * a new link (asked for on the sign-in page) is how a forgotten password is replaced.
 */
export const PARTNER_COOKIE = 'partner_session';
export const PARTNER_COOKIE_PATH = '/partners';
/** How long an emailed sign-in link works. */
export const LINK_VALID_MS = 72 * 3_600_000;

const TOUCH_INTERVAL_MS = 60_000;

const partnerToken = (req: Request) => cookieValue(req, PARTNER_COOKIE);

const cookieOptions = (req: Request) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: req.secure,
  path: PARTNER_COOKIE_PATH,
});

/** The signed-in broker, set by the partner guard. */
export function currentBroker(res: Response): BrokerRow {
  const broker = res.locals.broker as BrokerRow | undefined;
  if (!broker) throw new DeskError(401, MESSAGES.signedOut);
  return broker;
}

export function createPartnerAuth(
  db: Database.Database,
  accounts: BrokerAccountQueries,
  clock: Clock,
) {
  const failures = createSessionQueries(db);

  const startSession = (req: Request, res: Response, brokerId: number) => {
    const token = randomBytes(32).toString('base64url');
    accounts.insertSession(hashToken(token), brokerId, clock.now());
    res.cookie(PARTNER_COOKIE, token, { ...cookieOptions(req), maxAge: ABSOLUTE_TIMEOUT_MS });
  };

  const sessionBroker = (req: Request): BrokerRow | undefined => {
    const token = partnerToken(req);
    if (token === undefined) return undefined;
    const tokenHash = hashToken(token);
    const session = accounts.session(tokenHash);
    if (!session) return undefined;
    const now = clock.now();
    const broker = accounts.byId(session.broker_id);
    if (
      broker?.status !== 'approved' ||
      now - session.last_seen_at > IDLE_TIMEOUT_MS ||
      now - session.created_at > ABSOLUTE_TIMEOUT_MS
    ) {
      accounts.deleteSession(tokenHash);
      return undefined;
    }
    if (now - session.last_seen_at > TOUCH_INTERVAL_MS) accounts.touchSession(tokenHash, now);
    return broker;
  };

  const requireBroker: RequestHandler = (req, res, next) => {
    const broker = sessionBroker(req);
    if (!broker) {
      if (partnerToken(req) !== undefined) res.clearCookie(PARTNER_COOKIE, cookieOptions(req));
      throw new DeskError(401, MESSAGES.signedOut);
    }
    res.locals.broker = broker;
    next();
  };

  const noManagers: RequestHandler = () => {
    throw new DeskError(403, MESSAGES.managersOnly);
  };

  return {
    /** The partner routes' guards: every signed-in route needs a broker's session. */
    guards: {
      requireAnySession: requireBroker,
      requireSession: requireBroker,
      requireManager: noManagers,
    } satisfies Guards,

    async signIn(req: Request, res: Response, email: string, password: string): Promise<BrokerRow> {
      const now = clock.now();
      accounts.deleteStaleSessions(now - IDLE_TIMEOUT_MS, now - ABSOLUTE_TIMEOUT_MS);
      if (email.length > 254) throw new DeskError(401, MESSAGES.wrongCredentials);
      const attempt = failures.reserveSignInAttempt.immediate(
        { email, address: req.ip ?? 'unknown', now, since: now - SIGN_IN_WINDOW_MS },
        { perAccount: MAX_FAILURES_PER_ACCOUNT, perAddress: MAX_FAILURES_PER_ADDRESS },
      );
      if (attempt === undefined) throw new DeskError(429, MESSAGES.lockedOut);
      const broker = accounts.liveByEmail(email.trim().toLowerCase());
      const valid = await verifyPassword(broker?.password_hash ?? undefined, password);
      if (!broker || !valid || broker.status !== 'approved') {
        throw new DeskError(401, MESSAGES.wrongCredentials);
      }
      failures.releaseSignInAttempt(attempt);
      startSession(req, res, broker.id);
      return broker;
    },

    /** The emailed link's token in, a chosen password and a signed-in session out. */
    async choosePassword(
      req: Request,
      res: Response,
      token: string,
      password: string,
    ): Promise<BrokerRow> {
      const problem = passwordProblem(password);
      if (problem) throw new DeskError(400, problem);
      const broker = accounts.byLink(hashToken(token));
      if (!broker || broker.status !== 'approved' || (broker.link_until ?? 0) < clock.now()) {
        throw new DeskError(
          400,
          'This link has expired or was already used. Ask for a new one on the sign-in page.',
        );
      }
      accounts.setPassword(broker.id, await hashPassword(password));
      startSession(req, res, broker.id);
      return broker;
    },

    /** A new link for an approved broker: the token to email, its hash kept until it is used. */
    issueLink(brokerId: number): string {
      const token = randomBytes(32).toString('base64url');
      accounts.setLink(brokerId, hashToken(token), clock.now() + LINK_VALID_MS);
      return token;
    },

    signOut(req: Request, res: Response): void {
      const token = partnerToken(req);
      if (token !== undefined) accounts.deleteSession(hashToken(token));
      res.clearCookie(PARTNER_COOKIE, cookieOptions(req));
    },
  };
}

export type PartnerAuth = ReturnType<typeof createPartnerAuth>;
