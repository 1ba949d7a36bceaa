import { maskMobile } from '@iconia/shared';

/** A run of ten or more digits could be someone's mobile number. */
const LONG_DIGIT_RUN = /\d{10,}/g;

/**
 * The request URL as logs may keep it. A form submitted before the page's script ran (or a
 * hand-made link) can carry a visitor's details in the query string, so query values are
 * dropped and only their names kept; any long digit run in the path is masked like a mobile.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const pathPart = queryAt === -1 ? url : url.slice(0, queryAt);
  const path = pathPart.replace(LONG_DIGIT_RUN, (digits) => maskMobile(digits));
  if (queryAt === -1) return path;
  const names = url
    .slice(queryAt + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      return `${name.replace(LONG_DIGIT_RUN, (digits) => maskMobile(digits))}=…`;
    });
  return `${path}?${names.join('&')}`;
}
