// The admin dashboard, Admin activity and Logs through the real screens: figures and their links,
// the activity feed's filters in the URL, a log entry's detail; axe-core on each screen at both widths.
import { describe, expect, it, vi } from 'vitest';
import type { AdminDashboard, LogList } from '../../common/schemas/adminOps';
import { api, axeBlocking, browserSuite, loaded, runCli } from './harness';

vi.setConfig({ testTimeout: 60_000 });

const suite = browserSuite();
const STAFF = 'support@coachwell.example';

describe('the admin dashboard', () => {
  it('shows the figures of the API, each linking to its list', async () => {
    const page = await suite.signedIn(STAFF);
    await page.goto('/admin');
    await loaded(page);
    const { json: figures } = await api<AdminDashboard>(page, 'GET', 'admin/dashboard');
    const byStatus = page.getByRole('region', { name: 'Districts by status' });
    for (const f of figures.districts_by_status) {
      const link = byStatus.getByRole('link', { name: new RegExp(`^${f.count}\\s*${f.label}$`) });
      expect(await link.getAttribute('href')).toBe(f.link);
    }
    const byPlan = page.getByRole('region', { name: 'Districts by plan' });
    expect(await byPlan.getByRole('link').count()).toBe(figures.districts_by_plan.length);
    expect(await page.getByRole('region', { name: 'Usage' }).innerText()).toContain(`${figures.interactions_this_week.count.toLocaleString('en-US')}\nInteractions logged this week`);
    await page.getByRole('region', { name: 'Errors, last 24 hours' }).getByRole('link', { name: /Server errors/ }).click();
    await page.waitForURL((u) => u.pathname === '/admin/logs' && u.searchParams.get('kind') === 'server' && /^\d{4}-\d{2}-\d{2}$/.test(u.searchParams.get('from') ?? ''));
    await page.getByRole('link', { name: 'Server errors' }).and(page.locator('[aria-current="page"]')).waitFor();
  });
});

describe('Admin activity', () => {
  it('reads as sentences; the action and person filters live in the URL', async () => {
    const admin = await suite.signedIn('admin@maplegrove.example');
    await admin.goto('/app');
    const page = await suite.signedIn(STAFF);
    await page.goto('/admin/activity');
    await loaded(page);
    await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Signed in' });
    await page.waitForURL((u) => u.searchParams.get('action') === 'login');
    await page.getByRole('searchbox', { name: 'Person' }).fill('admin@maplegrove');
    await page.waitForURL((u) => u.searchParams.get('actor') === 'admin@maplegrove');
    const feed = page.locator('.audit-feed');
    await expect.poll(async () => (await feed.locator('.audit-entry').allInnerTexts()).every((t) => /signed in in Maple Grove/.test(t)) && (await feed.locator('.audit-entry').count()) > 0).toBe(true);
    await page.reload();
    await loaded(page);
    expect(await page.getByRole('combobox', { name: 'Action' }).inputValue()).toBe('login');
    expect(await page.getByRole('searchbox', { name: 'Person' }).inputValue()).toBe('admin@maplegrove');
    // A district button narrows to that district, kept in the URL too.
    await feed.locator('.audit-entry').first().getByRole('button', { name: /Maple Grove/ }).click();
    await page.waitForURL((u) => /^\d+$/.test(u.searchParams.get('district_id') ?? ''));
    await page.getByText(/District: Maple Grove/).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((u) => u.search === '');
  });
});

