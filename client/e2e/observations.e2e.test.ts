// Observations through the real app and the demo seed (issue 28): at 390 px a coach completes the Classroom
// walkthrough for an educator — 8 look-fors and one "+ note" — in at most 20 taps from the list's
// "New observation" to "Complete"; the list shows it; the coach shares it; the educator reads it from the
// email's link and acknowledges it with a reflection, which the coach then reads. A draft saves itself and
// resumes after a reload; a 422 on Complete shows the message at the required item and focuses it. axe-core
// (AXE_TAGS, every impact) on the list, the capture and the detail at 1366 and 390 px. With OBS_SHOTS=dir the
// screens are also saved as pictures there.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { api, axeAll, browserSuite, DESKTOP_PAGE as DESKTOP, latestMailLink, loaded, PHONE_PAGE as PHONE, screenByScreenShots } from './harness';

vi.setConfig({ testTimeout: 120_000 });
const suite = browserSuite({ timeout: 20_000 });
const COACH = 'coach@maplegrove.example';
const TEACHER = 'teacher@maplegrove.example';
const SHOTS = process.env.OBS_SHOTS;

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    for (const p of suite.testPages()) console.log('DEBUG', p.url(), (await p.locator('body').innerText().catch(() => '?')).slice(0, 2500));
  }
});

const shot = (page: Page, name: string) => screenByScreenShots(SHOTS, page, name, 5);

async function staffId(page: Page, name: string): Promise<number> {
  const res = await api<{ data: { id: number; name: string }[] }>(page, 'GET', `staff?search=${encodeURIComponent(name)}`);
  const found = res.json.data.find((s) => s.name === name);
  expect(found, name).toBeTruthy();
  return found!.id;
}

async function formId(page: Page, name: string): Promise<number> {
  const res = await api<{ data: { id: number; name: string }[] }>(page, 'GET', 'observation-form');
  return res.json.data.find((f) => f.name === name)!.id;
}

