/**
 * The desk's test server (its accounts, signed-in sessions and stored leads) for suites outside
 * the API, such as the desk's browser tests on the test kit's clock.
 */
export { PASSWORD, startDeskTestServer, type DeskTestServer } from '@iconia/api/desk-test-support';
