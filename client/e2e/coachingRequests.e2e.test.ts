// Asking for coaching through the real screens (issue 29, item 4): the demo teacher opens Ask for coaching from
// their menu, reads where their requests stand (a session scheduled, one waiting), is told what is missing, asks,
// and withdraws; the coach finds the request queue on the dashboard, accepts one (a day and a time: the session is
// scheduled) and passes another on with a note to the third coach, whose queue then holds it. At 1366 and 390 px:
// no sideways scrolling, axe clean (every impact). SCREENSHOT_DIR=… keeps a picture of each screen.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, atWidth, axeAll, browserSuite, fullPageShot, openFromMenu, scrollsSideways } from './harness';

const suite = browserSuite();
const WIDTHS = [1366, 390] as const;
const TEACHER = 'teacher@maplegrove.example';
const COACH = 'coach@maplegrove.example';
const THIRD_COACH = 'coach3@maplegrove.example';

const picture = (page: Page, name: string) => fullPageShot(process.env.SCREENSHOT_DIR, page, name);

interface Request { id: number; status: string; topic: string; staff: { name: string }; holders: { name: string }[]; pass_note: string | null; can: { accept: boolean } }

describe('asking for coaching', () => {
  for (const width of WIDTHS) {
    it(`the educator asks from their menu, sees where each request stands and withdraws one, at ${width} px`, async () => {
      const page = await suite.signedIn(TEACHER, atWidth(width));
      await openFromMenu(page, 'Ask for coaching');
      const list = page.getByRole('list', { name: 'Your requests' });
      // The demo's two: a session scheduled with its day and time, and one waiting with the coach.
      const scheduled = list.getByRole('listitem').filter({ hasText: 'Checking for understanding in 7th-grade math' });
      await scheduled.getByText('Session scheduled').waitFor();
      await scheduled.getByText(/Session with .+ on /).waitFor();
      const waiting = list.getByRole('listitem').filter({ hasText: 'Moving table groups without losing ten minutes' });
      await waiting.getByText('Waiting for a coach').waitFor();
      await waiting.getByText(/^Asked .+ · With /).waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      expect(await axeAll(page)).toEqual([]);
      await picture(page, `coaching-requests-educator-${width}`);

      // Nothing typed: each field says what it needs.
      await page.getByRole('button', { name: 'Send request' }).click();
      await page.getByText('Topic is required.').waitFor();
      await page.getByText('Message is required.').waitFor();
      expect(await page.getByRole('textbox', { name: /Topic/ }).evaluate((el) => el === document.activeElement)).toBe(true);

      const topic = `Exit tickets that tell me something (${width})`;
      await page.getByRole('textbox', { name: /Topic/ }).fill(topic);
      await page.getByRole('textbox', { name: /Message/ }).fill('My exit tickets are all “I get it”. What could I ask instead?');
      await page.getByRole('textbox', { name: /Times that suit/ }).fill('Thursdays after 3');
      await page.getByRole('button', { name: 'Send request' }).click();
      await page.getByText(/Your request is with .+\. You will see here when a session is scheduled\./).waitFor();
      const mine = list.getByRole('listitem').filter({ hasText: topic });
      await mine.getByText('Waiting for a coach').waitFor();
      await mine.getByText('Times that suit: Thursdays after 3').waitFor();
      expect(await page.getByRole('textbox', { name: /Topic/ }).inputValue()).toBe('');
      expect(await axeAll(page)).toEqual([]);

      await mine.getByRole('button', { name: `Withdraw “${topic}”` }).click();
      const dialog = page.getByRole('dialog', { name: 'Withdraw this request?' });
      await dialog.getByRole('button', { name: 'Withdraw request' }).click();
      await mine.getByText('Withdrawn', { exact: true }).waitFor();
      await expect.poll(() => mine.getByRole('button', { name: /Withdraw/ }).count()).toBe(0);
      const stored = (await api<{ data: Request[] }>(page, 'GET', 'coaching-request')).json.data.find((r) => r.topic === topic)!;
      expect(stored.status).toBe('withdrawn');
    });
  }

  it('the coach accepts one from the dashboard (the session is scheduled) at 1366 px, and passes one on with a note at 390 px; the third coach holds it', async () => {
    const wide = await suite.signedIn(COACH, atWidth(1366));
    await wide.goto('/app');
    const queue = () => wide.getByRole('list', { name: 'Coaching requests' });
    await queue().getByRole('listitem').first().waitFor();
    const before = (await api<{ data: Request[] }>(wide, 'GET', 'coaching-request?filter[queue]=1')).json.data;
    expect(before.length).toBeGreaterThanOrEqual(2);
    expect(await scrollsSideways(wide)).toBe(false);
    expect(await axeAll(wide)).toEqual([]);
    await picture(wide, 'coaching-requests-queue-1366');

    const first = before[0]!;
    await wide.getByRole('button', { name: `Accept ${first.staff.name}'s request` }).click();
    const accept = wide.getByRole('dialog', { name: `Accept ${first.staff.name}'s request` });
    await accept.getByRole('textbox', { name: /Time/ }).waitFor();
    expect(await axeAll(wide)).toEqual([]);
    await picture(wide, 'coaching-requests-accept-1366');
    await accept.getByLabel(/Time/).fill('14:45');
    await accept.getByRole('button', { name: 'Schedule session' }).click();
    await wide.getByText(new RegExp(`Session with ${first.staff.name} scheduled for`)).waitFor();
    await expect.poll(async () => queue().getByRole('listitem').filter({ hasText: first.topic }).count()).toBe(0);
    const accepted = (await api<Request & { session: { status: string; starts_at: string } }>(wide, 'GET', `coaching-request/${first.id}`)).json;
    expect(accepted.status).toBe('accepted');
    expect(accepted.session.status).toBe('scheduled');

    const narrow = await suite.signedIn(COACH, atWidth(390));
    await narrow.goto('/app');
    const second = before[1]!;
    await narrow.getByRole('button', { name: `Pass on ${second.staff.name}'s request` }).click();
    const pass = narrow.getByRole('dialog', { name: `Pass on ${second.staff.name}'s request` });
    await pass.getByRole('button', { name: 'Pass on' }).click();
    await pass.getByText('Note is required.').waitFor();
    await pass.getByRole('combobox', { name: 'Pass it to' }).selectOption({ label: 'Tom Becker' });
    await pass.getByRole('textbox', { name: /Note for the coach/ }).fill('Tom knows this team well.');
    expect(await axeAll(narrow)).toEqual([]);
    await picture(narrow, 'coaching-requests-pass-390');
    await pass.getByRole('button', { name: 'Pass on' }).click();
    await narrow.getByText(new RegExp(`${second.staff.name}'s request is with Tom Becker now\\.`)).waitFor();
    expect(await scrollsSideways(narrow)).toBe(false);
    expect(await axeAll(narrow)).toEqual([]);
    await picture(narrow, 'coaching-requests-queue-390');

    const tom = await suite.signedIn(THIRD_COACH, atWidth(390));
    await tom.goto('/app');
    const held = tom.getByRole('list', { name: 'Coaching requests' }).getByRole('listitem').filter({ hasText: second.topic });
    await held.getByText('Note from Priya Raman: Tom knows this team well.').waitFor();
    await held.getByText('Passed on', { exact: true }).waitFor();
    expect(await axeAll(tom)).toEqual([]);
  });
});
