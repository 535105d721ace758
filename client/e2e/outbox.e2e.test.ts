// Writing without a signal (issue 31, the outbox): the page stays open, the browser goes offline
// (context.setOffline), and the writes wait in IndexedDB, shown at once as "Waiting to sync" with the header's
// count; reconnecting sends them, one at a time, oldest first. Three logged offline make exactly three on the
// server, also when the answer to one sync request is cut after the server wrote it (client_id); a write the
// server refuses shows its message and is corrected or discarded; an edit of a record changed meanwhile on the
// server opens the conflict panel and "Keep mine" wins, also when the edit is saved online (the observation's capture,
// the interaction's edit); a 409 on the version the server already holds is saved again silently, and a form whose
// waiting edit another tab synced goes on from that version. axe-core (AXE_TAGS, every impact) on the queued rows, the
// outbox panel, the refused write and the conflict panel at 1366 and 390 px. With OUTBOX_SHOTS=dir the screens
// are also saved as pictures there.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { api, axeAll, browserSuite, DESKTOP_PAGE, loaded, PHONE_PAGE, settleAnimations, signIn } from './harness';

vi.setConfig({ testTimeout: 150_000 });
const suite = browserSuite({ timeout: 20_000 });
const COACH = 'coach@maplegrove.example';
const ADMIN = 'admin@maplegrove.example';
const SHOTS = process.env.OUTBOX_SHOTS;

