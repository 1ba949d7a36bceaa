import type { IncomingMessage } from 'node:http';
import type { Writable } from 'node:stream';
import express, { type RequestHandler } from 'express';
import multer from 'multer';
import { REPLIES, ReplyError } from './replies.ts';

/** A lead form is a handful of short fields; anything bigger is not a visitor. */
export const BODY_LIMIT_BYTES = 16 * 1024;
export const FIELD_LIMIT = 30;

/** multer 2.5 option, not yet in its type definitions. */
type StreamHandler = (req: IncomingMessage, busboy: Writable) => void;

const ACCEPTED_TYPES = [
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/json',
];

/**
 * Reads a lead form sent URL-encoded, as multipart form data (fields only) or as JSON, within the
 * same limits for all three, into `req.body` as a plain object.
 */
export function createLeadBodyParser(): RequestHandler[] {
  const urlencoded = express.urlencoded({
    extended: false,
    limit: BODY_LIMIT_BYTES,
    parameterLimit: FIELD_LIMIT,
  });
  const json = express.json({ limit: BODY_LIMIT_BYTES, strict: true });
  const multipartOptions: multer.Options & { streamHandler: StreamHandler } = {
    limits: {
      fields: FIELD_LIMIT,
      fieldSize: BODY_LIMIT_BYTES,
      fieldNameSize: 100,
      fieldNestingDepth: 0,
      files: 0,
      parts: FIELD_LIMIT,
      headerPairs: 20,
    },
    // multer bounds each field, not the whole body; counting the bytes holds chunked uploads to
    // the same 16 KB as the other encodings.
    streamHandler(req, busboy) {
      let received = 0;
      let over = false;
      req.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (over || received <= BODY_LIMIT_BYTES) return;
        over = true;
        req.unpipe(busboy);
        busboy.destroy(new ReplyError(413, REPLIES.tooLarge, 'multipart body over the limit'));
      });
      req.pipe(busboy);
    },
  };
  const multipart = multer(multipartOptions).none();

  const checkType: RequestHandler = (req, _res, next) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > BODY_LIMIT_BYTES) {
      next(new ReplyError(413, REPLIES.tooLarge, 'declared body over the limit'));
      return;
    }
    // No body at all reads as an empty form, which validation then explains field by field.
    const type = req.is(ACCEPTED_TYPES);
    const empty = declared === 0 && req.headers['transfer-encoding'] === undefined;
    if (type === null || (empty && req.headers['content-type'] === undefined)) {
      req.body = {};
      next();
      return;
    }
    if (type === false) {
      next(
        new ReplyError(
          415,
          REPLIES.unsupportedType,
          `unsupported type ${req.headers['content-type']}`,
        ),
      );
      return;
    }
    next();
  };

  const checkFieldCount: RequestHandler = (req, _res, next) => {
    const body: unknown = req.body;
    if (body !== null && typeof body === 'object' && Object.keys(body).length > FIELD_LIMIT) {
      next(new ReplyError(413, REPLIES.tooLarge, 'too many fields'));
      return;
    }
    next();
  };

  return [checkType, urlencoded, json, multipart, checkFieldCount];
}

/**
 * Reduces a parsed body to the fields the lead rules read, each value as it came (the rules
 * decide which types a field takes). Only the body's own fields count, in an object without a
 * prototype: JSON's `"__proto__": {…}` is a field like any other here, never a source of
 * inherited values.
 */
export function formFields(body: unknown): Record<string, unknown> {
  const fields = Object.create(null) as Record<string, unknown>;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return fields;
  for (const [key, value] of Object.entries(body)) {
    Object.defineProperty(fields, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return fields;
}
