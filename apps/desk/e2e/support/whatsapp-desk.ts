import type { Page } from '@playwright/test';
import {
  postWhatsappWebhook,
  startCloudApiPeer,
  WHATSAPP_PHONE_NUMBER_ID,
  whatsappEnv,
} from '@iconia/api/test-server';
import { whatsappMessageEvent, type WhatsappCloudApi } from '@iconia/testkit';
import { expect, test as clockTest, type ClockDesk } from './clock-desk.ts';

/**
 * Desk tests with WhatsApp set: a server of the test's own (on the test kit's clock) sending to
 * the test kit's Cloud API peer, which the test reads and which posts signed webhooks.
 */
export const test = clockTest.extend<{ cloudApi: WhatsappCloudApi }>({
  // Playwright reads a fixture's dependencies from its first parameter: this one has none.
  // eslint-disable-next-line no-empty-pattern
  cloudApi: async ({}, provide) => {
    const api = await startCloudApiPeer();
    try {
      await provide(api);
    } finally {
      await api.close();
    }
  },
  clockDeskEnv: async ({ cloudApi }, provide) => {
    await provide(whatsappEnv(cloudApi));
  },
});

/** The buyer writes on WhatsApp now, by the server's clock: Meta's signed webhook, answered 200. */
export async function buyerWrites(
  clockDesk: ClockDesk,
  buyer: { name: string; mobile: string },
  text: string,
): Promise<void> {
  const answer = await postWhatsappWebhook(
    clockDesk.url,
    whatsappMessageEvent(WHATSAPP_PHONE_NUMBER_ID, {
      from: `91${buyer.mobile}`,
      name: buyer.name,
      text,
      timestamp: Math.floor(clockDesk.now() / 1000),
    }),
  );
  expect(answer.status).toBe(200);
}

/** The buyer's page with its WhatsApp section shown; answers the section. */
export async function openWhatsapp(page: Page, leadId: number) {
  await page.goto(`/desk/leads/${leadId}`);
  const section = page.getByRole('region', { name: 'WhatsApp' });
  await expect(section.getByRole('heading', { name: 'WhatsApp' })).toBeVisible();
  return section;
}

export { expect };
