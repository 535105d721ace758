// An icon beside a button's words ("+ Log interaction" on the dashboard and Activity, Add educators, Edit
// educator, Filters) is centred on the words with the usual gap, at 1366 and 390 px. The icon used to sit
// on the text's baseline, about 4 px higher than the words (styles.css: .btn__label:has(> svg)).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite } from './harness';

const suite = browserSuite();

/** Each visible button with an icon beside its words: its name, the icon's centre less the words' (px), and the gap. */
function iconButtons(page: Page): Promise<{ name: string; offset: number; gap: number }[]> {
  return page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.btn__label')]
    .filter((label) => label.querySelector(':scope > svg') && label.getClientRects().length > 0)
    .map((label) => {
      const icon = label.querySelector(':scope > svg')!.getBoundingClientRect();
      const words = [...label.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim())!;
      const range = document.createRange();
      range.selectNodeContents(words);
      const text = range.getBoundingClientRect();
      return {
        name: words.textContent!.trim(),
        offset: Math.round(((icon.top + icon.bottom) / 2 - (text.top + text.bottom) / 2) * 10) / 10,
        gap: Math.round(text.left - icon.right),
      };
    }));
}

const centred = (buttons: { name: string; offset: number; gap: number }[]) =>
  buttons.map(({ name, offset, gap }) => ({ name, centred: Math.abs(offset) <= 1, spaced: gap >= 6 && gap <= 10 }));

describe('icons beside a button\'s words', () => {
  for (const viewport of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
    it(`at ${viewport.width} px: "+ Log interaction" on the dashboard and Activity and an educator's buttons centre the icon on the words`, async () => {
      const page = await suite.signedIn('coach@maplegrove.example', { viewport });
      await page.goto('/app');
      await page.locator('.dashboard-log').waitFor();
      expect(centred(await iconButtons(page))).toEqual([{ name: 'Log interaction', centred: true, spaced: true }]);

      await page.goto('/app/activity');
      await page.getByRole('button', { name: 'Log interaction' }).first().waitFor();
      const activity = centred(await iconButtons(page));
      expect(activity).toContainEqual({ name: 'Log interaction', centred: true, spaced: true });
      expect(activity.filter((b) => !b.centred || !b.spaced)).toEqual([]);

      const admin = await suite.signedIn('admin@maplegrove.example', { viewport });
      await admin.goto('/app/staff/2');
      await admin.getByRole('link', { name: 'Edit educator' }).waitFor();
      await admin.getByRole('link', { name: /^Log interaction with / }).waitFor();
      const profile = centred(await iconButtons(admin));
      expect(profile).toEqual([
        { name: 'Edit educator', centred: true, spaced: true },
        { name: 'Log interaction', centred: true, spaced: true },
      ]);
    }, 60_000);
  }
});
