// The educator's home (issue 29 item 1) through the real app and the demo seed: the teacher signs in to their
// feedback, next steps, cycle, the sessions ahead (each one a calendar file), their growth and their coach, at
// desktop and phone width with no sideways scroll and axe clean; a coach keeps the coaching dashboard.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { EducatorHomeAnswer } from '../../common/schemas/answers/educatorHome';
import { api, axeBlocking, browserSuite } from './harness';

const suite = browserSuite();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const TEACHER = 'teacher@maplegrove.example';
const COACH = 'coach@maplegrove.example';

describe("the educator's home", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`shows the teacher their own coaching at ${viewport.width}px`, async () => {
      const page = await suite.signedIn(TEACHER, { viewport, bypassCSP: true });
      await page.goto('/app');
      const { status, json: home } = await api<EducatorHomeAnswer>(page, 'GET', 'me/home');
      expect(status).toBe(200);
      // The demo teacher has something in every section.
      expect(home.upcoming.length).toBeGreaterThan(0);
      expect(home.next_steps.length).toBeGreaterThan(0);
      expect(home.cycles?.length).toBeGreaterThan(0);
      expect(home.skills?.items.length).toBeGreaterThan(0);

      // Observations' heading carries its "N to acknowledge" badge.
      await page.getByRole('heading', { name: /^Observations shared with you/ }).waitFor();
      for (const heading of ['Your action steps', 'Requests for coaching', 'Next steps with your coach', 'Your coaching cycle', 'Coming up', 'Your growth this school year', 'Your coach', 'Your recent coaching']) {
        await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      }
      const cycles = page.getByRole('region', { name: 'Your coaching cycle' });
      expect(await cycles.getByRole('link', { name: home.cycles![0]!.title }).getAttribute('href')).toBe(`/app/staff/${home.educator!.id}#staff-cycles`);
      await cycles.getByText(`Stage ${home.cycles![0]!.stage!.position} of ${home.cycles![0]!.stage!.of}`).waitFor();

      const agreed = page.getByRole('region', { name: 'Next steps with your coach' });
      await agreed.getByText(home.next_steps[0]!.text).first().waitFor();

      // Each session ahead is an iCalendar file of that session, for any calendar.
      const upcoming = page.getByRole('region', { name: 'Coming up' });
      const links = upcoming.getByRole('link', { name: /^Add to calendar/ });
      expect(await links.count()).toBe(home.upcoming.length);
      const first = home.upcoming[0]!;
      const href = decodeURIComponent((await links.first().getAttribute('href'))!);
      expect(href.startsWith('data:text/calendar;charset=utf-8,BEGIN:VCALENDAR')).toBe(true);
      expect(href).toContain(`DTSTART:${first.starts_at.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
      expect(href).toContain(`SUMMARY:${first.type} with ${first.coach.name}`);
      expect(await links.first().getAttribute('download')).toMatch(/^coaching-\d{4}-\d{2}-\d{2}\.ics$/);

      const coach = page.getByRole('region', { name: 'Your coach' });
      expect(await coach.getByRole('link', { name: home.coaches[0]!.email }).getAttribute('href')).toBe(`mailto:${home.coaches[0]!.email}`);

      // The growth card: the most-grown skills first, at most eight, and the way to all of them.
      const growth = page.getByRole('region', { name: 'Your growth this school year' });
      expect(await growth.getByRole('listitem').count()).toBe(Math.min(8, home.skills!.items.length));

      // Their action steps: the counts and the soonest open ones, each with its due state.
      const steps = page.getByRole('region', { name: 'Your action steps' });
      await steps.getByText(`${home.action_steps.open} open`).waitFor();
      for (const step of home.action_steps.next) await steps.getByText(step.title, { exact: true }).waitFor();
      if (home.action_steps.overdue) await steps.getByText(`${home.action_steps.overdue} overdue`).waitFor();
      // Their requests for coaching still waiting (the demo teacher has one).
      expect(home.requests.length).toBeGreaterThan(0);
      await page.getByRole('region', { name: 'Requests for coaching' }).getByText(home.requests[0]!.topic).waitFor();

      // The coaching dashboard's own panels are not the educator's.
      expect(await page.getByRole('link', { name: 'Log interaction' }).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await axeBlocking(page)).toEqual([]);
    });
  }

  it("'Add to calendar' downloads the session's calendar file under the app's own CSP", async () => {
    const page = await suite.signedIn(TEACHER, { viewport: DESKTOP });
    await page.goto('/app');
    const first = (await api<EducatorHomeAnswer>(page, 'GET', 'me/home')).json.upcoming[0]!;
    const link = page.getByRole('region', { name: 'Coming up' }).getByRole('link', { name: /^Add to calendar/ }).first();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const ics = fs.readFileSync((await download.path())!, 'utf8');
    expect(ics.split('\r\n').slice(0, 6)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Coachwell//Educator home//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', 'BEGIN:VEVENT']);
    expect(ics).toContain(`UID:coachwell-interaction-${first.id}@coachwell`);
    expect(ics).toContain(`DTEND:${new Date(Date.parse(first.starts_at) + first.duration_minutes * 60_000).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
  });

  it('a coach keeps the coaching dashboard, and the home answers them 403', async () => {
    const page = await suite.signedIn(COACH, { viewport: DESKTOP });
    await page.goto('/app');
    await page.getByRole('link', { name: 'Log interaction' }).first().waitFor();
    expect(await page.getByRole('heading', { name: 'Coming up' }).count()).toBe(0);
    expect((await api(page, 'GET', 'me/home')).status).toBe(403);
  });
});