describe('a classroom walkthrough on a phone, shared, read and acknowledged', () => {
  it('the coach completes 8 look-fors and a note in at most 20 taps; shares; the educator acknowledges; the coach reads it', async () => {
    const page = await suite.signedIn(COACH, PHONE);
    await page.goto('/app/observations');
    await loaded(page);

    let taps = 0;
    const tap = async (locator: ReturnType<Page['locator']>) => {
      taps += 1;
      await locator.tap();
    };

    await tap(page.getByRole('link', { name: 'New observation' }).first());
    await page.waitForURL(/\/app\/observations\/new$/);
    await page.getByRole('heading', { level: 1, name: 'New observation' }).waitFor();
    // The built-in walkthrough is the default form.
    await expect.poll(() => page.getByLabel(/^Form/).evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent)).toBe('Classroom walkthrough');
    await tap(page.getByRole('combobox', { name: /Educator/ }));
    await page.keyboard.type('Jordan');
    await tap(page.getByRole('option', { name: /Jordan Ellis/ }));
    await page.getByText('Jordan Ellis', { exact: true }).waitFor();

    const lookFors = page.locator('fieldset.obs-item[data-kind="look_for"]');
    expect(await lookFors.count()).toBe(8);
    const answers = ['Seen', 'Seen', 'Not seen', 'Seen', 'Seen', 'N/A', 'Seen', 'Seen'];
    for (const [i, answer] of answers.entries()) await tap(lookFors.nth(i).getByRole('radio', { name: answer, exact: true }));
    // Every look-for target is at least 44 px tall and wide enough to tap.
    const smallest = await lookFors.locator('.obs-toggle').evaluateAll((els) => Math.min(...els.map((e) => Math.min(e.getBoundingClientRect().height, e.getBoundingClientRect().width))));
    expect(smallest).toBeGreaterThanOrEqual(44);

    // "+ note" on the first look-for stamps the minute and focuses the evidence box.
    await tap(lookFors.nth(0).getByRole('button', { name: /\+ note/ }));
    const evidence = lookFors.nth(0).getByRole('textbox');
    await expect.poll(() => evidence.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await evidence.inputValue()).toMatch(/^\d{2}:\d{2} $/);
    await page.keyboard.type('Three students explained their strategy to a partner.');
    await page.getByText('8 of 8 look-fors answered · 6 of 7 seen').waitFor();
    await shot(page, 'capture-390');
    expect(await axeAll(page)).toEqual([]);

    await tap(page.getByRole('button', { name: 'Complete' }));
    await page.waitForURL(/\/app\/observations\/\d+$/);
    expect(taps).toBeLessThanOrEqual(20);
    const id = Number(new URL(page.url()).pathname.split('/').pop());

    await page.getByRole('heading', { level: 1, name: 'Classroom walkthrough: Jordan Ellis' }).waitFor();
    await page.getByText('6 of 7 seen').first().waitFor();
    await page.getByText(/^\d{2}:\d{2} Three students explained their strategy to a partner\.$/).waitFor();
    const stored = (await api<{ status: string; answers: { value: string }[]; interaction_id: number | null }>(page, 'GET', `observation/${id}`)).json;
    expect(stored.status).toBe('completed');
    expect(stored.interaction_id).not.toBeNull();
    expect(stored.answers.filter((a) => a.value === 'yes')).toHaveLength(6);

    // The list shows it, newest first, with its tally.
    await page.goto('/app/observations');
    await loaded(page);
    const row = page.locator('tbody tr').first();
    await expect.poll(() => row.innerText()).toContain('Jordan Ellis');
    expect(await row.innerText()).toContain('6 of 7 seen');
    expect(await row.innerText()).toContain('Classroom walkthrough');
    await shot(page, 'list-390');
    expect(await axeAll(page)).toEqual([]);

    // Share: both parts; the toast; "Shared <date>" after.
    await page.goto(`/app/observations/${id}`);
    await loaded(page);
    await page.getByRole('button', { name: 'Share with Jordan Ellis' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Share with Jordan Ellis' });
    expect(await dialog.getByRole('checkbox', { name: 'The answers' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'The notes and next steps' }).isChecked()).toBe(true);
    expect(await axeAll(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Share', exact: true }).tap();
    await page.getByText('Shared with Jordan Ellis.').waitFor();
    await page.getByText(/^Shared .+: the answers, notes and next steps$/).waitFor();
    await page.getByText('Not acknowledged yet.').waitFor();
    await shot(page, 'detail-observer-390');
    expect(await axeAll(page)).toEqual([]);

    // The educator follows the email's link, reads it (no private notes) and acknowledges with a reflection.
    const link = await latestMailLink(suite.server, TEACHER, `/app/observations/${id}`);
    expect(new URL(link).pathname).toBe(`/app/observations/${id}`);
    const teacher = await suite.signedIn(TEACHER, PHONE);
    await teacher.goto(`/app/observations/${id}`);
    await loaded(teacher);
    await teacher.getByRole('heading', { level: 1, name: 'Classroom walkthrough' }).waitFor();
    await teacher.getByText('6 of 7 seen').first().waitFor();
    expect(await teacher.getByText('Private notes').count()).toBe(0);
    expect(await teacher.getByRole('button', { name: /Share|Delete/ }).count()).toBe(0);
    expect(await axeAll(teacher)).toEqual([]);
    await teacher.getByRole('textbox', { name: /^Reflection/ }).fill('I will add a partner talk routine to every lesson.');
    await teacher.getByRole('button', { name: 'Acknowledge' }).tap();
    await teacher.getByText('Observation acknowledged.').waitFor();
    await teacher.getByText(/^Acknowledged /).first().waitFor();
    await teacher.getByText('I will add a partner talk routine to every lesson.').waitFor();
    await shot(teacher, 'detail-educator-390');
    expect(await axeAll(teacher)).toEqual([]);
    // Their list: what was shared, no "New observation".
    await teacher.goto('/app/observations');
    await loaded(teacher);
    await expect.poll(() => teacher.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await teacher.getByRole('link', { name: 'New observation' }).count()).toBe(0);
    expect(await axeAll(teacher)).toEqual([]);

    // The coach reads the acknowledgement and the reflection.
    await page.reload();
    await loaded(page);
    await page.getByText('I will add a partner talk routine to every lesson.').waitFor();
    await page.getByRole('heading', { name: "Jordan Ellis's reflection" }).waitFor();
  });
});

describe('the capture keyboard-first on a desktop', () => {
  it('a draft saves itself and resumes after a reload; Complete with a required item missing shows its message and focuses it', async () => {
    const page = await suite.signedIn(COACH, DESKTOP);
    const staff = await staffId(page, 'Jordan Ellis');
    const form = await formId(page, 'Coaching observation');
    await page.goto(`/app/observations/new?staff_id=${staff}&form_id=${form}`);
    await loaded(page);
    await page.getByText('Jordan Ellis', { exact: true }).waitFor();
    await expect.poll(() => page.getByLabel(/^Form/).evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent)).toBe('Coaching observation');

    // Arrow keys move through a rating's buttons like radios.
    const rating = page.locator('fieldset.obs-item', { hasText: 'Clear learning goals' });
    await rating.getByRole('radio', { name: '2', exact: true }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    expect(await rating.getByRole('radio', { name: '3', exact: true }).isChecked()).toBe(true);
    await page.getByRole('status').filter({ hasText: /^Draft saved \d{2}:\d{2}$/ }).waitFor({ timeout: 15_000 });
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/app\/observations\/\d+\/edit$/);
    await shot(page, 'capture-1366');
    expect(await axeAll(page)).toEqual([]);

    // Resumed on reload (another device would read the same draft).
    await page.reload();
    await loaded(page);
    await page.getByRole('heading', { level: 1, name: 'Resume observation' }).waitFor();
    expect(await page.locator('fieldset.obs-item', { hasText: 'Clear learning goals' }).getByRole('radio', { name: '3', exact: true }).isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Complete' }).click();
    const focus = page.locator('fieldset.obs-item', { hasText: 'Focus of this observation' });
    await focus.getByText('Focus of this observation is required.').waitFor();
    expect(await focus.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => focus.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.locator('fieldset.obs-item', { hasText: 'What students said and did' }).getByText('What students said and did is required.').waitFor();
    expect(await axeAll(page)).toEqual([]);

    // Answer them and complete.
    await focus.getByRole('radio', { name: 'A regular visit' }).check();
    await page.locator('fieldset.obs-item', { hasText: 'What students said and did' }).getByRole('textbox').fill('Pairs compared two strategies.');
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL(/\/app\/observations\/\d+$/);
    await page.getByText('3 of 4').first().waitFor();
    await shot(page, 'detail-1366');
    expect(await axeAll(page)).toEqual([]);

    await page.goto('/app/observations');
    await loaded(page);
    await shot(page, 'list-1366');
    expect(await axeAll(page)).toEqual([]);
  });
});

describe('the educator\'s side: their home and profile; the list\'s CSV and observers; changing a draft\'s form', () => {
  interface Form { id: number; name: string; items: { id: number; kind: string; label: string }[] }

  /** A walkthrough of Jordan Ellis completed and shared by the coach through the API, an hour ago. */
  async function sharedWalkthrough(coach: Page): Promise<number> {
    const forms = (await api<{ data: Form[] }>(coach, 'GET', 'observation-form')).json.data;
    const walk = forms.find((f) => f.name === 'Classroom walkthrough')!;
    const created = await api<{ id: number }>(coach, 'POST', 'observation', {
      form_id: walk.id, staff_id: await staffId(coach, 'Jordan Ellis'), observed_at: new Date(Date.now() - 3_600_000).toISOString(),
      duration_minutes: 12, status: 'completed', notes: 'Partners explained their graphs to each other.',
      answers: walk.items.filter((i) => i.kind === 'look_for').map((i, n) => ({ item_id: i.id, value: n < 5 ? 'yes' : 'no' })),
    });
    expect(created.status).toBe(201);
    expect((await api(coach, 'POST', `observation/${created.json.id}/share`, { answers: true, notes: true })).status).toBe(200);
    return created.json.id;
  }

  /** The entry of one observation within a region of the page. */
  const entry = (within: ReturnType<Page['locator']>, id: number) =>
    within.locator('.obs-entry').filter({ has: within.page().locator(`a[href="/app/observations/${id}"]`) }).first();

  it('the educator finds it on their home, unacknowledged first, acknowledges it from there and sees it on their profile; the coach sees it on the educator\'s profile', async () => {
    const coach = await suite.signedIn(COACH, DESKTOP);
    const id = await sharedWalkthrough(coach);
    const jordan = await staffId(coach, 'Jordan Ellis');

    const teacher = await suite.signedIn(TEACHER, PHONE);
    await teacher.goto('/app');
    await loaded(teacher);
    const shared = teacher.getByRole('region', { name: /^Observations shared with you/ });
    await entry(shared, id).waitFor();
    // Unacknowledged first: every entry before the first acknowledged one is still to acknowledge, and this one is among them.
    const states = await shared.locator('.obs-entry .badge').allInnerTexts();
    expect(states[0]).toBe('To acknowledge');
    expect(states.indexOf('To acknowledge', states.lastIndexOf('Acknowledged') + 1)).toBe(-1);
    expect(await entry(shared, id).innerText()).toContain('5 of 8 seen');
    await shot(teacher, 'home-educator-390');
    expect(await axeAll(teacher)).toEqual([]);

    await entry(shared, id).getByRole('link', { name: /^Read and acknowledge/ }).tap();
    await teacher.waitForURL(new RegExp(`/app/observations/${id}$`));
    await teacher.getByRole('textbox', { name: /^Reflection/ }).fill('I will keep the partner talk going.');
    await teacher.getByRole('button', { name: 'Acknowledge' }).tap();
    await teacher.getByText('Observation acknowledged.').waitFor();

    await teacher.goto('/app');
    await loaded(teacher);
    await expect.poll(() => entry(shared, id).locator('.badge').innerText()).toBe('Acknowledged');
    expect(await entry(shared, id).getByRole('link', { name: /^Read and acknowledge/ }).count()).toBe(0);

    // Their own profile lists it (what was shared with them).
    await teacher.goto(`/app/staff/${jordan}`);
    await loaded(teacher);
    const mine = teacher.getByRole('region', { name: 'Your observations' });
    await entry(mine, id).waitFor();
    expect(await entry(mine, id).innerText()).toContain('Acknowledged');
    await shot(teacher, 'profile-educator-390');
    expect(await axeAll(teacher)).toEqual([]);

    const wide = await suite.signedIn(TEACHER, DESKTOP);
    await wide.goto('/app');
    await loaded(wide);
    await entry(wide.getByRole('region', { name: /^Observations shared with you/ }), id).waitFor();
    await shot(wide, 'home-educator-1366');
    expect(await axeAll(wide)).toEqual([]);

    // The coach reads it on Jordan's profile, acknowledged.
    await coach.goto(`/app/staff/${jordan}`);
    await loaded(coach);
    const theirs = coach.getByRole('region', { name: 'Observations', exact: true });
    await entry(theirs, id).waitFor();
    expect(await entry(theirs, id).innerText()).toContain('Acknowledged');
    await shot(coach, 'profile-coach-1366');
    expect(await axeAll(coach)).toEqual([]);
    const phone = await suite.signedIn(COACH, PHONE);
    await phone.goto(`/app/staff/${jordan}`);
    await loaded(phone);
    await entry(phone.getByRole('region', { name: 'Observations', exact: true }), id).waitFor();
    expect(await axeAll(phone)).toEqual([]);
  });

  it('"Download CSV" carries the list\'s filters; the observer filter offers the principal; changing a draft\'s form asks before clearing answers', async () => {
    const admin = await suite.signedIn('admin@maplegrove.example', DESKTOP);
    const walk = await formId(admin, 'Classroom walkthrough');
    await admin.goto(`/app/observations?form=${walk}&shared=yes`);
    await loaded(admin);
    const download = admin.getByRole('link', { name: 'Download CSV' });
    await download.waitFor();
    const href = await download.getAttribute('href');
    expect(href).toBe(`/api/observation.csv?filter[form_id][]=${walk}&filter[shared]=yes`);
    const csv = await admin.evaluate(async (url) => {
      const res = await fetch(url!, { credentials: 'include' });
      return { type: res.headers.get('content-type'), text: await res.text() };
    }, href);
    expect(csv.type).toBe('text/csv; charset=utf-8');
    const header = csv.text.split('\r\n')[0]!;
    expect(header).toContain('"Students explain their thinking, aloud or in writing"');
    expect(csv.text.split('\r\n').filter((l) => l.trim()).length).toBeGreaterThan(1);
    // Everyone who may observe: the principal too, not only the coaches.
    await admin.getByText('All observers').click();
    await admin.getByRole('checkbox', { name: 'Marcus Bell' }).waitFor();
    await admin.keyboard.press('Escape');

    const coach = await suite.signedIn(COACH, DESKTOP);
    await coach.goto(`/app/observations/new?staff_id=${await staffId(coach, 'Jordan Ellis')}`);
    await loaded(coach);
    const form = coach.getByLabel(/^Form/);
    await expect.poll(() => form.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent)).toBe('Classroom walkthrough');
    const first = coach.locator('fieldset.obs-item[data-kind="look_for"]').first();
    await first.getByRole('radio', { name: 'Seen', exact: true }).click();
    await form.selectOption({ label: 'Coaching observation' });
    const dialog = coach.getByRole('dialog', { name: 'Change the form?' });
    await dialog.getByText('1 answer on Classroom walkthrough will be cleared: Coaching observation has its own items.', { exact: false }).waitFor();
    await shot(coach, 'change-form-1366');
    expect(await axeAll(coach)).toEqual([]);
    await dialog.getByRole('button', { name: 'Keep this form' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await form.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent)).toBe('Classroom walkthrough');
    expect(await first.getByRole('radio', { name: 'Seen', exact: true }).isChecked()).toBe(true);
    await form.selectOption({ label: 'Coaching observation' });
    await dialog.getByRole('button', { name: 'Change form', exact: true }).click();
    await coach.locator('fieldset.obs-item', { hasText: 'Focus of this observation' }).waitFor();
    expect(await form.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent)).toBe('Coaching observation');
    expect(await coach.locator('fieldset.obs-item input:checked').count()).toBe(0);
  });
});
