import type { Request, Response } from 'express';
import { MESSAGES } from '@iconia/shared';
import { isFormNavigation, redirectToThankYou, sendProblemPage } from './form-post.ts';

/**
 * The API's plain-text answers. The site shows them to visitors after "Submission failed: ",
 * so they are written for people, not programs.
 */
export const REPLIES = {
  success: 'success',
  error: 'error',
  tooLarge: 'The form is too large. Please shorten your answers and try again.',
  unsupportedType:
    'Please send the form as application/x-www-form-urlencoded, multipart/form-data or application/json.',
  fileNotAccepted: 'File uploads are not accepted. Please send the form fields only.',
  unreadable: 'The form could not be read. Please try again.',
  timeout: 'The request took too long. Please try again.',
  tooManyRequests: MESSAGES.tooManyRequests,
  notFound: 'Not found.',
} as const;

export function methodNotAllowed(allow: readonly string[]): string {
  return `Method not allowed. Use ${allow.join(' or ')}.`;
}

/** Every API answer goes out this way: plain UTF-8 text that no cache keeps. */
export function sendText(res: Response, status: number, text: string): void {
  res
    .status(status)
    .set('Content-Type', 'text/plain; charset=utf-8')
    .set('Cache-Control', 'no-store')
    .send(text);
}

/**
 * Answers a post to a lead endpoint. A script reads plain text; a browser's own form post gets
 * the thank-you page on success and a readable page naming the problem otherwise.
 */
export function sendReply(req: Request, res: Response, status: number, text: string): void {
  if (req.method !== 'POST' || !isFormNavigation(req)) {
    sendText(res, status, text);
    return;
  }
  if (status < 300) redirectToThankYou(res);
  else sendProblemPage(req, res, status, text);
}

/** An error that already knows how the client should be answered. */
export class ReplyError extends Error {
  constructor(
    readonly status: number,
    readonly reply: string,
    message: string = reply,
  ) {
    super(message);
    this.name = 'ReplyError';
  }
}
