// Issue 26, "Clocks", through the real screens: instants shown on the signed-in person's profile clock
// whatever the browser's own zone, "today" being the person's day on that clock, and a new district's
// timezone following its state on the registration form. At 1366 and 390 px, each screen checked by axe.
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { api, axeBlocking, browserSuite } from './harness';

vi.setConfig({ testTimeout: 90_000 });

const suite = browserSuite();

const WIDTHS = [
  { width: 1366, height: 900, browserZone: 'Asia/Tokyo' },
  { width: 390, height: 844, browserZone: 'UTC' },
] as const;

/** An instant as date-fns' "PPp" writes it in en-US on a zone's wall clock: "Nov 27, 2026, 8:30 PM". */
function onClock(iso: string, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
  return text.replace(/\u202f/g, ' ');
}

async function setProfileZone(page: Page, name: string, timezone: string): Promise<void> {
  const res = await api(page, 'PUT', 'account/profile', { name, date_locale: 'en-US', timezone });
  expect(res.status).toBe(200);
}

describe.each(WIDTHS)('at $width px on a browser in $browserZone', ({ width, height, browserZone }) => {
  it("a provider admin with a Chicago profile sees the dashboard's last sign-in and Admin activity in Chicago time", async () => {
    const page = await suite.signedIn('support@coachwell.example', { timezoneId: browserZone, viewport: { width, height }, bypassCSP: true });
    await setProfileZone(page, 'Sam Ortega', 'America/Chicago');

    await page.goto('/admin');
    await page.getByText('Last sign-in:').waitFor();
    const signedInAt = (await page.getByText('Last sign-in:').locator('time').getAttribute('datetime'))!;
    expect(signedInAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const shown = (await page.getByText('Last sign-in:').locator('time').innerText()).replace(/\u202f/g, ' ');
    expect(shown).toBe(onClock(signedInAt, 'America/Chicago'));
    expect(shown).not.toBe(onClock(signedInAt, browserZone));
    expect(await axeBlocking(page)).toEqual([]);

    await page.goto('/admin/activity');
    const entry = page.locator('.audit-entry').first();
    await entry.waitFor();
    const at = (await entry.locator('time').getAttribute('datetime'))!;
    const meta = (await entry.locator('.audit-entry__meta').innerText()).replace(/\u202f/g, ' ');
    expect(meta).toContain(onClock(at, 'America/Chicago'));
    expect(meta).not.toContain(onClock(at, browserZone));
    expect(await entry.locator('time').getAttribute('title')).toBe(onClock(at, 'America/Chicago'));
    expect(await axeBlocking(page)).toEqual([]);
  });

  it("Add educators in a Chicago evening defaults the start date to the profile's today, not the browser's or UTC's", async () => {
    const page = await suite.signedIn('admin@maplegrove.example', { timezoneId: browserZone, viewport: { width, height }, bypassCSP: true });
    await setProfileZone(page, 'Dana Whitfield', 'America/Chicago');
    // 8:30 pm on Nov 27 in Chicago: already Nov 28 in UTC and in Tokyo.
    await page.clock.setFixedTime(new Date('2026-11-28T02:30:00Z'));
    await page.goto('/app/staff/create');
    const row1 = page.getByRole('group', { name: 'Row 1' });
    await row1.waitFor();
    expect(await row1.getByLabel(/^Start date/).inputValue()).toBe('2026-11-27');
    await page.getByRole('button', { name: 'Add row' }).click();
    expect(await page.getByRole('group', { name: 'Row 4' }).getByLabel(/^Start date/).inputValue()).toBe('2026-11-27');
    expect(await axeBlocking(page)).toEqual([]);
  });
});

it('the registration form sets the timezone from the state and asks when the state has two', async () => {
  const page = await suite.page({ viewport: { width: 390, height: 844 }, bypassCSP: true });
  await page.goto('/register');
  const zone = page.getByLabel(/^Timezone/);
  await page.getByLabel(/^State/).selectOption('WA');
  expect(await zone.inputValue()).toBe('America/Los_Angeles');
  await page.getByText('Set from Washington.').waitFor();
  await page.getByLabel(/^State/).selectOption('OR');
  expect(await zone.inputValue()).toBe('America/Los_Angeles');
  await page.getByText('Oregon has 2 time zones: Pacific Time (Los Angeles) or Mountain Time (Denver). Which one do your schools keep?').waitFor();
  // The state's zones come first.
  expect((await zone.locator('option').allInnerTexts()).slice(0, 2)).toEqual(['Pacific Time (Los Angeles)', 'Mountain Time (Denver)']);
  expect(await axeBlocking(page)).toEqual([]);
  await zone.selectOption('America/Denver');

  await page.getByLabel(/^District name/).fill('Ontario Valley Schools');
  await page.getByLabel(/^Your name/).fill('Riley Park');
  await page.getByLabel(/^Work email/).fill('riley@ontario-valley.example');
  await page.getByLabel(/^Password/).first().fill('a-strong-password');
  await page.getByLabel(/^Confirm password/).fill('a-strong-password');
  await page.getByRole('button', { name: 'Create district' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/app') && !u.pathname.includes('/auth/'));
  const me = await api<{ district: { state: string; timezone: string } }>(page, 'GET', 'auth/user');
  expect(me.json.district).toMatchObject({ state: 'OR', timezone: 'America/Denver' });
});
