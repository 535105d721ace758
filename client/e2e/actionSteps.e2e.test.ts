// Action steps through the real app and the demo seed (issue 29, item 2), at 1366 and 390 px: the demo teacher
// finds Action steps in their menu, sees their overdue, due-soon and later steps and what is done with their
// note, adds a step of their own and marks one done with a note, which the coach then reads on the educator's
// page; the coach sets a step there and drops another, and from an observation and a cycle; the coach's and the
// principal's dashboards show follow-through by educator. axe-core (AXE_TAGS, every impact) on each screen and
// dialog. With STEP_SHOTS=dir the screens are also saved as pictures there.
import { describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { api, axeAll, browserSuite, DESKTOP_PAGE as DESKTOP, loaded, PHONE_PAGE as PHONE, screenByScreenShots, settleAnimations } from './harness';

vi.setConfig({ testTimeout: 180_000 });
const suite = browserSuite({ timeout: 20_000 });
const COACH = 'coach@maplegrove.example';
const TEACHER = 'teacher@maplegrove.example';
const SHOTS = process.env.STEP_SHOTS;

const shot = (page: Page, name: string) => screenByScreenShots(SHOTS, page, name, 4);

async function expectAxeClean(page: Page, where: string) {
  // From the top of the page: a link scrolled under the sticky top bar would count as too small a target.
  await page.evaluate(() => window.scrollTo(0, 0));
  await settleAnimations(page);
  expect(await axeAll(page), where).toEqual([]);
}

describe('action steps', () => {
  for (const [width, options] of [['1366', DESKTOP], ['390', PHONE]] as const) {
    it(`the educator reads their steps, adds their own and marks one done with a note (${width} px)`, async () => {
      const page = await suite.signedIn(TEACHER, options);
      await page.goto('/app');
      // The menu offers Action steps (on a phone behind the menu button).
      await page.locator('h1').first().waitFor();
      if (width === '390') await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Action steps' }).click();
      await page.waitForURL('**/app/action-steps');
      await loaded(page);
      await expect.poll(() => page.getByRole('heading', { name: 'Overdue' }).count()).toBe(1);
      await expect.poll(() => page.getByRole('heading', { name: 'Due soon' }).count()).toBe(1);
      await expect.poll(() => page.getByRole('heading', { name: 'Done and dropped' }).count()).toBe(1);
      expect(await page.locator('.badge', { hasText: 'Overdue since' }).count()).toBeGreaterThan(0);
      // A done step shows the educator's own note.
      expect(await page.locator('.step-item--done .step-item__note', { hasText: 'Your note' }).count()).toBeGreaterThan(0);
      await shot(page, `steps-teacher-${width}`);
      await expectAxeClean(page, `Action steps ${width}`);

      // Add one of their own.
      const title = `Ask one more "why" each lesson (${width})`;
      await page.getByRole('button', { name: 'Add a step' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add an action step' });
      await dialog.getByRole('button', { name: 'Add step' }).click();
      await expect.poll(() => dialog.getByText('Title is required.').count()).toBe(1);
      await dialog.getByLabel('Title').fill(title);
      await shot(page, `steps-add-${width}`);
      await expectAxeClean(page, `Add a step ${width}`);
      await dialog.getByRole('button', { name: 'Add step' }).click();
      await dialog.waitFor({ state: 'detached' });
      const added = page.locator('.step-item', { hasText: title });
      await added.waitFor();
      expect(await added.locator('.step-item__meta').innerText()).toContain('Your own');

      // Mark it done with a note.
      await added.getByRole('button', { name: /^Mark done/ }).click();
      const done = page.getByRole('dialog', { name: 'Mark the step done' });
      await done.getByLabel('What did you try, and how did it go?').fill('Asked it in every class; the answers got longer by Thursday.');
      await expectAxeClean(page, `Mark done ${width}`);
      await done.getByRole('button', { name: 'Mark done' }).click();
      await done.waitFor({ state: 'detached' });
      const doneItem = page.locator('.step-item--done', { hasText: title });
      await doneItem.waitFor();
      expect(await doneItem.innerText()).toContain('Asked it in every class');
      // Stored as done today, with the note, by the educator.
      const list = await api<{ data: { title: string; status: string; note: string | null; source: { type: string } | null }[] }>(page, 'GET', 'action-step?filter[status]=done&per_page=100');
      expect(list.json.data.find((s) => s.title === title)).toMatchObject({ status: 'done', note: 'Asked it in every class; the answers got longer by Thursday.', source: { type: 'own' } });
      // An educator has no Drop or Reopen.
      expect(await page.getByRole('button', { name: /^Drop: / }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Reopen: / }).count()).toBe(0);
    });

    it(`the coach reads the educator's note on their page, sets a step and drops one (${width} px)`, async () => {
      const page = await suite.signedIn(COACH, options);
      const staff = await api<{ data: { id: number; name: string }[] }>(page, 'GET', `staff?search=${encodeURIComponent('Jordan Ellis')}`);
      const jordan = staff.json.data.find((s) => s.name === 'Jordan Ellis')!;
      await page.goto(`/app/staff/${jordan.id}`);
      await loaded(page);
      const card = page.locator('section', { has: page.getByRole('heading', { name: 'Action steps', exact: true }) });
      await card.locator('.step-item').first().waitFor();
      expect(await card.locator('.step-item__note', { hasText: 'Jordan Ellis\'s note' }).count()).toBeGreaterThan(0);
      await card.scrollIntoViewIfNeeded();
      await shot(page, `steps-profile-coach-${width}`);
      await expectAxeClean(page, `View Educator ${width}`);

      const title = `Open with a question on the board (${width})`;
      await card.getByRole('button', { name: 'Set a step' }).click();
      const dialog = page.getByRole('dialog', { name: 'Set an action step for Jordan Ellis' });
      await dialog.getByLabel('Title').fill(title);
      await dialog.getByLabel('Due date').fill('2030-01-15');
      await expectAxeClean(page, `Set a step ${width}`);
      await dialog.getByRole('button', { name: 'Set step' }).click();
      await dialog.waitFor({ state: 'detached' });
      const item = card.locator('.step-item', { hasText: title });
      await item.waitFor();
      expect(await item.locator('.step-item__meta').innerText()).toContain('Set by you');

      await item.getByRole('button', { name: /^Drop/ }).click();
      const confirm = page.getByRole('dialog', { name: 'Drop this action step?' });
      await confirm.getByRole('button', { name: 'Drop step' }).click();
      await confirm.waitFor({ state: 'detached' });
      await card.locator('.step-item--dropped', { hasText: title }).waitFor();
      const list = await api<{ data: { title: string; status: string }[] }>(page, 'GET', `action-step?filter[staff_id]=${jordan.id}&filter[status]=dropped`);
      expect(list.json.data.map((s) => s.title)).toContain(title);
    });

    it(`the coach sets a step from an observation's next steps, from a cycle and from an interaction (${width} px)`, async () => {
      const page = await suite.signedIn(COACH, options);
      const me = await api<{ id: number }>(page, 'GET', 'auth/user');
      const staff = await api<{ data: { id: number; name: string }[] }>(page, 'GET', `staff?search=${encodeURIComponent('Jordan Ellis')}`);
      const jordan = staff.json.data.find((s) => s.name === 'Jordan Ellis')!;
      const observations = await api<{ data: { id: number; observer: { id: number } }[] }>(page, 'GET', `observation?filter[staff_id]=${jordan.id}&filter[status]=completed&per_page=50`);
      const mine = observations.json.data.find((o) => o.observer.id === me.json.id)!;
      expect(mine).toBeTruthy();
      await page.goto(`/app/observations/${mine.id}`);
      await loaded(page);
      const title = `Name the partner before the question (${width})`;
      await page.getByRole('button', { name: '+ Action step' }).click();
      const dialog = page.getByRole('dialog', { name: 'Set an action step for Jordan Ellis' });
      await dialog.getByLabel('Title').fill(title);
      await expectAxeClean(page, `Observation: set a step ${width}`);
      await dialog.getByRole('button', { name: 'Set step' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('list', { name: 'Action steps set from here' }).getByText(title).waitFor();
      await shot(page, `steps-observation-${width}`);
      await expectAxeClean(page, `Observation ${width}`);
      const fromObservation = await api<{ data: { title: string; source: { type: string; id: number } | null; set_by: { id: number } | null }[] }>(page, 'GET', `action-step?filter[staff_id]=${jordan.id}`);
      expect(fromObservation.json.data.find((s) => s.title === title)).toMatchObject({ source: { type: 'observation', id: mine.id }, set_by: { id: me.json.id } });

      const cycles = await api<{ data: { id: number; status: string; coach: { id: number } }[] }>(page, 'GET', `coaching-cycle?filter[staff_id][]=${jordan.id}&filter[status][]=active`);
      const cycle = cycles.json.data.find((c) => c.coach.id === me.json.id)!;
      expect(cycle).toBeTruthy();
      await page.goto(`/app/coaching?tab=cycles&cycle=${cycle.id}`);
      const panel = page.getByRole('dialog').first();
      await panel.getByRole('heading', { name: 'Action steps' }).waitFor();
      const cycleTitle = `Bring three discussion questions (${width})`;
      await panel.getByRole('button', { name: '+ Action step' }).click();
      const stepDialog = page.getByRole('dialog', { name: 'Set an action step for Jordan Ellis' });
      await stepDialog.getByLabel('Title').fill(cycleTitle);
      await stepDialog.getByRole('button', { name: 'Set step' }).click();
      await stepDialog.waitFor({ state: 'detached' });
      // Under the section's "Action steps" heading, the list is named "Set from here" (no heading repeated).
      await panel.getByRole('list', { name: 'Set from here' }).getByText(cycleTitle).waitFor();
      await expectAxeClean(page, `Cycle panel ${width}`);
      const fromCycle = await api<{ data: { title: string; source: { type: string; id: number } | null }[] }>(page, 'GET', `action-step?filter[staff_id]=${jordan.id}`);
      expect(fromCycle.json.data.find((s) => s.title === cycleTitle)?.source).toEqual({ type: 'cycle', id: cycle.id });

      // From a completed interaction with Jordan alone, opened in Activity: its next steps offered as the detail.
      const sessions = await api<{ data: { id: number; status: string; coach: { id: number }; participants: { id: number }[]; next_steps: string | null }[] }>(
        page, 'GET', `interaction?filter[staff_id][]=${jordan.id}&filter[status][]=completed&sort=-starts_at&per_page=50`);
      const session = sessions.json.data.find((i) => i.coach.id === me.json.id && i.participants.length === 1)!;
      expect(session).toBeTruthy();
      await page.goto(`/app/activity?open=${session.id}`);
      const detail = page.locator('dialog.interaction-detail');
      await detail.getByRole('heading', { name: 'Action steps' }).waitFor();
      const sessionTitle = `Try the exit ticket twice this week (${width})`;
      await detail.getByRole('button', { name: '+ Action step' }).click();
      const fromSessionDialog = page.getByRole('dialog', { name: 'Set an action step for Jordan Ellis' });
      await fromSessionDialog.getByLabel('Title').fill(sessionTitle);
      await fromSessionDialog.getByRole('button', { name: 'Set step' }).click();
      await fromSessionDialog.waitFor({ state: 'detached' });
      await detail.getByRole('list', { name: 'Set from here' }).getByText(sessionTitle).waitFor();
      await shot(page, `steps-interaction-${width}`);
      await expectAxeClean(page, `Interaction detail ${width}`);
      const fromSession = await api<{ data: { title: string; detail: string | null; source: { type: string; id: number } | null }[] }>(page, 'GET', `action-step?filter[staff_id]=${jordan.id}`);
      expect(fromSession.json.data.find((s) => s.title === sessionTitle)).toMatchObject({ source: { type: 'interaction', id: session.id }, detail: session.next_steps });
    });

    it(`the coach's and the principal's dashboards show follow-through by educator (${width} px)`, async () => {
      for (const email of [COACH, 'principal@maplegrove.example']) {
        const page = await suite.signedIn(email, options);
        await page.goto('/app');
        const card = page.locator('section', { has: page.getByRole('heading', { name: 'Follow-through' }) });
        await card.locator('tbody tr').first().waitFor();
        const counts = await api<{ data: { educator: { name: string }; overdue: number }[] }>(page, 'GET', 'action-step/follow-through');
        // Most overdue first, as the API answers; the first row names the first educator.
        expect(await card.locator('tbody tr').first().locator('th').innerText()).toBe(counts.json.data[0]!.educator.name);
        expect(await card.locator('tbody tr').count()).toBe(Math.min(8, counts.json.data.length));
        await card.scrollIntoViewIfNeeded();
        if (email === COACH) await shot(page, `steps-dashboard-coach-${width}`);
        await expectAxeClean(page, `Dashboard ${email} ${width}`);
      }
      // An educator's dashboard has no follow-through card.
      const teacher = await suite.signedIn(TEACHER, options);
      await teacher.goto('/app');
      await loaded(teacher);
      expect(await teacher.getByRole('heading', { name: 'Follow-through' }).count()).toBe(0);
    });
  }
});
