// Billing through the real screens (issue 14): a district administrator creates a quote from the form
// (the live preview, a 422 on its field, the number and total), downloads its PDF, accepts it with a PO
// number, sends and declines another; the Billing page shows the plan, seats and the demo district's
// invoices, warns when the provider lowers the seats below those in use; the invoice page; /pricing's "Request a quote" for a guest (register, then Quotes with the plan), a billing
// administrator and someone who must ask; the New quote form's selects never cut an option off (1366,
// 1024, 390 px); axe-core on every billing screen at desktop and phone width; and the screens for a district
// administrator who reads Spanish (issue 33).
import fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { api, axeBlocking, browserSuite, clippedSelects } from './harness';

vi.setConfig({ testTimeout: 60_000 });

const suite = browserSuite();

const ADMIN = 'admin@maplegrove.example';
const PROVIDER = 'support@coachwell.example';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };


async function sideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}


/** Creates a quote through the API as the page's user; answers its id and number. */
async function apiQuote(page: Page, body: { plan: string; seats: number; term_years: number; notes?: string }) {
  const { status, json } = await api<{ id: number; number: string }>(page, 'POST', 'quote', body);
  expect(status).toBe(201);
  return json;
}

/** The provider sets a district's coach seats (keeping its plan). */
async function setSeats(districtName: string, seats: number): Promise<void> {
  const page = await suite.signedIn(PROVIDER);
  const list = await api<{ data: { id: number; name: string }[] }>(page, 'GET', `admin/district?search=${encodeURIComponent(districtName)}`);
  const id = list.json.data.find((d) => d.name === districtName)!.id;
  const district = await api<{ plan: { id: number } }>(page, 'GET', `admin/district/${id}`);
  const { status } = await api(page, 'PUT', `admin/district/${id}/plan`, { plan_id: district.json.plan.id, seats, reason: 'Browser test' });
  expect(status).toBe(200);
  await page.context().close();
}

