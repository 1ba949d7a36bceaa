import type Database from 'better-sqlite3';
import type { DeskUser, Role } from './desk-types.ts';

/**
 * The desk's accounts, sessions and failed sign-ins: `desk_users`, `desk_sessions` and
 * `desk_sign_in_failures`.
 */

export interface UserRow {
  id: number;
  email: string;
  name: string;
  role: Role;
  password_hash: string;
  disabled_at: number | null;
  must_change_password: 0 | 1;
}

export interface SessionRow {
  user: DeskUser;
  createdAt: number;
  lastSeenAt: number;
}

export function toDeskUser(row: UserRow): DeskUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    disabled: row.disabled_at !== null,
    mustChangePassword: row.must_change_password === 1,
  };
}

const USER_COLUMNS = 'id, email, name, role, password_hash, disabled_at, must_change_password';

/** The accounts: found, listed, added, disabled and enabled, and their passwords. */
export function createUserQueries(db: Database.Database) {
  const userByEmail = db.prepare<[string], UserRow>(
    `SELECT ${USER_COLUMNS} FROM desk_users WHERE email = ?`,
  );
  const userById = db.prepare<[number], UserRow>(
    `SELECT ${USER_COLUMNS} FROM desk_users WHERE id = ?`,
  );
  const allUsers = db.prepare<[], UserRow>(
    `SELECT ${USER_COLUMNS} FROM desk_users ORDER BY disabled_at IS NOT NULL, name, id`,
  );
  const insertUser = db.prepare<
    { email: string; name: string; role: Role; hash: string; now: number },
    UserRow
  >(`INSERT INTO desk_users (email, name, role, password_hash, created_at)
     VALUES (@email, @name, @role, @hash, @now) RETURNING ${USER_COLUMNS}`);
  const disableUser = db.prepare<[number, number]>(
    `UPDATE desk_users SET disabled_at = coalesce(disabled_at, ?) WHERE id = ?`,
  );
  const setHash = db.prepare<{ id: number; hash: string; mustChange: 0 | 1 }>(
    `UPDATE desk_users SET password_hash = @hash, must_change_password = @mustChange WHERE id = @id`,
  );
  const enableUser = db.prepare<[number]>(`UPDATE desk_users SET disabled_at = NULL WHERE id = ?`);
  const forgetAccountFailures = db.prepare<[number]>(
    `DELETE FROM desk_sign_in_failures
     WHERE email = (SELECT email FROM desk_users WHERE id = ?)`,
  );
  const deleteUserSessions = db.prepare<[number]>(`DELETE FROM desk_sessions WHERE user_id = ?`);

  return {
    userByEmail: (email: string) => userByEmail.get(email),
    userById: (id: number) => userById.get(id),
    listUsers: () => allUsers.all(),
    insertUser: (user: { email: string; name: string; role: Role; hash: string; now: number }) =>
      insertUser.get(user) as UserRow,
    /** Disables the account and ends every session of it in one step. */
    disableUser: db.transaction((id: number, now: number) => {
      disableUser.run(now, id);
      deleteUserSessions.run(id);
    }),
    /** A new password ends every session that was signed in with the old one. */
    setPasswordHash: db.transaction((id: number, hash: string) => {
      setHash.run({ id, hash, mustChange: 0 });
      deleteUserSessions.run(id);
    }),
    /**
     * A manager's reset: a temporary password its owner must replace at the next sign-in. Every
     * session ends, and the failed sign-ins that may have locked the account are forgotten so
     * the temporary password works at once.
     */
    setTemporaryPasswordHash: db.transaction((id: number, hash: string) => {
      setHash.run({ id, hash, mustChange: 1 });
      deleteUserSessions.run(id);
      forgetAccountFailures.run(id);
    }),
    enableUser: (id: number) => {
      enableUser.run(id);
    },
  };
}

