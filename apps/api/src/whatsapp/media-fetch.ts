import { createHash } from 'node:crypto';
import * as v from 'valibot';
import type { WhatsappSettings } from '../config/whatsapp-config.ts';

/**
 * A buyer's file fetched as the Cloud API documents it, and only so: `GET {graph}/{media-id}`
 * with the system user's token answers where the file is, then a `GET` of that address with the
 * same token gives the bytes. The address is followed only when it is Meta's media host (https)
 * or the Graph URL's own origin; redirects are not followed. Only the allowed types, up to
 * `MEDIA_MAX_BYTES`, are fetched at all.
 */

/** The largest file kept: 16 MB, the Cloud API's own limit for images, audio and video. */
export const MEDIA_MAX_BYTES = 16 * 1024 * 1024;

/** The types kept, with the file name's extension the desk gives each. */
export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'audio/ogg': 'ogg',
  'video/mp4': 'mp4',
};

/** The host Meta serves WhatsApp media from. */
const META_MEDIA_HOSTS = new Set(['lookaside.fbsbx.com']);

/** Long enough for 16 MB on a slow day; a download that takes longer is tried again. */
const MEDIA_TIMEOUT_MS = 60_000;

/** A file not kept however often it is tried, with the reason in words for the desk. */
export class MediaRefusedError extends Error {
  override name = 'MediaRefusedError';
}

const MetadataSchema = v.object({
  url: v.string(),
  mime_type: v.string(),
  sha256: v.optional(v.string()),
  file_size: v.optional(v.number()),
});

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Whether the metadata's address may be fetched: Meta's media host, or the Graph URL's origin. */
export function isMediaUrlAllowed(url: string, graphUrl: string): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (target.username || target.password) return false;
  if (target.protocol === 'https:' && META_MEDIA_HOSTS.has(target.hostname)) return true;
  return target.origin === new URL(graphUrl).origin;
}

type Settings = Pick<WhatsappSettings, 'graphUrl' | 'accessToken'>;

async function get(settings: Settings, url: string): Promise<Response> {
  try {
    return await fetch(url, {
      headers: { authorization: `Bearer ${settings.accessToken}` },
      redirect: 'error',
      signal: AbortSignal.timeout(MEDIA_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new Error(`the WhatsApp media request ${timedOut ? 'timed out' : 'failed'}`, {
      cause: error,
    });
  }
}

/** Where the file is and what it is, or why it will not be fetched. */
async function metadataOf(settings: Settings, mediaId: string) {
  const response = await get(settings, `${settings.graphUrl}/${encodeURIComponent(mediaId)}`);
  const body: unknown = await response.json().catch(() => undefined);
  if (response.status === 400 || response.status === 404) {
    throw new MediaRefusedError('WhatsApp no longer has this file');
  }
  const metadata = v.safeParse(MetadataSchema, body);
  if (!response.ok || !metadata.success) {
    throw new Error(`the WhatsApp media endpoint answered ${response.status}`);
  }
  const { url, mime_type: type, file_size: size } = metadata.output;
  if (!(type in MEDIA_TYPES)) {
    throw new MediaRefusedError(`${type} is not a type of file the desk keeps`);
  }
  if (size !== undefined && size > MEDIA_MAX_BYTES) {
    throw new MediaRefusedError(
      `the file is ${megabytes(size)}, over the ${megabytes(MEDIA_MAX_BYTES)} the desk keeps`,
    );
  }
  if (!isMediaUrlAllowed(url, settings.graphUrl)) {
    throw new MediaRefusedError('WhatsApp pointed to the file somewhere other than Meta');
  }
  return { ...metadata.output, type };
}

/** The body, read no further than the limit. */
async function boundedBytes(response: Response): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of response.body ?? []) {
    length += (chunk as Uint8Array).length;
    if (length > MEDIA_MAX_BYTES) {
      throw new MediaRefusedError(
        `the file is over the ${megabytes(MEDIA_MAX_BYTES)} the desk keeps`,
      );
    }
    chunks.push(Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(chunks);
}

function matchesDigest(bytes: Buffer, sha256: string | undefined): boolean {
  if (!sha256) return true;
  const digest = createHash('sha256').update(bytes);
  const hex = digest.copy().digest('hex');
  return sha256 === hex || sha256 === digest.digest('base64');
}

/**
 * The file of `mediaId` and its type. Throws `MediaRefusedError` when it is not to be kept, and
 * any other error when it may be tried again.
 */
export async function fetchMedia(
  settings: Settings,
  mediaId: string,
): Promise<{ bytes: Buffer; type: string }> {
  const metadata = await metadataOf(settings, mediaId);
  const response = await get(settings, metadata.url);
  if (!response.ok) throw new Error(`the WhatsApp media download answered ${response.status}`);
  const bytes = await boundedBytes(response);
  if (!matchesDigest(bytes, metadata.sha256)) {
    throw new Error('the WhatsApp media download did not match its sha256');
  }
  return { bytes, type: metadata.type };
}
