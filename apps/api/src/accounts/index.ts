/**
 * The desk's accounts: who may sign in (adding, disabling, re-enabling agents, passwords and
 * temporary passwords, hashed with argon2id), and the routes of signing in and out and of the
 * Users screen. Sessions themselves, and the middleware that checks them on every desk route,
 * are the desk's (`desk/auth.ts`). `pnpm leads users` manages accounts through `createAccountAdmin`.
 */
export {
  createAccount,
  createAccountAdmin,
  resetToTemporaryPassword,
  type AccountAdmin,
  type NewAccount,
} from './accounts.ts';
export { accountRoutes, type AccountRouteDeps } from './account-routes.ts';
export { sessionRoutes, type SessionRouteDeps } from './session-routes.ts';
// What a caller outside the desk (`pnpm leads users`) needs beside the use cases above.
export { DeskError } from '../desk/desk-error.ts';
export { isRole } from '../desk/desk-types.ts';
export { PASSWORD_MIN_LENGTH } from '../desk/passwords.ts';
