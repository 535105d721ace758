// The provider's side of billing through the real screens: the admin Quotes list with its filters in the
// URL, and activating an accepted quote from the district page (the confirm dialog names what changes;
// the invoice appears and the district turns active), then marking the invoice paid; axe-core on both
// screens at desktop and phone widths.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { formatUsd, priceQuote } from '../../common/money';
import { PLANS } from '../../common/plans';
import { insertQuotes } from './adminBillingSeed';
import { axeBlocking, browserSuite } from './harness';

vi.setConfig({ testTimeout: 60_000 });

const suite = browserSuite();

const PROVIDER = 'support@coachwell.example';
const PHONE = { width: 390, height: 844 };
/** The machine running the suite may be busy: a list can take a few seconds to answer. */
const POLL = { timeout: 20_000 };

/** The harness's axe check once no list is refetching (a refetching list is dimmed, is-busy). */
async function axeAtRest(page: Page): Promise<string[]> {
  await page.locator('.is-busy').first().waitFor({ state: 'detached' });
  return axeBlocking(page);
}

const quoteNumbers = (page: Page) => page.locator('.ab-table tbody th[scope="row"]').evaluateAll((cells) => cells.map((c) => c.firstChild?.textContent ?? ''));
/** The quotes this file inserted, in the order the page lists them (the demo seeds Maple Grove's own quotes too). */
const ours = async (page: Page) => (await quoteNumbers(page)).filter((n) => numbers.includes(n));

let numbers: string[];
beforeAll(() => {
  numbers = insertQuotes(suite.server.dataDir, [
    { district: 'Maple Grove', plan: 'professional', seats: 6, termYears: 1, status: 'declined', daysAgo: 20 },
    { district: 'Maple Grove', plan: 'enterprise', seats: 6, termYears: 2, status: 'sent', daysAgo: 3 },
    { district: 'Cedar Falls', plan: 'professional', seats: 4, termYears: 2, status: 'accepted', poNumber: 'PO-88412', daysAgo: 1 },
  ]);
});

describe('admin Quotes', () => {
  it('lists every district\'s quotes newest first; status and search live in the URL', async () => {
    const page = await suite.signedIn(PROVIDER, { bypassCSP: true });
    await page.getByRole('navigation').getByRole('link', { name: 'Quotes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Quotes' }).waitFor();
    await expect.poll(() => ours(page), POLL).toEqual([numbers[2], numbers[1], numbers[0]]);
    await expect.poll(() => page.getByRole('row', { name: new RegExp(numbers[2]!) }).innerText(), POLL).toContain('PO-88412');

    await page.getByLabel('Status').selectOption('accepted');
    await page.waitForURL((u) => u.searchParams.get('status') === 'accepted');
    await expect.poll(() => ours(page), POLL).toEqual([numbers[2]]);
    await page.getByLabel('Status').selectOption('');
    await page.getByRole('searchbox', { name: 'Search' }).fill('maple');
    await page.waitForURL((u) => u.searchParams.get('search') === 'maple');
    await expect.poll(() => ours(page), POLL).toEqual([numbers[1], numbers[0]]);
    expect(await axeAtRest(page)).toEqual([]);

    const phone = await suite.signedIn(PROVIDER, { viewport: PHONE, bypassCSP: true });
    await phone.goto('/admin/quotes?plan=professional');
    await expect.poll(() => ours(phone), POLL).toEqual([numbers[2], numbers[0]]);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeAtRest(phone)).toEqual([]);
  });
});

describe('the Billing panel of a district', () => {
  it('a provider administrator activates an accepted quote and sees the invoice, then marks it paid', async () => {
    const page = await suite.signedIn(PROVIDER, { bypassCSP: true });
    await page.goto('/admin/districts');
    await page.getByRole('link', { name: 'Cedar Falls Community Schools' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cedar Falls Community Schools' }).waitFor();
    const panel = page.getByRole('region', { name: 'Billing' });
    await panel.getByRole('button', { name: `Activate ${numbers[2]}` }).click();

    const dialog = page.getByRole('dialog', { name: `Activate ${numbers[2]}?` });
    const total = formatUsd(priceQuote(PLANS.find((p) => p.key === 'professional')!, 4, 2).total_cents);
    const text = await dialog.innerText();
    expect(text).toContain('PO-88412');
    expect(text).toMatch(/Plan\s+Essentials → Professional/);
    expect(text).toMatch(/Status\s+Trial → Active/);
    expect(text).toMatch(/Coach seats\s+\d+ → 4/);
    expect(text).toMatch(/Renews on\s+None → \w{3} \d{1,2}, \d{4}/);
    expect(text).toContain(total);
    expect(await axeAtRest(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Activate quote' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The invoice is listed, the quote reads Activated and the district is active on Professional.
    const invoiceRow = panel.getByRole('row', { name: /INV-\d{4}-\d{4}/ });
    await expect.poll(() => invoiceRow.innerText(), POLL).toContain(total);
    expect(await invoiceRow.innerText()).toContain('Open');
    expect(await invoiceRow.innerText()).toContain(`From ${numbers[2]}`);
    expect(await panel.getByRole('row', { name: new RegExp(numbers[2]!) }).first().innerText()).toContain('Activated');
    await expect.poll(() => page.getByRole('region', { name: 'Plan and status' }).innerText(), POLL).toMatch(/Professional[\s\S]*4 in use|Professional[\s\S]*of 4/);
    expect(await page.locator('.adm-header-line').innerText()).toContain('Active');
    expect(await panel.getByRole('button', { name: `Activate ${numbers[2]}` }).count()).toBe(0);

    // The panel with an open invoice's actions is axe-clean too.
    expect(await axeAtRest(page)).toEqual([]);

    // Mark paid (today by default).
    await invoiceRow.getByRole('button', { name: /^Mark paid INV-\d{4}-\d{4}$/ }).click();
    const paid = page.getByRole('dialog', { name: /^Mark INV-\d{4}-\d{4} paid$/ });
    expect(await paid.getByLabel(/^Paid on/).inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await paid.getByRole('button', { name: 'Mark paid' }).click();
    await paid.waitFor({ state: 'detached' });
    await expect.poll(() => invoiceRow.innerText(), POLL).toContain('Paid');
    expect(await invoiceRow.getByRole('button').count()).toBe(0);
    expect(await axeAtRest(page)).toEqual([]);

    const phone = await suite.signedIn(PROVIDER, { viewport: PHONE, bypassCSP: true });
    await phone.goto(page.url());
    await phone.getByRole('region', { name: 'Billing' }).getByRole('row', { name: /INV-\d{4}-\d{4}/ }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeAtRest(phone)).toEqual([]);
  });
});
