import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Every axe-core violation on the page as it is now, one line each (rule, impact, where). */
export async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
}