interface ApiInteraction {
  id: number;
  notes: string | null;
  updated_at: string;
  client_id?: string | null;
  interaction_type: { id: number; name: string };
}

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  // The "Saved on this device" notes would cover the rows.
  for (const close of await page.locator('.toast__close').all()) await close.click().catch(() => undefined);
  await page.locator('.toast').first().waitFor({ state: 'detached' }).catch(() => undefined);
  await settleAnimations(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

async function noAxeViolations(page: Page, where: string): Promise<void> {
  expect(await axeAll(page), where).toEqual([]);
}

/** The coach's interactions whose notes start with `marker` (today's and the next days'). */
async function onServer(page: Page, marker: string): Promise<ApiInteraction[]> {
  const res = await api<{ data: ApiInteraction[] }>(page, 'GET', 'interaction?per_page=100&sort=-starts_at');
  expect(res.status).toBe(200);
  return res.json.data.filter((i) => i.notes?.startsWith(marker));
}

/** Opens the log form once online and closes it, so its chunk and lookups are on the page. */
async function warmUp(page: Page): Promise<void> {
  await page.goto('/app/activity');
  await loaded(page);
  await page.getByRole('button', { name: 'Log interaction' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Log interaction' });
  await dialog.getByRole('radio', { name: /Co-teaching/ }).waitFor();
  await dialog.getByText('Recent').waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  await idlePartsLoaded(page);
}

/**
 * Waits for the parts a screen loads once the browser is idle (the outbox panel's code among them): there is no service
 * worker in these tests to keep them, so a part still to load when the signal goes cannot load (on a busy machine the
 * idle moment can come after a test has gone offline).
 */
async function idlePartsLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/OutboxPanel-')));
  await page.waitForLoadState('networkidle');
}

/** Logs one interaction through the form (offline: from the recent educators and the cached lists). */
/**
 * The interaction's edit form, opened without a signal: opened and closed once online first, so the form's code and
 * the screen's idle-loaded parts are on the page (no service worker in these tests).
 */
async function editOffline(page: Page, detail: Locator): Promise<Locator> {
  await detail.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('dialog', { name: 'Edit interaction' }).getByRole('button', { name: 'Cancel' }).click();
  await idlePartsLoaded(page);
  await page.context().setOffline(true);
  await detail.getByRole('button', { name: 'Edit' }).click();
  return page.getByRole('dialog', { name: 'Edit interaction' });
}

async function logOne(page: Page, notes: string, type = /Co-teaching/): Promise<void> {
  await page.getByRole('button', { name: 'Log interaction' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Log interaction' });
  await dialog.getByRole('radio', { name: type }).check();
  await dialog.locator('.participants__quick button').first().click();
  const school = dialog.getByLabel(/^School/);
  if ((await school.inputValue()) === '') await school.selectOption({ index: 1 });
  await dialog.getByLabel(/^Notes/).fill(notes);
  await dialog.getByRole('button', { name: /^(Log|Schedule) interaction$/ }).click();
  await dialog.waitFor({ state: 'detached' });
}

const header = (page: Page) => page.locator('.app-topbar').getByRole('button', { name: /waiting to sync/ });

describe('three interactions logged offline', () => {
  for (const [width, options] of [[1366, DESKTOP_PAGE], [390, PHONE_PAGE]] as const) {
    it(`at ${width} px: shown at once, "3 waiting to sync", exactly three on the server after reconnecting, one sync answer cut`, async () => {
      const page = await suite.signedIn(COACH, options);
      const context: BrowserContext = page.context();
      const marker = `Offline ${width} ${Date.now()}`;
      await warmUp(page);

      await context.setOffline(true);
      for (const n of [1, 2, 3]) {
        await logOne(page, `${marker} #${n}`);
        await page.getByText('Saved on this device: waiting to sync.').first().waitFor();
      }
      await expect.poll(() => header(page).textContent()).toBe('3 waiting to sync');
      const queued = page.getByRole('region', { name: 'Waiting to sync' }).locator('.queued-item');
      await expect.poll(() => queued.count()).toBe(3);
      expect(await queued.filter({ hasText: 'Waiting to sync' }).count()).toBe(3);
      await shot(page, `queued-${width}`);
      await noAxeViolations(page, 'queued rows');

      await header(page).click();
      const panel = page.getByRole('dialog', { name: 'Waiting to sync' });
      await expect.poll(() => panel.locator('.outbox-row').count()).toBe(3);
      await shot(page, `panel-${width}`);
      await noAxeViolations(page, 'outbox panel');
      await panel.getByRole('button', { name: 'Close' }).last().click();

      // The first sync request reaches the server, which writes the interaction, but its answer is lost.
      let cut = 0;
      await page.route('**/api/interaction', async (route) => {
        if (route.request().method() === 'POST' && cut === 0) {
          cut += 1;
          await route.fetch();
          await route.abort('connectionreset');
          return;
        }
        await route.continue();
      });
      await context.setOffline(false);
      await header(page).waitFor({ state: 'detached', timeout: 30_000 });
      expect(cut).toBe(1);
      const made = await onServer(page, marker);
      expect(made.map((i) => i.notes).sort()).toEqual([1, 2, 3].map((n) => `${marker} #${n}`));
      expect(made.every((i) => typeof i.client_id === 'string')).toBe(true);
      // The list shows them as saved: the queued rows are gone.
      await expect.poll(() => queued.count()).toBe(0);
    });
  }
});

describe('a write the server refuses', () => {
  it('shows the server’s message; signing out warns; one is corrected and syncs, the other is discarded after a confirmation', async () => {
    const admin = await suite.signedIn(ADMIN, DESKTOP_PAGE);
    const typeName = `Hallway chat ${Date.now() % 100000}`;
    const created = await api<{ id: number }>(admin, 'POST', 'interaction-type', { name: typeName, colour: 'teal', default_minutes: 10 });
    expect(created.status).toBe(201);

    for (const [width, options] of [[1366, DESKTOP_PAGE], [390, PHONE_PAGE]] as const) {
      // The second round starts from the type in use again.
      if (width === 390) expect((await api(admin, 'POST', `interaction-type/${created.json.id}/restore`)).status).toBe(200);
      const page = await suite.signedIn(COACH, options);
      const marker = `Refused ${width} ${Date.now()}`;
      await warmUp(page);
      await page.context().setOffline(true);
      await logOne(page, `${marker} kept`, new RegExp(typeName));
      await logOne(page, `${marker} dropped`, new RegExp(typeName));
      await expect.poll(() => header(page).textContent()).toBe('2 waiting to sync');

      // Meanwhile the district archives the type: the server refuses both.
      expect((await api(admin, 'POST', `interaction-type/${created.json.id}/archive`)).status).toBe(200);
      await page.context().setOffline(false);
      const refusedRows = page.locator('.queued-item--refused');
      await expect.poll(() => refusedRows.count(), { timeout: 30_000 }).toBe(2);
      expect(await refusedRows.first().textContent()).toContain('Not saved');

      await header(page).click();
      const panel = page.getByRole('dialog', { name: 'Waiting to sync' });
      await panel.getByText('This interaction type is archived. Choose another type.').first().waitFor();
      expect(await panel.getByText('Coachwell did not save it:').count()).toBe(2);
      await shot(page, `refused-${width}`);
      await noAxeViolations(page, 'refused write');

      // Signing out with writes not saved asks first; cancelling keeps the session and the writes.
      await panel.getByRole('button', { name: 'Close' }).last().click();
      await panel.waitFor({ state: 'detached' });
      await page.locator('.user-menu__button').click();
      await page.locator('.user-menu__list').getByRole('button', { name: 'Sign out' }).click();
      const warn = page.getByRole('dialog', { name: 'Sign out?' });
      await warn.getByText('You have 2 changes waiting to sync. Signing out now discards them.').waitFor();
      await warn.getByRole('button', { name: 'Cancel' }).click();
      expect(await header(page).textContent()).toBe('2 waiting to sync');
      await header(page).click();

      // The educator's page shows them too, where they would appear.
      await panel.getByRole('button', { name: 'Close' }).last().click();
      const educator = (await page.locator('.queued-item .interaction-item__people').first().textContent())!.split(' · ')[0]!;
      const found = await api<{ data: { id: number; name: string }[] }>(page, 'GET', `staff?search=${encodeURIComponent(educator)}`);
      await page.goto(`/app/staff/${found.json.data.find((p) => p.name === educator)!.id}`);
      await loaded(page);
      const onProfile = page.locator('section.staff-coaching .queued-item--refused');
      await expect.poll(() => onProfile.count()).toBe(2);
      await onProfile.first().scrollIntoViewIfNeeded();
      await shot(page, `educator-${width}`);
      await page.goto('/app/activity');
      await loaded(page);
      await header(page).click();

      // Discard: asks first, then it is gone.
      const dropped = panel.locator('.outbox-row', { hasText: `${marker} dropped` });
      await dropped.getByRole('button', { name: /^Discard/ }).click();
      const confirm = page.getByRole('dialog', { name: 'Discard this change?' });
      await confirm.getByRole('button', { name: 'Discard' }).click();
      await expect.poll(() => panel.locator('.outbox-row').count()).toBe(1);

      // Correct: the same form, prefilled; another type, saved, and it syncs.
      await panel.locator('.outbox-row', { hasText: `${marker} kept` }).getByRole('button', { name: /^Correct/ }).click();
      const form = page.getByRole('dialog', { name: 'Log interaction' });
      expect(await form.getByLabel(/^Notes/).inputValue()).toBe(`${marker} kept`);
      await form.getByRole('radio', { name: /Co-teaching/ }).check();
      await form.getByRole('button', { name: /^(Log|Schedule) interaction$/ }).click();
      await header(page).waitFor({ state: 'detached', timeout: 30_000 });
      const made = await onServer(page, marker);
      expect(made.map((i) => [i.notes, i.interaction_type.name])).toEqual([[`${marker} kept`, 'Co-teaching']]);
    }
  });
});

describe('an edit made offline of a record changed on the server meanwhile', () => {
  for (const [width, options] of [[1366, DESKTOP_PAGE], [390, PHONE_PAGE]] as const) {
    it(`at ${width} px: the conflict panel shows both versions and "Keep mine" wins`, async () => {
      const page = await suite.signedIn(COACH, options);
      const other = await suite.signedIn(COACH, DESKTOP_PAGE);
      const types = await api<{ data: { id: number; name: string }[] }>(page, 'GET', 'interaction-type');
      const start = new Date(Date.now() - 3_600_000);
      start.setUTCMinutes(0, 0, 0);
      const made = await api<ApiInteraction>(page, 'POST', 'interaction', {
        interaction_type_id: types.json.data[0]!.id, starts_at: start.toISOString(), duration_minutes: 30, status: 'completed', staff_ids: [2],
        notes: `Conflict ${width}: first notes`,
      });
      expect(made.status).toBe(201);
      const id = made.json.id;
      await page.goto(`/app/activity?open=${id}`);
      const detail = page.getByRole('dialog');
      await detail.getByText(`Conflict ${width}: first notes`).waitFor();
      const form = await editOffline(page, detail);
      await form.getByLabel(/^Notes/).fill(`Conflict ${width}: mine`);
      await form.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Saved on this device: waiting to sync.').first().waitFor();
      await expect.poll(() => header(page).textContent()).toBe('1 waiting to sync');
      await page.getByRole('dialog').getByRole('button', { name: 'Close dialog' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      // The Activity screen shows the change waiting.
      expect(await page.locator('.queued-item', { hasText: 'Interaction changes' }).count()).toBe(1);

      // Someone (here the same coach on another device) saves the interaction meanwhile.
      const current = await api<ApiInteraction>(other, 'GET', `interaction/${id}`);
      const theirs = await api<ApiInteraction>(other, 'PUT', `interaction/${id}`, {
        interaction_type_id: current.json.interaction_type.id, starts_at: start.toISOString(), duration_minutes: 45, status: 'completed', staff_ids: [2],
        notes: `Conflict ${width}: theirs`,
      });
      expect(theirs.status).toBe(200);

      await page.context().setOffline(false);
      await expect.poll(() => page.locator('.queued-item--conflict').count(), { timeout: 30_000 }).toBe(1);
      await page.locator('.queued-item--conflict').getByRole('button', { name: /See why/ }).click();
      const panel = page.getByRole('dialog', { name: 'Changed on the server' });
      await panel.getByText('This record changed since you started editing it.').first().waitFor();
      // Side by side, the fields that differ marked: the notes and the minutes; the rest alike.
      const notes = panel.locator('tbody[data-field="notes"]');
      expect(await notes.locator('td').allTextContents()).toEqual([`Conflict ${width}: mine`, `Conflict ${width}: theirs`]);
      expect(await panel.locator('tbody.conflict-table__differs').evaluateAll((els) => els.map((e) => e.getAttribute('data-field')))).toEqual(['duration_minutes', 'notes']);
      expect(await notes.locator('th').textContent()).toBe('Notes · differs');
      await shot(page, `conflict-${width}`);
      await noAxeViolations(page, 'conflict panel');

      await panel.getByRole('button', { name: 'Keep mine' }).click();
      await header(page).waitFor({ state: 'detached', timeout: 30_000 });
      const after = await api<ApiInteraction>(page, 'GET', `interaction/${id}`);
      expect(after.json.notes).toBe(`Conflict ${width}: mine`);
    });
  }
});

describe('an action step set offline on the educator’s page', () => {
  for (const [width, options] of [[1366, DESKTOP_PAGE], [390, PHONE_PAGE]] as const) {
    it(`at ${width} px: shown at once in the educator's Action steps, synced on reconnecting`, async () => {
      const page = await suite.signedIn(COACH, options);
      const found = await api<{ data: { id: number; name: string }[] }>(page, 'GET', 'staff?search=Lucas');
      const staffId = found.json.data.find((p) => p.name === 'Lucas Williams')!.id;
      await page.goto(`/app/staff/${staffId}`);
      await loaded(page);
      const card = page.locator('section', { has: page.locator('#staff-action-steps') });
      // Once online, so the form's code is on the page.
      await card.getByRole('button', { name: 'Set a step' }).click();
      await page.getByRole('dialog', { name: /Set an action step/ }).getByRole('button', { name: 'Cancel' }).click();

      await page.context().setOffline(true);
      const title = `Offline step ${width} ${Date.now()}`;
      await card.getByRole('button', { name: 'Set a step' }).click();
      const dialog = page.getByRole('dialog', { name: /Set an action step/ });
      await dialog.getByLabel(/^Title/).fill(title);
      await dialog.getByRole('button', { name: 'Set step' }).click();
      await page.getByText('Saved on this device: waiting to sync.').first().waitFor();
      const queued = card.locator('.queued-item', { hasText: title });
      await queued.getByText('Waiting to sync').waitFor();
      await expect.poll(() => header(page).textContent()).toBe('1 waiting to sync');
      await queued.scrollIntoViewIfNeeded();
      await shot(page, `step-${width}`);
      await noAxeViolations(page, 'queued action step');

      await page.context().setOffline(false);
      await header(page).waitFor({ state: 'detached', timeout: 30_000 });
      const steps = await api<{ data: { title: string; client_id?: string | null }[] }>(page, 'GET', `action-step?filter[staff_id][]=${staffId}&per_page=100`);
      const made = steps.json.data.filter((s) => s.title === title);
      expect(made).toHaveLength(1);
      expect(typeof made[0]!.client_id).toBe('string');
      await expect.poll(() => card.locator('.queued-item').count()).toBe(0);
      await card.locator('.step-item__title', { hasText: title }).waitFor();
    });
  }
});

describe('a session that ended while offline', () => {
  it('keeps the outbox for the same person: another person signing in on the browser never sees or sends it', async () => {
    const page = await suite.signedIn(COACH, DESKTOP_PAGE);
    const context = page.context();
    const marker = `Ended session ${Date.now()}`;
    await warmUp(page);
    await context.setOffline(true);
    await logOne(page, `${marker} #1`);
    await expect.poll(() => header(page).textContent()).toBe('1 waiting to sync');

    // The session ends while the device is offline (its cookies gone): back online, the sync is refused (401/419),
    // the app goes to the login page, and the write stays on the device.
    await context.clearCookies();
    await context.setOffline(false);
    await page.waitForURL((u) => u.pathname.includes('/auth/login'), { timeout: 30_000 });

    // Another person signs in on the same browser: no count, nothing sent for the coach.
    await signIn(page, ADMIN);
    await loaded(page);
    await page.waitForTimeout(1_500);
    expect(await header(page).count()).toBe(0);
    const checker = await suite.signedIn(COACH, DESKTOP_PAGE);
    expect(await onServer(checker, marker)).toHaveLength(0);
    await context.clearCookies();

    // The coach signs in again: the write syncs, once.
    await signIn(page, COACH);
    await expect.poll(async () => (await onServer(checker, marker)).length, { timeout: 30_000 }).toBe(1);
    await expect.poll(() => header(page).count()).toBe(0);
  });
});

describe('an observation written offline', () => {
  for (const [width, options] of [[1366, DESKTOP_PAGE], [390, PHONE_PAGE]] as const) {
    it(`at ${width} px: the draft waits on the device, Complete queues it, the list shows it, one completed observation after reconnecting`, async () => {
      const page = await suite.signedIn(COACH, options);
      const marker = `Offline walkthrough ${width} ${Date.now()}`;
      await page.goto('/app/observations');
      await loaded(page);
      await page.getByRole('link', { name: 'New observation' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'New observation' }).waitFor();
      await expect.poll(() => page.getByLabel(/^Form/).evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent)).toBe('Classroom walkthrough');
      if (width === 390) {
        // No signal from here on, before the educator is chosen: one of the coach's recent educators, one tap away.
        await page.context().setOffline(true);
        const recent = page.getByRole('list', { name: 'Recent' }).getByRole('button');
        await expect.poll(() => recent.count()).toBeGreaterThan(0);
        const name = (await recent.first().innerText()).replace(/^\+\s*/, '').replace(/\s*\(choose as the educator\)$/, '');
        await recent.first().click();
        await expect.poll(() => page.locator('.obs-educator__name').innerText()).toBe(name);
      } else {
        await page.getByRole('combobox', { name: /Educator/ }).click();
        await page.keyboard.type('Jordan');
        await page.getByRole('option', { name: /Jordan Ellis/ }).click();
        // No signal from here on, before the first autosave: the draft is made on the device.
        await page.context().setOffline(true);
      }
      const lookFors = page.locator('fieldset.obs-item[data-kind="look_for"]');
      for (const [i, answer] of ['Seen', 'Seen', 'Not seen', 'Seen'].entries()) await lookFors.nth(i).getByRole('radio', { name: answer, exact: true }).click();
      await page.locator('textarea[name="notes"]').fill(marker);
      await page.getByText('Draft saved on this device: waiting to sync').waitFor({ timeout: 15_000 });
      await expect.poll(() => header(page).textContent()).toBe('1 waiting to sync');

      await page.getByRole('button', { name: 'Complete' }).click();
      await page.waitForURL((u) => u.pathname === '/app/observations');
      const queued = page.getByRole('list', { name: 'Observations waiting to sync' }).locator('.queued-item');
      await expect.poll(() => queued.count()).toBe(1);
      expect(await queued.textContent()).toContain('Classroom walkthrough');
      // The draft's write is replaced by the completed one as the list opens: the row turns Completed then.
      await expect.poll(() => queued.textContent(), { timeout: 10_000 }).toContain('Completed');
      await shot(page, `observation-${width}`);
      await noAxeViolations(page, 'queued observation');

      await page.context().setOffline(false);
      await header(page).waitFor({ state: 'detached', timeout: 30_000 });
      const list = await api<{ data: { id: number; status: string }[] }>(page, 'GET', 'observation?per_page=100');
      const mine: { id: number; status: string; notes: string | null; client_id?: string | null; answers: { value: unknown }[] }[] = [];
      for (const row of list.json.data) {
        const one = await api<{ id: number; status: string; notes: string | null; client_id?: string | null; answers: { value: unknown }[] }>(page, 'GET', `observation/${row.id}`);
        if (one.json.notes === marker) mine.push(one.json);
      }
      expect(mine).toHaveLength(1);
      expect(mine[0]!.status).toBe('completed');
      expect(typeof mine[0]!.client_id).toBe('string');
      expect(mine[0]!.answers.filter((a) => a.value === 'yes')).toHaveLength(3);
    });
  }
});

describe('marking a scheduled interaction completed offline', () => {
  for (const [width, options] of [[1366, DESKTOP_PAGE], [390, PHONE_PAGE]] as const) {
    it(`at ${width} px: the row shows it completed at once, waiting to sync; synced on reconnecting${width === 390 ? ' (completed meanwhile on the server: done, not refused)' : ''}`, async () => {
      const page = await suite.signedIn(COACH, options);
      const types = await api<{ data: { id: number; name: string }[] }>(page, 'GET', 'interaction-type');
      const start = new Date(Date.now() - 2 * 3_600_000);
      start.setUTCMinutes(0, 0, 0);
      const made = await api<ApiInteraction & { status: string }>(page, 'POST', 'interaction', {
        interaction_type_id: types.json.data[0]!.id, starts_at: start.toISOString(), duration_minutes: 30, status: 'scheduled', staff_ids: [2],
        notes: `Complete offline ${width} ${Date.now()}`,
      });
      expect(made.status).toBe(201);
      await page.goto('/app/activity?status=needs');
      await loaded(page);
      const row = page.locator('.interaction-item', { has: page.getByRole('button', { name: /Mark completed/ }) }).first();
      await row.waitFor();
      await idlePartsLoaded(page);
      const rowName = await row.locator('.interaction-item__people').textContent();
      // A row that needs completing (the one made above, or one of the demo's), found again by its people line.
      await page.context().setOffline(true);
      const target = page.locator('.interaction-item--needs').filter({ hasText: rowName ?? '' }).first();
      const before = await page.locator('.interaction-item--needs').count();
      await target.getByRole('button', { name: /Mark completed/ }).click();
      await page.getByText(/marked completed on this device: waiting to sync\./).first().waitFor();
      await expect.poll(() => page.getByText('Completed · waiting to sync').count()).toBe(1);
      expect(await page.locator('.interaction-item--needs').count()).toBe(before - 1);
      await expect.poll(() => header(page).textContent()).toBe('1 waiting to sync');
      const queued = await page.evaluate(() => new Promise<number | null>((resolve) => {
        const open = indexedDB.open('coachwell-outbox', 1);
        open.onsuccess = () => {
          const req = open.result.transaction('writes').objectStore('writes').getAll();
          req.onsuccess = () => resolve((req.result as { kind: string; target: number }[]).find((r) => r.kind === 'interaction.complete')?.target ?? null);
        };
      }));
      expect(queued).not.toBeNull();
      if (width === 390) {
        // Someone completes it on the server meanwhile: the queued complete's 409 "already completed" counts as done.
        const other = await suite.signedIn(COACH, DESKTOP_PAGE);
        expect((await api(other, 'POST', `interaction/${queued}/complete`)).status).toBe(200);
      }
      await page.context().setOffline(false);
      await header(page).waitFor({ state: 'detached', timeout: 30_000 });
      expect(await page.locator('.queued-item--refused').count()).toBe(0);
      expect((await api<{ status: string }>(page, 'GET', `interaction/${queued}`)).json.status).toBe('completed');
    });
  }
});

describe('merging a conflict', () => {
  it('at 1366 px: the merge form holds both notes and a choice for the minutes; the merged version is saved', async () => {
    const page = await suite.signedIn(COACH, DESKTOP_PAGE);
    const other = await suite.signedIn(COACH, DESKTOP_PAGE);
    const types = await api<{ data: { id: number; name: string }[] }>(page, 'GET', 'interaction-type');
    const start = new Date(Date.now() - 3_600_000);
    start.setUTCMinutes(0, 0, 0);
    const base = { interaction_type_id: types.json.data[0]!.id, starts_at: start.toISOString(), status: 'completed', staff_ids: [2] };
    const made = await api<ApiInteraction>(page, 'POST', 'interaction', { ...base, duration_minutes: 30, notes: 'Merge: first' });
    const id = made.json.id;
    await page.goto(`/app/activity?open=${id}`);
    const detail = page.getByRole('dialog');
    await detail.getByText('Merge: first').waitFor();
    const form = await editOffline(page, detail);
    await form.getByLabel(/^Notes/).fill('Mine: the students led the warm-up.');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved on this device: waiting to sync.').first().waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close dialog' }).click();
    expect((await api(other, 'PUT', `interaction/${id}`, { ...base, duration_minutes: 50, notes: 'Theirs: timed the transitions.' })).status).toBe(200);

    await page.context().setOffline(false);
    await page.locator('.queued-item--conflict').getByRole('button', { name: /See why/ }).click();
    const panel = page.getByRole('dialog', { name: 'Changed on the server' });
    await panel.getByRole('button', { name: 'Merge' }).click();
    const notes = panel.getByLabel('Notes');
    expect(await notes.inputValue()).toBe('Theirs: timed the transitions.\n\nMine: the students led the warm-up.');
    await notes.fill('Timed the transitions; the students led the warm-up.');
    await panel.getByRole('radio', { name: /On the server: 50 min/ }).check();
    await shot(page, 'merge-1366');
    await noAxeViolations(page, 'merge form');
    await panel.getByRole('button', { name: 'Save merged version' }).click();
    await header(page).waitFor({ state: 'detached', timeout: 30_000 });
    const after = await api<ApiInteraction & { duration_minutes: number }>(page, 'GET', `interaction/${id}`);
    expect([after.json.notes, after.json.duration_minutes]).toEqual(['Timed the transitions; the students led the warm-up.', 50]);
  });
});

describe('a refused action step', () => {
  it('at 390 px: Correct opens the same form prefilled; saving sends it again', async () => {
    const page = await suite.signedIn(COACH, PHONE_PAGE);
    const found = await api<{ data: { id: number; name: string }[] }>(page, 'GET', 'staff?search=Lucas');
    const staffId = found.json.data.find((p) => p.name === 'Lucas Williams')!.id;
    await page.goto(`/app/staff/${staffId}`);
    await loaded(page);
    const card = page.locator('section', { has: page.locator('#staff-action-steps') });
    await card.getByRole('button', { name: 'Set a step' }).click();
    await page.getByRole('dialog', { name: /Set an action step/ }).getByRole('button', { name: 'Cancel' }).click();

    // The server refuses the first sync of it (as it would a step for an educator no longer in reach).
    let refused = 0;
    await page.route('**/api/action-step', async (route) => {
      if (route.request().method() !== 'POST' || refused > 0) return route.continue();
      refused += 1;
      await route.fulfill({ status: 422, json: { message: 'The given data was invalid.', code: 'validation_error', errors: { staff_id: ['Choose an educator you can see.'] } } });
    });
    await page.context().setOffline(true);
    const title = `Refused step ${Date.now()}`;
    await card.getByRole('button', { name: 'Set a step' }).click();
    const dialog = page.getByRole('dialog', { name: /Set an action step/ });
    await dialog.getByLabel(/^Title/).fill(title);
    await dialog.getByLabel(/^Detail/).fill('Ask two why-questions.');
    await dialog.getByRole('button', { name: 'Set step' }).click();
    await page.getByText('Saved on this device: waiting to sync.').first().waitFor();
    await page.context().setOffline(false);
    await card.locator('.queued-item--refused').waitFor({ timeout: 30_000 });
    await card.locator('.queued-item--refused').getByRole('button', { name: /See why/ }).click();
    const panel = page.getByRole('dialog', { name: 'Waiting to sync' });
    await panel.getByText('Choose an educator you can see.').waitFor();
    await panel.getByRole('button', { name: /^Correct/ }).click();
    const form = page.getByRole('dialog', { name: /Set an action step for Lucas Williams/ });
    expect(await form.getByLabel(/^Title/).inputValue()).toBe(title);
    expect(await form.getByLabel(/^Detail/).inputValue()).toBe('Ask two why-questions.');
    await form.getByLabel(/^Title/).fill(`${title} (corrected)`);
    await form.getByRole('button', { name: 'Set step' }).click();
    await header(page).waitFor({ state: 'detached', timeout: 30_000 });
    const steps = await api<{ data: { title: string }[] }>(page, 'GET', `action-step?filter[staff_id][]=${staffId}&per_page=100`);
    expect(steps.json.data.filter((s) => s.title.startsWith(title)).map((s) => s.title)).toEqual([`${title} (corrected)`]);
  });
});

/** An interaction of the coach's made through the API, started ten minutes ago (today on Activity). */
async function madeNow(page: Page, patch: Record<string, unknown>): Promise<ApiInteraction> {
  const types = await api<{ data: { id: number; name: string }[] }>(page, 'GET', 'interaction-type');
  const start = new Date(Date.now() - 600_000);
  start.setUTCSeconds(0, 0);
  const made = await api<ApiInteraction>(page, 'POST', 'interaction', {
    interaction_type_id: types.json.data[0]!.id, starts_at: start.toISOString(), duration_minutes: 30, status: 'completed', staff_ids: [2], ...patch,
  });
  expect(made.status).toBe(201);
  return made.json;
}

describe('an interaction edited offline', () => {
  for (const [width, options] of [[390, PHONE_PAGE], [1366, DESKTOP_PAGE]] as const) {
    it(`at ${width} px: the detail and Activity show the edit at once, marked "Waiting to sync"; editing again replaces it; one version on the server after reconnecting`, async () => {
      const page = await suite.signedIn(COACH, options);
      const marker = `Edited offline ${width} ${Date.now()}`;
      const made = await madeNow(page, { notes: `${marker}: first` });
      await page.goto(`/app/activity?open=${made.id}`);
      const detail = page.getByRole('dialog');
      await detail.getByText(`${marker}: first`).waitFor();
      const form = await editOffline(page, detail);
      await form.getByLabel(/^Minutes/).fill('50');
      await form.getByLabel(/^Notes/).fill(`${marker}: changed`);
      await form.getByRole('button', { name: 'Save changes' }).click();
      await form.waitFor({ state: 'detached' });
      // The detail shows the change at once, marked.
      await detail.getByText(`${marker}: changed`).waitFor();
      expect(await detail.getByText(`${marker}: first`).count()).toBe(0);
      expect(await detail.locator('.detail__facts').textContent()).toContain('(50 min)');
      expect(await detail.locator('.detail__status .outbox-state').textContent()).toContain('Waiting to sync');
      await shot(page, `detail-queued-${width}`);
      await noAxeViolations(page, 'detail with a queued edit');

      // Activity's row of it shows the change too, marked.
      await detail.getByRole('button', { name: 'Close dialog' }).click();
      await detail.waitFor({ state: 'detached' });
      const row = page.locator('.interaction-item--queued');
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.locator('.interaction-item__duration').textContent()).toBe('50 min');
      expect(await row.locator('.outbox-state').textContent()).toContain('Waiting to sync');
      await row.scrollIntoViewIfNeeded();
      await shot(page, `row-queued-${width}`);

      // Edited again before the signal is back: the form starts from the queued version, and the newer one replaces it.
      await row.locator('.interaction-item__link').click();
      await page.getByRole('dialog').getByRole('button', { name: 'Edit' }).click();
      expect(await form.getByLabel(/^Notes/).inputValue()).toBe(`${marker}: changed`);
      await form.getByLabel(/^Notes/).fill(`${marker}: changed twice`);
      await form.getByRole('button', { name: 'Save changes' }).click();
      await form.waitFor({ state: 'detached' });
      await page.getByRole('dialog').getByText(`${marker}: changed twice`).waitFor();
      await expect.poll(() => header(page).textContent()).toBe('1 waiting to sync');

      await page.context().setOffline(false);
      await header(page).waitFor({ state: 'detached', timeout: 30_000 });
      const after = await api<ApiInteraction & { duration_minutes: number }>(page, 'GET', `interaction/${made.id}`);
      expect([after.json.notes, after.json.duration_minutes]).toEqual([`${marker}: changed twice`, 50]);
      await expect.poll(() => page.getByRole('dialog').locator('.detail__status .outbox-state').count()).toBe(0);
    });
  }
});

describe('correcting a refused edit and a refused "mark completed"', () => {
  it('at 390 px: Correct opens the interaction\'s edit with the queued change and the server\'s message; saving replaces the write', async () => {
    const page = await suite.signedIn(COACH, PHONE_PAGE);
    const marker = `Refused edit ${Date.now()}`;
    const edited = await madeNow(page, { notes: `${marker}: first` });
    const past = new Date(Date.now() - 2 * 3_600_000);
    past.setUTCMinutes(0, 0, 0);
    const scheduled = await madeNow(page, { status: 'scheduled', starts_at: past.toISOString(), notes: `${marker}: to complete` });
    await page.goto(`/app/activity?open=${edited.id}`);
    const detail = page.getByRole('dialog');
    await detail.getByText(`${marker}: first`).waitFor();
    await detail.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog', { name: 'Edit interaction' }).getByRole('button', { name: 'Cancel' }).click();
    await page.goto(`/app/activity?open=${scheduled.id}`);
    await detail.getByText(`${marker}: to complete`).waitFor();
    await idlePartsLoaded(page);

    // The server refuses the first sync of each (as it would an educator no longer in the coach's caseload).
    const refusal = { message: 'Choose educators you coach.', code: 'validation_error', errors: { staff_ids: ['Choose educators you coach.'] } };
    // Refused until corrected (a send cut by a page load is sent again, and refused again).
    const refusing = new Set([`POST /api/interaction/${scheduled.id}/complete`, `PUT /api/interaction/${edited.id}`]);
    await page.route(/\/api\/interaction\/\d+(\/complete)?$/, async (route) => {
      const key = `${route.request().method()} ${new URL(route.request().url()).pathname}`;
      if (!refusing.has(key)) return route.continue();
      await route.fulfill({ status: 422, json: refusal });
    });
    await page.context().setOffline(true);
    await detail.getByRole('button', { name: 'Mark completed' }).click();
    await page.getByText('Marked completed on this device: waiting to sync.').first().waitFor();
    await page.context().setOffline(false);
    await page.goto(`/app/activity?open=${edited.id}`);
    await detail.getByText(`${marker}: first`).waitFor();
    const form = await editOffline(page, detail);
    await form.getByLabel(/^Notes/).fill(`${marker}: mine`);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.waitFor({ state: 'detached' });
    await page.context().setOffline(false);

    await expect.poll(() => page.locator('.queued-item--refused').count(), { timeout: 30_000 }).toBe(2);
    // The detail shows the refused edit as the coach made it, "Not saved".
    expect(await detail.locator('.detail__status .outbox-state').textContent()).toBe('Not saved');
    await detail.getByRole('button', { name: 'See why' }).click();
    const panel = page.getByRole('dialog', { name: 'Waiting to sync' });
    await expect.poll(() => panel.getByText('Choose educators you coach.').count()).toBe(2);
    expect(await panel.getByRole('button', { name: /^Correct/ }).count()).toBe(2);

    // The edit: its form, with the queued notes and the server's message.
    await panel.locator('.outbox-row', { hasText: 'Interaction changes' }).getByRole('button', { name: /^Correct/ }).click();
    await form.waitFor();
    expect(await form.getByLabel(/^Notes/).inputValue()).toBe(`${marker}: mine`);
    await form.getByText('Choose educators you coach.').first().waitFor();
    await noAxeViolations(page, 'correcting a refused edit');
    await form.getByLabel(/^Notes/).fill(`${marker}: corrected`);
    refusing.delete(`PUT /api/interaction/${edited.id}`);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(async () => (await api<ApiInteraction>(page, 'GET', `interaction/${edited.id}`)).json.notes, { timeout: 30_000 }).toBe(`${marker}: corrected`);

    // The "mark completed": the interaction's edit, completed.
    await header(page).click();
    await panel.locator('.outbox-row', { hasText: 'Marked completed' }).getByRole('button', { name: /^Correct/ }).click();
    await form.waitFor();
    expect(await form.getByLabel(/^Notes/).inputValue()).toBe(`${marker}: to complete`);
    expect(await form.getByRole('radio', { name: 'Completed', exact: true }).isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await header(page).waitFor({ state: 'detached', timeout: 30_000 });
    const completed = await api<ApiInteraction & { status: string }>(page, 'GET', `interaction/${scheduled.id}`);
    expect(completed.json.status).toBe('completed');
  });
});

describe('a refused observation', () => {
  for (const [width, options] of [[390, PHONE_PAGE], [1366, DESKTOP_PAGE]] as const) {
    it(`at ${width} px: Correct opens the observation form with what was written and the server's message; the fix replaces the write (same client_id)`, async () => {
      const page = await suite.signedIn(COACH, options);
      const marker = `Refused observation ${width} ${Date.now()}`;
      await page.goto('/app/observations');
      await loaded(page);
      await page.getByRole('link', { name: 'New observation' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'New observation' }).waitFor();
      await expect.poll(() => page.getByLabel(/^Form/).evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent)).toBe('Classroom walkthrough');
      await page.getByRole('combobox', { name: /Educator/ }).click();
      await page.keyboard.type('Jordan');
      await page.getByRole('option', { name: /Jordan Ellis/ }).click();
      await idlePartsLoaded(page);
      let refusedOnce = false;
      const sent: string[] = [];
      await page.route('**/api/observation', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        sent.push(String((route.request().postDataJSON() as { client_id?: string }).client_id));
        if (refusedOnce) return route.continue();
        refusedOnce = true;
        await route.fulfill({ status: 422, json: { message: 'Add a note before completing.', code: 'validation_error', errors: { notes: ['Add a note before completing.'] } } });
      });
      await page.context().setOffline(true);
      await page.locator('textarea[name="notes"]').fill(`${marker}: first`);
      await page.getByRole('button', { name: 'Complete' }).click();
      await page.waitForURL((u) => u.pathname === '/app/observations');
      await page.context().setOffline(false);

      const refusedRow = page.getByRole('list', { name: 'Observations waiting to sync' }).locator('.queued-item--refused');
      await refusedRow.waitFor({ timeout: 30_000 });
      await refusedRow.getByRole('button', { name: /See why/ }).click();
      const panel = page.getByRole('dialog', { name: 'Waiting to sync' });
      await panel.getByText('Add a note before completing.').first().waitFor();
      await panel.getByRole('button', { name: /^Correct/ }).click();

      await page.waitForURL((u) => u.pathname === '/app/observations/new' && u.searchParams.has('outbox'));
      const notes = page.locator('textarea[name="notes"]');
      await expect.poll(() => notes.inputValue()).toBe(`${marker}: first`);
      await expect.poll(() => page.locator('.obs-educator__name').innerText()).toBe('Jordan Ellis');
      await page.getByRole('alert').filter({ hasText: 'Add a note before completing.' }).first().waitFor();
      await shot(page, `correct-observation-${width}`);
      await noAxeViolations(page, 'correcting a refused observation');
      await notes.fill(`${marker}: corrected`);
      await page.getByRole('button', { name: 'Complete' }).click();
      await page.waitForURL((u) => /^\/app\/observations\/\d+$/.test(u.pathname) || u.pathname === '/app/observations', { timeout: 30_000 });
      await expect.poll(() => header(page).count(), { timeout: 30_000 }).toBe(0);

      const list = await api<{ data: { id: number }[] }>(page, 'GET', 'observation?per_page=100');
      const mine: { notes: string | null; status: string; client_id?: string | null }[] = [];
      for (const row of list.json.data) {
        const one = await api<{ notes: string | null; status: string; client_id?: string | null }>(page, 'GET', `observation/${row.id}`);
        if (one.json.notes?.startsWith(marker)) mine.push(one.json);
      }
      expect(mine.map((o) => [o.notes, o.status])).toEqual([[`${marker}: corrected`, 'completed']]);
      // Every send of it, the refused one and the fix, carried the same client_id.
      expect(new Set(sent).size).toBe(1);
      expect(mine[0]!.client_id).toBe(sent[0]);
    });
  }
});

describe('the conflict panel\'s fields', () => {
  it('at 390 px: every field the coach can edit side by side, as the screens show them (names, not ids); merging takes the server\'s type and keeps my educators', async () => {
    const page = await suite.signedIn(COACH, PHONE_PAGE);
    const other = await suite.signedIn(COACH, DESKTOP_PAGE);
    const types = await api<{ data: { id: number; name: string }[] }>(page, 'GET', 'interaction-type');
    const [first, second] = types.json.data;
    const marker = `Fields ${Date.now()}`;
    const made = await madeNow(page, { interaction_type_id: first!.id, notes: `${marker}: first` });
    await page.goto(`/app/activity?open=${made.id}`);
    const detail = page.getByRole('dialog');
    await detail.getByText(`${marker}: first`).waitFor();
    const educator = (await detail.locator('.detail__people li').first().textContent())!;
    await detail.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog', { name: 'Edit interaction' }).getByRole('button', { name: 'Cancel' }).click();
    await idlePartsLoaded(page);

    // Mine, offline: another type and one more educator (from Recent).
    await page.context().setOffline(true);
    await detail.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit interaction' });
    await form.getByRole('radio', { name: new RegExp(second!.name) }).check();
    const recent = form.locator('.participants__quick button').filter({ hasNotText: educator });
    const added = (await recent.first().innerText()).replace(/^\+\s*/, '').replace(/\s*\(.*\)$/, '').trim();
    await recent.first().click();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.waitFor({ state: 'detached' });
    await detail.getByRole('button', { name: 'Close dialog' }).click();

    // Theirs, meanwhile: new notes and 45 minutes.
    const current = await api<ApiInteraction & { starts_at: string; building: { id: number } | null }>(other, 'GET', `interaction/${made.id}`);
    expect((await api(other, 'PUT', `interaction/${made.id}`, {
      interaction_type_id: first!.id, starts_at: current.json.starts_at, duration_minutes: 45, status: 'completed', staff_ids: [2],
      building_id: current.json.building?.id ?? null, notes: `${marker}: theirs`,
    })).status).toBe(200);
    await page.context().setOffline(false);
    await expect.poll(() => page.locator('.queued-item--conflict').count(), { timeout: 30_000 }).toBe(1);
    await page.locator('.queued-item--conflict').getByRole('button', { name: /See why/ }).click();
    const panel = page.getByRole('dialog', { name: 'Changed on the server' });
    await panel.getByText('This record changed since you started editing it.').first().waitFor();

    const fields = await panel.locator('tbody[data-field]').evaluateAll((els) => els.map((e) => e.getAttribute('data-field')));
    expect(fields.slice(0, 6)).toEqual(['interaction_type', 'starts_at', 'duration_minutes', 'status', 'coach', 'participants']);
    expect(fields).toContain('building');
    expect(fields).toContain('notes');
    const cells = async (field: string) => panel.locator(`tbody[data-field="${field}"] td`).allTextContents();
    expect(await panel.locator('tbody[data-field="interaction_type"] th').textContent()).toBe('Type · differs');
    expect(await cells('interaction_type')).toEqual([second!.name, first!.name]);
    expect(await cells('coach')).toEqual(['Priya Raman', 'Priya Raman']);
    const people = await cells('participants');
    expect(people[0]!.split(', ').sort()).toEqual([educator, added].sort());
    expect(people[1]).toBe(educator);
    expect(await cells('duration_minutes')).toEqual(['30 min', '45 min']);
    // When: the date and time on the coach's clock, the same on both sides.
    const when = await cells('starts_at');
    expect(when[0]).toBe(when[1]);
    expect(when[0]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
    expect(await panel.locator('tbody.conflict-table__differs').evaluateAll((els) => els.map((e) => e.getAttribute('data-field'))))
      .toEqual(['interaction_type', 'duration_minutes', 'participants', 'notes']);
    await shot(page, 'conflict-fields-390');
    await noAxeViolations(page, 'conflict panel with every field');

    // In the coach's language: the labels in Spanish, the values as the Spanish screens show them.
    const me = (await api<{ name: string; date_locale: string; timezone: string }>(page, 'GET', 'auth/user')).json;
    const setLocale = (locale: string) => api(page, 'PUT', 'account/profile', { name: me.name, date_locale: me.date_locale, timezone: me.timezone, locale });
    expect((await setLocale('es')).status).toBe(200);
    try {
      await page.reload();
      await loaded(page);
      await page.locator('.queued-item--conflict').getByRole('button', { name: /Ver por qué/ }).click();
      const spanish = page.getByRole('dialog', { name: 'Cambiado en el servidor' });
      await spanish.locator('tbody[data-field="interaction_type"]').waitFor();
      expect(await spanish.locator('tbody[data-field="interaction_type"] th').textContent()).toBe('Tipo · difiere');
      expect(await spanish.locator('tbody[data-field="participants"] th').textContent()).toBe('Educadores · difiere');
      expect(await spanish.locator('tbody[data-field="duration_minutes"] td').allTextContents()).toEqual(['30 min', '45 min']);
      await shot(page, 'conflict-fields-390-es');
      await noAxeViolations(page, 'conflict panel in Spanish');
    } finally {
      expect((await setLocale('en')).status).toBe(200);
    }
    await page.reload();
    await loaded(page);
    await page.locator('.queued-item--conflict').getByRole('button', { name: /See why/ }).click();
    await panel.getByText('This record changed since you started editing it.').first().waitFor();

    // Merge: the server's type and minutes, my educators, both notes.
    await panel.getByRole('button', { name: 'Merge' }).click();
    await panel.getByRole('radio', { name: `On the server: ${first!.name}` }).check();
    await panel.getByRole('radio', { name: 'On the server: 45 min' }).check();
    expect(await panel.getByRole('radio', { name: new RegExp(`^Yours: .*${added}`) }).isChecked()).toBe(true);
    expect(await panel.getByLabel('Notes').inputValue()).toBe(`${marker}: theirs\n\n${marker}: first`);
    await shot(page, 'conflict-merge-390');
    await panel.getByRole('button', { name: 'Save merged version' }).click();
    await header(page).waitFor({ state: 'detached', timeout: 30_000 });
    const after = await api<ApiInteraction & { duration_minutes: number; participants: { name: string }[] }>(page, 'GET', `interaction/${made.id}`);
    expect([after.json.interaction_type.name, after.json.duration_minutes]).toEqual([first!.name, 45]);
    expect(after.json.participants.map((p) => p.name).sort()).toEqual([educator, added].sort());
  });
});

// ---- An observation's edits carry the version they started from (issue 31) ------------------------------------------

interface ApiObservation {
  id: number;
  updated_at: string;
  status: string;
  notes: string | null;
  duration_minutes: number;
  observed_at: string;
  form: { id: number };
  answers: { item_id: number; value: unknown; evidence: string | null }[];
}

/** A completed walkthrough of educator 2 observed a minute ago (the newest in the coach's list), every look-for answered. */
async function walkthroughMade(page: Page, notes: string) {
  const forms = await api<{ data: { id: number; name: string; items: { id: number; kind: string; label: string }[] }[] }>(page, 'GET', 'observation-form?status=active');
  const form = forms.json.data.find((f) => f.name === 'Classroom walkthrough')!;
  const lookFors = form.items.filter((i) => i.kind === 'look_for');
  const observed = new Date(Date.now() - 60_000);
  observed.setUTCSeconds(0, 0);
  const body = {
    form_id: form.id, staff_id: 2, observed_at: observed.toISOString(), duration_minutes: 15, status: 'completed',
    answers: lookFors.map((i, n) => ({ item_id: i.id, value: n < 3 ? 'yes' : 'no', evidence: null })), notes, next_steps: null, private_notes: null,
  };
  const made = await api<ApiObservation>(page, 'POST', 'observation', body);
  expect(made.status).toBe(201);
  return { made: made.json, body, lookFors };
}

/** The observation's page reached in the app (list, then its row), and its edit opened and left once: their code and answers are on the page. */
async function observationWarmedUp(page: Page, id: number): Promise<void> {
  await page.goto('/app/observations');
  await loaded(page);
  await page.locator(`a[href="/app/observations/${id}"]`).first().click();
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Edit observation' }).waitFor();
  await expect.poll(() => page.locator('textarea[name="notes"]').inputValue()).not.toBe('');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await page.waitForURL((u) => u.pathname === `/app/observations/${id}`);
  await idlePartsLoaded(page);
}

describe('an observation edited offline', () => {
  for (const [width, options] of [[390, PHONE_PAGE], [1366, DESKTOP_PAGE]] as const) {
    it(`at ${width} px: its page and the list show the edit at once, marked; editing again goes on from it; changed on the server meanwhile: the conflict panel compares the answers by item and the merge is saved`, async () => {
      const page = await suite.signedIn(COACH, options);
      const other = await suite.signedIn(COACH, DESKTOP_PAGE);
      const marker = `Observation edit ${width} ${Date.now()}`;
      const { made, body, lookFors } = await walkthroughMade(page, `${marker}: first`);
      await observationWarmedUp(page, made.id);

      await page.context().setOffline(true);
      await page.getByRole('link', { name: 'Edit', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Edit observation' }).waitFor();
      await page.getByLabel(/^Minutes/).fill('25');
      await page.locator('textarea[name="notes"]').fill(`${marker}: mine`);
      await page.getByRole('button', { name: 'Save changes' }).click();
      // Its page, at once, with the change and the mark.
      await page.waitForURL((u) => u.pathname === `/app/observations/${made.id}`);
      await page.getByText(`${marker}: mine`).waitFor();
      // Every part of the page lays the waiting edit over the server's answer as the device's queue is read; at load
      // one part may do so a moment after another.
      await expect.poll(() => page.getByText(`${marker}: first`).count(), { timeout: 20_000 }).toBe(0);
      expect(await page.locator('.obs-facts').textContent()).toContain('25 min');
      expect(await page.locator('.obs-facts__status .outbox-state').textContent()).toContain('Waiting to sync');
      await expect.poll(() => header(page).textContent()).toBe('1 waiting to sync');
      await shot(page, `observation-detail-queued-${width}`);
      await noAxeViolations(page, 'observation page with a queued edit');

      // The list: its row shows it marked, and the change waits above.
      await page.getByRole('navigation', { name: /breadcrumb/i }).getByRole('link', { name: 'Observations' }).click();
      await page.waitForURL((u) => u.pathname === '/app/observations');
      const row = page.locator('tr.obs-row--queued');
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.locator('.outbox-state').textContent()).toContain('Waiting to sync');
      expect(await page.getByRole('list', { name: 'Observations waiting to sync' }).textContent()).toContain('Observation changes');
      await noAxeViolations(page, 'observations list with a queued edit');

      // Edited again before the signal is back: the capture starts from the queued version, and the newer one replaces it.
      await row.locator(`a[href="/app/observations/${made.id}"]`).click();
      await page.getByRole('link', { name: 'Edit', exact: true }).click();
      await expect.poll(() => page.locator('textarea[name="notes"]').inputValue()).toBe(`${marker}: mine`);
      expect(await page.getByLabel(/^Minutes/).inputValue()).toBe('25');
      await page.locator('textarea[name="notes"]').fill(`${marker}: mine twice`);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.waitForURL((u) => u.pathname === `/app/observations/${made.id}`);
      await page.getByText(`${marker}: mine twice`).waitFor();
      await expect.poll(() => header(page).textContent()).toBe('1 waiting to sync');

      // Meanwhile, on another device: 20 minutes, other notes, the first look-for not seen.
      const theirs = await api<ApiObservation>(other, 'PUT', `observation/${made.id}`, {
        ...body, duration_minutes: 20, notes: `${marker}: theirs`,
        answers: body.answers.map((a, n) => (n === 0 ? { ...a, value: 'no' } : a)), base_updated_at: made.updated_at,
      });
      expect(theirs.status).toBe(200);

      await page.context().setOffline(false);
      const status = page.locator('.obs-facts__status');
      await expect.poll(() => status.locator('.outbox-state').textContent(), { timeout: 30_000 }).toContain('Changed on the server');
      await status.getByRole('button', { name: 'See why' }).click();
      const panel = page.getByRole('dialog', { name: 'Changed on the server' });
      await panel.getByText('This record changed since you started editing it.').first().waitFor();
      const first = lookFors[0]!;
      expect(await panel.locator('tbody.conflict-table__differs').evaluateAll((els) => els.map((e) => e.getAttribute('data-field'))))
        .toEqual(['duration_minutes', `item:${first.id}`, 'notes']);
      const fields = await panel.locator('tbody[data-field]').evaluateAll((els) => els.map((e) => e.getAttribute('data-field')));
      expect(fields.slice(0, 5)).toEqual(['educator', 'form', 'observed_at', 'duration_minutes', 'status']);
      const cells = (field: string) => panel.locator(`tbody[data-field="${field}"] td`).allTextContents();
      expect(await panel.locator(`tbody[data-field="item:${first.id}"] th`).textContent()).toBe(`${first.label} · differs`);
      expect(await cells(`item:${first.id}`)).toEqual(['Seen', 'Not seen']);
      expect(await cells('duration_minutes')).toEqual(['25 min', '20 min']);
      expect(await cells('form')).toEqual(['Classroom walkthrough', 'Classroom walkthrough']);
      expect(await cells('status')).toEqual(['Completed', 'Completed']);
      const when = await cells('observed_at');
      expect(when[0]).toBe(when[1]);
      expect(when[0]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
      expect(await cells('notes')).toEqual([`${marker}: mine twice`, `${marker}: theirs`]);
      await shot(page, `observation-conflict-${width}`);
      await noAxeViolations(page, 'observation conflict panel');

      // Merge: the server's minutes, my answer, both notes.
      await panel.getByRole('button', { name: 'Merge' }).click();
      await panel.getByRole('radio', { name: 'On the server: 20 min' }).check();
      expect(await panel.getByRole('radio', { name: 'Yours: Seen' }).isChecked()).toBe(true);
      expect(await panel.getByLabel('Notes').inputValue()).toBe(`${marker}: theirs\n\n${marker}: mine twice`);
      await shot(page, `observation-merge-${width}`);
      await noAxeViolations(page, 'observation merge');
      await panel.getByRole('button', { name: 'Save merged version' }).click();
      await header(page).waitFor({ state: 'detached', timeout: 30_000 });
      const after = await api<ApiObservation>(page, 'GET', `observation/${made.id}`);
      expect([after.json.duration_minutes, after.json.notes]).toEqual([20, `${marker}: theirs\n\n${marker}: mine twice`]);
      expect(after.json.answers.find((a) => a.item_id === first.id)?.value).toBe('yes');
      await expect.poll(() => status.locator('.outbox-state').count()).toBe(0);
      await page.getByText(`${marker}: theirs`).first().waitFor();
    });
  }
});

describe('an observation saved online after it changed elsewhere', () => {
  it('at 390 px: "Save changes" is refused as from an older version: its page opens with the conflict panel, and "Keep mine" wins', async () => {
    const page = await suite.signedIn(COACH, PHONE_PAGE);
    const other = await suite.signedIn(COACH, DESKTOP_PAGE);
    const marker = `Observation online ${Date.now()}`;
    const { made, body } = await walkthroughMade(page, `${marker}: first`);
    await page.goto(`/app/observations/${made.id}`);
    await loaded(page);
    await idlePartsLoaded(page);
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect.poll(() => page.locator('textarea[name="notes"]').inputValue()).toBe(`${marker}: first`);

    // Saved on another device while this form is open.
    expect((await api(other, 'PUT', `observation/${made.id}`, { ...body, notes: `${marker}: theirs`, base_updated_at: made.updated_at })).status).toBe(200);
    let sent: Record<string, unknown> | undefined;
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith(`/api/observation/${made.id}`)) sent = r.postDataJSON() as Record<string, unknown>;
    });
    await page.locator('textarea[name="notes"]').fill(`${marker}: mine`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    const panel = page.getByRole('dialog', { name: 'Changed on the server' });
    await panel.getByText('This record changed since you started editing it.').first().waitFor();
    // The save carried the version the form opened.
    expect(sent?.base_updated_at).toBe(made.updated_at);
    expect(new URL(page.url()).pathname).toBe(`/app/observations/${made.id}`);
    expect(await panel.locator('tbody[data-field="notes"] td').allTextContents()).toEqual([`${marker}: mine`, `${marker}: theirs`]);
    await noAxeViolations(page, 'conflict panel after an online save');

    // In the coach's language: the labels, the answers and the status as the Spanish screens show them.
    const me = (await api<{ name: string; date_locale: string; timezone: string }>(page, 'GET', 'auth/user')).json;
    const setLocale = (locale: string) => api(page, 'PUT', 'account/profile', { name: me.name, date_locale: me.date_locale, timezone: me.timezone, locale });
    expect((await setLocale('es')).status).toBe(200);
    try {
      await page.reload();
      await loaded(page);
      await page.locator('.obs-facts__status').getByRole('button', { name: 'Ver por qué' }).click();
      const spanish = page.getByRole('dialog', { name: 'Cambiado en el servidor' });
      await spanish.locator('tbody[data-field="notes"]').waitFor();
      expect(await spanish.locator('tbody[data-field="notes"] th').textContent()).toBe('Notas · difiere');
      expect(await spanish.locator('tbody[data-field="status"] td').allTextContents()).toEqual(['Completada', 'Completada']);
      const answers = await spanish.locator('tbody[data-field^="item:"] td').allTextContents();
      expect(answers).toContain('Visto');
      expect(answers).toContain('No visto');
      await shot(page, 'observation-conflict-390-es');
      await noAxeViolations(page, 'observation conflict panel in Spanish');
    } finally {
      expect((await setLocale('en')).status).toBe(200);
    }
    await page.reload();
    await loaded(page);
    await page.locator('.obs-facts__status').getByRole('button', { name: 'See why' }).click();
    await panel.getByText('This record changed since you started editing it.').first().waitFor();
    await panel.getByRole('button', { name: 'Keep mine' }).click();
    await header(page).waitFor({ state: 'detached', timeout: 30_000 });
    expect((await api<ApiObservation>(page, 'GET', `observation/${made.id}`)).json.notes).toBe(`${marker}: mine`);
    await page.getByText(`${marker}: mine`).first().waitFor();
  });
});

describe('a focus skill newly chosen in an interaction edited offline', () => {
  it('at 390 px: the detail names it at once, before the sync', async () => {
    const page = await suite.signedIn(COACH, PHONE_PAGE);
    const marker = `Skill offline ${Date.now()}`;
    const made = await madeNow(page, { notes: `${marker}: first` });
    await page.goto(`/app/activity?open=${made.id}`);
    const detail = page.getByRole('dialog');
    await detail.getByText(`${marker}: first`).waitFor();
    // Opened once online, so the framework is on the page.
    await detail.getByRole('button', { name: 'Edit' }).click();
    const online = page.getByRole('dialog', { name: 'Edit interaction' });
    await online.locator('.log-form__skills summary').waitFor();
    await online.getByRole('button', { name: 'Cancel' }).click();
    const form = await editOffline(page, detail);
    await form.locator('.log-form__skills summary').click();
    const option = form.locator('.log-form__skills label').first();
    const name = (await option.innerText()).trim();
    await option.locator('input[type="checkbox"]').check();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.waitFor({ state: 'detached' });
    const skills = detail.locator('.detail__facts dt', { hasText: 'Focus skills' }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => skills.textContent()).toBe(name);
    expect(await detail.locator('.detail__status .outbox-state').textContent()).toContain('Waiting to sync');
    await noAxeViolations(page, 'detail naming a new focus skill');
    await page.context().setOffline(false);
    await header(page).waitFor({ state: 'detached', timeout: 30_000 });
    const after = await api<{ focus_skills: { name: string }[] }>(page, 'GET', `interaction/${made.id}`);
    expect(after.json.focus_skills.map((k) => k.name)).toEqual([name]);
  });
});

describe('a draft autosaved after it changed elsewhere', () => {
  it('at 1366 px: the save line says so and keeps the draft on the device; "Compare the two versions" opens the panel on its page; "Keep the server\'s" drops mine', async () => {
    const page = await suite.signedIn(COACH, DESKTOP_PAGE);
    const other = await suite.signedIn(COACH, DESKTOP_PAGE);
    const marker = `Draft conflict ${Date.now()}`;
    const { body } = await walkthroughMade(page, 'unused');
    const draft = await api<ApiObservation>(page, 'POST', 'observation', { ...body, status: 'draft', notes: `${marker}: first` });
    expect(draft.status).toBe(201);
    await page.goto(`/app/observations/${draft.json.id}`);
    await loaded(page);
    await idlePartsLoaded(page);
    await page.getByRole('link', { name: 'Resume', exact: true }).click();
    await expect.poll(() => page.locator('textarea[name="notes"]').inputValue()).toBe(`${marker}: first`);

    // The same draft saved on another device meanwhile; here the autosave (3 s after typing pauses) meets it.
    expect((await api(other, 'PUT', `observation/${draft.json.id}`, { ...body, status: 'draft', notes: `${marker}: theirs`, base_updated_at: draft.json.updated_at })).status).toBe(200);
    await page.locator('textarea[name="notes"]').fill(`${marker}: mine`);
    const line = page.locator('.obs-save');
    await expect.poll(() => line.textContent(), { timeout: 20_000 }).toContain('Changed elsewhere since you opened it: your version is kept on this device.');
    await expect.poll(() => header(page).textContent()).toBe('1 waiting to sync');
    await shot(page, 'observation-draft-conflict-1366');
    await noAxeViolations(page, 'a draft whose autosave met a newer version');
    // Nothing was overwritten on the server.
    expect((await api<ApiObservation>(page, 'GET', `observation/${draft.json.id}`)).json.notes).toBe(`${marker}: theirs`);

    await line.getByRole('button', { name: 'Compare the two versions' }).click();
    await page.waitForURL((u) => u.pathname === `/app/observations/${draft.json.id}`);
    const panel = page.getByRole('dialog', { name: 'Changed on the server' });
    await panel.locator('tbody[data-field="notes"]').waitFor();
    expect(await panel.locator('tbody[data-field="notes"] td').allTextContents()).toEqual([`${marker}: mine`, `${marker}: theirs`]);
    expect(await panel.locator('tbody[data-field="status"] td').allTextContents()).toEqual(['Draft', 'Draft']);
    await panel.getByRole('button', { name: 'Keep the server’s' }).click();
    await header(page).waitFor({ state: 'detached', timeout: 30_000 });
    expect((await api<ApiObservation>(page, 'GET', `observation/${draft.json.id}`)).json.notes).toBe(`${marker}: theirs`);
  });
});

describe('an interaction edit saved online after it changed elsewhere', () => {
  it('at 390 px: "Save changes" opens the same conflict panel (not the form\'s error); merging per field saves the merged version', async () => {
    const page = await suite.signedIn(COACH, PHONE_PAGE);
    const other = await suite.signedIn(COACH, DESKTOP_PAGE);
    const marker = `Interaction online ${Date.now()}`;
    const made = await madeNow(page, { notes: `${marker}: first` });
    await page.goto(`/app/activity?open=${made.id}`);
    const detail = page.getByRole('dialog');
    await detail.getByText(`${marker}: first`).waitFor();
    await idlePartsLoaded(page);
    await detail.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit interaction' });
    await expect.poll(() => form.getByLabel(/^Notes/).inputValue()).toBe(`${marker}: first`);

    // Saved on another device while the form is open: other minutes, other notes.
    const current = (await api<ApiInteraction>(other, 'GET', `interaction/${made.id}`)).json;
    const theirs = await api<ApiInteraction>(other, 'PUT', `interaction/${made.id}`, {
      interaction_type_id: current.interaction_type.id, starts_at: (current as unknown as { starts_at: string }).starts_at, duration_minutes: 45, status: 'completed', staff_ids: [2],
      building_id: (current as unknown as { building: { id: number } | null }).building?.id ?? null, notes: `${marker}: theirs`, base_updated_at: made.updated_at,
    });
    expect(theirs.status).toBe(200);
    let sent: Record<string, unknown> | undefined;
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith(`/api/interaction/${made.id}`)) sent = r.postDataJSON() as Record<string, unknown>;
    });
    await form.getByLabel(/^Notes/).fill(`${marker}: mine`);
    await form.getByRole('button', { name: 'Save changes' }).click();
    const panel = page.getByRole('dialog', { name: 'Changed on the server' });
    await panel.getByText('This record changed since you started editing it.').first().waitFor();
    expect(sent?.base_updated_at).toBe(made.updated_at);
    // The form and the detail are closed: one dialog, the panel.
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
    expect(await panel.locator('tbody[data-field="notes"] td').allTextContents()).toEqual([`${marker}: mine`, `${marker}: theirs`]);
    expect(await panel.locator('tbody.conflict-table__differs').evaluateAll((els) => els.map((e) => e.getAttribute('data-field')))).toEqual(['duration_minutes', 'notes']);
    expect(await panel.locator('tbody[data-field="duration_minutes"] td').allTextContents()).toEqual(['30 min', '45 min']);
    await expect.poll(() => header(page).textContent()).toBe('1 waiting to sync');
    // Nothing was overwritten on the server.
    expect((await api<ApiInteraction>(page, 'GET', `interaction/${made.id}`)).json.notes).toBe(`${marker}: theirs`);
    await noAxeViolations(page, 'interaction conflict panel after an online save');
    if (SHOTS) {
      await shot(page, 'interaction-online-conflict-390');
      await page.setViewportSize(DESKTOP_PAGE.viewport!);
      await shot(page, 'interaction-online-conflict-1366');
      await page.setViewportSize(PHONE_PAGE.viewport!);
    }

    // Merge: the server's minutes, both notes edited into one.
    await panel.getByRole('button', { name: 'Merge' }).click();
    await panel.getByRole('radio', { name: 'On the server: 45 min' }).check();
    const notes = panel.getByRole('textbox', { name: 'Notes' });
    expect(await notes.inputValue()).toBe(`${marker}: theirs\n\n${marker}: mine`);
    await notes.fill(`${marker}: theirs and mine`);
    await noAxeViolations(page, 'interaction merge after an online save');
    await panel.getByRole('button', { name: 'Save merged version' }).click();
    await header(page).waitFor({ state: 'detached', timeout: 30_000 });
    const after = (await api<ApiInteraction & { duration_minutes: number }>(page, 'GET', `interaction/${made.id}`)).json;
    expect([after.duration_minutes, after.notes]).toEqual([45, `${marker}: theirs and mine`]);
  });
});

