import type Database from 'better-sqlite3';
import { DeskError } from '../desk/desk-error.ts';
import { createUserQueries, toDeskUser, type UserQueries } from '../desk/account-queries.ts';
import type { DeskUser, Role } from '../desk/desk-types.ts';
import { hashPassword, passwordProblem, temporaryPassword } from '../desk/passwords.ts';

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const NAME_MAX_LENGTH = 80;

export interface NewAccount {
  email: string;
  name: string;
  role: Role;
  password: string;
}

/** Account rules shared by the desk's Users screen and `pnpm leads users`. */
export async function createAccount(
  store: UserQueries,
  account: NewAccount,
  now: number,
): Promise<DeskUser> {
  const email = account.email.trim();
  const name = account.name.trim();
  if (!EMAIL.test(email) || email.length > 254) {
    throw new DeskError(400, `"${email}" is not an email address.`);
  }
  if (name === '' || name.length > NAME_MAX_LENGTH) {
    throw new DeskError(400, `The name must be 1 to ${NAME_MAX_LENGTH} characters long.`);
  }
  const problem = passwordProblem(account.password);
  if (problem) throw new DeskError(400, problem);
  if (store.userByEmail(email)) {
    throw new DeskError(409, `There is already an account for ${email}.`);
  }
  const hash = await hashPassword(account.password);
  return toDeskUser(store.insertUser({ email, name, role: account.role, hash, now }));
}

/** Disables an account and ends its sessions at once; disabling twice is harmless. */
export function disableAccount(store: UserQueries, id: number, now: number): DeskUser {
  existing(store, id);
  store.disableUser(id, now);
  return existing(store, id);
}

function existing(store: UserQueries, id: number): DeskUser {
  const row = store.userById(id);
  if (!row) throw new DeskError(404, 'There is no account with this id.');
  return toDeskUser(row);
}

/** Lets a disabled account sign in again; its old sessions ended when it was disabled. */
export function enableAccount(store: UserQueries, id: number): DeskUser {
  existing(store, id);
  store.enableUser(id);
  return existing(store, id);
}

export interface TemporaryPassword {
  user: DeskUser;
  /** Returned this once; only its hash is stored. */
  temporaryPassword: string;
}

/**
 * A manager's reset: a random temporary password, stored hashed like any other, every session of
 * the account ended, and the account held to choosing its own at the next sign-in.
 */
export async function resetToTemporaryPassword(
  store: UserQueries,
  id: number,
): Promise<TemporaryPassword> {
  existing(store, id);
  const password = temporaryPassword();
  store.setTemporaryPasswordHash(id, await hashPassword(password));
  return { user: existing(store, id), temporaryPassword: password };
}

/** Sets a new password and signs the account out everywhere. */
export async function resetPassword(store: UserQueries, id: number, password: string) {
  const problem = passwordProblem(password);
  if (problem) throw new DeskError(400, problem);
  store.setPasswordHash(id, await hashPassword(password));
}

/**
 * The accounts by email, as `pnpm leads users` manages them, on a database the lead store has
 * opened and brought up to date. Refusals are DeskErrors with a readable message.
 */
export function createAccountAdmin(db: Database.Database) {
  const store = createUserQueries(db);
  return {
    list: (): DeskUser[] => store.listUsers().map(toDeskUser),
    find(email: string): DeskUser | undefined {
      const row = store.userByEmail(email);
      return row && toDeskUser(row);
    },
    add: (account: NewAccount, now: number) => createAccount(store, account, now),
    disable: (user: DeskUser, now: number) => disableAccount(store, user.id, now),
    resetPassword: (user: DeskUser, password: string) => resetPassword(store, user.id, password),
    resetToTemporaryPassword: (user: DeskUser) => resetToTemporaryPassword(store, user.id),
    enable: (user: DeskUser) => enableAccount(store, user.id),
  };
}

export type AccountAdmin = ReturnType<typeof createAccountAdmin>;
