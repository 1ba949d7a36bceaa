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

/**
 * Scrolls the page from top to bottom in steps of `step` px and lists, at each position, the
 * text and controls that share screen space with `fixed` (an element that stays in place while
 * the page scrolls). Text is measured line by line, controls by their box; what is hidden,
 * clipped away or inside `fixed` itself does not count.
 */
export function whatPassesUnder(fixed: Locator, step = 100): Promise<string[]> {
  return fixed.evaluate(async (tab, scrollStep) => {
    const CONTROLS = 'a[href], button, input, select, textarea, summary, iframe, [tabindex="0"]';
    type Box = { left: number; right: number; top: number; bottom: number };
    /**
     * The part of `box`, drawn by `element`, left on screen after every box that clips it from
     * `clipper` outwards (a text's own element clips it, a control's box starts at its parent).
     */
    function visiblePart(element: Element, box: Box, clipper: Element | null): Box | undefined {
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) {
        return undefined;
      }
      let part = box;
      for (let at = clipper; at && at !== document.body; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = at.getBoundingClientRect();
        part = {
          left: Math.max(part.left, clip.left),
          right: Math.min(part.right, clip.right),
          top: Math.max(part.top, clip.top),
          bottom: Math.min(part.bottom, clip.bottom),
        };
      }
      return part.right - part.left > 1 && part.bottom - part.top > 1 ? part : undefined;
    }
    const found = new Set<string>();
    const height = document.documentElement.scrollHeight;
    for (let y = 0; y < height + scrollStep; y += scrollStep) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const under = tab.getBoundingClientRect();
      const overlaps = (box: Box | undefined) =>
        box !== undefined &&
        box.left < under.right &&
        box.right > under.left &&
        box.top < under.bottom &&
        box.bottom > under.top;
      const at = `at scroll ${Math.round(window.scrollY)}`;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim();
        if (!text || !node.parentElement || tab.contains(node)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const line of range.getClientRects()) {
          if (overlaps(visiblePart(node.parentElement, line, node.parentElement))) {
            found.add(`text "${text.slice(0, 40)}" ${at}`);
          }
        }
      }
      for (const control of document.querySelectorAll(CONTROLS)) {
        if (tab.contains(control)) continue;
        const box = control.getBoundingClientRect();
        if (overlaps(visiblePart(control, box, control.parentElement))) {
          const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? '';
          found.add(`${control.tagName.toLowerCase()} "${name.slice(0, 40)}" ${at}`);
        }
      }
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    return [...found];
  }, step);
}