describe('a save refused as from an older version while the server already holds it', () => {
  it('at 1366 px: an observation\'s "Save changes" and an interaction\'s are saved again on the server\'s version, silently: no panel, nothing waiting', async () => {
    const page = await suite.signedIn(COACH, DESKTOP_PAGE);
    const other = await suite.signedIn(COACH, DESKTOP_PAGE);
    const marker = `Same version ${Date.now()}`;
    const { made, body } = await walkthroughMade(page, `${marker}: first`);
    await page.goto(`/app/observations/${made.id}`);
    await loaded(page);
    await idlePartsLoaded(page);
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect.poll(() => page.locator('textarea[name="notes"]').inputValue()).toBe(`${marker}: first`);

    // Another tab (here another device) saves exactly what this form is about to save.
    const same = await api<ApiObservation>(other, 'PUT', `observation/${made.id}`, { ...body, notes: `${marker}: the same`, base_updated_at: made.updated_at });
    expect(same.status).toBe(200);
    const answers: { base: unknown; status: number }[] = [];
    page.on('response', (r) => {
      if (r.request().method() === 'PUT' && r.url().endsWith(`/api/observation/${made.id}`)) answers.push({ base: (r.request().postDataJSON() as { base_updated_at?: string }).base_updated_at, status: r.status() });
    });
    await page.locator('textarea[name="notes"]').fill(`${marker}: the same`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Observation saved.').first().waitFor();
    await page.waitForURL((u) => u.pathname === `/app/observations/${made.id}`);
    // Refused from the version the form opened, then saved on the server's.
    expect(answers).toEqual([{ base: made.updated_at, status: 409 }, { base: same.json.updated_at, status: 200 }]);
    expect(await page.getByRole('dialog', { name: 'Changed on the server' }).count()).toBe(0);
    expect(await header(page).count()).toBe(0);
    expect((await api<ApiObservation>(page, 'GET', `observation/${made.id}`)).json.notes).toBe(`${marker}: the same`);

    // An interaction's edit likewise.
    const interaction = await madeNow(page, { notes: `${marker}: first` });
    await page.goto(`/app/activity?open=${interaction.id}`);
    const detail = page.getByRole('dialog');
    await detail.getByText(`${marker}: first`).waitFor();
    await detail.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit interaction' });
    await expect.poll(() => form.getByLabel(/^Notes/).inputValue()).toBe(`${marker}: first`);
    const current = (await api<ApiInteraction & { starts_at: string; building: { id: number } | null }>(other, 'GET', `interaction/${interaction.id}`)).json;
    expect((await api(other, 'PUT', `interaction/${interaction.id}`, {
      interaction_type_id: current.interaction_type.id, starts_at: current.starts_at, duration_minutes: 30, status: 'completed', staff_ids: [2], building_id: current.building?.id ?? null,
      notes: `${marker}: the same`, base_updated_at: interaction.updated_at,
    })).status).toBe(200);
    await form.getByLabel(/^Notes/).fill(`${marker}: the same`);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Interaction saved.').first().waitFor();
    expect(await page.getByRole('dialog', { name: 'Changed on the server' }).count()).toBe(0);
    expect(await header(page).count()).toBe(0);
  });
});

describe('a draft whose waiting edit another tab synced', () => {
  it('at 1366 px: the open form goes on from the version that sync made: its next save online is no conflict', async () => {
    const page = await suite.signedIn(COACH, DESKTOP_PAGE);
    const context = page.context();
    const marker = `Other tab ${Date.now()}`;
    const { body } = await walkthroughMade(page, 'unused');
    const draft = await api<ApiObservation>(page, 'POST', 'observation', { ...body, status: 'draft', notes: `${marker}: first` });
    expect(draft.status).toBe(201);
    const id = draft.json.id;
    await page.goto(`/app/observations/${id}/edit`);
    await loaded(page);
    await idlePartsLoaded(page);
    await expect.poll(() => page.locator('textarea[name="notes"]').inputValue()).toBe(`${marker}: first`);
    const tab = await context.newPage();
    await tab.goto('/app/activity');
    await loaded(tab);
    await idlePartsLoaded(tab);

    // Without a signal, the form keeps its draft on the device.
    await context.setOffline(true);
    await page.locator('textarea[name="notes"]').fill(`${marker}: offline`);
    const line = page.locator('.obs-save');
    await expect.poll(() => line.textContent(), { timeout: 20_000 }).toBe('Draft saved on this device: waiting to sync');
    // Back online, the other tab sends it (this tab's own sends fail, so the other's is the one that lands).
    const puts: { base: unknown; status: number }[] = [];
    page.on('response', (r) => {
      if (r.request().method() === 'PUT' && r.url().endsWith(`/api/observation/${id}`)) puts.push({ base: (r.request().postDataJSON() as { base_updated_at?: string }).base_updated_at, status: r.status() });
    });
    const putsHere = `**/api/observation/${id}`;
    await page.route(putsHere, (route) => (route.request().method() === 'PUT' ? route.abort() : route.continue()));
    await context.setOffline(false);
    await expect.poll(async () => {
      await tab.evaluate(() => window.dispatchEvent(new Event('online')));
      return (await api<ApiObservation>(tab, 'GET', `observation/${id}`)).json.notes;
    }, { timeout: 20_000 }).toBe(`${marker}: offline`);
    const synced = (await api<ApiObservation>(tab, 'GET', `observation/${id}`)).json;
    await page.unroute(putsHere);
    await expect.poll(() => header(page).count(), { timeout: 20_000 }).toBe(0);

    // Typed on in the first tab: saved online from the version the other tab's sync made.
    puts.length = 0;
    await page.locator('textarea[name="notes"]').fill(`${marker}: offline, then online`);
    await expect.poll(() => line.textContent(), { timeout: 20_000 }).toMatch(/^Draft saved /);
    expect(puts).toEqual([{ base: synced.updated_at, status: 200 }]);
    expect((await api<ApiObservation>(page, 'GET', `observation/${id}`)).json.notes).toBe(`${marker}: offline, then online`);
    expect(await header(page).count()).toBe(0);
  });
});
