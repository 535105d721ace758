// The Activity screens through the real app and the demo seed: logging an interaction one-handed at
// phone width as the coach, the week view (keyboard, phone day-by-day), completing a past scheduled
// interaction, the educator's own view as the teacher, and axe-core on every screen at both widths
// and in both themes.
import { describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { api, axeBlocking, browserSuite } from './harness';

vi.setConfig({ testTimeout: 60_000 });
const suite = browserSuite();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const COACH = 'coach@maplegrove.example';
const TEACHER = 'teacher@maplegrove.example';

interface ApiInteraction {
  id: number;
  status: string;
  duration_minutes: number;
  notes: string | null;
  private_notes?: string | null;
  needs_completing: boolean;
  coach: { id: number; name: string };
  interaction_type: { id: number; name: string };
  participants: { id: number; name: string }[];
}


/** Today as YYYY-MM-DD in a zone (the coach's profile zone decides what "today" is on the screen). */
function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The first day (Sunday, the en-US week) of the week holding `day`. */
function weekStart(day: string): string {
  return addDays(day, -new Date(`${day}T00:00:00Z`).getUTCDay());
}

async function userZone(page: Page): Promise<string> {
  return (await api<{ timezone: string }>(page, 'GET', 'auth/user')).json.timezone;
}


describe('logging an interaction', () => {
  it('at phone width as the coach: type first, defaults, an educator by search, saved and listed', async () => {
    const page = await suite.signedIn(COACH, { viewport: PHONE });
    const zone = await userZone(page);
    await page.goto('/app/activity');
    await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor();

    await page.getByRole('button', { name: 'Log interaction' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Log interaction' });
    await dialog.waitFor();
    // A full-screen sheet whose primary button sits at the bottom, in the thumb's reach.
    const sheet = (await dialog.boundingBox())!;
    expect(sheet.width).toBe(PHONE.width);
    const save = dialog.getByRole('button', { name: 'Log interaction' });
    const saveBox = (await save.boundingBox())!;
    expect(saveBox.y).toBeGreaterThan(PHONE.height * 0.8);
    expect(saveBox.width).toBeGreaterThan(PHONE.width * 0.8);

    // Today and now are prefilled; nothing chosen yet is refused on the right field.
    expect(await dialog.getByLabel(/^Date/).inputValue()).toBe(todayIn(zone));
    await save.click();
    await dialog.getByText('Choose an interaction type.').waitFor();

    await dialog.getByRole('radio', { name: /Co-teaching/ }).check();
    expect(await dialog.getByLabel(/^Minutes/).inputValue()).toBe('45');
    expect(await dialog.getByRole('radio', { name: 'Completed' }).isChecked()).toBe(true);

    await dialog.getByLabel('Find an educator').fill('Jordan');
    await dialog.getByRole('list', { name: 'Matching educators' }).getByRole('button', { name: /Jordan Ellis/ }).click();
    await dialog.getByRole('button', { name: 'Remove Jordan Ellis' }).waitFor();
    await dialog.getByLabel(/^Notes/).fill('Co-taught the warm-up; shared from the phone test.');
    await dialog.getByRole('button', { name: /Groups, next steps and private notes/ }).click();
    await dialog.getByText('Only you can see this.').waitFor();
    await dialog.getByLabel(/^Private notes/).fill('Private: try a different opener next time.');
    await save.click();

    await page.getByText('Interaction logged.').waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    const today = page.locator('.agenda__day--today');
    await today.getByText('Co-teaching').first().waitFor();
    expect(await today.textContent()).toContain('Jordan Ellis');

    // Completed only: Jordan's scheduled sessions of the coming days (the demo's, as many as the hour makes) sort first.
    const listed = await api<{ data: ApiInteraction[] }>(page, 'GET', 'interaction?filter[staff_id][]=2&filter[status][]=completed&sort=-starts_at&per_page=10');
    const mine = listed.json.data.find((i) => i.notes === 'Co-taught the warm-up; shared from the phone test.');
    expect(mine).toBeDefined();
    expect(mine!.status).toBe('completed');
    expect(mine!.duration_minutes).toBe(45);
    expect(mine!.interaction_type.name).toBe('Co-teaching');
    expect(mine!.coach.name).toBe('Priya Raman');
    expect(mine!.private_notes).toBe('Private: try a different opener next time.');
    expect(mine!.participants.map((p) => p.name)).toEqual(['Jordan Ellis']);
  });
});

describe("an interaction's detail", () => {
  it('edits, duplicates a week later, cancels and deletes (with a confirmation)', async () => {
    const page = await suite.signedIn(COACH, { viewport: DESKTOP });
    const zone = await userZone(page);
    const types = await api<{ data: { id: number; name: string }[] }>(page, 'GET', 'interaction-type');
    const start = new Date(Date.now() + 2 * 86_400_000);
    start.setUTCMinutes(0, 0, 0);
    const created = await api<ApiInteraction>(page, 'POST', 'interaction', {
      interaction_type_id: types.json.data[0]!.id, starts_at: start.toISOString(), duration_minutes: 30, status: 'scheduled', staff_ids: [2], notes: 'Detail test',
    });
    expect(created.status).toBe(201);
    const id = created.json.id;
    const day = todayIn(zone);
    await page.goto(`/app/activity?open=${id}&from=${day}&to=${addDays(day, 13)}`);
    const detail = page.getByRole('dialog');
    await detail.getByText('Detail test').waitFor();

    // Edit: the same form, filled in; the change is saved and the detail shows it.
    await detail.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit interaction' });
    expect(await form.getByLabel(/^Minutes/).inputValue()).toBe('30');
    expect(await form.getByRole('radio', { name: 'Scheduled' }).isChecked()).toBe(true);
    await form.getByLabel(/^Minutes/).fill('50');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Interaction saved.').waitFor();
    await page.getByRole('dialog').getByText('(50 min)').waitFor();
    expect((await api<ApiInteraction>(page, 'GET', `interaction/${id}`)).json.duration_minutes).toBe(50);

    // Duplicate: the copy starts at the same time a week later and opens once saved.
    await page.getByRole('dialog').getByRole('button', { name: 'Duplicate' }).click();
    const copyForm = page.getByRole('dialog', { name: 'Duplicate interaction' });
    const originalDay = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(start);
    expect(await copyForm.getByLabel(/^Date/).inputValue()).toBe(addDays(originalDay, 7));
    await copyForm.getByRole('button', { name: /Schedule interaction|Log interaction/ }).click();
    await page.getByText('Interaction scheduled.').waitFor();
    await expect.poll(() => Number(new URL(page.url()).searchParams.get('open'))).not.toBe(id);
    const copyId = Number(new URL(page.url()).searchParams.get('open'));
    const copy = await api<ApiInteraction>(page, 'GET', `interaction/${copyId}`);
    expect(copy.json.notes).toBe('Detail test');
    expect(copy.json.duration_minutes).toBe(50);

    // Cancel the copy (asked first), then delete it (asked first): it is gone.
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel interaction' }).click();
    await page.getByRole('dialog', { name: 'Cancel this interaction?' }).getByRole('button', { name: 'Cancel interaction' }).click();
    await page.getByText('Interaction cancelled.').waitFor();
    expect((await api<ApiInteraction>(page, 'GET', `interaction/${copyId}`)).json.status).toBe('cancelled');
    await page.goto(`/app/activity?open=${copyId}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this interaction?' });
    await confirm.getByRole('button', { name: 'Delete interaction' }).click();
    await page.getByText('Interaction deleted.').waitFor();
    expect((await api<ApiInteraction>(page, 'GET', `interaction/${copyId}`)).status).toBe(404);
  });

  it("the educator page's Log interaction opens the form with the educator chosen", async () => {
    const page = await suite.signedIn(COACH, { viewport: PHONE });
    await page.goto('/app/staff/2');
    await page.getByRole('link', { name: 'Log interaction with Jordan Ellis' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log interaction' });
    await dialog.getByRole('button', { name: 'Remove Jordan Ellis' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/activity');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('log')).toBeNull();
  });

  it('offers the coach filter to a principal but not to a coach', async () => {
    const principal = await suite.signedIn('principal@maplegrove.example', { viewport: DESKTOP });
    await principal.goto('/app/activity');
    await principal.getByLabel('Coach').waitFor();
    const coach = await suite.signedIn(COACH, { viewport: DESKTOP });
    await coach.goto('/app/activity');
    await coach.getByLabel('Type').waitFor();
    expect(await coach.getByLabel('Coach').count()).toBe(0);
  });
});

describe('the filter bar', () => {
  for (const [label, viewport] of [['1366', { width: 1366, height: 900 }], ['390', PHONE]] as const) {
    it(`filters on the shared filter bar at ${label} px: an educator picked by search, each set filter a chip that removes it`, async () => {
      const page = await suite.signedIn('principal@maplegrove.example', { viewport, bypassCSP: true });
      await page.goto('/app/activity');
      const toggle = page.getByRole('button', { name: /^Filters/ });
      const bar = page.locator('section[aria-label="Filter activity"]');
      await bar.waitFor({ state: 'attached' });
      if (viewport.width < 760) {
        // Folded on a phone until opened.
        expect(await bar.getByRole('combobox', { name: 'Type' }).isVisible()).toBe(false);
        await toggle.click();
      } else {
        expect(await toggle.isVisible()).toBe(false);
      }
      await bar.getByRole('combobox', { name: 'Status' }).selectOption('needs');
      await page.waitForURL((u) => u.searchParams.get('status') === 'needs');
      await bar.getByRole('searchbox', { name: 'Educator' }).fill('Jordan');
      await bar.getByRole('list', { name: 'Matching educators' }).getByRole('button', { name: /Jordan Ellis/ }).click();
      await page.waitForURL((u) => /^\d+$/.test(u.searchParams.get('educator') ?? ''));
      const chips = page.getByRole('list', { name: 'Active filters' });
      await expect.poll(() => chips.getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining('Status: Needs completing'), expect.stringContaining('Educator: Jordan Ellis')]);
      if (viewport.width < 760) {
        await toggle.click();
        expect(await toggle.textContent()).toBe('Filters2 active');
        expect(await chips.isVisible()).toBe(true);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await axeBlocking(page)).toEqual([]);
      await page.getByRole('button', { name: 'Remove filter Educator: Jordan Ellis' }).click();
      await page.waitForURL((u) => !u.searchParams.has('educator') && u.searchParams.get('status') === 'needs');
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await page.waitForURL((u) => !u.searchParams.has('status'));
      await expect.poll(() => chips.count()).toBe(0);
    });
  }
});

describe('custom fields on the log form', () => {
  it('are rendered by kind, and the server’s 422 is shown on the right field', async () => {
    const admin = await suite.signedIn('admin@maplegrove.example', { viewport: DESKTOP });
    const types = await api<{ data: { id: number; name: string }[] }>(admin, 'GET', 'interaction-type');
    const checkIn = types.json.data.find((t) => t.name === 'Check-in')!;
    const rating = await api<{ id: number }>(admin, 'POST', `interaction-type/${checkIn.id}/field`, {
      label: 'Lesson readiness', kind: 'rating', required: true, scale: 4, labels: ['Not yet', 'Emerging', 'Ready', 'Strong'],
    });
    expect(rating.status).toBe(201);
    const count = await api<{ id: number }>(admin, 'POST', `interaction-type/${checkIn.id}/field`, { label: 'Students present', kind: 'number', min: 0, max: 40 });
    expect(count.status).toBe(201);
    const choice = await api<{ id: number }>(admin, 'POST', `interaction-type/${checkIn.id}/field`, { label: 'Focus areas', kind: 'multiple_choice', options: ['Questioning', 'Pacing', 'Routines'] });
    expect(choice.status).toBe(201);

    const page = await suite.signedIn(COACH, { viewport: PHONE });
    await page.goto('/app/activity');
    await page.getByRole('button', { name: 'Log interaction' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Log interaction' });
    await dialog.getByRole('radio', { name: /Check-in/ }).check();
    const readiness = dialog.getByRole('group', { name: /Lesson readiness/ });
    expect(await readiness.getByRole('radio').count()).toBe(4);
    await readiness.getByRole('radio', { name: '3 – Ready' }).waitFor();
    await dialog.getByRole('group', { name: 'Focus areas' }).getByRole('checkbox', { name: 'Pacing' }).check();
    await dialog.getByLabel(/^Students present/).fill('55');
    // With no educator chosen and a coach of two schools, the form asks for the school before it sends.
    await dialog.getByLabel(/^School/).selectOption({ label: 'Lincoln Middle School' });
    await dialog.getByRole('button', { name: 'Log interaction' }).click();

    // The server names both fields; each message sits under its own control.
    await readiness.getByText('Lesson readiness is required.').waitFor();
    const students = dialog.locator('.field').filter({ has: page.getByLabel(/^Students present/) });
    await expect.poll(async () => (await students.locator('.field__error').textContent()) ?? '').toMatch(/Students present/);
    // Focus moves to the first invalid field once the errors have rendered (a frame later under load).
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('fieldset, .field')?.textContent ?? '')).toMatch(/Lesson readiness|Students present/);

    await readiness.getByRole('radio', { name: '3 – Ready' }).check();
    await dialog.getByLabel(/^Students present/).fill('24');
    await dialog.getByRole('button', { name: 'Log interaction' }).click();
    await page.getByText('Interaction logged.').waitFor();

    // The fields are new, so the one check-in with values is the one just logged (the demo's scheduled
    // check-ins may start later than it, depending on the time of day the test runs).
    const listed = await api<{ data: (ApiInteraction & { field_values: { label: string; value: unknown }[] })[] }>(page, 'GET', `interaction?filter[interaction_type_id][]=${checkIn.id}&sort=-starts_at&per_page=100`);
    const logged = listed.json.data.filter((i) => i.field_values.length > 0);
    expect(logged).toHaveLength(1);
    const values = Object.fromEntries(logged[0]!.field_values.map((f) => [f.label, f.value]));
    expect(values).toEqual({ 'Lesson readiness': 3, 'Students present': 24, 'Focus areas': ['Pacing'] });
  });
});

describe('the week view', () => {
  it('shows seven days, moves between events with the arrow keys and opens one with Enter', async () => {
    const page = await suite.signedIn(COACH, { viewport: DESKTOP });
    const from = weekStart(todayIn(await userZone(page)));
    await page.goto('/app/activity?view=week');
    const days = page.locator('.week__day');
    // expect.poll gives up after 1 s by default: too short for a first paint on a loaded CI machine.
    await expect.poll(() => days.count(), { timeout: 20_000 }).toBe(7);
    const events = page.locator('.week-event');
    await expect.poll(() => events.count(), { timeout: 20_000 }).toBeGreaterThan(1);

    // The first event of the first day with events; Right goes to the next day that has some.
    const first = events.first();
    await first.focus();
    const startNav = await first.getAttribute('data-nav');
    await page.keyboard.press('ArrowRight');
    const movedNav = await page.evaluate(() => document.activeElement?.getAttribute('data-nav'));
    const dayCount = await page.locator('.week__day').evaluateAll((els) => els.filter((e) => e.querySelector('.week-event')).length);
    if (dayCount > 1) expect(movedNav!.split(':')[0]).not.toBe(startNav!.split(':')[0]);
    const title = (await page.evaluate(() => document.activeElement?.querySelector('.week-event__title')?.textContent ?? ''))!.trim();
    await page.keyboard.press('Enter');
    const detail = page.getByRole('dialog');
    await detail.waitFor();
    // The heading says "Interaction" until the interaction has loaded, then its type.
    await detail.getByRole('heading', { level: 2, name: title }).first().waitFor();
    expect(new URL(page.url()).searchParams.get('open')).toMatch(/^\d+$/);
    await page.keyboard.press('Escape');
    await expect.poll(() => detail.count()).toBe(0);

    // Next week moves the range by seven days, and the URL keeps it.
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('from')).toBe(addDays(from, 7));
  });

  it('at phone width shows one day at a time with previous and next day', async () => {
    const page = await suite.signedIn(COACH, { viewport: PHONE });
    const zone = await userZone(page);
    await page.goto('/app/activity?view=week');
    const strip = page.getByRole('group', { name: 'Days of this week' });
    await expect.poll(() => strip.getByRole('button').count()).toBe(7);
    expect(await page.locator('.week__day').count()).toBe(0);
    const heading = page.locator('#week-phone-heading');
    await heading.getByText('Today').waitFor();
    const before = (await heading.textContent())!;
    await page.getByRole('button', { name: 'Next day' }).click();
    await expect.poll(() => heading.textContent()).not.toBe(before);
    await page.getByRole('button', { name: 'Previous day' }).click();
    await expect.poll(() => heading.textContent()).toBe(before);
    // Stepping back past the week's first day moves to the previous week.
    const from = weekStart(todayIn(zone));
    const stepsBack = Math.round((Date.parse(`${todayIn(zone)}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
    for (let i = 0; i < stepsBack; i++) await page.getByRole('button', { name: 'Previous day' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('from')).toBe(addDays(from, -7));
  });
});

describe('a busy week as the district admin', () => {
  const ADMIN = 'admin@maplegrove.example';
  interface Dated { starts_at: string; duration_minutes?: number; minutes?: number; status?: string; user?: { name: string } }
  const dayOf = (iso: string, zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
  const hm = (total: number) => {
    const h = Math.floor(total / 60);
    const m = total % 60;
    return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`;
  };

  it('the week view shows every interaction and all logged time of the week on one screen, with each day\'s total', async () => {
    const page = await suite.signedIn(ADMIN, { viewport: DESKTOP });
    const zone = await userZone(page);
    const from = weekStart(todayIn(zone));
    const to = addDays(from, 6);
    const range = `filter[from]=${from}&filter[to]=${to}&filter[timezone]=${encodeURIComponent(zone)}&sort=starts_at&per_page=1000`;
    const interactions = (await api<{ data: Dated[]; meta: { total: number } }>(page, 'GET', `interaction?${range}`)).json;
    const time = (await api<{ data: Dated[]; meta: { total: number } }>(page, 'GET', `activity?${range}`)).json;
    // The demo week: three coaches at realistic volumes (issue 26: 10–15 interactions a coach a school
    // week, fewer in a holiday week), all on one screen with no pagination.
    expect(interactions.meta.total).toBeGreaterThan(5);
    expect(interactions.data).toHaveLength(interactions.meta.total);

    await page.goto(`/app/activity?view=week&from=${from}`);
    const days = page.locator('.week__day');
    await expect.poll(() => days.count()).toBe(7);
    await expect.poll(() => page.locator('.week-event').count()).toBe(interactions.meta.total + time.meta.total);
    expect(await page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0);
    expect(await page.getByText(/page 1 of/).count()).toBe(0);
    for (let i = 0; i < 7; i++) {
      const day = addDays(from, i);
      const mine = [...interactions.data, ...time.data].filter((e) => dayOf(e.starts_at, zone) === day);
      const minutes = mine.reduce((sum, e) => sum + (e.status === 'cancelled' || e.status === 'no-show' ? 0 : e.duration_minutes ?? e.minutes ?? 0), 0);
      const column = days.nth(i);
      expect(await column.locator('.week-event').count()).toBe(mine.length);
      if (mine.length) expect((await column.locator('.week__total').textContent())!.trim()).toBe(hm(minutes));
    }
    // Logged time says whose it is.
    if (time.data.length) {
      const first = time.data[0]!;
      expect(await page.locator('.week-event--time').filter({ hasText: `${first.user!.name} · Logged time` }).count()).toBeGreaterThan(0);
    }
  });

  it('a longer agenda range pages by whole weeks; the page is in the URL, survives a reload and Back returns to page 1', async () => {
    const page = await suite.signedIn(ADMIN, { viewport: DESKTOP });
    const from = weekStart(todayIn(await userZone(page)));
    const start = addDays(from, -14);
    await page.goto(`/app/activity?from=${start}&to=${addDays(from, 6)}`);
    const notice = page.locator('.activity-more');
    await expect.poll(() => notice.textContent()).toMatch(/page 1 of 3/);
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Page 3', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('3');
    await expect.poll(() => notice.textContent()).toMatch(/page 3 of 3/);
    // Only page 3's days (this week) are listed (the notice can change before the days render).
    await expect.poll(() => page.locator('.agenda__day').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.locator('.agenda__day').count()).toBeLessThanOrEqual(7);
    await page.reload();
    await expect.poll(() => notice.textContent()).toMatch(/page 3 of 3/);
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/app/activity');
    await expect.poll(() => notice.textContent()).toMatch(/page 1 of 3/);
  });
});

describe('needs completing', () => {
  it('a past scheduled interaction shows "Needs completing" and one click completes it', async () => {
    const page = await suite.signedIn(COACH, { viewport: DESKTOP });
    const zone = await userZone(page);
    const today = todayIn(zone);
    const before = await api<{ data: ApiInteraction[]; meta: { total: number } }>(page, 'GET', `interaction?filter[needs_completing]=1&filter[to]=${today}&per_page=100`);
    expect(before.json.meta.total).toBeGreaterThan(0);

    await page.goto(`/app/activity?status=needs&from=${addDays(today, -89)}&to=${today}`);
    const rows = page.locator('.interaction-item--needs');
    await expect.poll(() => rows.count()).toBe(before.json.meta.total);
    const row = rows.first();
    expect(await row.getByText('Needs completing').count()).toBe(1);
    expect(await row.locator('svg').count()).toBeGreaterThan(0);
    await row.getByRole('button', { name: /Mark completed/ }).click();
    await page.getByText(/marked completed\./).waitFor();
    await expect.poll(() => rows.count()).toBe(before.json.meta.total - 1);

    const after = await api<{ data: ApiInteraction[]; meta: { total: number } }>(page, 'GET', `interaction?filter[needs_completing]=1&filter[to]=${today}&per_page=100`);
    expect(after.json.meta.total).toBe(before.json.meta.total - 1);
    const done = before.json.data.find((i) => !after.json.data.some((a) => a.id === i.id))!;
    const read = await api<ApiInteraction>(page, 'GET', `interaction/${done.id}`);
    expect(read.json.status).toBe('completed');
    expect(read.json.needs_completing).toBe(false);
  });
});

describe("the educator's own view", () => {
  it('the teacher sees their coaching with shared notes, never private notes, and cannot log', async () => {
    // The coach logs one with a shared and a private note.
    const coach = await suite.signedIn(COACH, { viewport: DESKTOP });
    const types = await api<{ data: { id: number; name: string }[] }>(coach, 'GET', 'interaction-type');
    const type = types.json.data.find((t) => t.name === 'Feedback conversation') ?? types.json.data[0]!;
    const created = await api<ApiInteraction>(coach, 'POST', 'interaction', {
      interaction_type_id: type.id,
      starts_at: new Date(Date.now() - 3_600_000).toISOString(),
      duration_minutes: 30,
      status: 'completed',
      staff_ids: [2],
      notes: 'Shared with Jordan: strong questioning in period 3.',
      private_notes: 'Coach only: follow up on pacing.',
    });
    expect(created.status).toBe(201);

    for (const viewport of [DESKTOP, PHONE]) {
      const page = await suite.signedIn(TEACHER, { viewport });
      await page.goto('/app/staff/2');
      const section = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Your coaching' }) });
      await section.getByText('Shared with Jordan: strong questioning in period 3.').waitFor();
      expect(await section.getByText(`with Priya Raman`).count()).toBeGreaterThan(0);
      expect(await page.getByText('Coach only: follow up on pacing.').count()).toBe(0);
      expect(await page.getByRole('link', { name: /Log interaction/ }).count()).toBe(0);

      await page.goto('/app');
      const recent = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Your recent coaching' }) });
      await recent.getByText('Shared with Jordan: strong questioning in period 3.').waitFor();
      expect(await page.getByText('Coach only: follow up on pacing.').count()).toBe(0);
    }
  });
});

describe('axe-core and phone width on the Activity screens', () => {
  const screens: { who: string; path: string; name: string; open?: (page: Page) => Promise<void> }[] = [
    { who: COACH, path: '/app/activity', name: 'agenda' },
    { who: COACH, path: '/app/activity?view=week', name: 'week' },
    { who: COACH, path: '/app/activity', name: 'log form', open: async (page) => {
      await page.getByRole('button', { name: 'Log interaction' }).first().click();
      await page.getByRole('dialog', { name: 'Log interaction' }).getByRole('radio').first().check();
    } },
    { who: COACH, path: '/app/activity', name: 'log time', open: async (page) => {
      await page.getByRole('button', { name: 'Log time' }).click();
      await page.getByRole('dialog', { name: 'Log time' }).waitFor();
    } },
    { who: COACH, path: '/app/activity?view=week', name: 'detail', open: async (page) => {
      await page.locator('.week-event, .interaction-item__button').first().click();
      await page.getByRole('dialog').getByRole('button', { name: /Close|Edit/ }).first().waitFor();
    } },
    { who: COACH, path: '/app', name: 'coach dashboard' },
    { who: COACH, path: '/app/coaches/3', name: 'coach page' },
    { who: 'principal@maplegrove.example', path: '/app/activity', name: 'principal agenda' },
    { who: TEACHER, path: '/app', name: 'educator dashboard' },
    { who: TEACHER, path: '/app/staff/2', name: 'educator profile' },
  ];
  const combos = [DESKTOP, PHONE].flatMap((viewport) => (['light', 'dark'] as const).map((colorScheme) => ({ viewport, colorScheme })));
  for (const who of [...new Set(screens.map((s) => s.who))]) {
    it(`as ${who}, at ${DESKTOP.width}px and ${PHONE.width}px, light and dark`, async () => {
      const page = await suite.signedIn(who, { viewport: DESKTOP, bypassCSP: true });
      for (const { viewport, colorScheme } of combos) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        for (const s of screens.filter((x) => x.who === who)) {
          await page.goto(s.path);
          await page.getByRole('heading', { level: 1 }).waitFor();
          await page.waitForLoadState('networkidle');
          await s.open?.(page);
          const where = `${s.name} at ${viewport.width}px, ${colorScheme}`;
          const found = await axeBlocking(page);
          expect(found, `${where}: ${found.join('\n')}`).toEqual([]);
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(width, `${where} scrolls sideways`).toBeLessThanOrEqual(viewport.width);
        }
      }
    }, 180_000);
  }
});
