// Self-assessment through the real screens (issue 29, item 3): the demo teacher opens Self-assessment from their
// menu, finds their last self-assessment chosen, changes one skill and saves (the coaches' current level stays);
// their coach sees Coach and Self side by side on the teacher's profile and turns on the heat map's
// self-assessment layer. At 1366 and 390 px: one column, no sideways scrolling, level buttons at least 44 px
// tall, axe clean (every impact).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, atWidth, axeAll, browserSuite, openFromMenu, scrollsSideways } from './harness';

const suite = browserSuite();
const WIDTHS = [1366, 390] as const;
const TEACHER = 'teacher@maplegrove.example';
const COACH = 'coach@maplegrove.example';

interface Skills {
  staff: { id: number; name: string };
  current: { skill_id: number; level: number }[];
  self: { skill_id: number; level: number; rated_on: string }[];
}

async function ownSkills(page: Page): Promise<Skills> {
  const staff = await api<{ data: { id: number }[] }>(page, 'GET', 'staff?per_page=2');
  return (await api<Skills>(page, 'GET', `staff/${staff.json.data[0]!.id}/skill-rating`)).json;
}


describe('self-assessment', () => {
  for (const width of WIDTHS) {
    it(`the educator rates themself from their menu at ${width} px; the current levels do not move`, async () => {
      const page = await suite.signedIn(TEACHER, atWidth(width));
      await openFromMenu(page, 'Self-assessment');
      await page.getByText(/Your last self-assessment was on/).waitFor();

      const before = await ownSkills(page);
      const framework = (await api<{ domains: { skills: { id: number; name: string }[] }[] }>(page, 'GET', 'skill-framework')).json;
      const goals = framework.domains.flatMap((d) => d.skills).find((s) => s.name === 'Clear learning goals')!;
      const latest = before.self.find((r) => r.skill_id === goals.id)!.level;
      const group = page.getByRole('radiogroup', { name: 'Clear learning goals' });
      // The last self-assessment is where the form starts.
      expect(await group.getByRole('radio', { checked: true }).getAttribute('value')).toBe(String(latest));
      const next = latest === 4 ? 'Beginning' : 'Leading';
      await group.getByRole('radio', { name: next }).check();
      expect(await group.getByRole('radio', { name: next }).isChecked()).toBe(true);

      // One column, big targets, nothing to scroll sideways.
      expect(await scrollsSideways(page)).toBe(false);
      const box = await group.locator('.self-level').first().boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      const domains = await page.locator('.self-assessment__domain').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left)));
      expect(new Set(domains).size).toBe(1);
      expect(await axeAll(page)).toEqual([]);

      await page.getByRole('button', { name: 'Save self-assessment' }).click();
      await page.getByText(/Self-assessment saved: 24 skills\./).waitFor();
      const after = await ownSkills(page);
      expect(after.self.find((r) => r.skill_id === goals.id)!.level).toBe(next === 'Leading' ? 4 : 1);
      expect(after.current).toEqual(before.current);
      expect(await axeAll(page)).toEqual([]);
    });
  }

  for (const width of WIDTHS) {
    it(`the coach sees Coach and Self side by side on the profile, and the heat map's self-assessment layer, at ${width} px`, async () => {
      const page = await suite.signedIn(COACH, atWidth(width));
      await page.goto('/app');
      const map = await api<{ data: { staff: { id: number; name: string } }[] }>(page, 'GET', 'skill-map?per_page=100');
      const jordan = map.json.data.find((r) => r.staff.name === 'Jordan Ellis')!.staff;
      const skills = (await api<Skills>(page, 'GET', `staff/${jordan.id}/skill-rating`)).json;
      expect(skills.self.length).toBe(24);

      await page.goto(`/app/staff/${jordan.id}`);
      const section = page.getByRole('region', { name: 'Skills' });
      const row = section.locator('.skills-row').filter({ hasText: 'Clear learning goals' });
      await row.locator('.skills-row__self').waitFor();
      await expect.poll(() => row.locator('.skills-row__who').allTextContents()).toEqual(['Coach', 'Self']);
      await section.getByText(/never changes the current level/).waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      expect(await axeAll(page)).toEqual([]);

      await page.goto('/app/coaching');
      await page.locator('.sm-count').filter({ hasText: /\d+ educators?/ }).waitFor();
      if (width < 760) {
        const toggle = page.getByRole('checkbox', { name: 'Show self-assessment' });
        if (!(await toggle.isVisible())) await page.getByRole('button', { name: /Filters/ }).click();
      }
      await page.getByRole('checkbox', { name: 'Show self-assessment' }).check();
      await expect.poll(() => page.url()).toContain('layer=self');
      await page.getByText(', each at their own self-assessment').waitFor();
      const selfMap = await api<{ data: { staff: { id: number }; cells: Record<string, { level: number }> }[] }>(page, 'GET', 'skill-map?layer=self&per_page=100');
      const mine = selfMap.json.data.find((r) => r.staff.id === jordan.id)!;
      expect(Object.keys(mine.cells)).toHaveLength(24);
      expect(await scrollsSideways(page)).toBe(false);
      expect(await axeAll(page)).toEqual([]);
    });
  }

  it('anyone else opening it by address is told it is for educators, with the way to rate an educator', async () => {
    const page = await suite.signedIn(COACH, { bypassCSP: true });
    await page.goto('/app/self-assessment');
    await page.getByRole('heading', { name: 'Self-assessment is for educators' }).waitFor();
    await page.getByRole('link', { name: 'skill map' }).waitFor();
    expect(await page.getByRole('button', { name: 'Save self-assessment' }).count()).toBe(0);
    expect(await axeAll(page)).toEqual([]);
  });
});
