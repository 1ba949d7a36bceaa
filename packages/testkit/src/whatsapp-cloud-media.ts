import { createHash, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The Cloud API peer's media, as Meta documents it: `GET /{version}/{media-id}` with the bearer
 * token answers the file's metadata (`url`, `mime_type`, `sha256`, `file_size`, `id`,
 * `messaging_product`), and a `GET` of that `url` with the same token gives the bytes. The peer
 * serves the bytes from its own origin, under the path Meta's lookaside host uses.
 */

/** A file a buyer sent, held by the peer under its media id. */
export interface WhatsappMedia {
  bytes: Buffer;
  mimeType: string;
  /** Answered as the metadata's `url` instead of the peer's own: where the file is said to be. */
  url?: string;
  /** Answered as the metadata's `file_size` instead of the bytes' length. */
  fileSize?: number;
}

const ATTACHMENTS_PATH = '/whatsapp_business/attachments/';

export interface MediaShelf {
  /** Holds a file; answers its media id, as an incoming message's `image.id` names it. */
  add(media: WhatsappMedia): string;
  /** Every request for media metadata or bytes, by path. */
  requests: string[];
  /** Answers a media request (true), or leaves the request to the sends (false). */
  answer(request: IncomingMessage, response: ServerResponse, origin: string): boolean;
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response
    .writeHead(status, { 'content-type': 'application/json; charset=UTF-8' })
    .end(JSON.stringify(body));
}

/** Graph's answers for an id it does not have, and for a token it does not take. */
const NO_SUCH_MEDIA = (id: string) => ({
  error: {
    message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    type: 'GraphMethodException',
    code: 100,
    error_subcode: 33,
    fbtrace_id: 'AbCdEfGhIjKlMnOpQrStUv',
  },
});
const BAD_TOKEN = {
  error: {
    message: 'Invalid OAuth access token - Cannot parse access token',
    type: 'OAuthException',
    code: 190,
    fbtrace_id: 'AbCdEfGhIjKlMnOpQrStUv',
  },
};

export function createMediaShelf(version: string, accessToken: string): MediaShelf {
  const held = new Map<string, WhatsappMedia>();
  const requests: string[] = [];
  const metadataPath = new RegExp(`^/${version}/(\\d+)$`);

  function metadata(id: string, media: WhatsappMedia, origin: string) {
    return {
      messaging_product: 'whatsapp',
      url: media.url ?? `${origin}${ATTACHMENTS_PATH}?mid=${id}&ext=1744344798&hash=ATtZXrI3lKo6`,
      mime_type: media.mimeType,
      sha256: createHash('sha256').update(media.bytes).digest('hex'),
      file_size: media.fileSize ?? media.bytes.length,
      id,
    };
  }

  return {
    requests,
    add(media) {
      const id = String(randomInt(1_000_000_000, 2 ** 47));
      held.set(id, media);
      return id;
    },
    answer(request, response, origin) {
      const url = new URL(request.url ?? '/', origin);
      const metadataId = metadataPath.exec(url.pathname)?.[1];
      const isBytes = url.pathname === ATTACHMENTS_PATH;
      if (request.method !== 'GET' || (metadataId === undefined && !isBytes)) return false;
      requests.push(url.pathname);
      if (request.headers.authorization !== `Bearer ${accessToken}`) {
        json(response, 401, BAD_TOKEN);
        return true;
      }
      const id = metadataId ?? url.searchParams.get('mid') ?? '';
      const media = held.get(id);
      if (!media) json(response, isBytes ? 404 : 400, NO_SUCH_MEDIA(id));
      else if (metadataId !== undefined) json(response, 200, metadata(id, media, origin));
      else response.writeHead(200, { 'content-type': media.mimeType }).end(media.bytes);
      return true;
    },
  };
}
