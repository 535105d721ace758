// The read-only trial through the real screens and the demo seed: Cedar Falls (an Essentials trial) has
// its trial ended in the database; its administrator sees the prominent banner with the Billing link, a
// coach sees whom to ask, and saving a form shows the server's 402 message. The banner is asked for once
// per app load (not on navigation, never on the sign-in page); axe-core on a page with the banner at
// desktop and phone width. Also the upgrade notice of a plan feature (Essentials lacks calendar sync).
import path from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { planFeatureMessage } from '../../common/plans';

/** The feature and its plan: the first sentence of the server's message. */
const planFeatureSentence = (feature: Parameters<typeof planFeatureMessage>[0]) => `${planFeatureMessage(feature).split('. ')[0]}.`;
import { TRIAL_ENDED_MESSAGE } from '../../common/schemas/billing';
import { axeBlocking, browserSuite, runCli } from './harness';

vi.setConfig({ testTimeout: 60_000 });
const suite = browserSuite();

const ADMIN = 'admin@cedarfalls.example';
const COACH = 'coach@cedarfalls.example';


const trialBanner = (page: Page) => page.locator('.trial-banner');

beforeAll(async () => {
  const db = new Database(path.join(suite.server.dataDir, 'coachwell.sqlite'));
  const cedar = db.prepare("SELECT id FROM districts WHERE name LIKE 'Cedar Falls%'").get() as { id: number };
  // The trial ended three days ago (the end is 23:00 UTC, so the day shown is the same in Chicago).
  const ended = new Date(Date.now() - 3 * 24 * 3600_000);
  ended.setUTCHours(23, 0, 0, 0);
  db.prepare('UPDATE districts SET trial_ends_at = ? WHERE id = ?').run(ended.toISOString(), cedar.id);
  db.close();
  await runCli(suite.server, ['create-user', '--district', String(cedar.id), '--role', 'coach', '--email', COACH, '--name', 'Casey Rivera', '--password', 'coachwell-demo']);
});

describe('a district whose trial has ended', () => {
  it('the administrator sees the banner with a link to Billing; saving a form shows the 402 message; axe-clean', async () => {
    const page = await suite.signedIn(ADMIN, { bypassCSP: true });
    await page.goto('/app/settings/site');
    const banner = trialBanner(page);
    await banner.waitFor();
    expect(await banner.getAttribute('role')).toBe('alert');
    await banner.getByText(/^Your free trial ended on /).waitFor();
    await banner.getByText('Coachwell is read-only', { exact: false }).waitFor();
    expect(await banner.getByRole('link', { name: 'Go to Billing' }).getAttribute('href')).toBe('/app/settings/billing');
    expect(await banner.getByText(/^Ask /).count()).toBe(0);

    await page.getByLabel(/^District name/).fill('Cedar Falls Schools');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText(TRIAL_ENDED_MESSAGE).first().waitFor();
    expect(await axeBlocking(page)).toEqual([]);
  });

  it('a coach is told whom to ask, with no Billing link', async () => {
    const page = await suite.signedIn(COACH);
    const banner = trialBanner(page);
    await banner.getByText('Ask Helen Okafor to buy a plan.', { exact: false }).waitFor();
    expect(await banner.getByRole('link').count()).toBe(0);
  });

  it('at phone width the banner fits and passes axe-core', async () => {
    const page = await suite.signedIn(ADMIN, { bypassCSP: true, viewport: { width: 390, height: 844 } });
    await trialBanner(page).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeBlocking(page)).toEqual([]);
  });

  it('the sign-in page asks nothing about the trial; the app asks once, not on every navigation', async () => {
    const page = await suite.page();
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/trial') asked.push(r.url());
    });
    await page.goto('/app/auth/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    await page.getByLabel(/^Email/).fill(ADMIN);
    await page.getByLabel(/^Password/).fill('coachwell-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => !u.pathname.includes('/auth/login'));
    await trialBanner(page).waitFor();
    // Each screen's own h1: the one before stays on screen until the next screen has rendered.
    const screens: [string, string | RegExp][] = [['Educators', 'Educators'], ['Activity', 'Activity'], ['Dashboard', /^Good (morning|afternoon|evening), /]];
    for (const [name, heading] of screens) {
      await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
    await page.waitForLoadState('networkidle');
    expect(asked).toHaveLength(1);
  });

  it('a plan feature the plan lacks shows the one upgrade notice: the message, See plans, Request a quote', async () => {
    const page = await suite.signedIn(ADMIN);
    await page.goto('/app/activity/calendar-sync');
    // A district administrator manages billing: told how to upgrade (Billing and quotes), not whom to ask.
    await page.getByText(`${planFeatureSentence('calendar-sync')} You manage your district's billing`).waitFor();
    expect(await page.getByRole('link', { name: 'Billing and quotes' }).getAttribute('href')).toBe('/app/settings/billing');
    expect(await page.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
    expect(await page.getByRole('link', { name: 'Request a quote' }).getAttribute('href')).toBe('/app/settings/billing/quotes?new=1&plan=professional');
  });
});