/** Signed-in sessions, and the failed sign-ins that lock an account or an address for a while. */
export function createSessionQueries(db: Database.Database) {
  const insertSession = db.prepare<[string, number, number, number]>(
    `INSERT INTO desk_sessions (token_hash, user_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)`,
  );
  const sessionByHash = db.prepare<
    [string],
    UserRow & { created_at: number; last_seen_at: number }
  >(`SELECT u.id, u.email, u.name, u.role, u.password_hash, u.disabled_at, u.must_change_password,
            s.created_at, s.last_seen_at
     FROM desk_sessions s JOIN desk_users u ON u.id = s.user_id
     WHERE s.token_hash = ?`);
  const touchSession = db.prepare<[number, string]>(
    `UPDATE desk_sessions SET last_seen_at = ? WHERE token_hash = ?`,
  );
  const deleteSession = db.prepare<[string]>(`DELETE FROM desk_sessions WHERE token_hash = ?`);
  const deleteUserSessions = db.prepare<[number]>(`DELETE FROM desk_sessions WHERE user_id = ?`);

  const deleteStaleSessions = db.prepare<[number, number]>(
    `DELETE FROM desk_sessions WHERE last_seen_at < ? OR created_at < ?`,
  );

  const insertAttempt = db.prepare<[number, string, string], { id: number }>(
    `INSERT INTO desk_sign_in_failures (at, email, address) VALUES (?, ?, ?) RETURNING id`,
  );
  const deleteAttempt = db.prepare<[number]>(`DELETE FROM desk_sign_in_failures WHERE id = ?`);
  const failuresByEmail = db.prepare<[string, number], { count: number }>(
    `SELECT count(*) AS count FROM desk_sign_in_failures WHERE email = ? AND at >= ?`,
  );
  const failuresByAddress = db.prepare<[string, number], { count: number }>(
    `SELECT count(*) AS count FROM desk_sign_in_failures WHERE address = ? AND at >= ?`,
  );
  const forgetFailures = db.prepare<[number]>(`DELETE FROM desk_sign_in_failures WHERE at < ?`);

  return {
    insertSession: (tokenHash: string, userId: number, now: number) => {
      insertSession.run(tokenHash, userId, now, now);
    },
    findSession(tokenHash: string): SessionRow | undefined {
      const row = sessionByHash.get(tokenHash);
      return row
        ? { user: toDeskUser(row), createdAt: row.created_at, lastSeenAt: row.last_seen_at }
        : undefined;
    },
    touchSession: (tokenHash: string, now: number) => {
      touchSession.run(now, tokenHash);
    },
    deleteSession: (tokenHash: string) => {
      deleteSession.run(tokenHash);
    },
    deleteUserSessions: (userId: number) => {
      deleteUserSessions.run(userId);
    },
    deleteStaleSessions: (idleBefore: number, createdBefore: number) =>
      deleteStaleSessions.run(idleBefore, createdBefore).changes,

    /**
     * Counts a sign-in attempt as failed before its password is checked, unless the account or
     * the address has reached its limit since `since`: then nothing is stored and undefined
     * comes back. Checking and counting in one transaction is what keeps a burst of requests
     * from all passing the check while the first ones are still being verified.
     */
    reserveSignInAttempt: db.transaction(
      (
        attempt: { email: string; address: string; now: number; since: number },
        limits: { perAccount: number; perAddress: number },
      ): number | undefined => {
        const byEmail = failuresByEmail.get(attempt.email, attempt.since)?.count ?? 0;
        const byAddress = failuresByAddress.get(attempt.address, attempt.since)?.count ?? 0;
        if (byEmail >= limits.perAccount || byAddress >= limits.perAddress) return undefined;
        return insertAttempt.get(attempt.now, attempt.email, attempt.address)?.id;
      },
    ),
    /** A correct password takes its attempt back: signing in correctly never locks anyone out. */
    releaseSignInAttempt: (id: number) => {
      deleteAttempt.run(id);
    },
    forgetSignInFailures: (before: number) => {
      forgetFailures.run(before);
    },
  };
}

/** The accounts' queries, as the account rules and the sessions use them. */
export type UserQueries = ReturnType<typeof createUserQueries>;
/** The sessions' and failed sign-ins' queries, as the session middleware uses them. */
export type SessionQueries = ReturnType<typeof createSessionQueries>;
