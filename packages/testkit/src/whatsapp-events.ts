/*
 * WhatsApp Business Account webhook posts (field `messages`) as Meta's reference shows them: an
 * incoming message with the sender's profile, and a status of a message we sent. Sign them with
 * `metaSignature` and the app's secret. Times are Unix seconds, as strings.
 */

export const WABA_ID = '102290129340398';
export const DISPLAY_PHONE_NUMBER = '15550783881';

/** A Click-to-WhatsApp ad's `referral`, as it comes with the first message from the ad. */
export interface WhatsappReferral {
  source_url: string;
  source_id: string;
  source_type: 'ad' | 'post';
  headline?: string;
  body?: string;
  ctwa_clid?: string;
}

export interface IncomingWhatsappMessage {
  /** The sender's WhatsApp number, digits only (`wa_id`). */
  from: string;
  /** The sender's profile name. */
  name: string;
  text: string;
  id?: string;
  timestamp?: number;
  referral?: WhatsappReferral;
  /** A button reply to a template's quick reply instead of text. */
  button?: { payload: string; text: string };
  /** An image or a document instead of text: the media id the Cloud API serves it by. */
  media?: { type: 'image' | 'document'; id: string; mimeType: string; caption?: string };
}

function contentOf(message: IncomingWhatsappMessage): Record<string, unknown> {
  if (message.media) {
    const { type, id, mimeType, caption } = message.media;
    return { type, [type]: { ...(caption ? { caption } : {}), mime_type: mimeType, id } };
  }
  return message.button
    ? { type: 'button', button: message.button }
    : { type: 'text', text: { body: message.text } };
}

const seconds = (at: number | undefined) => String(at ?? Math.floor(Date.now() / 1000));

function envelope(phoneNumberId: string, value: Record<string, unknown>): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: WABA_ID,
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: DISPLAY_PHONE_NUMBER,
                phone_number_id: phoneNumberId,
              },
              ...value,
            },
            field: 'messages',
          },
        ],
      },
    ],
  });
}

/** Meta's `messages` webhook for one incoming text (or button reply, image or document). */
export function whatsappMessageEvent(
  phoneNumberId: string,
  message: IncomingWhatsappMessage,
): string {
  const body = contentOf(message);
  return envelope(phoneNumberId, {
    contacts: [{ profile: { name: message.name }, wa_id: message.from }],
    messages: [
      {
        from: message.from,
        id: message.id ?? `wamid.${message.from}${Math.random().toString(36).slice(2)}`,
        timestamp: seconds(message.timestamp),
        ...body,
        ...(message.referral ? { referral: message.referral } : {}),
      },
    ],
  });
}

export interface WhatsappStatus {
  /** The `wamid` of the message we sent. */
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  recipient: string;
  timestamp?: number;
  error?: { code: number; title: string; message: string; details: string };
}

/** Meta's `messages` webhook carrying one status of a message we sent. */
export function whatsappStatusEvent(phoneNumberId: string, status: WhatsappStatus): string {
  return envelope(phoneNumberId, {
    statuses: [
      {
        id: status.id,
        status: status.status,
        timestamp: seconds(status.timestamp),
        recipient_id: status.recipient,
        ...(status.error
          ? {
              errors: [
                {
                  code: status.error.code,
                  title: status.error.title,
                  message: status.error.message,
                  error_data: { details: status.error.details },
                },
              ],
            }
          : {}),
      },
    ],
  });
}
