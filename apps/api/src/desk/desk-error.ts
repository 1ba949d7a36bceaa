import type { ErrorRequestHandler } from 'express';
import type { Logger } from '../logger.ts';

/** An answer the desk gives as `{ error }` with its status; the message is for people. */
export class DeskError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'DeskError';
  }
}

export const MESSAGES = {
  signedOut: 'Please sign in.',
  wrongCredentials: 'Email or password is incorrect.',
  lockedOut: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  foreignOrigin: 'This request must come from the sales desk itself.',
  managersOnly: 'Only a manager can do this.',
  notYourLead: 'This lead belongs to someone else. Ask a manager to reassign it.',
  leadNotFound: 'There is no lead with this id.',
} as const;

/** The desk's refusals as `{ error }`, and any other failure logged and answered briefly. */
export function deskErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) return;
    if (error instanceof DeskError) {
      res.status(error.status).json({ error: error.message });
      return;
    }
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // body-parser's errors: malformed JSON, too large, wrong charset.
      const message =
        status === 413
          ? 'The request is too large.'
          : status === 415
            ? 'Send JSON with content-type: application/json.'
            : 'The request could not be read as JSON.';
      res.status(status).json({ error: message });
      return;
    }
    logger.error({ err: error, path: req.path }, 'desk request failed');
    res.status(500).json({ error: 'Something went wrong on the server. Please try again.' });
  };
}