describe('a quote from the form to accepted', () => {
  it('creates a quote with a live preview, downloads its PDF and accepts it with a PO number', async () => {
    const page = await suite.signedIn(ADMIN, { acceptDownloads: true });
    await page.goto('/app/settings/billing/quotes');
    await page.getByRole('heading', { level: 1, name: 'Quotes' }).waitFor();
    await page.getByRole('button', { name: 'New quote' }).click();
    await page.waitForURL((u) => u.searchParams.get('new') === '1');

    const form = page.getByRole('region', { name: 'New quote' });
    await form.getByLabel(/^Plan/).selectOption('enterprise');
    await form.getByLabel(/^Term/).selectOption('3');
    await form.getByLabel(/^Coach seats/).fill('');
    await form.getByText('Enter a whole number of seats from 1 to 10,000 to see the price.').waitFor();
    await form.getByRole('button', { name: 'Create quote' }).click();
    await form.getByText('Seats must be a whole number from 1 to 10,000.').waitFor();
    expect(await form.getByLabel(/^Coach seats/).getAttribute('aria-invalid')).toBe('true');

    // 12 seats × 3 years × $1,400 = $50,400, less 10% = $45,360 (integer cents all the way).
    await form.getByLabel(/^Coach seats/).fill('12');
    const preview = form.getByRole('table', { name: 'Price preview' });
    await preview.getByText('$45,360.00').waitFor();
    expect(await preview.innerText()).toContain('−$5,040.00');
    await form.getByLabel(/^Notes/).fill('Requisition R-118');
    await form.getByRole('button', { name: 'Create quote' }).click();

    await page.waitForURL(/\/app\/settings\/billing\/quotes\/\d+$/);
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.innerText()).toMatch(/^Quote Q-\d{4}-\d{4}$/);
    const number = (await heading.innerText()).replace('Quote ', '');
    const id = Number(new URL(page.url()).pathname.split('/').at(-1));
    const doc = page.getByRole('article');
    expect(await doc.getByRole('row', { name: /Total \(USD\)/ }).first().innerText()).toContain('$45,360.00');
    expect(await doc.innerText()).toContain('Requisition R-118');
    expect(await doc.innerText()).toContain('Draft');

    // The PDF: a plain link the browser downloads with the session cookie.
    const link = page.getByRole('link', { name: 'Download PDF' });
    expect(await link.getAttribute('href')).toBe(`/api/quote/${id}.pdf`);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const file = await download.path();
    expect(fs.readFileSync(file!).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const response = await page.request.get(`/api/quote/${id}.pdf`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/pdf/);
    expect((await response.body()).subarray(0, 4).toString('latin1')).toBe('%PDF');

    // Printed, the page is the quote alone: no navigation, no buttons.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.app-sidebar').isVisible()).toBe(false);
    expect(await page.locator('.app-topbar').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await doc.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // Accept: the dialog's fields are required; then the quote reads Accepted and its actions go.
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Accept quote ${number}` });
    await dialog.getByRole('button', { name: 'Accept quote' }).click();
    await dialog.getByText('PO number is required.').waitFor();
    await dialog.getByLabel(/^PO number/).fill('PO-55120');
    await dialog.getByLabel(/^Signer's name/).fill('Morgan Lee');
    await dialog.getByLabel(/^Signer's title/).fill('Assistant Superintendent');
    await dialog.getByRole('button', { name: 'Accept quote' }).click();
    await page.getByText(`Quote ${number} has been accepted.`).waitFor();
    await doc.getByText('Status: Accepted', { exact: true }).waitFor();
    expect(await doc.innerText()).toContain('PO-55120');
    expect(await doc.innerText()).toContain('Morgan Lee, Assistant Superintendent');
    expect(await page.getByRole('button', { name: /^(Send|Accept|Decline)$/ }).count()).toBe(0);

    // The list shows it under its status filter, kept in the URL.
    await page.goto('/app/settings/billing/quotes');
    await page.getByLabel('Status').selectOption('accepted');
    await page.waitForURL((u) => u.searchParams.get('status') === 'accepted');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: number }) });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/Enterprise.*12.*3 school years.*\$45,360\.00.*Accepted/s);
    await page.getByLabel('Status').selectOption('declined');
    await page.getByRole('heading', { name: 'No declined quotes' }).waitFor();
  });

  it('sends a quote to the billing contact and declines another', async () => {
    const page = await suite.signedIn(ADMIN);
    expect((await api(page, 'PUT', 'billing', { billing_contact_name: 'Dana Whitfield', billing_contact_email: 'ap@maplegrove.example' })).status).toBe(200);
    const quote = await apiQuote(page, { plan: 'professional', seats: 5, term_years: 1 });
    await page.goto(`/app/settings/billing/quotes/${quote.id}`);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const send = page.getByRole('dialog', { name: `Send quote ${quote.number}` });
    expect(await send.getByLabel(/^Email/).inputValue()).toBe('ap@maplegrove.example');
    await send.getByRole('button', { name: 'Send quote' }).click();
    await page.getByText(`Quote ${quote.number} has been sent to ap@maplegrove.example.`).waitFor();
    await page.getByRole('article').getByText('Status: Sent', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Decline', exact: true }).click();
    const decline = page.getByRole('dialog', { name: `Decline quote ${quote.number}` });
    await decline.getByLabel(/^Reason/).fill('Budget moved to next year.');
    await decline.getByRole('button', { name: 'Decline quote' }).click();
    await page.getByText(`Quote ${quote.number} has been declined.`).waitFor();
    await page.getByRole('article').getByText('Budget moved to next year.').waitFor();
    expect(await page.getByRole('button', { name: /^(Send|Accept|Decline)$/ }).count()).toBe(0);
  });
});

describe('the New quote form\'s layout', () => {
  it('shows every option of Plan and Term whole, "3 school years (10% off)" chosen, at 1366, 1024 and 390 px', async () => {
    const page = await suite.signedIn(ADMIN, { viewport: { width: 1366, height: 800 } });
    await page.goto('/app/settings/billing/quotes?new=1&plan=enterprise&seats=12&term=3');
    const form = page.getByRole('region', { name: 'New quote' });
    await form.getByRole('table', { name: 'Price preview' }).getByText('$45,360.00').waitFor();
    expect(await form.getByLabel(/^Term/).locator('option:checked').innerText()).toBe('3 school years (10% off)');
    for (const width of [1366, 1024, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await form.getByLabel(/^Term/).waitFor();
      expect({ width, clipped: await clippedSelects(page, '.billing-new-quote') }).toEqual({ width, clipped: [] });
      expect({ width, sideways: await sideways(page) }).toEqual({ width, sideways: false });
      // Side by side, the seats box and the Term select line up along their bottom edges.
      const [seats, term] = await Promise.all([form.getByLabel(/^Coach seats/).boundingBox(), form.getByLabel(/^Term/).boundingBox()]);
      if (Math.abs(seats!.x - term!.x) > 1) expect(Math.abs(seats!.y + seats!.height - (term!.y + term!.height))).toBeLessThanOrEqual(1);
    }
  });
});

describe('the Billing page', () => {
  it('shows the plan, seats and invoices, warns when over seats and saves the billing contact', async () => {
    const page = await suite.signedIn(ADMIN);
    await page.goto('/app/settings/billing');
    await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();
    // The demo district: Professional, active, its paid invoice for 10 seats and an open one for 2 more.
    const plan = page.getByRole('region', { name: 'Professional' });
    await plan.getByText('Active', { exact: true }).waitFor();
    expect(await plan.innerText()).toMatch(/Renews on .+, at the end of the school year\./);
    expect(await plan.innerText()).toMatch(/\d+ in use of \d+ purchased/);
    expect(await plan.getByRole('list', { name: 'Included in Professional' }).innerText()).toContain('Coaching cycles');

    const invoices = page.getByRole('region', { name: 'Invoices' });
    const invoiceRow = (amount: string) => invoices.getByRole('row').filter({ has: page.getByRole('link', { name: /^INV-\d{4}-\d{4}$/ }) }).filter({ hasText: amount });
    await invoiceRow('$9,500.00').waitFor();
    expect(await invoiceRow('$9,500.00').innerText()).toMatch(/Paid/);
    expect(await invoiceRow('$1,900.00').innerText()).toMatch(/Open/);

    // Plans compared, the current one marked, each with its quote link.
    const plans = page.getByRole('region', { name: 'Plans' });
    expect(await plans.getByText('Current plan').count()).toBe(1);
    expect(await plans.getByRole('link', { name: 'Request a quote' }).first().getAttribute('href')).toMatch(/quotes\?new=1&plan=essentials/);

    // More coaches than seats: a warning with a quote for the seats in use, and nothing blocked.
    await setSeats('Maple Grove Unified School District', 2);
    await page.reload();
    const over = plan.getByText(/\d+ seats? over your purchase$/);
    await over.waitFor();
    expect(await plan.innerText()).toContain('Coaching carries on as usual; nothing is blocked.');
    expect(await plan.getByRole('link', { name: /^Request a quote for \d+ seats$/ }).getAttribute('href')).toMatch(/plan=professional&seats=\d+/);

    // The contact: a 422 lands on its field, then it saves.
    const contact = page.getByRole('region', { name: 'Billing contact' });
    await contact.getByLabel(/^Billing contact email/).fill('not an email');
    await contact.getByRole('button', { name: 'Save billing contact' }).click();
    await contact.getByText('Billing contact email must be a valid email address.').waitFor();
    await contact.getByLabel(/^Billing contact email/).fill('AP@MapleGrove.example');
    await contact.getByLabel(/^Tax-exempt certificate number/).fill('MN-ST3-448812');
    await contact.getByRole('button', { name: 'Save billing contact' }).click();
    await page.getByText('The billing contact has been saved.').waitFor();
    await expect.poll(() => contact.getByLabel(/^Billing contact email/).inputValue()).toBe('ap@maplegrove.example');

    // The invoice page: the same document layout, its PDF.
    await invoiceRow('$1,900.00').getByRole('link').click();
    await page.waitForURL(/\/app\/settings\/billing\/invoices\/\d+$/);
    const doc = page.getByRole('article');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toMatch(/^Invoice INV-\d{4}-\d{4}$/);
    expect(await doc.innerText()).toContain('$1,900.00');
    expect(await doc.innerText()).toMatch(/PO number\s+MG-PO-\d{4}-0933/);
    const href = await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
    const pdf = await page.request.get(href!);
    expect(pdf.headers()['content-type']).toMatch(/^application\/pdf/);
    expect((await pdf.body()).subarray(0, 4).toString('latin1')).toBe('%PDF');
  });

  it('shows a trial district its days left and end date', async () => {
    const page = await suite.signedIn('admin@cedarfalls.example');
    await page.goto('/app/settings/billing');
    const plan = page.getByRole('region', { name: 'Essentials' });
    await plan.getByText('Free trial').waitFor();
    expect(await plan.innerText()).toMatch(/\d+ days? left: the trial ends on/);
  });
});

describe('/pricing: Request a quote', () => {
  it('leads a guest through registration to Quotes with the plan chosen', async () => {
    const page = await suite.page();
    await page.goto('/pricing');
    await page.getByRole('link', { name: 'Request a quote' }).nth(2).click();
    await page.waitForURL((u) => u.pathname === '/register');
    await page.getByLabel(/^District name/).fill('Lakeview Schools');
    await page.getByLabel(/^State/).selectOption('MN');
    await page.getByLabel(/^Your name/).fill('Riley Park');
    await page.getByLabel(/^Work email/).fill('riley@lakeview.example');
    await page.getByLabel(/^Password/).first().fill('a long enough password 1');
    await page.getByLabel(/^Confirm password/).fill('a long enough password 1');
    await page.getByRole('button', { name: 'Create district' }).click();
    await page.waitForURL((u) => u.pathname === '/app/settings/billing/quotes' && u.searchParams.get('plan') === 'enterprise');
    const form = page.getByRole('region', { name: 'New quote' });
    await expect.poll(() => form.getByLabel(/^Plan/).inputValue()).toBe('enterprise');
  });

  it('sends a billing administrator straight to Quotes and tells others whom to ask', async () => {
    const admin = await suite.signedIn(ADMIN);
    await admin.goto('/pricing');
    const link = admin.getByRole('link', { name: 'Request a quote' }).first();
    // /pricing is public: its plans may show as to a guest until the signed-in user has answered.
    await expect.poll(() => link.getAttribute('href'), { timeout: 15_000 }).toBe('/app/settings/billing/quotes?new=1&plan=essentials');
    expect(await admin.getByRole('link', { name: 'Start free trial' }).count()).toBe(0);

    const coach = await suite.signedIn('coach@maplegrove.example');
    await coach.goto('/pricing');
    await coach.getByText('To get a quote for Professional, ask a district administrator in your district.').waitFor();
    expect(await coach.getByRole('link', { name: 'Request a quote' }).count()).toBe(0);
  });
});

describe('the quote\'s figures (issue 26)', () => {
  it.each([['desktop', { width: 1366, height: 800 }], ['phone', PHONE]] as const)(
    'the list-price line, the discount line and the total, each once, at %s width, in the preview and on the quote', async (_label, viewport) => {
      const page = await suite.signedIn(ADMIN, { viewport, bypassCSP: true });
      // 10 seats × 2 years at the plan's price, less the 2-year discount.
      const { json: quote } = await api<{ id: number; number: string; total_cents: number; line_items: { description: string; amount_cents: number }[] }>(
        page, 'POST', 'quote', { plan: 'professional', seats: 10, term_years: 2 });
      expect(quote.line_items).toHaveLength(2);
      const [list, discount] = quote.line_items as [{ description: string; amount_cents: number }, { description: string; amount_cents: number }];
      expect(discount.amount_cents).toBeLessThan(0);
      const usd = (cents: number) => `${cents < 0 ? '−' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
      const times = (text: string, needle: string) => text.split(needle).length - 1;
      const expectOnce = (text: string, where: string) => {
        for (const needle of [usd(list.amount_cents), usd(discount.amount_cents), usd(quote.total_cents), discount.description, 'Total (USD)']) {
          expect(times(text, needle), `${needle} in ${where}`).toBe(1);
        }
        expect(text).not.toMatch(/Subtotal/i);
        expect(text.indexOf(usd(list.amount_cents))).toBeLessThan(text.indexOf(usd(discount.amount_cents)));
        expect(text.indexOf(usd(discount.amount_cents))).toBeLessThan(text.indexOf('Total (USD)'));
      };

      await page.goto(`/app/settings/billing/quotes/${quote.id}`);
      await page.getByRole('heading', { level: 1, name: `Quote ${quote.number}` }).waitFor();
      const lines = page.getByRole('table', { name: `Quote ${quote.number} line items` }).filter({ visible: true });
      await lines.waitFor();
      expectOnce(await lines.innerText(), 'the quote');
      expect(await axeBlocking(page)).toEqual([]);
      expect(await sideways(page)).toBe(false);

      await page.goto('/app/settings/billing/quotes?new=1&plan=professional&seats=10&term=2');
      const preview = page.getByRole('table', { name: 'Price preview' });
      await preview.getByText(usd(quote.total_cents)).waitFor();
      expectOnce(await preview.innerText(), 'the preview');
      expect(await axeBlocking(page)).toEqual([]);
      expect(await sideways(page)).toBe(false);
    });
});

describe('accessibility', () => {
  it.each([['desktop', DESKTOP], ['phone', PHONE]] as const)('every billing screen passes axe at %s width without sideways scroll', async (_label, viewport) => {
    const page = await suite.signedIn(ADMIN, { viewport, bypassCSP: true });
    // An open quote with notes, an accepted one, and the demo district's first invoice.
    const sold = await apiQuote(page, { plan: 'professional', seats: 12, term_years: 1 });
    expect((await api(page, 'POST', `quote/${sold.id}/accept`, { po_number: 'PO-1', signer_name: 'Morgan Lee', signer_title: 'Superintendent' })).status).toBe(200);
    const quote = await apiQuote(page, { plan: 'enterprise', seats: 3, term_years: 2, notes: 'For the axe check.' });
    const { json: invoices } = await api<{ data: { id: number }[] }>(page, 'GET', 'invoice');
    const screens: [string, string | RegExp][] = [
      ['/app/settings/billing', 'Billing'],
      ['/app/settings/billing/quotes?new=1&plan=professional', 'Quotes'],
      [`/app/settings/billing/quotes/${quote.id}`, `Quote ${quote.number}`],
      [`/app/settings/billing/quotes/${sold.id}`, `Quote ${sold.number}`],
      [`/app/settings/billing/invoices/${invoices.data[0]!.id}`, /^Invoice INV-/],
      ['/pricing', /pricing/],
    ];
    for (const [target, title] of screens) {
      await page.goto(target);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.locator('.loading-block').first().waitFor({ state: 'detached' });
      expect(await axeBlocking(page), target).toEqual([]);
      expect(await sideways(page), `${target} scrolls sideways`).toBe(false);
    }
  });
});

describe('in Spanish (issue 33)', () => {
  it('a district administrator who reads Spanish: Billing, the new quote form and a quote in Spanish, whole selects, axe, no sideways scroll at 390 px', async () => {
    const page = await suite.signedIn(ADMIN, { viewport: PHONE, bypassCSP: true });
    const { json: me } = await api<{ name: string; date_locale: string; timezone: string }>(page, 'GET', 'auth/user');
    const profile = { name: me.name, date_locale: me.date_locale, timezone: me.timezone };
    expect((await api(page, 'PUT', 'account/profile', { ...profile, locale: 'es' })).status).toBe(200);
    try {
      const quote = await apiQuote(page, { plan: 'enterprise', seats: 3, term_years: 2 });

      await page.goto('/app/settings/billing');
      await page.getByRole('heading', { level: 3, name: 'Licencias de coach' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Contacto de facturación' }).waitFor();
      await page.getByRole('button', { name: 'Guardar contacto de facturación' }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('es');
      expect(await axeBlocking(page)).toEqual([]);
      expect(await sideways(page)).toBe(false);

      await page.goto('/app/settings/billing/quotes?new=1&plan=professional&seats=12&term=3');
      const form = page.getByRole('region', { name: 'Nueva cotización' });
      await form.getByRole('table', { name: 'Vista previa del precio' }).waitFor();
      expect(await form.getByLabel(/^Plazo/).locator('option:checked').innerText()).toMatch(/^3 años escolares \(−10\s?%\)$/u);
      await form.getByText(/^Total: .* por 3 años escolares$/).waitFor();
      expect(await clippedSelects(page, '.billing-new-quote')).toEqual([]);
      await form.getByLabel(/^Licencias de coach/).fill('');
      // (Spanish as US districts write it, es-US, groups digits as English does: 10,000; 10.000 reads as well)
      await form.getByText(/^Indique un número entero de licencias entre 1 y 10[.,]000 para ver el precio\.$/).waitFor();
      expect(await axeBlocking(page)).toEqual([]);
      expect(await sideways(page)).toBe(false);

      await page.goto(`/app/settings/billing/quotes/${quote.id}`);
      await page.getByRole('heading', { level: 1, name: `Cotización ${quote.number}` }).waitFor();
      await page.getByText(/^Plan Enterprise, 3 licencias, 2 años escolares: \$/).waitFor();
      await page.getByRole('table', { name: `Conceptos de la cotización ${quote.number}` }).filter({ visible: true }).getByText('Plan Enterprise: 3 licencias de coach × 2 años escolares').waitFor();
      await page.getByRole('button', { name: 'Rechazar', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Rechazar la cotización ${quote.number}` });
      await dialog.getByRole('button', { name: 'Rechazar cotización' }).click();
      await page.getByText(`Se rechazó la cotización ${quote.number}.`).waitFor();
      await page.locator('.billing-doc__status').getByText('Rechazada', { exact: true }).waitFor();
      expect(await axeBlocking(page)).toEqual([]);
      expect(await sideways(page)).toBe(false);
    } finally {
      expect((await api(page, 'PUT', 'account/profile', { ...profile, locale: 'en' })).status).toBe(200);
    }
  });
});
