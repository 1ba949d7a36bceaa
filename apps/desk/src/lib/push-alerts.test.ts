import { describe, expect, it } from 'vitest';
import { alertsState } from './push-alerts.ts';

describe('what Alerts on this phone shows', () => {
  it('when the browser holds a subscription the server still sends to, then it shows on', () => {
    expect(alertsState(true, true)).toBe('on');
  });

  it('when the server no longer holds the browser subscription, then it shows off and says why', () => {
    expect(alertsState(true, false)).toBe('ended');
  });

  it('when the server cannot be asked, then the browser subscription decides', () => {
    expect(alertsState(true, undefined)).toBe('on');
    expect(alertsState(false, undefined)).toBe('off');
  });

  it('when the browser holds no subscription, then it shows off whatever the server says', () => {
    expect(alertsState(false, true)).toBe('off');
    expect(alertsState(false, false)).toBe('off');
  });
});
