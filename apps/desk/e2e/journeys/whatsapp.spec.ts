import { expectNoAxeViolations } from '@iconia/web/e2e/axe';
import { postWhatsappWebhook, WHATSAPP_PHONE_NUMBER_ID } from '@iconia/api/test-server';
import { whatsappMessageEvent, whatsappStatusEvent } from '@iconia/testkit';
import { buyerWrites, expect, openWhatsapp, test } from '../support/whatsapp-desk.ts';

const HOUR = 60 * 60_000;
const MANAGER = { email: 'meera.manager@iconia.test', name: 'Meera Manager' };
const RAVI = { name: 'Ravi Kumar', mobile: '9876512345' };
const SITA = { name: 'Sita Reddy', mobile: '9876512346' };

test('when the buyer writes and WhatsApp reports the welcome read, then the conversation shows both without a reload, and a reply sent from the desk appears @layout', async ({
  clockDesk,
  cloudApi,
  page,
}) => {
  const { server } = clockDesk;
  await server.addUser(MANAGER.email, 'manager', MANAGER.name);
  const leadId = server.storeLead(RAVI);
  const [welcome] = await cloudApi.waitForSends(1);
  await clockDesk.signIn(page, MANAGER.email);
  const section = await openWhatsapp(page, leadId);
  const messages = section
    .getByRole('list', { name: 'WhatsApp messages, newest last' })
    .getByRole('listitem');
  await expect(messages).toHaveCount(1);
  await expect(messages.first()).toContainText('Template: Welcome with the brochure');
  await expect(messages.first()).toContainText('Sent');

  await buyerWrites(clockDesk, RAVI, 'Is the east-facing plot still free?');
  await expect(messages.last()).toContainText('Is the east-facing plot still free?');
  await expect(messages.last()).toContainText('Buyer');

  const read = await postWhatsappWebhook(
    clockDesk.url,
    whatsappStatusEvent(WHATSAPP_PHONE_NUMBER_ID, {
      id: welcome!.wamid,
      status: 'read',
      recipient: `91${RAVI.mobile}`,
      timestamp: Math.floor(clockDesk.now() / 1000),
    }),
  );
  expect(read.status).toBe(200);
  await expect(messages.first()).toContainText('Read');

  await section.getByRole('textbox', { name: 'Reply on WhatsApp' }).fill('Yes, plot 14 is free.');
  await section.getByRole('button', { name: 'Send', exact: true }).click();
  const reply = messages.last();
  await expect(reply).toContainText('Yes, plot 14 is free.');
  await expect(reply).toContainText(MANAGER.name);
  await expect(section.getByRole('textbox', { name: 'Reply on WhatsApp' })).toHaveValue('');
  await cloudApi.waitForSends(2);
  expect(cloudApi.sends[1]?.body.text).toEqual({ body: 'Yes, plot 14 is free.' });
  await expect(reply).toContainText('Sent');

  await section.getByRole('button', { name: 'Send the site’s location' }).click();
  await expect(messages.last()).toContainText('Location');
  await cloudApi.waitForSends(3);
  expect(cloudApi.sends[2]?.body.type).toBe('location');

  await expectNoAxeViolations(page, "A buyer's WhatsApp conversation inside the 24-hour window");
});

test('when the buyer last wrote more than 24 hours ago, then the composer offers only the approved templates and says why @layout', async ({
  clockDesk,
  cloudApi,
  page,
}) => {
  const { server } = clockDesk;
  await server.addUser(MANAGER.email, 'manager', MANAGER.name);
  const leadId = server.storeLead(SITA);
  await cloudApi.waitForSends(1);
  await buyerWrites(clockDesk, SITA, 'Send me the price list');
  await clockDesk.advance(25 * HOUR);

  await clockDesk.signIn(page, MANAGER.email);
  const section = await openWhatsapp(page, leadId);

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

test('when the buyer wrote STOP, then the page says so with no composer, and a manager clears it by keyboard only with the buyer’s written request', async ({
  clockDesk,
  cloudApi,
  page,
}) => {
  const { server } = clockDesk;
  await server.addUser(MANAGER.email, 'manager', MANAGER.name);
  const leadId = server.storeLead(RAVI);
  await cloudApi.waitForSends(1);
  await buyerWrites(clockDesk, RAVI, 'STOP');
  await clockDesk.signIn(page, MANAGER.email);
  const section = await openWhatsapp(page, leadId);

  await expect(section).toContainText('The buyer opted out of WhatsApp messages on');
  await expect(section.getByRole('textbox', { name: 'Reply on WhatsApp' })).toHaveCount(0);
  const clear = section.getByRole('button', { name: 'Clear opt-out' });
  await clear.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Clear the WhatsApp opt-out' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'The clear opt-out dialog');
  const request = dialog.getByRole('textbox', { name: 'The buyer’s written request' });
  await expect(request).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(clear).toBeFocused();
  await page.keyboard.press('Enter');
  await request.fill('Email of 28 Nov: "please send me the plot updates on WhatsApp again"');
  await dialog.getByRole('button', { name: 'Clear opt-out' }).press('Enter');

  await expect(dialog).toBeHidden();
  await expect(section.getByRole('textbox', { name: 'Reply on WhatsApp' })).toBeVisible();
});

test('when the buyer sends a PDF and a file the desk does not keep, then the conversation offers the PDF to open and says why the other was not kept', async ({
  clockDesk,
  cloudApi,
  page,
}) => {
  const { server } = clockDesk;
  await server.addUser(MANAGER.email, 'manager', MANAGER.name);
  const leadId = server.storeLead(RAVI);
  await cloudApi.waitForSends(1);
  const pdf = Buffer.from('%PDF-1.4\n% The sale deed draft\n%%EOF\n');
  const files = [
    { mimeType: 'application/pdf', bytes: pdf, caption: 'Sale deed draft' },
    { mimeType: 'application/zip', bytes: Buffer.from('PK'), caption: 'Layout scans' },
  ];
  for (const [n, file] of files.entries()) {
    const answer = await postWhatsappWebhook(
      clockDesk.url,
      whatsappMessageEvent(WHATSAPP_PHONE_NUMBER_ID, {
        from: `91${RAVI.mobile}`,
        name: RAVI.name,
        text: '',
        id: `wamid.file-${n}`,
        media: {
          type: 'document',
          id: cloudApi.addMedia({ bytes: file.bytes, mimeType: file.mimeType }),
          mimeType: file.mimeType,
          caption: file.caption,
        },
        timestamp: Math.floor(clockDesk.now() / 1000),
      }),
    );
    expect(answer.status).toBe(200);
  }

  await clockDesk.signIn(page, MANAGER.email);
  const section = await openWhatsapp(page, leadId);
  const messages = section
    .getByRole('list', { name: 'WhatsApp messages, newest last' })
    .getByRole('listitem');
  const kept = messages.filter({ hasText: 'Sale deed draft' });
  const open = kept.getByRole('link', { name: 'Open the PDF (1 KB)' });
  await expect(open).toBeVisible();
  const download = await page.request.get((await open.getAttribute('href'))!);
  expect(download.status()).toBe(200);
  expect(Buffer.from(await download.body())).toEqual(pdf);
  await expect(messages.filter({ hasText: 'Layout scans' })).toContainText(
    'File not kept: application/zip is not a type of file the desk keeps',
  );
  await expectNoAxeViolations(page, 'A conversation with a file the buyer sent');
});