describe('Admin activity: an impersonation reads as sentences', () => {
  it('a run of screens viewed while impersonating is one entry, with its time span and the screens listed, at 1366 and 390 px', async () => {
    const users = await runCli(suite.server, ['list-users']);
    const coachId = Number(users.match(/^\s*(\d+)\s+coach@maplegrove\.example\s/m)?.[1]);
    expect(coachId, users).toBeGreaterThan(0);
    const staff = await suite.signedIn(STAFF);
    expect((await api(staff, 'POST', 'auth/impersonate', { user_id: coachId })).status).toBe(200);
    for (const screen of ['/app', '/app/staff', '/app/coaches']) {
      await staff.goto(screen);
      await loaded(staff);
      // A heading can paint before the screen's own requests leave (the likely cause of a CI run that saw 2 screens:
      // the dashboard left before asking); each screen must have asked the server before the next one.
      await staff.waitForLoadState('networkidle');
    }
    const banner = staff.getByRole('region', { name: 'Impersonation' });
    const coachName = /acting as (.+?) \(coach@maplegrove\.example\)/.exec((await banner.textContent()) ?? '')?.[1];
    expect(coachName).toBeTruthy();
    await banner.getByRole('button', { name: 'Stop impersonating' }).click();
    await staff.waitForURL((u) => u.pathname === '/admin');

    for (const viewport of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
      const page = await suite.signedIn(STAFF, { bypassCSP: true, viewport });
      await page.goto('/admin/activity?action=impersonated_request');
      await loaded(page);
      const run = page.locator('.audit-entry').filter({ hasText: /viewed \d+ screens?/ }).first();
      const sentence = await run.locator('.audit-entry__sentence').innerText();
      // The run's times are on the reader's profile clock (useInstantFormat).
      expect(sentence).toMatch(new RegExp(`^Sam Ortega \\(impersonating ${coachName}\\) viewed [3-9] screens in Maple Grove[^]* (between \\d{1,2}:\\d{2} [AP]M and \\d{1,2}:\\d{2} [AP]M|at \\d{1,2}:\\d{2} [AP]M)$`));
      expect(await page.locator('.audit-entry__sentence').filter({ hasText: /did “|#\d/ }).count()).toBe(0);
      await run.getByText(/^Screens viewed \(\d+ requests\)$/).click();
      const list = run.locator('.audit-reads');
      for (const title of ['Dashboard', 'Educators', 'Coaches']) await list.getByText(title, { exact: true }).first().waitFor();
      expect(await list.innerText()).toContain('/app/staff');
      expect(await axeBlocking(page), `at ${viewport.width}`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), `sideways scroll at ${viewport.width}`).toBe(false);
    }
    // Stopping reads as a sentence too, naming the person.
    const page = await suite.signedIn(STAFF);
    await page.goto('/admin/activity?action=impersonation_stopped');
    await loaded(page);
    await page.locator('.audit-entry__sentence').filter({ hasText: `Sam Ortega stopped impersonating ${coachName}` }).first().waitFor();
  });
});

describe('Logs', () => {
  it('lists a browser error and a failed sign-in; the detail dialog shows the stack', async () => {
    const guest = await suite.page();
    await guest.goto('/app/auth/login');
    expect((await api(guest, 'POST', 'client-error', { message: 'TypeError: e2e boom', stack: 'TypeError: e2e boom\n    at Staff (staff.js:10:5)', url: 'http://x/app/staff' })).status).toBe(201);
    expect((await api(guest, 'POST', 'auth/login', { email: 'nobody-e2e@example.org', password: 'wrong', area: 'app' })).status).toBe(422);

    const page = await suite.signedIn(STAFF, { bypassCSP: true });
    await page.goto('/admin/logs?kind=client&search=e2e');
    await loaded(page);
    const row = page.getByRole('row').filter({ hasText: 'TypeError: e2e boom' });
    await row.getByRole('button', { name: /Details/ }).click();
    await page.waitForURL((u) => /^\d+$/.test(u.searchParams.get('open') ?? ''));
    const dialog = page.getByRole('dialog', { name: /Client error #\d+/ });
    await dialog.locator('pre').filter({ hasText: 'at Staff (staff.js:10:5)' }).waitFor();
    expect(await dialog.innerText()).toContain('http://x/app/staff');
    expect(await axeBlocking(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    await page.waitForURL((u) => !u.searchParams.has('open'));

    await page.getByRole('link', { name: 'Security' }).click();
    await page.waitForURL((u) => u.searchParams.get('kind') === 'security');
    await page.getByRole('combobox', { name: 'Kind' }).selectOption('failed-sign-in');
    await page.getByRole('row').filter({ hasText: 'nobody-e2e@example.org' }).waitFor();
    const { json } = await api<LogList>(page, 'GET', 'admin/log?kind=security&filter[security_kind]=failed-sign-in');
    expect(json.data.some((e) => e.email === 'nobody-e2e@example.org')).toBe(true);
  });

  for (const viewport of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
    it(`filters on the shared filter bar at ${viewport.width} px: a text filter applies on Enter, each set filter a chip that removes it`, async () => {
      const page = await suite.signedIn(STAFF, { bypassCSP: true, viewport });
      await page.goto('/admin/logs?kind=security&security_kind=failed-sign-in');
      await loaded(page);
      const user = page.getByRole('searchbox', { name: 'User' });
      await user.fill('nobody-e2e');
      await user.press('Enter');
      await page.waitForURL((u) => u.searchParams.get('user') === 'nobody-e2e');
      const chips = page.getByRole('list', { name: 'Active filters' });
      await expect.poll(() => chips.getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining('User: nobody-e2e'), expect.stringContaining('Kind: ')]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await axeBlocking(page)).toEqual([]);
      await page.getByRole('button', { name: 'Remove filter User: nobody-e2e' }).click();
      await page.waitForURL((u) => !u.searchParams.has('user') && u.searchParams.get('security_kind') === 'failed-sign-in');
      await expect.poll(() => user.inputValue()).toBe(''); // the box follows the URL on the next render
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await page.waitForURL((u) => !u.searchParams.has('security_kind') && u.searchParams.get('kind') === 'security');
      await expect.poll(() => chips.count()).toBe(0);
    });
  }
});

describe('axe and phone width', () => {
  it.each(['/admin', '/admin/activity', '/admin/logs', '/admin/logs?kind=security'])('%s has no serious violations and no sideways scroll', async (target) => {
    for (const viewport of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
      const page = await suite.signedIn(STAFF, { bypassCSP: true, viewport });
      await page.goto(target);
      await loaded(page);
      expect(await axeBlocking(page), `${target} at ${viewport.width}`).toEqual([]);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(wide, `${target} scrolls sideways at ${viewport.width}`).toBe(false);
    }
  });
});
