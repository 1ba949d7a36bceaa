import { displayMobile, parseMobile } from './mobile.ts';
import { normaliseText } from './text.ts';

/*
 * Reading a lead from a platform whose format we do not control (Google Ads, Meta, the portals):
 * once the sender is authenticated, the lead is kept whatever it holds. What is wrong is said in
 * words the desk shows beside it, and a platform's test lead is recognised by what the platform
 * puts in it.
 */

/** The problems the desk shows on such a lead. */
export const PLATFORM_LEAD_PROBLEMS = {
  noNumber: 'No number',
  numberNotValid: (asSent: string) => `Number not valid: ${asSent}`,
  noName: 'No name',
} as const;

/** Longest phone text kept in a problem, as sent. */
const PHONE_AS_SENT_MAX = 40;

/** The lead's mobile in E.164, or an empty mobile and the problem in words. */
export function readPlatformPhone(raw: string | undefined): {
  mobile: string;
  problem?: string;
} {
  const asSent = normaliseText(raw ?? '', PHONE_AS_SENT_MAX);
  if (asSent === '') return { mobile: '', problem: PLATFORM_LEAD_PROBLEMS.noNumber };
  const mobile = parseMobile(asSent);
  return mobile === undefined
    ? { mobile: '', problem: PLATFORM_LEAD_PROBLEMS.numberNotValid(asSent) }
    : { mobile };
}

/**
 * Values the platforms' own test tools fill a form with: Google's "Send test data" puts
 * `dummy_value` in every column, and Meta's Lead Ads Testing Tool answers
 * `<test lead: dummy data for full_name>`.
 */
const TEST_VALUES = [/^dummy[_ ]value$/i, /^<test lead: dummy data for [^>]*>$/i];

export function isPlatformTestValue(value: string): boolean {
  const text = value.trim();
  return TEST_VALUES.some((pattern) => pattern.test(text));
}

/**
 * How a lead's number reads wherever it is shown: the number, or, for a lead without a usable
 * one, what is wrong with it ("Number not valid: +11234567890").
 */
export function mobileOrProblem(mobile: string, problems: readonly string[] = []): string {
  if (mobile !== '') return displayMobile(mobile);
  return (
    problems.find((problem) => problem !== PLATFORM_LEAD_PROBLEMS.noName) ??
    PLATFORM_LEAD_PROBLEMS.noNumber
  );
}
