import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '@iconia/web/e2e/axe';
import {
  postWhatsappWebhook,
  startCloudApiPeer,
  WHATSAPP_PHONE_NUMBER_ID,
  whatsappEnv,
} from '@iconia/api/test-server';
import { whatsappMessageEvent, whatsappStatusEvent, type WhatsappCloudApi } from '@iconia/testkit';
import { expect, test as clockTest } from '../support/clock-desk.ts';

const HOUR = 60 * 60_000;
const MANAGER = { email: 'meera.manager@iconia.test', name: 'Meera Manager' };
const MOBILE = '9876512345';

// WhatsApp is set only on a server of the test's own, sending to the test kit's Cloud API peer.
const test = clockTest.extend<{ cloudApi: WhatsappCloudApi }>({
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

/** The buyer's page, signed in as the manager, with the WhatsApp section in view. */
async function openBuyer(page: Page, signIn: () => Promise<void>, leadId: number) {
  await signIn();
  await page.goto(`/desk/leads/${leadId}`);
  const section = page.getByRole('region', { name: 'WhatsApp' });
  await expect(section.getByRole('heading', { name: 'WhatsApp' })).toBeVisible();
  return section;
}

test('when the buyer writes and WhatsApp reports the welcome read, then the conversation shows both without a reload, and a reply sent from the desk appears @layout', async ({
  clockDesk,
  cloudApi,
  page,
}) => {
  const { server } = clockDesk;
  await server.addUser(MANAGER.email, 'manager', MANAGER.name);
  const leadId = server.storeLead({ name: 'Ravi Kumar', mobile: MOBILE });
  const [welcome] = await cloudApi.waitForSends(1);
  const section = await openBuyer(page, () => clockDesk.signIn(page, MANAGER.email), leadId);
  const messages = section.getByRole('list', { name: 'WhatsApp messages, newest last' });
  await expect(messages.getByRole('listitem')).toHaveCount(1);
  await expect(messages.getByRole('listitem').first()).toContainText(
    'Template: Welcome with the brochure',
  );
  await expect(messages.getByRole('listitem').first()).toContainText('Sent');

  const said = await postWhatsappWebhook(
    clockDesk.url,
    whatsappMessageEvent(WHATSAPP_PHONE_NUMBER_ID, {
      from: `91${MOBILE}`,
      name: 'Ravi Kumar',
      text: 'Is the east-facing plot still free?',
      timestamp: Math.floor(clockDesk.now() / 1000),
    }),
  );
  expect(said.status).toBe(200);
  await expect(messages.getByRole('listitem').last()).toContainText(
    'Is the east-facing plot still free?',
  );
  await expect(messages.getByRole('listitem').last()).toContainText('Buyer');

  const read = await postWhatsappWebhook(
    clockDesk.url,
    whatsappStatusEvent(WHATSAPP_PHONE_NUMBER_ID, {
      id: welcome!.wamid,
      status: 'read',
      recipient: `91${MOBILE}`,
      timestamp: Math.floor(clockDesk.now() / 1000),
    }),
  );
  expect(read.status).toBe(200);
  await expect(messages.getByRole('listitem').first()).toContainText('Read');

  await section.getByRole('textbox', { name: 'Reply on WhatsApp' }).fill('Yes, plot 14 is free.');
  await section.getByRole('button', { name: 'Send', exact: true }).click();
  const reply = messages.getByRole('listitem').last();
  await expect(reply).toContainText('Yes, plot 14 is free.');
  await expect(reply).toContainText(MANAGER.name);
  await expect(section.getByRole('textbox', { name: 'Reply on WhatsApp' })).toHaveValue('');
  await cloudApi.waitForSends(2);
  expect(cloudApi.sends[1]?.body.text).toEqual({ body: 'Yes, plot 14 is free.' });
  await expect(reply).toContainText('Sent');

  await expectNoAxeViolations(page, "A buyer's WhatsApp conversation inside the 24-hour window");
});

test('when the buyer last wrote more than 24 hours ago, then the composer offers only the approved templates and says why @layout', async ({
  clockDesk,
  cloudApi,
  page,
}) => {
  const { server } = clockDesk;
  await server.addUser(MANAGER.email, 'manager', MANAGER.name);
  const leadId = server.storeLead({ name: 'Sita Reddy', mobile: MOBILE });
  await cloudApi.waitForSends(1);
  const said = await postWhatsappWebhook(
    clockDesk.url,
    whatsappMessageEvent(WHATSAPP_PHONE_NUMBER_ID, {
      from: `91${MOBILE}`,
      name: 'Sita Reddy',
      text: 'Send me the price list',
      timestamp: Math.floor(clockDesk.now() / 1000),
    }),
  );
  expect(said.status).toBe(200);
  await clockDesk.advance(25 * HOUR);

  const section = await openBuyer(page, () => clockDesk.signIn(page, MANAGER.email), leadId);

  await expect(section).toContainText(
    'More than 24 hours since the buyer last wrote: WhatsApp only allows an approved template.',
  );
  await expect(section.getByRole('textbox', { name: 'Reply on WhatsApp' })).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Send the brochure' })).toHaveCount(0);
  await section
    .getByRole('textbox', { name: 'Visit time, as the buyer should read it' })
    .fill('Sunday 11 am');
  await section.getByRole('button', { name: 'Send the visit confirmation' }).click();
  const sent = section
    .getByRole('list', { name: 'WhatsApp messages, newest last' })
    .getByRole('listitem')
    .last();
  await expect(sent).toContainText('Template: Visit confirmation');
  await expect(sent).toContainText('Sunday 11 am');
  await cloudApi.waitForSends(2);
  expect(cloudApi.sends[1]?.body.template?.name).toBe('visit_confirmation');

  await expectNoAxeViolations(page, "A buyer's WhatsApp conversation outside the window");
});
