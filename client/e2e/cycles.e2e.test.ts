// Coaching cycles through the real app and the demo seed: a cycle moved through every stage with the
// keyboard only (focus stays on the moved card), completed with an outcome; the settings screen's
// move buttons by keyboard; the New cycle dialog's educator combobox and its focus after an empty submit;
// a one-word title that wraps with × in view; the Essentials district's upgrade message (screen and API); axe-core on
// the board, the cycle dialog and the settings at both widths and in both themes.
import { describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { CYCLES_PLAN_MESSAGE } from '../../common/schemas/cycles';
import { api, axeBlocking, browserSuite } from './harness';

// Signing in and the first visit take a while on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
const suite = browserSuite();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

interface ApiCycle {
  id: number;
  title: string;
  status: string;
  outcome: string | null;
  stage: { id: number; name: string } | null;
  next_stage: { id: number; name: string } | null;
  history: { stage: { name: string }; entered_on: string; left_on: string | null }[];
}



const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

/** A new cycle of the signed-in coach with one educator they can see, in the first stage. */
async function startCycle(page: Page, title: string): Promise<ApiCycle> {
  const staff = await api<{ data: { id: number }[] }>(page, 'GET', 'staff?per_page=1');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const res = await api<ApiCycle>(page, 'POST', 'coaching-cycle', { title, staff_ids: [staff.json.data[0]!.id], start_date: today });
  expect(res.status).toBe(201);
  return res.json;
}

describe('a coaching cycle moved through its stages by keyboard', () => {
  it('Move to next stage on the board keeps focus on the card; the last stage completes with an outcome', async () => {
    const page = await suite.signedIn('coach@maplegrove.example', { viewport: DESKTOP, bypassCSP: true });
    const me = (await api<{ id: number }>(page, 'GET', 'auth/user')).json;
    const cycle = await startCycle(page, 'Keyboard journey');
    await page.goto(`/app/coaching?tab=cycles&coach=${me.id}`);
    const column = (name: string) => page.locator('section.cyc-column', { has: page.getByRole('heading', { name: new RegExp(name) }) });
    await expect.poll(() => column('Set the goal').getByRole('button', { name: 'Keyboard journey', exact: true }).count()).toBe(1);

    const stages = ['Learn and plan', 'Practice with feedback', 'Reflect'];
    await page.locator(`#cyc-move-${cycle.id}`).focus();
    for (const [i, next] of stages.entries()) {
      expect(await page.locator(`#cyc-move-${cycle.id}`).getAttribute('aria-label')).toBe(`Move to next stage (${next}): Keyboard journey`);
      await page.keyboard.press('Enter');
      await expect.poll(() => column(next).getByRole('button', { name: 'Keyboard journey', exact: true }).count()).toBe(1);
      await expect.poll(() => page.getByRole('status').filter({ hasText: `Keyboard journey moved to ${next}.` }).count()).toBe(1);
      // Focus follows the card: its next move button, or in the last stage its title.
      await expect.poll(() => focusedId(page)).toBe(i < stages.length - 1 ? `cyc-move-${cycle.id}` : `cyc-open-${cycle.id}`);
    }

    // The title opens the cycle; complete it with an outcome, all from the keyboard.
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Keyboard journey' });
    await dialog.getByRole('heading', { name: 'Timeline' }).waitFor();
    await dialog.getByRole('button', { name: 'Complete cycle' }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByRole('radio', { name: 'Goal partly met' }).focus();
    await page.keyboard.press('Space');
    await dialog.getByLabel('Reflection').fill('Two of three routines stuck.');
    await dialog.getByRole('button', { name: 'Complete cycle' }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByText('Completed: Goal partly met').waitFor();
    expect(await axeBlocking(page)).toEqual([]);

    const stored = (await api<ApiCycle>(page, 'GET', `coaching-cycle/${cycle.id}`)).json;
    expect(stored.status).toBe('completed');
    expect(stored.outcome).toBe('partly-met');
    expect(stored.history.map((h) => h.stage.name)).toEqual(['Set the goal', ...stages]);
    expect(stored.history.every((h) => h.left_on !== null)).toBe(true);
    expect(new URL(page.url()).searchParams.get('cycle')).toBe(String(cycle.id));
  });
});

describe('Coaching cycle settings', () => {
  it('moves a stage down and back up by keyboard, focus staying on the button', async () => {
    const page = await suite.signedIn('admin@maplegrove.example', { viewport: DESKTOP });
    await page.goto('/app/settings/coaching-cycle');
    await page.getByRole('heading', { level: 1, name: 'Coaching cycle settings' }).waitFor();
    const names = () => page.locator('#cys-stages-title').locator('xpath=ancestor::section[1]').locator('ol .settings-row__name').allInnerTexts()
      .then((list) => list.map((n) => n.replace(/^Stage \d+:\s*/, '').trim()));
    await expect.poll(names).toEqual(['Set the goal', 'Learn and plan', 'Practice with feedback', 'Reflect']);
    const down = page.getByRole('button', { name: 'Move Set the goal down' });
    await down.focus();
    await page.keyboard.press('Enter');
    await expect.poll(names).toEqual(['Learn and plan', 'Set the goal', 'Practice with feedback', 'Reflect']);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move Set the goal down');
    await page.getByRole('button', { name: 'Move Set the goal up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(names).toEqual(['Set the goal', 'Learn and plan', 'Practice with feedback', 'Reflect']);
  });
});

describe('the Essentials district', () => {
  it('explains the Professional plan on the Cycles tab and the settings; the API answers 403 with the same words', async () => {
    const page = await suite.signedIn('admin@cedarfalls.example', { viewport: DESKTOP });
    await page.goto('/app/coaching?tab=cycles');
    await page.getByRole('heading', { name: 'Coaching cycles', exact: true }).waitFor();
    // Cedar Falls' administrator manages billing: told how to upgrade, not to ask themselves (issue 26).
    const howToUpgrade = `${CYCLES_PLAN_MESSAGE.split('. ')[0]}. You manage your district's billing`;
    await page.getByText(howToUpgrade).first().waitFor();
    expect(await page.getByRole('link', { name: 'See plans' }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'New cycle' }).count()).toBe(0);
    const res = await api<{ message: string }>(page, 'GET', 'coaching-cycle');
    expect(res.status).toBe(403);
    expect(res.json.message).toBe(CYCLES_PLAN_MESSAGE);

    await page.goto('/app/settings/coaching-cycle');
    await page.getByRole('heading', { level: 1, name: 'Coaching cycle settings' }).waitFor();
    await page.getByText(howToUpgrade).first().waitFor();
    expect(await page.getByRole('button', { name: 'Add stage' }).count()).toBe(0);
  });
});

describe('a cycle started from an educator\'s page', () => {
  it('Start a cycle opens the dialog with the educator chosen, creates the cycle and opens it in the workspace', async () => {
    const page = await suite.signedIn('coach@maplegrove.example', { viewport: DESKTOP, bypassCSP: true });
    const staff = (await api<{ data: { id: number; first_name: string; last_name: string }[] }>(page, 'GET', 'staff?per_page=1')).json.data[0]!;
    const name = `${staff.first_name} ${staff.last_name}`;
    await page.goto(`/app/staff/${staff.id}`);
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Coaching cycles' }) });
    await section.getByRole('button', { name: 'Start a cycle' }).click();
    const dialog = page.getByRole('dialog', { name: 'New coaching cycle' });
    await dialog.getByRole('list', { name: 'Chosen educators' }).getByText(name).waitFor();
    await dialog.getByLabel('Title').fill('Started from the profile');
    await dialog.getByRole('button', { name: 'Start cycle' }).click();
    await page.waitForURL(/\/app\/coaching\?tab=cycles&cycle=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('cycle'));
    const cycle = (await api<ApiCycle & { educators: { id: number }[] }>(page, 'GET', `coaching-cycle/${id}`)).json;
    expect(cycle.title).toBe('Started from the profile');
    expect(cycle.educators.map((s) => s.id)).toEqual([staff.id]);
    await page.getByRole('dialog', { name: 'Started from the profile' }).waitFor();
  });
});

describe('the New cycle dialog by keyboard', () => {
  it('Find an educator is a combobox: Arrow keys move through the results, Enter picks, Escape closes them; Enter never submits', async () => {
    const page = await suite.signedIn('coach@maplegrove.example', { viewport: DESKTOP, bypassCSP: true });
    const expected = (await api<{ data: { id: number; first_name: string; last_name: string }[] }>(page, 'GET', 'staff?search=Dan&per_page=20')).json.data;
    expect(expected.length).toBeGreaterThan(1);
    const before = (await api<{ meta: { total: number } }>(page, 'GET', 'coaching-cycle?status=all')).json.meta.total;
    await page.goto('/app/coaching?tab=cycles');
    await page.getByRole('button', { name: 'New cycle' }).click();
    const dialog = page.getByRole('dialog', { name: 'New coaching cycle' });
    await dialog.getByLabel('Title').fill('Chosen by keyboard');
    const box = dialog.getByRole('combobox', { name: 'Find an educator' });
    const listbox = dialog.getByRole('listbox', { name: 'Matching educators' });
    const options = listbox.getByRole('option');
    await box.focus();
    await page.keyboard.type('Dan');
    await expect.poll(() => options.count()).toBe(expected.length);
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(await axeBlocking(page)).toEqual([]);

    // Enter with nothing highlighted: no submit (no error, no cycle), the dialog stays.
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    expect(await dialog.getByText('Choose at least one educator').count()).toBe(0);
    expect(await dialog.locator('[aria-invalid="true"]').count()).toBe(0);

    // Down, Down, Up: the first result is highlighted, focus stays in the box.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    const first = options.first();
    await expect.poll(() => first.getAttribute('aria-selected')).toBe('true');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    const firstName = (await first.locator('.edu-combo__name').innerText()).trim();
    await page.keyboard.press('Enter');
    await dialog.getByRole('list', { name: 'Chosen educators' }).getByText(firstName).waitFor();
    expect(await box.inputValue()).toBe('');
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await dialog.getByText('Choose at least one educator').count()).toBe(0);

    // Escape closes the results, not the dialog; a second Escape clears the box.
    await page.keyboard.type('Dan');
    await expect.poll(() => options.count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false');
    expect(await listbox.isVisible()).toBe(false);
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await box.inputValue()).toBe('');
    expect(await dialog.isVisible()).toBe(true);

    // Nothing was created along the way; the form's own button starts the cycle.
    expect((await api<{ meta: { total: number } }>(page, 'GET', 'coaching-cycle?status=all')).json.meta.total).toBe(before);
    await dialog.getByRole('button', { name: 'Start cycle' }).click();
    await page.getByRole('dialog', { name: 'Chosen by keyboard' }).waitFor();
  });

  it('an empty submit shows the errors and moves focus to the first invalid field', async () => {
    const page = await suite.signedIn('coach@maplegrove.example', { viewport: DESKTOP, bypassCSP: true });
    await page.goto('/app/coaching?tab=cycles');
    await page.getByRole('button', { name: 'New cycle' }).click();
    const dialog = page.getByRole('dialog', { name: 'New coaching cycle' });
    await dialog.getByRole('button', { name: 'Start cycle' }).click();
    await dialog.getByText('Choose at least one educator').waitFor();
    const title = dialog.getByLabel('Title');
    await expect.poll(() => title.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await title.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByRole('combobox', { name: 'Find an educator' }).getAttribute('aria-invalid')).toBe('true');
  });
});

describe('a cycle with a title of one long word', () => {
  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`wraps the dialog title and keeps × in view at ${label} width`, async () => {
      const page = await suite.signedIn('coach@maplegrove.example', { viewport, bypassCSP: true });
      const title = 'VeryLongTitleWithoutSpaces'.repeat(6).slice(0, 120);
      const cycle = await startCycle(page, title);
      await page.goto(`/app/coaching?tab=cycles&cycle=${cycle.id}`);
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.getByRole('heading', { name: 'Timeline' }).waitFor();
      const close = dialog.getByRole('button', { name: 'Close dialog' });
      const box = (await close.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      const heading = dialog.getByRole('heading', { level: 2, name: title });
      const overflow = await heading.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await close.click();
      await dialog.waitFor({ state: 'detached' });
    });
  }
});

describe('axe-core on the cycle screens', () => {
  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`board, list, cycle dialog and settings at ${label} width, ${colorScheme}`, async () => {
        const page = await suite.signedIn('admin@maplegrove.example', { viewport, colorScheme, bypassCSP: true });
        for (const target of ['/app/coaching?tab=cycles', '/app/coaching?tab=cycles&view=list&status=all', '/app/coaching?tab=cycles&cycle=1', '/app/settings/coaching-cycle']) {
          await page.goto(target);
          await page.locator('h1').first().waitFor();
          await page.locator('.loading-block').first().waitFor({ state: 'detached' });
          if (target.includes('cycle=1')) await page.getByRole('dialog').getByRole('heading', { name: 'Timeline' }).waitFor();
          expect(await axeBlocking(page), target).toEqual([]);
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${target} scrolls sideways`).toBe(true);
        }
      });
    }
  }
});
