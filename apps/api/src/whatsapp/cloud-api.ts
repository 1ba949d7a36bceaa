import * as v from 'valibot';
import type { WhatsappSettings } from '../config/whatsapp-config.ts';
import { reasonInWords, WhatsappSendError } from './whatsapp-reasons.ts';

/** Long enough for the Cloud API on a bad day; a send that takes longer is tried again. */
export const CLOUD_API_TIMEOUT_MS = 10_000;

/** A template's parameter, as the Cloud API documents them: text, or a document by its link. */
export type TemplateParameter =
  | { type: 'text'; text: string }
  | { type: 'document'; document: { link: string; filename: string } };

/** A template's header or body, or (an authentication template's) copy-code button. */
export type TemplateComponent =
  | { type: 'header' | 'body'; parameters: TemplateParameter[] }
  | { type: 'button'; sub_type: 'url'; index: string; parameters: TemplateParameter[] };

/** A place as the Cloud API's `location` message carries it. */
export interface Place {
  latitude: number;
  longitude: number;
  name: string;
  address: string;
}

/**
 * What one send carries: an approved template at any time; inside the 24-hour window free text,
 * a document by its public link, or a location pin.
 */
export type OutgoingContent =
  | { type: 'template'; name: string; language: string; components: TemplateComponent[] }
  | { type: 'text'; body: string }
  | { type: 'document'; link: string; filename: string }
  | { type: 'location'; place: Place };

const SentSchema = v.object({
  messaging_product: v.literal('whatsapp'),
  messages: v.pipe(v.array(v.object({ id: v.pipe(v.string(), v.minLength(1)) })), v.minLength(1)),
});

const CloudErrorSchema = v.object({
  error: v.object({
    message: v.optional(v.string()),
    type: v.optional(v.string()),
    code: v.optional(v.number()),
    error_data: v.optional(v.object({ details: v.optional(v.string()) })),
    fbtrace_id: v.optional(v.string()),
  }),
});

/** The documented JSON of `POST /{PHONE_NUMBER_ID}/messages`. */
export function sendBody(to: string, content: OutgoingContent): Record<string, unknown> {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to };
  if (content.type === 'text') return { ...base, type: 'text', text: { body: content.body } };
  if (content.type === 'document') {
    return {
      ...base,
      type: 'document',
      document: { link: content.link, filename: content.filename },
    };
  }
  if (content.type === 'location') return { ...base, type: 'location', location: content.place };
  return {
    ...base,
    type: 'template',
    template: {
      name: content.name,
      language: { code: content.language },
      components: content.components,
    },
  };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text());
  } catch {
    return undefined;
  }
}

/**
 * Sends one message through the Cloud API with the system user's token; resolves with its
 * `wamid`, or throws a `WhatsappSendError` with Meta's code and reason.
 */
export async function sendWhatsapp(
  settings: Pick<WhatsappSettings, 'graphUrl' | 'phoneNumberId' | 'accessToken'>,
  to: string,
  content: OutgoingContent,
  timeoutMs = CLOUD_API_TIMEOUT_MS,
): Promise<string> {
  const url = `${settings.graphUrl}/${encodeURIComponent(settings.phoneNumberId)}/messages`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${settings.accessToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(sendBody(to.replace(/^\+/, ''), content)),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'failed';
    throw new WhatsappSendError(`the WhatsApp send ${reason}`, undefined, undefined);
  }
  const body = await readJson(response);
  if (response.ok) {
    const sent = v.safeParse(SentSchema, body);
    if (sent.success) return sent.output.messages[0]!.id;
    throw new WhatsappSendError(
      `WhatsApp answered ${response.status} without a message id`,
      undefined,
      undefined,
    );
  }
  const refused = v.safeParse(CloudErrorSchema, body);
  if (!refused.success) {
    throw new WhatsappSendError(`WhatsApp answered ${response.status}`, undefined, 500);
  }
  const { code, message, fbtrace_id: trace } = refused.output.error;
  throw new WhatsappSendError(
    `${reasonInWords(code, message)} (WhatsApp ${response.status}, code ${code ?? '-'}, fbtrace_id ${trace ?? '-'})`,
    code,
    response.status,
  );
}
