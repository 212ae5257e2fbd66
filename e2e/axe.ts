import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG levels the schools are held to: 2.1 AA by law, 2.2 AA as the goal (issue 13). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export type Violation = { rule: string; impact: string | null | undefined; targets: string[]; help: string };

function summarise(result: Result): Violation {
  return {
    rule: result.id,
    impact: result.impact,
    help: result.help,
    targets: result.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`),
  };
}

/**
 * Runs axe-core in the page as it is now (an open dialog included) and returns its violations.
 * Injected through the DevTools protocol, so the page's own CSP stays as in production; once per
 * document (compiling it is half the cost of a check), so dialogs and screens reached inside the
 * app reuse it until the next page load.
 */
export async function axeViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    WCAG_TAGS,
  );
  return results.violations.map(summarise);
}
