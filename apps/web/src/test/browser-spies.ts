import { vi } from 'vitest';

/** Silences `window.alert` (jsdom has none) and records what the visitor would have read. */
export function spyOnAlerts() {
  return vi.spyOn(window, 'alert').mockImplementation(() => {});
}

/** Records the file downloads a page starts through `<a download>` clicks. */
export function spyOnDownloads() {
  const spy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return () =>
    (spy.mock.contexts as HTMLAnchorElement[])
      .filter((link) => link.hasAttribute('download'))
      .map((link) => ({ href: link.getAttribute('href'), fileName: link.download }));
}
