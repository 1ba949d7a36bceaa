import { readFile } from 'node:fs/promises';
import { MAP_DIRECTIONS_URL, SITE_ADDRESS_LINE } from '@iconia/shared';
import { readCalendarEvent } from '../support/calendar-file.ts';
import { expect, test, type ClockDesk } from '../support/clock-desk.ts';
import { bookVisit, openSlots } from '../support/visit-steps.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const MANAGER = { email: 'meera.manager@iconia.test', name: 'Meera Manager' };
const AGENT = { email: 'arjun.agent@iconia.test', name: 'Arjun Agent' };
const BUYER = { name: 'Priya Nair', mobile: '9876504321' };

/** The reminders the agent received, by the header the reminder email carries. */
function reminders(clockDesk: ClockDesk): string[] {
  return clockDesk.inbox.messages
    .filter(
      (mail) =>
        mail.envelopeTo.includes(AGENT.email) && mail.parsed.headers.has('x-visit-reminder'),
    )
    .map((mail) => mail.parsed.subject ?? '');
}

test('when an agent books a site visit for tomorrow, then the buyer’s confirmation, calendar file, both reminders, check-in, outcome and the campaign’s report all follow the one visit', async ({
  clockDesk,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Saturday 21 November 2026, 3:45 pm in India; the visit is on Sunday at 11:30 am.
  await clockDesk.server.addUser(MANAGER.email, 'manager', MANAGER.name);
  await clockDesk.server.addUser(AGENT.email, 'agent', AGENT.name);
  const manager = await clockDesk.newPerson();
  await clockDesk.signIn(manager, MANAGER.email);
  await openSlots(manager, [{ weekday: 'Sunday', time: '11:30', visits: 2 }]);
  const sent = await request.post('/contact-form', {
    form: {
      name: BUYER.name,
      mobile: BUYER.mobile,
      location: 'Kondapur, Hyderabad',
      source: 'contact-form',
      page: '/contact',
      utm_source: 'google',
      utm_campaign: 'villa-plots',
    },
  });
  expect(sent.status()).toBe(200);

  // The agent claims the buyer and books the visit from the buyer page.
  await clockDesk.signIn(page, AGENT.email);
  await page.getByRole('link', { name: BUYER.name }).click();
  await page.getByRole('button', { name: 'Claim this lead' }).click();
  await expect(page.getByText('Owner saved.')).toBeVisible();
  await bookVisit(page, {
    day: '2026-11-22',
    slot: '11:30 AM (2 of 2 free)',
    people: 3,
    pickup: true,
    notes: 'Parents come too; wants east-facing plots.',
  });
  const visit = page.getByRole('region', { name: 'Site visit', exact: true });
  await expect(visit.getByRole('status')).toHaveText(
    'Visit booked for Sunday, 22 November 2026 at 11:30 AM.',
  );
  await expect(page.getByText('Site visit scheduled · Owner: Arjun Agent')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(
    'Site visit booked for Sunday, 22 November 2026',
  );

  // The WhatsApp confirmation opens a chat with the buyer, the whole message filled in.
  const whatsApp = new URL(
    (await visit
      .getByRole('link', { name: 'Send confirmation on WhatsApp' })
      .getAttribute('href')) ?? '',
  );
  expect(`${whatsApp.origin}${whatsApp.pathname}`).toBe(`https://wa.me/91${BUYER.mobile}`);
  const text = whatsApp.searchParams.get('text') ?? '';
  expect(text).toContain(
    `Hello ${BUYER.name}, your site visit to Elegant Iconia is confirmed for Sunday, 22 November 2026 at 11:30 AM (3 people).`,
  );
  expect(text).toContain('pickup');
  expect(text).toContain(`Address: ${SITE_ADDRESS_LINE}`);
  expect(text).toContain(`Map: ${MAP_DIRECTIONS_URL}`);

  // Chromium on a desktop has no share sheet for files: the calendar file downloads.
  const downloading = page.waitForEvent('download');
  await visit.getByRole('link', { name: 'Download calendar file' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  const event = readCalendarEvent(await readFile(await download.path(), 'utf8'));
  expect(event.timeZone).toBe('Asia/Kolkata');
  expect(event.localStart).toBe('2026-11-22T11:30:00');
  expect(event.start.toISOString()).toBe('2026-11-22T06:00:00.000Z');
  expect(event.location).toBe(SITE_ADDRESS_LINE);
  expect(event.summary).toContain('Elegant Iconia');

  // Reminders to the owner: at 6 pm the day before, and two hours before; each once.
  await clockDesk.advance(2 * HOUR + 14 * MINUTE);
  expect(reminders(clockDesk)).toEqual([]);
  await clockDesk.advance(MINUTE);
  expect(reminders(clockDesk)).toEqual([`Site visit tomorrow: ${BUYER.name}, 11:30 AM`]);
  await clockDesk.advance(15 * HOUR + 29 * MINUTE);
  expect(reminders(clockDesk)).toHaveLength(1);
  await clockDesk.advance(MINUTE);
  await clockDesk.advance(2 * HOUR);
  expect(reminders(clockDesk)).toEqual([
    `Site visit tomorrow: ${BUYER.name}, 11:30 AM`,
    `Site visit in two hours: ${BUYER.name}, 11:30 AM`,
  ]);

  // At the site on Sunday (signed in again: a session ends after 12 idle hours): checked in,
  // then done with its outcome.
  await clockDesk.signIn(page, AGENT.email);
  await page.goto('/desk/visits');
  const today = page.getByRole('region', { name: 'Today, Sunday, 22 November 2026' });
  const slot = today.getByRole('list', { name: '11:30 AM · 1 visit, 3 people' });
  await slot.getByRole('button', { name: `Arrived (${BUYER.name})` }).click();
  await expect(slot).toContainText('Arrived: recorded by Arjun Agent');
  await slot
    .getByLabel('What came of the visit')
    .fill('Liked plot 42; family to decide by Friday.');
  await slot.getByRole('button', { name: 'Mark visit done' }).click();
  await expect(slot).toContainText('Outcome: Liked plot 42; family to decide by Friday.');
  await expect(slot).toContainText('3 people, pickup needed · Done · Owner: Arjun Agent');

  await slot.getByRole('link', { name: BUYER.name }).click();
  await expect(page.getByText('Site visit done · Owner: Arjun Agent')).toBeVisible();

  // The campaign's visits in the reports come from the visit record.
  await page.goto('/desk/reports');
  const campaign = page
    .getByRole('table', { name: 'Campaigns' })
    .getByRole('row', { name: 'google / villa-plots' });
  await expect(campaign.getByRole('cell')).toHaveText(['1', '1', '0']);
  // The same visit, once, in each of the visit tables: booked, visited, no-shows, cancelled.
  const visitRows = [
    ['Site visits by campaign', 'google / villa-plots'],
    ['Site visits by origin', 'Website'],
    ['Site visits by agent', AGENT.name],
  ] as const;
  for (const [table, row] of visitRows) {
    const cells = page.getByRole('table', { name: table }).getByRole('row', { name: row });
    await expect(cells.getByRole('cell')).toHaveText(['1', '1', '0', '0']);
  }
});
