import type { Page } from '@playwright/test';
import { expect } from './desk-fixtures.ts';

export interface SlotToOpen {
  /** As the slot settings name it: Monday … Sunday. */
  weekday: string;
  /** HH:MM, 24-hour. */
  time: string;
  visits: number;
}

/**
 * A signed-in manager sets the slots of the given weekdays on the Visit slots screen (those
 * days' other slots removed, the other days left as they are) and saves the week.
 */
export async function openSlots(page: Page, slots: readonly SlotToOpen[]): Promise<void> {
  await page.goto('/desk/visits');
  await page.getByRole('link', { name: 'Visit slots and capacity' }).click();
  const week = page.getByRole('form', { name: 'Visit slots of the week' });
  // The form comes with the saved week, so the rows to remove are there once it shows.
  await expect(week).toBeVisible();
  for (const weekday of new Set(slots.map((slot) => slot.weekday))) {
    const remove = week.getByRole('button', { name: new RegExp(`^Remove ${weekday} slot`) });
    for (let left = await remove.count(); left > 0; left -= 1) {
      await remove.last().click();
      await expect(remove).toHaveCount(left - 1);
    }
  }
  for (const slot of slots) {
    const day = week.getByRole('group', { name: slot.weekday, exact: true });
    await week.getByRole('button', { name: `Add a slot on ${slot.weekday}` }).click();
    const row = day.getByRole('group').last();
    await row.getByLabel('Time').fill(slot.time);
    await row.getByLabel('Visits').fill(String(slot.visits));
  }
  await week.getByRole('button', { name: 'Save slots' }).click();
  await expect(week.getByRole('status')).toHaveText(/^Saved \d+ slots? a week\.$/);
}

export interface VisitToBook {
  /** YYYY-MM-DD */
  day: string;
  /** The slot as the list shows it, e.g. "11:30 AM (2 of 2 free)". */
  slot: string;
  people: number;
  pickup?: boolean;
  notes?: string;
}

/** On a buyer's page, books a visit through the booking dialog and waits for it to close. */
export async function bookVisit(page: Page, visit: VisitToBook): Promise<void> {
  await page.getByRole('button', { name: 'Book a visit…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book a site visit' });
  await dialog.getByLabel('Day').fill(visit.day);
  await dialog.getByLabel('Time slot').selectOption({ label: visit.slot });
  await dialog.getByLabel('People coming').fill(String(visit.people));
  if (visit.pickup) await dialog.getByLabel('Needs pickup').check();
  if (visit.notes) await dialog.getByLabel('Notes').fill(visit.notes);
  await dialog.getByRole('button', { name: 'Book visit' }).click();
  await expect(dialog).toBeHidden();
}
