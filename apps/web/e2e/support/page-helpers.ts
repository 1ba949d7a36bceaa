import type { Download, Locator, Page, Route } from '@playwright/test';
import {
  BROCHURE_MODAL,
  CONSENT_TEXT,
  FORM_BUTTONS,
  FORM_FIELDS,
  THANK_YOU_PATH,
} from '../../src/content/forms.ts';
import { BROCHURE_SECTION, CONTACT, UI_TEXT } from '../../src/content/site.ts';
import { DISCLAIMER_STORAGE_KEY } from '../../src/features/disclaimer/disclaimer-storage.ts';
import { expect } from './fixtures.ts';
import type { VisitorLead } from './leads.ts';

/** Every `window.alert` the page raised, in order; each is accepted like a visitor would. */
export function collectAlerts(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

export function brochureModal(page: Page): Locator {
  return page.getByRole('dialog', { name: BROCHURE_MODAL.title });
}

/** The brochure form of the landing page, named by its heading. */
export function inlineBrochureForm(page: Page): Locator {
  return page.getByRole('form', { name: BROCHURE_SECTION.formHeading });
}

/** The navigation bar; on a phone its links fold behind the menu button, opened here. */
export async function openNavigation(page: Page): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: UI_TEXT.mainNavLabel });
  const menuButton = page.getByRole('button', { name: UI_TEXT.menuOpen });
  if (await menuButton.isVisible()) await menuButton.click();
  await expect(nav.getByRole('link').first()).toBeVisible();
  return nav;
}

/**
 * The landing page opens the brochure modal by itself 1.5 s after it loads; tests about
 * something else on `/` wait for it and close it, as a visitor would.
 */
export async function dismissAutoOpenedBrochure(page: Page): Promise<void> {
  const modal = brochureModal(page);
  // A deadline for a modal that never opens, not a figure: the 1.5 s is brochure-modal.spec.ts's.
  await expect(modal).toBeVisible({ timeout: 15_000 });
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();
}

export interface FillOptions {
  plotRange?: boolean;
  agree?: boolean;
  location?: boolean;
}

/** Types a visitor's details into a lead form, using the labels a visitor reads. */
export async function fillLeadForm(
  form: Locator,
  lead: Pick<VisitorLead, 'name' | 'mobile'> & Partial<VisitorLead>,
  { plotRange = true, agree = true, location = false }: FillOptions = {},
): Promise<void> {
  await form.getByLabel(FORM_FIELDS.name.label).fill(lead.name);
  await form.getByLabel(FORM_FIELDS.mobile.label).fill(lead.mobile);
  if (plotRange && lead.plotRange) {
    await form.getByLabel(FORM_FIELDS.plotRange.label).selectOption(lead.plotRange);
  }
  if (location && lead.location) {
    await form.getByLabel(FORM_FIELDS.location.label).fill(lead.location);
  }
  if (agree) await form.getByRole('checkbox', { name: CONSENT_TEXT }).check();
}

/** A visitor sends the public site's contact form, exactly as on the live site. */
export async function sendContactForm(page: Page, visitor: VisitorLead): Promise<void> {
  await page.addInitScript(([key]) => window.localStorage.setItem(key, 'true'), [
    DISCLAIMER_STORAGE_KEY,
  ] as const);
  await page.goto('/contact');
  const form = page.getByRole('form', { name: CONTACT.formHeading });
  await fillLeadForm(form, visitor, { plotRange: false, agree: false, location: true });
  await form.getByRole('button', { name: FORM_BUTTONS.submit }).click();
  await expect(page).toHaveURL(THANK_YOU_PATH);
}

/** The text values a lead form shows, by field. */
export type FormValues = Partial<Record<'name' | 'mobile' | 'plotRange' | 'location', string>>;

/** What a brochure form holds (it has no location field). */
export function brochureFields({ name, mobile, plotRange }: VisitorLead): FormValues {
  return { name, mobile, plotRange };
}

/** What the contact form holds (it has no plot range). */
export function contactFields({ name, mobile, location }: VisitorLead): FormValues {
  return { name, mobile, location };
}

/** The values a form still shows, to prove a failure kept what the visitor typed. */
export async function expectFormKeeps(
  form: Locator,
  lead: FormValues,
  { agree }: { agree?: boolean } = {},
): Promise<void> {
  if (lead.name !== undefined) {
    await expect(form.getByLabel(FORM_FIELDS.name.label)).toHaveValue(lead.name);
  }
  if (lead.mobile !== undefined) {
    await expect(form.getByLabel(FORM_FIELDS.mobile.label)).toHaveValue(lead.mobile);
  }
  if (lead.plotRange !== undefined) {
    await expect(form.getByLabel(FORM_FIELDS.plotRange.label)).toHaveValue(lead.plotRange);
  }
  if (lead.location !== undefined) {
    await expect(form.getByLabel(FORM_FIELDS.location.label)).toHaveValue(lead.location);
  }
  if (agree !== undefined) {
    await expect(form.getByRole('checkbox', { name: CONSENT_TEXT })).toBeChecked({
      checked: agree,
    });
  }
}

export interface HeldRequest {
  /** Resolves once the page has sent the request. */
  sent: Promise<void>;
  /** Lets the request go on to the server. */
  release(): Promise<void>;
}

/** Holds the next POST to `path` until released, to look at the page while it waits. */
export async function holdRequest(page: Page, path: string): Promise<HeldRequest> {
  let markSent: () => void = () => {};
  const sent = new Promise<void>((resolve) => {
    markSent = resolve;
  });
  let held: Route | undefined;
  await page.route(`**${path}`, (route) => {
    held = route;
    markSent();
  });
  return {
    sent,
    async release() {
      await sent;
      await held?.continue();
      await page.unroute(`**${path}`);
    },
  };
}

/** The suggested name and the first bytes of a download, read to the end. */
export async function readDownload(
  download: Download,
): Promise<{ fileName: string; bytes: Buffer }> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { fileName: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
}

/** A download is a real, non-empty PDF under the brochure's file name. */
export async function expectBrochurePdf(download: Download, fileName: string): Promise<void> {
  const { fileName: suggested, bytes } = await readDownload(download);
  expect(suggested).toBe(fileName);
  expect(bytes.length).toBeGreaterThan(1_000);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
}
