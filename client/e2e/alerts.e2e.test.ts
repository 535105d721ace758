// Alerts through the real screens and the demo seed: a provider admin creates an alert for Maple Grove
// on /admin/alerts (filters in the URL, live preview), a district user sees it in the banner, dismisses
// it and it stays gone after a reload; a critical alert cannot be dismissed; XSS payloads in an alert
// reach the page as text only; nothing about alerts loads on the sign-in page; axe-core on the admin
// screen, its dialog and a page with the banner.
import { describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { api, axeBlocking, browserSuite } from './harness';

vi.setConfig({ testTimeout: 60_000 });
const suite = browserSuite();


// Pages that run axe-core inject it as a script tag: they bypass the strict CSP.
const asProvider = () => suite.signedIn('support@coachwell.example', { bypassCSP: true });
const banner = (page: Page) => page.getByRole('region', { name: 'Announcements' });
const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

/** Creates an alert through the API as the signed-in provider admin. */
async function createAlert(page: Page, body: Record<string, unknown>): Promise<number> {
  const res = await api<{ id: number }>(page, 'POST', 'admin/alert', { audience: 'everyone', starts_at: hourAgo(), ...body });
  expect(res.status).toBe(201);
  return res.json.id;
}

describe('an alert from the admin screen to the banner', () => {
  it('is created with a preview, shown to Maple Grove, dismissed and still gone after a reload', async () => {
    const admin = await asProvider();
    await admin.goto('/admin/alerts');
    await admin.getByRole('heading', { level: 1, name: 'Alerts' }).waitFor();
    await admin.getByRole('button', { name: 'New alert' }).first().click();
    const dialog = admin.getByRole('dialog', { name: 'New alert' });
    await dialog.getByLabel(/^Title/).fill('New coaching reports');
    await dialog.getByLabel(/^Level/).selectOption('warning');
    await dialog.getByLabel(/^Message/).fill('The **coaching team** report is ready. [Read more](https://example.org/reports)');
    // The live preview renders the Markdown as district users will see it.
    await dialog.locator('.alert-form__preview strong', { hasText: 'coaching team' }).waitFor();
    await dialog.getByLabel(/^Audience/).selectOption('districts');
    // Nothing chosen yet: the server names the field.
    await dialog.getByRole('button', { name: 'Create alert' }).click();
    await dialog.getByText('Choose at least one district.').waitFor();
    await dialog.getByLabel('Find districts').fill('Maple');
    await dialog.getByRole('checkbox', { name: /Maple Grove/ }).check();
    expect(await axeBlocking(admin)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create alert' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = admin.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: 'New coaching reports' }) });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/Warning[\s\S]*Current[\s\S]*District: Maple Grove/);

    // Filters live in the URL.
    await admin.getByLabel(/^Level/).selectOption('critical');
    await admin.waitForURL((u) => u.searchParams.get('level') === 'critical');
    await admin.getByText('No alerts match these filters').waitFor();
    await admin.goto('/admin/alerts?state=current&search=coaching');
    await row.waitFor();
    expect(await admin.getByLabel(/^State/).inputValue()).toBe('current');
    expect(await axeBlocking(admin)).toEqual([]);

    const teacher = await suite.signedIn('teacher@maplegrove.example', { bypassCSP: true });
    await teacher.goto('/app');
    const shown = banner(teacher).getByRole('status').filter({ hasText: 'New coaching reports' });
    await shown.waitFor();
    expect(await shown.locator('strong').innerText()).toBe('coaching team');
    expect(await shown.getByRole('link', { name: 'Read more' }).getAttribute('rel')).toBe('noopener noreferrer');
    expect(await axeBlocking(teacher)).toEqual([]);
    // The banner drops the alert before the server has the dismissal: wait for its answer, or the
    // reload below could cut the request short and bring the alert back.
    const dismissed = teacher.waitForResponse((r) => /^\/api\/alert\/\d+\/dismiss$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST');
    await shown.getByRole('button', { name: 'Dismiss “New coaching reports”' }).click();
    await shown.waitFor({ state: 'detached' });
    expect((await dismissed).ok()).toBe(true);
    await teacher.reload();
    await teacher.getByRole('heading', { level: 1 }).first().waitFor();
    await teacher.waitForLoadState('networkidle');
    expect(await teacher.getByText('New coaching reports').count()).toBe(0);

    // Another person of the district still sees it; Cedar Falls never does.
    const coach = await suite.signedIn('coach@maplegrove.example');
    await banner(coach).getByRole('status').filter({ hasText: 'New coaching reports' }).waitFor();
    const cedar = await suite.signedIn('admin@cedarfalls.example');
    await cedar.getByRole('heading', { level: 1 }).first().waitFor();
    await cedar.waitForLoadState('networkidle');
    expect(await cedar.getByText('New coaching reports').count()).toBe(0);

    // Deleting asks first, then the alert is gone from the list and the banner.
    await row.getByRole('button', { name: /^Delete/ }).click();
    await admin.getByRole('dialog', { name: 'Delete this alert?' }).getByRole('button', { name: 'Delete alert' }).click();
    await row.waitFor({ state: 'detached' });
    await coach.reload();
    await coach.getByRole('heading', { level: 1 }).first().waitFor();
    await coach.waitForLoadState('networkidle');
    expect(await coach.getByText('New coaching reports').count()).toBe(0);
    // Four browsers and a dozen screens: longer than the file's default on a busy machine.
  }, 150_000);

  it('a critical alert is announced (role="alert"), has no dismiss button and stays after a reload', async () => {
    const admin = await asProvider();
    await admin.goto('/admin/alerts');
    const id = await createAlert(admin, { title: 'Sign-in outage tonight', body: 'Coachwell is down from 10 pm.', level: 'critical' });
    const teacher = await suite.signedIn('teacher@maplegrove.example', { bypassCSP: true });
    const critical = banner(teacher).getByRole('alert').filter({ hasText: 'Sign-in outage tonight' });
    await critical.waitFor();
    expect(await critical.getByRole('button').count()).toBe(0);
    // The API refuses too.
    const refused = await api<{ message: string }>(teacher, 'POST', `alert/${id}/dismiss`);
    expect(refused).toEqual({ status: 422, json: expect.objectContaining({ message: 'Critical alerts cannot be dismissed.' }) });
    await teacher.reload();
    await critical.waitFor();
    expect(await axeBlocking(teacher)).toEqual([]);
    const phone = await suite.signedIn('teacher@maplegrove.example', { viewport: { width: 390, height: 844 } });
    await banner(phone).getByRole('alert').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect((await api(admin, 'DELETE', `admin/alert/${id}`)).status).toBe(204);
  });
});

describe('XSS payloads in an alert reach the page as text only', () => {
  it('no script, event handler, javascript: or data: link in the banner; nothing ran', async () => {
    const admin = await asProvider();
    await admin.goto('/admin/alerts');
    const body = [
      '<script>window.__xss = "script"</script>',
      '<img src=x onerror="window.__xss = \'img\'">',
      '<svg onload="window.__xss = \'svg\'"></svg>',
      '[click me](javascript:window.__xss=\'link\')',
      '[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '![pic](x" onerror="window.__xss=\'attr\')',
      '[ref][r]\n\n[r]: javascript:window.__xss=\'ref\'',
      '<a href="javascript:window.__xss=\'raw\'">raw link</a>',
    ].join('\n\n');
    const id = await createAlert(admin, { title: '<img src=x onerror="window.__xss=\'title\'">', body, level: 'info' });
    const teacher = await suite.signedIn('teacher@maplegrove.example');
    const item = banner(teacher).locator(`[data-alert-id="${id}"]`);
    await item.waitFor();
    // The alert's own text: its title and the rendered body (the level icon is the banner's own SVG).
    const found = await item.locator('.alert-banner__content').evaluate((el) => ({
      scripts: el.querySelectorAll('script, iframe, svg, object, embed, style').length,
      handlers: [...el.querySelectorAll('*')].flatMap((n) => [...n.attributes].map((a) => a.name)).filter((name) => name.startsWith('on')),
      hrefs: [...el.querySelectorAll('a, img')].map((n) => n.getAttribute('href') ?? n.getAttribute('src') ?? ''),
      title: el.querySelector('.alert-banner__title')?.textContent ?? '',
    }));
    expect(found.scripts).toBe(0);
    expect(found.handlers).toEqual([]);
    for (const href of found.hrefs) expect(href).not.toMatch(/^\s*(javascript|vbscript|data:text)/i);
    expect(found.title).toContain('<img src=x onerror=');
    await teacher.waitForTimeout(0);
    expect(await teacher.evaluate(() => (window as unknown as { __xss?: string }).__xss ?? null)).toBeNull();
    expect((await api(admin, 'DELETE', `admin/alert/${id}`)).status).toBe(204);
  });
});

describe('first paint', () => {
  it('the sign-in page asks nothing about alerts; the app asks once, after the shell', async () => {
    const page = await suite.page();
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/alert')) asked.push(r.url());
    });
    await page.goto('/app/auth/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    await page.getByLabel(/^Email/).fill('teacher@maplegrove.example');
    await page.getByLabel(/^Password/).fill('coachwell-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => !u.pathname.includes('/auth/login'));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked).toHaveLength(1);
  });
});
