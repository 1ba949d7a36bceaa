import { describe, expect, it } from 'vitest';
import { HOURS_MESSAGE, parseRoutingForm, TARGET_MESSAGE } from './routing-panel.tsx';

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const SAVE = { intent: 'routing', targetMinutes: '5', workStart: '09:00', workEnd: '20:00' };

describe('the routing panel form', () => {
  it('when a manager saves a target and hours, then exactly those go to the API', () => {
    expect(parseRoutingForm(form({ ...SAVE, targetMinutes: ' 10 ' }))).toEqual({
      change: { targetMinutes: 10, workStart: '09:00', workEnd: '20:00' },
    });
  });

  it('when the time fields carry seconds, then the settings keep hours and minutes', () => {
    expect(parseRoutingForm(form({ ...SAVE, workStart: '08:30:00', workEnd: '02:00:00' }))).toEqual(
      { change: { targetMinutes: 5, workStart: '08:30', workEnd: '02:00' } },
    );
  });

  it.each(['', '0', '1441', '2.5', '-3', 'five'])(
    'when the target is "%s", then it is refused with the sentence saying what to type',
    (targetMinutes) => {
      expect(parseRoutingForm(form({ ...SAVE, targetMinutes }))).toEqual({
        error: TARGET_MESSAGE,
      });
    },
  );

  it.each([
    ['', '20:00'],
    ['09:00', ''],
    ['24:00', '20:00'],
  ])('when working hours are "%s" to "%s", then they are refused', (workStart, workEnd) => {
    expect(parseRoutingForm(form({ ...SAVE, workStart, workEnd }))).toEqual({
      error: HOURS_MESSAGE,
    });
  });

  it('when the switch is tapped, then only automatic assignment changes', () => {
    expect(parseRoutingForm(form({ intent: 'auto-assign', on: 'false' }))).toEqual({
      change: { autoAssign: false },
    });
  });
});
