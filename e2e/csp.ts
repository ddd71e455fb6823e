import type { BrowserContext, Page } from 'playwright-core';

/**
 * Collects Content Security Policy violations a page reports (issue 17 finding 5): the
 * `securitypolicyviolation` events of every document, and Chromium's console report of them.
 */
export async function watchCsp(context: BrowserContext, page: Page): Promise<() => string[]> {
  const violations: string[] = [];
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation?: (text: string) => void })
        .__reportCspViolation;
      report?.(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} on ${location.pathname}`);
    });
  });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return () => violations;
}
