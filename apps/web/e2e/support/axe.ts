import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Axe run in the page itself (`axe.run`). Its default runs each frame apart and then merges the
 * results in a blank page of its own, loading axe a second time: that is for cross-origin
 * frames, and neither the site nor the desk has any. A fifth less CPU for the site's axe checks.
 */
function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true);
}

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One readable block per rule: what is wrong, where, and how to fix it. */
export function describeViolations(violations: readonly Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map(
          (node) =>
            `    - ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`,
        )
        .join('\n');
      return `[${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help}\n  ${violation.helpUrl}\n${nodes}`;
    })
    .join('\n\n');
}

/** Runs axe on the page as it is now and fails listing every WCAG A/AA violation. */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  // Contrast is judged on the settled page, not halfway through a modal's fade-in.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await axeOn(page).withTags(WCAG_TAGS).analyze();
  const violations = results.violations;
  expect(
    violations.map((violation) => violation.id),
    `axe found WCAG violations on ${what}:\n\n${describeViolations(violations)}`,
  ).toEqual([]);
}

/**
 * Text whose contrast axe could not decide (over images, gradients, overlapping layers), with
 * the ratio WCAG AA asks of it, as selectors to measure by pixels instead.
 */
export async function undecidedContrast(
  page: Page,
  scope: { include?: string; exclude?: string } = {},
): Promise<{ selector: string; required: number }[]> {
  let builder = axeOn(page).withRules(['color-contrast']);
  if (scope.include) builder = builder.include(scope.include);
  if (scope.exclude) builder = builder.exclude(scope.exclude);
  const results = await builder.analyze();
  return results.incomplete.flatMap((rule) =>
    rule.nodes.flatMap((node) => {
      const selector = node.target[0];
      if (typeof selector !== 'string' || node.target.length > 1) return [];
      const data = node.any[0]?.data as { expectedContrastRatio?: string } | undefined;
      const required = parseFloat(data?.expectedContrastRatio ?? '4.5');
      return [{ selector, required }];
    }),
  );
}
