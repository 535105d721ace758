// Follow-through on the Interactions report (issue 29) through a real browser: what the demo principal sees
// beside the coaching targets (action steps done on time, overdue steps, coaching requests, educator-initiated
// interactions) and in the four tables by coach and by school, at 1366 and 390 px, the figures being the
// server's, each table with its CSV link, nothing wider than the phone but the tables' own scrolling boxes,
// and axe-core clean; then the coaching team report's per-coach follow-through table.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CoachingTeamReport, InteractionsReport } from '../../common/schemas/reports';
import { api, axeBlocking, browserSuite, DESKTOP_PAGE, PHONE_PAGE } from './harness';

const suite = browserSuite();
const PRINCIPAL = 'principal@maplegrove.example';
/** A folder to write the screens to (FOLLOW_THROUGH_SHOTS=/tmp/shots), for looking at them. */
const SHOTS = process.env.FOLLOW_THROUGH_SHOTS;

const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)}%`);

async function openReport(page: Page): Promise<InteractionsReport> {
  await page.goto('/app/reports');
  await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
  await page.getByRole('heading', { name: 'Follow-through and educator-initiated coaching' }).waitFor();
  return (await api<InteractionsReport>(page, 'GET', 'report/interactions')).json;
}

const card = (page: Page, key: string) => page.locator(`.report-follow-through .report-card[data-figure="${key}"]`);

/** A report table's body rows as the cells' text. */
async function rowsOf(page: Page, title: string): Promise<string[][]> {
  const region = page.getByRole('region', { name: title, exact: true });
  return region.locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').trim())));
}

describe('the Interactions report: follow-through and educator-initiated coaching', () => {
  for (const [width, options] of [['1366', DESKTOP_PAGE], ['390', PHONE_PAGE]] as const) {
    it(`a principal sees the figures of their schools at ${width} px, tables and CSV links included, axe clean`, async () => {
      const page = await suite.signedIn(PRINCIPAL, options);
      const data = await openReport(page);
      const steps = data.action_steps.headline;
      const requests = data.requests.headline;
      // The demo has steps and requests at the principal's schools.
      expect(steps.due).toBeGreaterThan(0);
      expect(requests.received).toBeGreaterThan(0);

      await expect.poll(() => card(page, 'on-time').locator('.report-card__value').textContent()).toBe(percent(steps.on_time_share));
      expect(await card(page, 'on-time').locator('.report-card__sub').textContent())
        .toBe(`${steps.on_time} of ${steps.on_time + steps.late + steps.overdue} ${steps.on_time + steps.late + steps.overdue === 1 ? 'step' : 'steps'} done or overdue`);
      expect(await card(page, 'overdue').locator('.report-card__value').textContent()).toBe(String(steps.overdue));
      expect(await card(page, 'requests').locator('.report-card__value').textContent()).toBe(String(requests.received));
      expect(await card(page, 'requests').locator('.report-card__sub').textContent()).toBe(`${requests.accepted} accepted, ${requests.waiting} waiting`);
      expect(await card(page, 'initiated').locator('.report-card__value').textContent()).toBe(String(data.headline.educator_initiated));

      // The tables: the principal's coaches and schools only, each figure as the server counts it.
      expect(await rowsOf(page, 'Action steps by coach')).toEqual(data.action_steps.by_coach.map((c) => [c.name, String(c.due), String(c.on_time), String(c.late), String(c.overdue), percent(c.on_time_share)]));
      expect(await rowsOf(page, 'Action steps by school')).toEqual(data.action_steps.by_school.map((s) => [s.name, String(s.due), String(s.on_time), String(s.late), String(s.overdue), percent(s.on_time_share)]));
      expect(await rowsOf(page, 'Coaching requests by coach')).toEqual(data.requests.by_coach.map((c) => [c.name, String(c.received), String(c.accepted), String(c.passed), String(c.waiting), String(c.withdrawn)]));
      const schools = await rowsOf(page, 'Coaching requests by school');
      expect(schools).toEqual(data.requests.by_school.map((s) => [s.name, String(s.received), String(s.accepted), String(s.passed), String(s.waiting), String(s.withdrawn)]));
      // A principal's schools only: Maple Grove's principal leads Lincoln Middle School.
      expect(schools.map((r) => r[0])).toEqual(['Lincoln Middle School']);
      expect((await rowsOf(page, 'Action steps by school')).map((r) => r[0])).toEqual(['Lincoln Middle School']);
      const coachTable = page.getByRole('region', { name: 'By coach' });
      await expect.poll(() => coachTable.getByRole('columnheader', { name: /Educator-initiated/ }).count()).toBe(1);

      // Each table's CSV link names its table.
      for (const table of ['action_steps_by_coach', 'action_steps_by_school', 'requests_by_coach', 'requests_by_school']) {
        expect(await page.locator(`a.report-csv[href*="table=${table}"]`).count(), table).toBe(1);
      }
      const csv = await page.evaluate(async () => (await fetch('/api/report/interactions.csv?table=action_steps_by_school')).text());
      expect(csv).toContain('"School","Action steps due","Done on time","Done late","Overdue","On time"');

      // Nothing but the tables' own boxes is wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.locator('.report-follow-through').scrollIntoViewIfNeeded();
      expect(await axeBlocking(page)).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/interactions-report-${width}.png`, fullPage: true });

      // The coaching team report gives each of the principal's coaches the same figures.
      await page.goto('/app/reports/coaching-team');
      await page.getByRole('heading', { name: 'Follow-through', exact: true }).waitFor();
      const team = (await api<CoachingTeamReport>(page, 'GET', 'report/coaching-team')).json;
      await expect.poll(() => rowsOf(page, 'Follow-through')).toEqual(team.data.map((r) => [
        r.coach.name, String(r.action_steps.due), String(r.action_steps.on_time), String(r.action_steps.late), String(r.action_steps.overdue),
        percent(r.action_steps.on_time_share),
      ]));
      expect(await rowsOf(page, 'Coaching requests')).toEqual(team.data.map((r) => [
        r.coach.name, String(r.requests.received), String(r.requests.accepted), String(r.requests.passed),
        String(r.requests.waiting), String(r.educator_initiated),
      ]));
      // Each table fits its box at 1366 px (at 390 px a table scrolls inside its own box).
      if (width === '1366') {
        expect(await page.evaluate(() => [...document.querySelectorAll('.report-table-wrap')]
          .filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => `${el.querySelector('caption')?.textContent}: ${el.scrollWidth}>${el.clientWidth}`))).toEqual([]);
      }
      for (const r of team.data) {
        const same = data.action_steps.by_coach.find((c) => c.id === r.coach.id);
        if (same) expect(r.action_steps.due).toBe(same.due);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await axeBlocking(page)).toEqual([]);
      if (SHOTS) {
        await page.screenshot({ path: `${SHOTS}/coaching-team-${width}.png`, fullPage: true });
        await page.locator('.report-table-section').filter({ has: page.getByRole('heading', { name: 'Follow-through', exact: true }) }).screenshot({ path: `${SHOTS}/coaching-team-follow-through-${width}.png` });
      }
    }, 120_000);
  }
});
