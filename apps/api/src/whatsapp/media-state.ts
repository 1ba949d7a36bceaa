import * as v from 'valibot';

/**
 * A buyer's file as `whatsapp_messages.media` keeps it: the Cloud API's media id, then either the
 * file kept under the media folder (its random name, type and size) or why it was not kept.
 */
const MediaSchema = v.variant('state', [
  v.object({ id: v.string(), state: v.literal('waiting') }),
  v.object({
    id: v.string(),
    state: v.literal('kept'),
    file: v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/)),
    type: v.string(),
    size: v.number(),
  }),
  v.object({ id: v.string(), state: v.literal('refused'), reason: v.string() }),
]);
export type MessageMedia = v.InferOutput<typeof MediaSchema>;

/** The stored JSON read back; undefined for a message without a file. */
export function readMedia(json: string | null): MessageMedia | undefined {
  if (json === null) return undefined;
  try {
    const read = v.safeParse(MediaSchema, JSON.parse(json));
    return read.success ? read.output : undefined;
  } catch {
    return undefined;
  }
}
