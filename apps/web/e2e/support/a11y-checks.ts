import type { Page } from '@playwright/test';

/** Images without alt text, and icons a screen reader would stumble over. */
export function unlabelledGraphics(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const img of document.querySelectorAll('img')) {
      if (!img.hasAttribute('alt')) problems.push(`img without alt: ${img.src}`);
    }
    for (const svg of document.querySelectorAll('svg')) {
      const hidden = svg.closest('[aria-hidden="true"]') !== null;
      const named =
        svg.getAttribute('role') === 'img' &&
        Boolean(svg.getAttribute('aria-label') || svg.querySelector('title')?.textContent);
      if (!hidden && !named)
        problems.push(`svg neither hidden nor named: ${svg.outerHTML.slice(0, 120)}`);
    }
    return problems;
  });
}
