import {
  BROCHURE,
  OFFICE_ADDRESS,
  PHONES,
  PROJECT_NAME,
  WHATSAPP_TEMPLATES,
  type WhatsappTemplate,
} from '@iconia/shared';
import type { WhatsappSettings } from '../config/whatsapp-config.ts';
import type { OutgoingContent, TemplateComponent } from './cloud-api.ts';

/** The templates sent by themselves as a buyer's site visit changes or comes near. */
export const VISIT_TEMPLATES = ['visit_moved', 'visit_cancelled', 'visit_reminder'] as const;

/**
 * The approved templates, by the key the desk names them with: the ones an agent may send
 * (`WHATSAPP_TEMPLATES`) and the visits' own. Each is created once in WhatsApp Manager with
 * exactly these variables, in the welcome's language (docs/whatsapp.md): the welcome's name is a
 * setting, the others' names are their keys.
 */
/**
 * The authentication template that carries a channel partner's check-in code to the client's
 * WhatsApp (docs/partners.md): the code in its body and its copy-code button.
 */
export const CLAIM_CODE_TEMPLATE = 'claim_code';

export const TEMPLATE_KEYS = [
  ...WHATSAPP_TEMPLATES,
  ...VISIT_TEMPLATES,
  CLAIM_CODE_TEMPLATE,
] as const;
export type TemplateKey =
  WhatsappTemplate | (typeof VISIT_TEMPLATES)[number] | typeof CLAIM_CODE_TEMPLATE;

export const TEMPLATE_LABELS: Record<TemplateKey, string> = {
  welcome: 'Welcome with the brochure',
  visit_confirmation: 'Visit confirmation',
  follow_up: 'Follow-up',
  visit_moved: 'Visit moved',
  visit_cancelled: 'Visit cancelled',
  visit_reminder: 'Visit reminder',
  claim_code: 'Check-in code',
};

export const isTemplateKey = (key: string | null): key is TemplateKey =>
  TEMPLATE_KEYS.includes(key as TemplateKey);

/** The template's name in WhatsApp Manager. */
export function templateName(
  key: TemplateKey,
  settings: Pick<WhatsappSettings, 'welcomeTemplate'>,
) {
  return key === 'welcome' ? settings.welcomeTemplate.name : key;
}

/** The first word of the buyer's name, as a greeting uses it; "there" when we have none. */
export function firstName(name: string | null): string {
  return name?.trim().split(/\s+/)[0] || 'there';
}

const text = (value: string) => ({ type: 'text' as const, text: value });

/**
 * The template filled in for one buyer. Welcome: the brochure as the header document, then the
 * buyer's first name, the project and the sales phone. Visit confirmation, moved and reminder:
 * the first name, the project, the visit's time in words, the site office and the sales phone.
 * Visit cancelled and follow-up: the first name, the project (then the cancelled visit's time)
 * and the sales phone.
 */
export function templateContent(
  key: TemplateKey,
  buyer: { name: string | null; detail: string | null },
  settings: Pick<WhatsappSettings, 'welcomeTemplate'>,
  siteUrl: string,
): OutgoingContent {
  const greeting = text(firstName(buyer.name));
  const phone = text(PHONES.sales.display);
  const components: TemplateComponent[] = [];
  if (key === CLAIM_CODE_TEMPLATE) {
    // Meta's authentication templates: the code in the body and again in the copy-code button.
    const code = text(buyer.detail ?? '');
    components.push(
      { type: 'body', parameters: [code] },
      { type: 'button', sub_type: 'url', index: '0', parameters: [code] },
    );
  } else if (key === 'welcome') {
    components.push(
      {
        type: 'header',
        parameters: [
          {
            type: 'document',
            document: { link: new URL(BROCHURE.path, siteUrl).href, filename: BROCHURE.fileName },
          },
        ],
      },
      { type: 'body', parameters: [greeting, text(PROJECT_NAME), phone] },
    );
  } else if (key === 'visit_confirmation' || key === 'visit_moved' || key === 'visit_reminder') {
    components.push({
      type: 'body',
      parameters: [
        greeting,
        text(PROJECT_NAME),
        text(buyer.detail ?? 'the time we agreed'),
        text(OFFICE_ADDRESS.name),
        phone,
      ],
    });
  } else if (key === 'visit_cancelled') {
    components.push({
      type: 'body',
      parameters: [greeting, text(PROJECT_NAME), text(buyer.detail ?? 'your visit'), phone],
    });
  } else {
    components.push({ type: 'body', parameters: [greeting, text(PROJECT_NAME), phone] });
  }
  return {
    type: 'template',
    name: templateName(key, settings),
    language: settings.welcomeTemplate.language,
    components,
  };
}
