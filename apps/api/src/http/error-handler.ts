import type { ErrorRequestHandler, RequestHandler } from 'express';
import multer from 'multer';
import type { Logger } from '../logger.ts';
import { REPLIES, ReplyError, sendReply, sendText } from './replies.ts';
import { requestLogger } from './request-log.ts';

interface Reply {
  status: number;
  text: string;
}

/** body-parser marks its errors with a `type`; these are the ones a client can cause. */
const BODY_PARSER_REPLIES: Record<string, Reply> = {
  'entity.too.large': { status: 413, text: REPLIES.tooLarge },
  'parameters.too.many': { status: 413, text: REPLIES.tooLarge },
  'entity.parse.failed': { status: 400, text: REPLIES.unreadable },
  'entity.verify.failed': { status: 400, text: REPLIES.unreadable },
  'request.aborted': { status: 400, text: REPLIES.unreadable },
  'request.size.invalid': { status: 400, text: REPLIES.unreadable },
  'encoding.unsupported': { status: 415, text: REPLIES.unsupportedType },
  'charset.unsupported': { status: 415, text: REPLIES.unsupportedType },
};

const MULTER_REPLIES: Record<string, Reply> = {
  LIMIT_UNEXPECTED_FILE: { status: 400, text: REPLIES.fileNotAccepted },
  LIMIT_FILE_COUNT: { status: 400, text: REPLIES.fileNotAccepted },
  LIMIT_FILE_SIZE: { status: 400, text: REPLIES.fileNotAccepted },
  LIMIT_PART_COUNT: { status: 413, text: REPLIES.tooLarge },
  LIMIT_FIELD_COUNT: { status: 413, text: REPLIES.tooLarge },
  LIMIT_FIELD_VALUE: { status: 413, text: REPLIES.tooLarge },
  LIMIT_FIELD_KEY: { status: 413, text: REPLIES.tooLarge },
};

function hasProperty<K extends string>(value: unknown, key: K): value is Record<K, unknown> {
  return typeof value === 'object' && value !== null && key in value;
}

/** Which answer a client gets for an error; undefined means it is ours, not theirs. */
export function replyFor(error: unknown): Reply | undefined {
  if (error instanceof ReplyError) return { status: error.status, text: error.reply };
  if (error instanceof multer.MulterError) {
    return MULTER_REPLIES[error.code] ?? { status: 400, text: REPLIES.unreadable };
  }
  if (hasProperty(error, 'type') && typeof error.type === 'string') {
    const known = BODY_PARSER_REPLIES[error.type];
    if (known) return known;
  }
  // busboy's own complaints about a malformed multipart body ("Unexpected end of form", …).
  if (
    error instanceof Error &&
    /^(Multipart|Malformed|Unexpected end of form)/i.test(error.message)
  ) {
    return { status: 400, text: REPLIES.unreadable };
  }
  if (hasProperty(error, 'status') && typeof error.status === 'number') {
    if (error.status >= 400 && error.status < 500) {
      return {
        status: error.status,
        text: error.status === 404 ? REPLIES.notFound : REPLIES.unreadable,
      };
    }
  }
  return undefined;
}

/** The one place errors become answers: logged with the request, answered briefly in plain text. */
export function createErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const log = requestLogger(req, logger);
    const reply = replyFor(error);
    if (reply) {
      log.info(
        { status: reply.status, reason: error instanceof Error ? error.message : String(error) },
        'request refused',
      );
    } else {
      log.error({ err: error }, 'request failed');
    }
    if (res.headersSent) {
      // Part of an answer is already out; cutting the connection is the only honest ending.
      res.destroy();
      return;
    }
    sendReply(req, res, reply?.status ?? 500, reply?.text ?? REPLIES.error);
  };
}

/** The last stop for paths nothing else answered. */
export const notFoundText: RequestHandler = (_req, res) => {
  sendText(res, 404, REPLIES.notFound);
};
