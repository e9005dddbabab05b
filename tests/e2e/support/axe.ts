import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const schemes = ['light', 'dark'] as const;

/** Serious and critical axe violations (WCAG 2.1 A/AA and best practices), as readable lines. */
export async function seriousViolations(page: Page, scheme: (typeof schemes)[number]): Promise<string[]> {
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
