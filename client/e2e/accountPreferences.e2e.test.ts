// The weekly action-step email's setting on Account Settings (issue 29, item 2): the demo teacher finds "Weekly email
// of my action steps" on (the default) in "Email notifications", turns it off and saves (the API says off, and so does
// the screen after a reload), then on again; a coach's Account Settings has no such card. At 1366 and 390 px: no
// sideways scrolling, axe clean (every impact).
import { describe, expect, it } from 'vitest';
import { api, atWidth, axeAll, browserSuite, scrollsSideways } from './harness';

const suite = browserSuite();
const WIDTHS = [1366, 390] as const;
const TEACHER = 'teacher@maplegrove.example';
const COACH = 'coach@maplegrove.example';


describe('the weekly action-step email setting', () => {
  for (const width of WIDTHS) {
    it(`an educator turns it off and on again on Account Settings at ${width} px`, async () => {
      const page = await suite.signedIn(TEACHER, atWidth(width));
      await page.goto('/app/settings');
      const card = page.getByRole('region', { name: 'Email notifications' });
      const box = card.getByRole('checkbox', { name: 'Weekly email of my action steps' });
      await box.waitFor();
      expect(await box.isChecked()).toBe(true);
      await card.getByText('On Monday mornings, only when one of your action steps is overdue or due in the coming week.').waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/h7/account-preferences-${width}.png`, fullPage: true });
      expect(await axeAll(page)).toEqual([]);

      await box.uncheck();
      await card.getByRole('button', { name: 'Save email preferences' }).click();
      await page.getByText('The weekly email of your action steps is off.').waitFor();
      expect((await api<{ action_step_digest: boolean }>(page, 'GET', 'account/preferences')).json).toEqual({ action_step_digest: false });
      await page.reload();
      await page.getByRole('checkbox', { name: 'Weekly email of my action steps' }).waitFor();
      expect(await page.getByRole('checkbox', { name: 'Weekly email of my action steps' }).isChecked()).toBe(false);

      await page.getByRole('checkbox', { name: 'Weekly email of my action steps' }).check();
      await page.getByRole('button', { name: 'Save email preferences' }).click();
      await page.getByText('You will get the weekly email of your action steps.').waitFor();
      expect((await api<{ action_step_digest: boolean }>(page, 'GET', 'account/preferences')).json).toEqual({ action_step_digest: true });
      expect(await axeAll(page)).toEqual([]);
    });
  }

  it('a coach has no such card', async () => {
    const page = await suite.signedIn(COACH, { viewport: { width: 1366, height: 900 }, bypassCSP: true });
    await page.goto('/app/settings');
    await page.getByRole('region', { name: 'Password' }).waitFor();
    expect(await page.getByRole('region', { name: 'Email notifications' }).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'Weekly email of my action steps' }).count()).toBe(0);
  });
});
