import type { Locator } from '@playwright/test';

/** How many lines the text inside an element takes on screen: 1 when it does not wrap. */
export function textLineCount(element: Locator): Promise<number> {
  return element.evaluate((root) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        if (rect.width > 0) tops.add(Math.round(rect.top));
      }
    }
    return tops.size;
  });
}
