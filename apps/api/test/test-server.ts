/**
 * The API's servers for tests, benches and drills, in this repository's other packages too: in
 * this process (`startTestServer`), or as a child process as production runs it
 * (`startServerProcess`, `startSiteServer`); the desk's, with accounts and sign-in
 * (`startDeskTestServer`).
 */
export * from './in-process.ts';
export {
  PASSWORD,
  startDeskTestServer,
  type DeskTestServer,
} from '../src/desk/desk-test-support.ts';
export * from './server-process.ts';
