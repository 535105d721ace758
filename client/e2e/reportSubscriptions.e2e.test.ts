// Coaching targets, the dashboard pulse and scheduled report emails through a real browser: the demo
// district's targets in its pulse; a target changed in Site settings (its 422 shown on the field) appears
// in the district admin's pulse; a report view subscribed to from the report screen is listed under "Your
// subscriptions" and removed again; axe-core on each screen touched, at desktop and phone width.
import { describe, expect, it } from 'vitest';
import type { ReportSubscription } from '../../common/schemas/reports';
import { api, axeBlocking, browserSuite } from './harness';

const suite = browserSuite();
const ADMIN = 'admin@maplegrove.example';
const PHONE = { width: 390, height: 844 };


describe('coaching targets and the pulse', () => {
  it('sets a target in Site settings (a bad value is refused on the field) and sees it in the dashboard pulse', async () => {
    const page = await suite.signedIn(ADMIN, { bypassCSP: true });
    await page.goto('/app');
    const pulse = page.getByRole('region', { name: 'District pulse' });
    // The demo district's own targets: two interactions a month, one cycle per new teacher a semester.
    await pulse.getByText(/per educator against a target of 2 a month/).waitFor();
    expect(await pulse.textContent()).toMatch(/\d+ new teachers? (has|have) fewer than 1 cycle this semester \(the district's target\)\./);
    expect(await axeBlocking(page)).toEqual([]);
    await page.goto('/app/settings/site');
    await page.getByRole('heading', { level: 1, name: 'Site settings' }).waitFor();

    const card = page.getByRole('region', { name: 'Coaching targets' });
    const perMonth = card.getByLabel('Interactions per educator per month');
    await perMonth.fill('500');
    await card.getByRole('button', { name: 'Save targets' }).click();
    await card.getByText('Interactions per educator per month must be a number from 0.1 to 100.').waitFor();
    expect(await perMonth.getAttribute('aria-invalid')).toBe('true');
    expect(await axeBlocking(page)).toEqual([]);

    await perMonth.fill('3');
    await card.getByLabel('Coaching cycles per new teacher per semester').fill('1');
    await card.getByRole('button', { name: 'Save targets' }).click();
    await page.getByText('The coaching targets have been saved.').waitFor();
    const saved = await api<{ coaching_targets: unknown }>(page, 'GET', 'district');
    expect(saved.json.coaching_targets).toEqual({ interactions_per_educator_per_month: 3, cycles_per_new_teacher_per_semester: 1 });

    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await pulse.getByText(/per educator against a target of/).waitFor();
    expect(await pulse.textContent()).toMatch(/against a target of 3 a month/);
    expect(await pulse.textContent()).toMatch(/\d+ educators? (has|have) reached it; \d+ (is|are) below target\./);
    // Each figure links to what is behind it.
    expect(await pulse.getByRole('link', { name: 'See overdue cycles' }).getAttribute('href')).toBe('/app/coaching?tab=cycles&view=list&due=overdue');
    await pulse.getByRole('link', { name: "See this month's interactions" }).click();
    await page.waitForURL(/\/app\/reports\?preset=this-month/);
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
  }, 90_000);

  it('a coach sees their own pulse; an educator sees none', async () => {
    const coach = await suite.signedIn('coach@maplegrove.example');
    await coach.goto('/app');
    await coach.getByRole('region', { name: 'Your coaching pulse' }).waitFor();
    const teacher = await suite.signedIn('teacher@maplegrove.example');
    await teacher.goto('/app');
    await teacher.getByRole('heading', { level: 1 }).waitFor();
    await teacher.getByRole('heading', { name: 'Where to go' }).waitFor();
    expect(await teacher.getByText(/pulse/i).count()).toBe(0);
  }, 60_000);
});

describe('scheduled report emails', () => {
  it('subscribes to a report view, sees it under "Your subscriptions" and removes it', async () => {
    const page = await suite.signedIn(ADMIN, { bypassCSP: true });
    await page.goto('/app/reports/coaching-team?preset=last-30-days');
    await page.getByRole('heading', { level: 1, name: 'Coaching team report' }).waitFor();
    expect(await page.getByRole('region', { name: 'Your subscriptions' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Email me this report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Email me this report' });
    await dialog.getByText(/Last 30 days/).first().waitFor();
    await dialog.getByRole('radio', { name: /Monthly/ }).check();
    expect(await axeBlocking(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('You will get the Coaching team report by email on the 1st of each month.').waitFor();

    const list = page.getByRole('region', { name: 'Your subscriptions' });
    await list.getByRole('link', { name: 'Coaching team' }).waitFor();
    expect(await list.textContent()).toContain('Monthly');
    expect(await list.textContent()).toContain('Last 30 days');
    const stored = await api<{ data: ReportSubscription[] }>(page, 'GET', 'report-subscription');
    expect(stored.json.data).toEqual([expect.objectContaining({ report: 'coaching-team', frequency: 'monthly', query: 'preset=last-30-days' })]);
    expect(await axeBlocking(page)).toEqual([]);

    // The same view again at the same frequency is refused in the dialog.
    await page.getByRole('button', { name: 'Email me this report' }).click();
    await dialog.getByRole('radio', { name: /Monthly/ }).check();
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await dialog.getByText('You already get this report view by email at that frequency.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Listed on every report screen.
    await page.getByRole('link', { name: 'Interactions', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await list.getByRole('button', { name: /^Remove the monthly Coaching team email/ }).click();
    await page.getByText('You will no longer get the monthly Coaching team report email.').waitFor();
    await expect.poll(() => list.count()).toBe(0);
    expect((await api<{ data: ReportSubscription[] }>(page, 'GET', 'report-subscription')).json.data).toEqual([]);
  }, 90_000);

  it('at phone width: the control and the list fit, axe finds nothing', async () => {
    const page = await suite.signedIn(ADMIN, { viewport: PHONE, bypassCSP: true });
    await page.goto('/app/reports');
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    expect((await api(page, 'POST', 'report-subscription', { report: 'interactions', frequency: 'weekly', query: 'preset=this-month' })).status).toBe(201);
    await page.reload();
    await page.getByRole('region', { name: 'Your subscriptions' }).getByText('This month').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeBlocking(page)).toEqual([]);
  }, 60_000);
});
