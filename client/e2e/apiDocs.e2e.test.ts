// The API reference at /api/docs (server/openapi/routes.ts): Swagger UI served by us loads the generated
// document under the app's strict CSP, with no console error and no CSP violation, on a laptop and a phone.
import type { Page } from 'playwright-core';
import { expect, it, vi } from 'vitest';
import { axeBlocking, browserSuite } from './harness';

vi.setConfig({ testTimeout: 120_000 });
const suite = browserSuite();

/** Console errors, page errors and CSP violations seen by the page from its first script on. */
async function watched(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  await page.exposeFunction('reportCspViolation', (text: string) => problems.push(`CSP: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return problems;
}

for (const [label, viewport] of [['1366', { width: 1366, height: 900 }], ['390', { width: 390, height: 844 }]] as const) {
  it(`at ${label} px: /api/docs shows every area of the API and opens an operation, with no console error or CSP violation`, async () => {
    const page = await suite.page({ viewport });
    const problems = await watched(page);
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { name: 'Coachwell API reference', level: 1 }).isVisible()).resolves.toBe(true);
    // Swagger UI has fetched and rendered the document: its title, then one section per area.
    // The first render parses a 1.7 MB bundle and lays out ~240 operations: give a busy machine time.
    await page.locator('.info .title', { hasText: 'Coachwell API' }).waitFor({ timeout: 60_000 });
    for (const area of ['Sign-in and session', 'Staff groups', 'Coaching cycles', 'Admin: districts', 'Reference']) {
      await page.locator('.opblock-tag', { hasText: area }).first().waitFor();
    }
    // Open an area and one of its operations: the method, path, who may call and the request schema show.
    await page.locator('.opblock-tag', { hasText: 'Staff groups' }).first().click();
    const put = page.locator('.opblock-put', { hasText: '/api/group/{id}' });
    await put.locator('.opblock-summary').click();
    await put.getByText('Replace a group').first().waitFor();
    await put.getByText('manage coaches').first().waitFor();
    await put.getByText('Request body').first().waitFor();
    await put.locator('.response', { hasText: '422' }).first().waitFor();
    // The page is no wider than the screen on a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
  });
}

it('axe finds no serious or critical violation on the reference page', async () => {
  // axe is injected as an inline script, which our CSP refuses: this context alone bypasses the CSP.
  const page = await suite.page({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
  await page.goto('/api/docs');
  await page.locator('.opblock-tag', { hasText: 'Staff groups' }).first().waitFor({ timeout: 60_000 });
  expect(await axeBlocking(page)).toEqual([]);
});
