import { env } from '../config/env.ts';
import { useBrowserValue } from './use-browser-value.ts';

function visitorYear(): number {
  return new Date().getFullYear();
}

/**
 * The current year for the copyright line. The prerendered HTML and hydration use the build
 * year, so they always match; right after, the visitor's clock takes over.
 */
export function useCurrentYear(): number {
  return useBrowserValue(visitorYear, env.buildYear);
}
