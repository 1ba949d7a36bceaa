import { DEFAULT_META_GRAPH_URL, isGraphUrl } from './meta-config.ts';
import { text, type Env } from './env-schema.ts';

/** An approved message template: its name and language code, as WhatsApp Manager lists them. */
export interface WhatsappTemplate {
  name: string;
  language: string;
}

/** The WhatsApp Business Platform (Cloud API): one business phone number and its app. */
export interface WhatsappSettings {
  /** `WHATSAPP_PHONE_NUMBER_ID`: the business number's id; sends go to `{graph}/{id}/messages`. */
  phoneNumberId: string;
  /** `WHATSAPP_ACCESS_TOKEN`: a system user's token with `whatsapp_business_messaging`. */
  accessToken: string;
  /** `WHATSAPP_APP_SECRET`: signs Meta's webhook posts to `/intake/whatsapp`. */
  appSecret: string;
  /** `WHATSAPP_VERIFY_TOKEN`: what Meta's subscription handshake must echo. */
  verifyToken: string;
  /** `WHATSAPP_WELCOME_TEMPLATE`: the template every new buyer is sent, `name:language`. */
  welcomeTemplate: WhatsappTemplate;
  /** `WHATSAPP_GRAPH_URL`: Graph's base URL with the API version, without a trailing slash. */
  graphUrl: string;
}

/** The section of the configuration: undefined, the desk works as it did without WhatsApp. */
export interface WhatsappConfig {
  whatsapp: WhatsappSettings | undefined;
}

export const WHATSAPP_ENV = {
  // Read as a group (all or none) by `readWhatsappSettings`; secrets are never echoed back.
  WHATSAPP_PHONE_NUMBER_ID: text(),
  WHATSAPP_ACCESS_TOKEN: text(),
  WHATSAPP_APP_SECRET: text(),
  WHATSAPP_VERIFY_TOKEN: text(),
  WHATSAPP_WELCOME_TEMPLATE: text(),
  WHATSAPP_GRAPH_URL: text(),
};

const REQUIRED = [
  'WHATSAPP_PHONE_NUMBER_ID',
  'WHATSAPP_ACCESS_TOKEN',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
  'WHATSAPP_WELCOME_TEMPLATE',
] as const;

/** `name:language` (`brochure_welcome:en`, `brochure_welcome:en_US`), as WhatsApp names them. */
export function parseTemplate(value: string): WhatsappTemplate | undefined {
  const match = /^([a-z0-9_]{1,512}):([a-z]{2,3}(?:_[A-Z]{2})?)$/.exec(value);
  return match ? { name: match[1]!, language: match[2]! } : undefined;
}

/**
 * Reads the WhatsApp settings: the five together or none (then `/intake/whatsapp` answers 404 and
 * no buyer is sent anything). The Graph URL defaults to the one Meta lead ads read, with the same
 * pinned version.
 */
export function readWhatsappSettings(env: Env): {
  settings?: WhatsappSettings;
  problems: string[];
} {
  const given = REQUIRED.filter((name) => env[name] !== undefined);
  const problems: string[] = [];
  if (given.length > 0 && given.length < REQUIRED.length) {
    const missing = REQUIRED.filter((name) => env[name] === undefined);
    problems.push(
      `${REQUIRED.join(', ')} go together: set all five to connect WhatsApp, or none (missing: ${missing.join(', ')}).`,
    );
  }
  const graphUrl = env.WHATSAPP_GRAPH_URL ?? DEFAULT_META_GRAPH_URL;
  if (!isGraphUrl(graphUrl)) {
    problems.push(
      `WHATSAPP_GRAPH_URL must be an http(s) URL ending with the Graph API version, e.g. ${DEFAULT_META_GRAPH_URL} (got "${graphUrl}").`,
    );
  }
  const template = env.WHATSAPP_WELCOME_TEMPLATE;
  const welcomeTemplate = template === undefined ? undefined : parseTemplate(template);
  if (template !== undefined && !welcomeTemplate) {
    problems.push(
      `WHATSAPP_WELCOME_TEMPLATE must be the approved template's name and language, name:language, e.g. brochure_welcome:en (got "${template}").`,
    );
  }
  if (
    env.WHATSAPP_PHONE_NUMBER_ID !== undefined &&
    !/^\d{5,20}$/.test(env.WHATSAPP_PHONE_NUMBER_ID)
  ) {
    problems.push(
      `WHATSAPP_PHONE_NUMBER_ID must be the phone number's id from WhatsApp Manager (digits), not the number itself (got "${env.WHATSAPP_PHONE_NUMBER_ID}").`,
    );
  }
  if (problems.length > 0 || given.length === 0 || !welcomeTemplate) return { problems };
  return {
    settings: {
      phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID!,
      accessToken: env.WHATSAPP_ACCESS_TOKEN!,
      appSecret: env.WHATSAPP_APP_SECRET!,
      verifyToken: env.WHATSAPP_VERIFY_TOKEN!,
      welcomeTemplate,
      graphUrl: graphUrl.replace(/\/+$/, ''),
    },
    problems,
  };
}
