/**
 * What WhatsApp's error codes mean to sales staff, and which of them end a send for good: a
 * number not on WhatsApp, a closed 24-hour window or an opted-out buyer is not tried again; a
 * throughput ceiling, an outage or an expired token (which an operator renews) is.
 */
const REASONS: Readonly<Record<number, string>> = {
  100: 'Not sent: WhatsApp refused the message as sent (a wrong parameter)',
  190: 'Waiting: the WhatsApp access token has expired or is wrong; an operator must renew it',
  131000: 'Waiting: something went wrong at WhatsApp; it is tried again',
  131008: 'Not sent: a required part of the message was missing',
  131009: 'Not sent: a part of the message had a value WhatsApp does not take',
  131016: 'Waiting: WhatsApp is unavailable for now; it is tried again',
  131021: 'Not sent: the buyer’s number is the business number itself',
  131026:
    'Not delivered: this number is not on WhatsApp, or cannot receive messages from businesses',
  131047:
    'Not sent: more than 24 hours since the buyer last wrote; only an approved template can go now',
  131048:
    'Waiting: WhatsApp limits this number’s messages as possible spam; it is tried again later',
  131049: 'Not delivered: WhatsApp holds back marketing messages to this buyer for now',
  131050: 'Not delivered: the buyer stopped marketing messages from this business',
  131051: 'Not sent: WhatsApp does not take this kind of message',
  131056: 'Waiting: too many messages to this buyer in a short time; it is tried again shortly',
  130429: 'Waiting: too many messages a second for WhatsApp; it is tried again shortly',
  132000: 'Not sent: the template’s parameters do not match its approved wording',
  132001: 'Not sent: the template does not exist in this language, or is not approved',
  132005: 'Not sent: the template’s text is too long once filled in',
  132007: 'Not sent: the template breaks WhatsApp’s formatting rules',
  132012: 'Not sent: the template’s parameters are not of the approved kinds',
  132015: 'Not sent: the template is paused for low quality',
  132016: 'Not sent: the template is disabled',
};

/** The codes that are tried again: WhatsApp's limits, its outages, and an expired token. */
const RETRIED = new Set([190, 131000, 131016, 131048, 131056, 130429]);

/** Meta's reason in words, or its own title when the code is not one of the documented above. */
export function reasonInWords(code: number | undefined, title: string | undefined): string {
  if (code !== undefined && REASONS[code]) return REASONS[code];
  return `Not delivered: ${title ?? 'WhatsApp gave no reason'}${code === undefined ? '' : ` (code ${code})`}`;
}

/** Whether a send refused with this code may succeed later without anyone changing it. */
export function isRetried(code: number | undefined): boolean {
  return code === undefined || RETRIED.has(code);
}

/** A send WhatsApp refused or did not answer: Meta's code and reason, never the token. */
export class WhatsappSendError extends Error {
  constructor(
    message: string,
    readonly code: number | undefined,
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = 'WhatsappSendError';
  }

  /** Retried unless WhatsApp said, with a code of its own, that it will never go. */
  get permanent(): boolean {
    return this.status !== undefined && this.status < 500 && !isRetried(this.code);
  }
}
