// A first week that guides (issue 26) through the real screens: a new district's administrator (created
// with the CLI) sees the setup checklist above the dashboard's figures, at desktop and phone width,
// announced as a list with each step's state and the progress; a school added and a review confirmed tick
// their steps off; dismissing hides it for the district. axe-core finds nothing. A trial's Billing page
// says what the trial includes, not purchases. And each demo role's sidebar lists only the screens that
// have something for them.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { api, axeBlocking, browserSuite, runCli } from './harness';

vi.setConfig({ testTimeout: 60_000 });
const suite = browserSuite();

const ADMIN = 'admin@birchvalley.example';

beforeAll(async () => {
  const created = await runCli(suite.server, ['create-district', '--name', 'Birch Valley Schools', '--state', 'OR', '--plan', 'professional', '--timezone', 'America/Los_Angeles']);
  const id = created.match(/Created district (\d+)/)![1]!;
  await runCli(suite.server, ['create-user', '--district', id, '--role', 'district-admin', '--email', ADMIN, '--name', 'Robin Birch', '--password', 'coachwell-demo']);
});

const card = (page: Page) => page.locator('section.setup-checklist');
const steps = (page: Page) => card(page).getByRole('list', { name: 'Setup steps' }).getByRole('listitem');

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

describe('the setup checklist on a new district\'s dashboard', () => {
  it('at 1366 px: above the figures, every step to do with its screen; a school and a review tick off; axe-clean', async () => {
    const page = await suite.signedIn(ADMIN, { bypassCSP: true, viewport: { width: 1366, height: 900 } });
    await card(page).getByRole('heading', { level: 2, name: 'Set up your district' }).waitFor();
    await card(page).getByText('0 of 7 done').waitFor();
    const bar = card(page).getByRole('progressbar', { name: 'Set up your district' });
    expect(await bar.getAttribute('aria-valuetext')).toBe('0 of 7 done');

    expect(await steps(page).allInnerTexts()).toHaveLength(7);
    const links = await steps(page).getByRole('link').evaluateAll((els) => els.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(links).toEqual([
      ['Add your schools', '/app/settings/site'],
      ['Import or add educators', '/app/staff/create'],
      ['Invite your coaches', '/app/settings/user/new'],
      ['Set caseloads', '/app/coaches'],
      ['Review interaction types', '/app/settings/interaction'],
      ['Review the skill framework', '/app/coaching?tab=framework'],
      ['Turn on calendar sync', '/app/activity/calendar-sync'],
    ]);
    // Each step's state is read out before its name.
    expect(await steps(page).first().locator('.sr-only').first().textContent()).toBe('To do: ');

    // Above the figures: the checklist comes before the pulse in the page.
    const before = await page.evaluate(() => {
      const checklist = document.querySelector('section.setup-checklist');
      const pulse = document.querySelector('section.dashboard-pulse');
      return !!checklist && !!pulse && !!(checklist.compareDocumentPosition(pulse) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(before).toBe(true);

    expect((await api(page, 'POST', 'building', { name: 'Birch Valley High School' })).status).toBe(201);
    await page.reload();
    await card(page).getByText('1 of 7 done').waitFor();
    expect(await steps(page).first().locator('.sr-only').first().textContent()).toBe('Done: ');

    await card(page).getByRole('button', { name: 'Mark as reviewed: interaction types' }).click();
    await card(page).getByText('2 of 7 done').waitFor();
    expect(await card(page).getByRole('button', { name: /^Mark as reviewed/ }).count()).toBe(1);
    expect(await axeBlocking(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/setup-checklist-1366.png', fullPage: true });
  });

  it('at 390 px: fits the width, axe-clean; dismissing hides it for the district', async () => {
    const page = await suite.signedIn(ADMIN, { bypassCSP: true, viewport: { width: 390, height: 844 } });
    await card(page).getByText('2 of 7 done').waitFor();
    await noSidewaysScroll(page);
    expect(await axeBlocking(page)).toEqual([]);
    await card(page).screenshot({ path: '/tmp/setup-checklist-390.png' });

    await card(page).getByRole('button', { name: 'Dismiss checklist' }).click();
    await card(page).waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Where to go' }).waitFor();
    expect(await card(page).count()).toBe(0);
  });

  it('is not shown to a coach (only people with manage settings set the district up)', async () => {
    const coach = await suite.signedIn('coach@maplegrove.example');
    await coach.getByRole('heading', { level: 2, name: 'Where to go' }).waitFor();
    expect(await card(coach).count()).toBe(0);
  });
});

describe('a trial\'s Billing page says what the trial includes and when it ends, not purchases', () => {
  it('Cedar Falls (an Essentials trial), at 1366 and 390 px', async () => {
    for (const viewport of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
      const page = await suite.signedIn('admin@cedarfalls.example', { viewport });
      await page.goto('/app/settings/billing');
      const plan = page.getByRole('region', { name: 'Essentials' });
      await plan.getByText('Free trial', { exact: true }).waitFor();
      const text = await plan.innerText();
      expect(text).toMatch(/Your trial includes (\d+ coach seats?|as many coach seats as you need) until [^:]+: \d+ coach(es)? so far\./);
      expect(text).not.toMatch(/purchased/);
      if (viewport.width === 390) await plan.screenshot({ path: '/tmp/billing-trial-390.png' });
    }
  });
});

describe('navigation fits the person (demo roles)', () => {
  const menu = async (email: string) => {
    const page = await suite.signedIn(email, { viewport: { width: 1366, height: 900 } });
    const nav = page.getByRole('navigation', { name: 'Primary' });
    await nav.getByRole('link', { name: /^(Dashboard|Home)$/ }).waitFor();
    return { page, labels: await nav.getByRole('link').allInnerTexts() };
  };

  it('an educator: their own side of coaching and support; "Your profile" opens theirs; the settings pages still open by address', async () => {
    const { page, labels } = await menu('teacher@maplegrove.example');
    expect(labels.map((l) => l.trim())).toEqual([
      'Home', 'Your profile', 'Action steps', 'Observations', 'Self-assessment', 'Ask for coaching', 'Who has read about me', 'Support',
    ]);
    await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Your profile' }).click();
    await page.waitForURL(/\/app\/staff\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Jordan Ellis' }).waitFor();
    await page.goto('/app/settings/site');
    await page.getByRole('heading', { level: 1, name: 'Site settings' }).waitFor();
  });

  it('a coach and a principal: no settings or export pages', async () => {
    expect((await menu('coach@maplegrove.example')).labels.map((l) => l.trim()))
      .toEqual(['Dashboard', 'Educators', 'Coaches', 'Coaching', 'Activity', 'Observations', 'Reports', 'Support']);
    expect((await menu('principal@maplegrove.example')).labels.map((l) => l.trim()))
      .toEqual(['Dashboard', 'Educators', 'Coaches', 'Coaching', 'Activity', 'Observations', 'Reports', 'Staff requests', 'Support']);
  });

  it('a district administrator: every screen', async () => {
    expect((await menu('admin@maplegrove.example')).labels.map((l) => l.trim())).toEqual([
      'Dashboard', 'Educators', 'Coaches', 'Coaching', 'Activity', 'Observations', 'Reports', 'Staff requests', 'Site settings',
      'Interaction settings', 'Observation forms', 'Cycle settings', 'Single sign-on', 'Export and import', 'Users', 'Billing', 'Support',
    ]);
  });
});
