// Who has read about me through the real screens (issue 29, item 5): the demo teacher opens it from their menu
// and reads the seeded reads by day (their coach, the principal, and "Coachwell support for Marcus Bell");
// their coach opens the teacher's profile, and the teacher then finds the coach under today with the kinds of
// record as words, never content; the district administrator turns the view off in Site settings: the teacher's
// menu no longer offers it, and its address tells them so. At 1366 and 390 px: nothing to scroll sideways, axe clean (every impact).
import { describe, expect, it } from 'vitest';
import { api, atWidth, axeAll, browserSuite, openFromMenu, scrollsSideways } from './harness';

const suite = browserSuite();
const WIDTHS = [1366, 390] as const;
const TEACHER = 'teacher@maplegrove.example';
const COACH = 'coach@maplegrove.example';
const ADMIN = 'admin@maplegrove.example';
const SHOTS = process.env.READ_LOG_SHOTS;


describe('who has read about me', () => {
  for (const width of WIDTHS) {
    it(`the educator reads who opened their records, by day, from their menu at ${width} px`, async () => {
      const page = await suite.signedIn(TEACHER, atWidth(width));
      await openFromMenu(page, 'Who has read about me');
      const support = page.locator('.read-log__entry').filter({ hasText: 'Coachwell support for Marcus Bell' });
      await support.waitFor();
      await expect.poll(() => support.locator('.read-log__what').textContent())
        .toBe("Coachwell's support team opened your skill ratings while signed in as Marcus Bell, to help your district.");
      const principal = page.locator('.read-log__entry').filter({ has: page.locator('strong', { hasText: /^Marcus Bell$/ }) }).first();
      expect(await principal.locator('.read-log__role').textContent()).toBe('Principal (building administrator)');
      expect(await principal.locator('.read-log__what').textContent()).toMatch(/^Opened your (observations|coaching sessions|skill ratings)/);
      // Days newest first, each a heading of its own.
      expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(4);
      expect(await scrollsSideways(page)).toBe(false);
      expect(await axeAll(page)).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/read-log-${width}.png`, fullPage: true });
    });
  }

  it('a coach opening the educator\'s profile shows up under today, once per kind', async () => {
    const coach = await suite.signedIn(COACH, atWidth(1366));
    await coach.goto('/app');
    const staff = await api<{ data: { id: number; first_name: string; last_name: string }[] }>(coach, 'GET', 'staff?search=Jordan%20Ellis&per_page=5');
    const jordan = staff.json.data.find((s) => s.first_name === 'Jordan' && s.last_name === 'Ellis')!;
    const ratingsRead = () => coach.waitForResponse((r) => r.url().includes(`/api/staff/${jordan.id}/skill-rating`) && r.status() === 200);
    let read = ratingsRead();
    await coach.goto(`/app/staff/${jordan.id}`);
    await read;
    // Opening it again the same day adds nothing.
    read = ratingsRead();
    await coach.reload();
    await read;

    const page = await suite.signedIn(TEACHER, atWidth(390));
    await openFromMenu(page, 'Who has read about me');
    const today = page.locator('.read-log__day').first();
    await expect.poll(() => today.getByRole('heading', { level: 2 }).textContent()).toMatch(/^Today, /);
    const priya = today.locator('.read-log__entry').filter({ hasText: 'Priya Raman' });
    expect(await priya.count()).toBe(1);
    expect(await priya.locator('.read-log__role').textContent()).toBe('Coach');
    expect(await priya.locator('.read-log__what').textContent()).toContain('skill ratings');
    expect(await page.locator('main').textContent()).not.toContain('exit ticket');
  });

  it('the district administrator turns the view off in Site settings, and the educator is told so', async () => {
    const admin = await suite.signedIn(ADMIN, atWidth(1366));
    await admin.goto('/app/settings/site');
    const box = admin.getByRole('checkbox', { name: 'Educators see who has read about them' });
    expect(await box.isChecked()).toBe(true);
    await box.uncheck();
    await admin.getByRole('button', { name: 'Save profile' }).click();
    await admin.getByText('The district profile has been saved.').waitFor();
    expect(await axeAll(admin)).toEqual([]);
    if (SHOTS) await admin.screenshot({ path: `${SHOTS}/site-settings-read-log-1366.png`, fullPage: true });
    const phone = await suite.signedIn(ADMIN, atWidth(390));
    await phone.goto('/app/settings/site');
    expect(await phone.getByRole('checkbox', { name: 'Educators see who has read about them' }).isChecked()).toBe(false);
    expect(await scrollsSideways(phone)).toBe(false);
    expect(await axeAll(phone)).toEqual([]);
    if (SHOTS) await phone.screenshot({ path: `${SHOTS}/site-settings-read-log-390.png`, fullPage: true });

    for (const width of WIDTHS) {
      const page = await suite.signedIn(TEACHER, atWidth(width));
      // Their menu no longer offers it (the User's district says the view is off) …
      await page.goto('/app');
      if (await page.locator('.app-nav-toggle').isVisible()) await page.locator('.app-nav-toggle').click();
      const nav = page.getByRole('navigation', { name: 'Primary' });
      await nav.getByRole('link', { name: 'Ask for coaching' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Who has read about me' }).count()).toBe(0);
      // … nor does their home's list of places; the address still opens and says why there is nothing.
      expect(await page.getByRole('main').getByRole('link', { name: 'Who has read about me' }).count()).toBe(0);
      await page.goto('/app/read-log');
      await page.getByRole('heading', { level: 1, name: 'Who has read about me' }).waitFor();
      await page.getByText('Your district has turned this view off').waitFor();
      await page.getByText(/Ask your district administrator/).waitFor();
      expect(await page.locator('.read-log__entry').count()).toBe(0);
      expect(await axeAll(page)).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/read-log-off-${width}.png`, fullPage: true });
    }

    await box.check();
    await admin.getByRole('button', { name: 'Save profile' }).click();
    await admin.getByText('The district profile has been saved.').last().waitFor();
    const profile = await api<{ educator_read_log_visible: boolean }>(admin, 'GET', 'district');
    expect(profile.json.educator_read_log_visible).toBe(true);
  });
});
