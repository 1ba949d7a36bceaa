import express, { type Request, type Response } from 'express';
import { DeskError } from './desk-error.ts';

/** An inventory of 800 plots or a year of daily spend is some 40 kB; a megabyte leaves room. */
const IMPORT_LIMIT = '1mb';
const readCsv = express.text({ type: 'text/csv', limit: IMPORT_LIMIT });

/**
 * The request's body when it is a CSV file (content-type: text/csv, at most 1 MB): anything else
 * is refused with 415, too large a file with 413.
 */
export async function csvBody(req: Request, res: Response): Promise<string> {
  const body = await new Promise<unknown>((resolve, reject) => {
    readCsv(req, res, (error?: Error) => (error ? reject(error) : resolve(req.body)));
  });
  if (typeof body !== 'string') {
    throw new DeskError(415, 'Send the CSV file itself, with content-type: text/csv.');
  }
  return body;
}

/** Sends a CSV file to download under `name`. */
export function csvAttachment(res: Response, name: string, body: string): void {
  res
    .status(200)
    .set('Content-Type', 'text/csv; charset=utf-8')
    .set('Content-Disposition', `attachment; filename="${name}"`)
    .send(body);
}
