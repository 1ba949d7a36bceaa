/** What the drills read from their environment; the only place they touch `process.env`. */
export const DRILL_ENV = {
  /** Keep the temp data folders for inspection after a run. */
  keep: process.env.DRILL_KEEP === '1',
  /** Print the server's log lines as they come. */
  verbose: process.env.DRILL_VERBOSE === '1',
};
