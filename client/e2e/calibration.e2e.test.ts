// Observer calibration through the real app and the demo seed (issue 28, item 5): a coach sets up a calibration
// session from Observations → Calibration, observes the lesson from the session ("Observe this lesson" opens the
// capture with the educator and form chosen and the session named), completes it; the principal observes the same
// lesson; the session then shows what the two agreed on, item by item and as a pair, at 1366 and 390 px, and each
// observation's page names its session ("Part of calibration session …", a link). The demo's sessions show the
// agreement over time, for a form and a date range kept in the URL. axe-core (AXE_TAGS, every impact) on each screen.
import { describe, expect, it, vi } from 'vitest';
import { api, axeAll, browserSuite, DESKTOP_PAGE as DESKTOP, loaded, PHONE_PAGE as PHONE } from './harness';

vi.setConfig({ testTimeout: 120_000 });
const suite = browserSuite({ timeout: 20_000 });

describe('a calibration session: set up, observed by two, compared', () => {
  it('the coach sets it up and observes; the principal observes; the agreement shows by item and by pair at both widths', async () => {
    const page = await suite.signedIn('coach@maplegrove.example', DESKTOP);
    await page.goto('/app/observations');
    await loaded(page);
    await page.getByRole('link', { name: 'Calibration', exact: true }).click();
    await page.waitForURL(/\/app\/observations\/calibration$/);
    await loaded(page);
    expect(await axeAll(page)).toEqual([]);

    await page.getByRole('button', { name: 'New calibration session' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New calibration session' });
    await dialog.getByLabel(/^Title/).fill('Grade 7 math, period 2');
    await dialog.getByLabel(/^Form/).selectOption({ label: 'Classroom walkthrough' });
    await dialog.getByRole('combobox', { name: /Educator/ }).fill('Jordan');
    await dialog.getByRole('option', { name: /Jordan Ellis/ }).click();
    await dialog.getByText('Jordan Ellis', { exact: true }).waitFor();
    expect(await axeAll(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Set up session' }).click();
    await page.waitForURL(/\/app\/observations\/calibration\/\d+$/);
    const sessionId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { level: 1, name: 'Grade 7 math, period 2' }).waitFor();
    await page.getByText('No one has completed an observation of this lesson yet.').waitFor();

    // "Observe this lesson": the capture with the educator, the form and the session.
    await page.getByRole('link', { name: 'Observe this lesson' }).click();
    await page.waitForURL(new RegExp(`/app/observations/new\\?.*calibration=${sessionId}`));
    await page.getByText(/Your answers are compared with the other observers/).waitFor();
    await page.getByText('Jordan Ellis', { exact: true }).waitFor();
    await expect.poll(() => page.getByLabel(/^Form/).evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent)).toBe('Classroom walkthrough');
    const lookFors = page.locator('fieldset.obs-item[data-kind="look_for"]');
    expect(await lookFors.count()).toBe(8);
    for (let i = 0; i < 8; i += 1) await lookFors.nth(i).getByRole('radio', { name: 'Seen', exact: true }).click();
    expect(await axeAll(page)).toEqual([]);
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL(/\/app\/observations\/\d+$/);
    const mine = Number(new URL(page.url()).pathname.split('/').pop());
    const stored = (await api<{ status: string; calibration_id: number | null }>(page, 'GET', `observation/${mine}`)).json;
    expect(stored).toMatchObject({ status: 'completed', calibration_id: sessionId });
    // The observation's own page says which session it was part of, and links there.
    const partOf = page.getByText('Part of calibration session');
    await partOf.waitFor();
    const sessionLink = partOf.getByRole('link', { name: 'Grade 7 math, period 2' });
    expect(await sessionLink.getAttribute('href')).toBe(`/app/observations/calibration/${sessionId}`);
    expect(await axeAll(page)).toEqual([]);
    await sessionLink.click();
    await page.waitForURL(new RegExp(`/app/observations/calibration/${sessionId}$`));
    await page.getByRole('heading', { level: 1, name: 'Grade 7 math, period 2' }).waitFor();

    // The principal observes the same lesson: six of the eight look-fors as the coach saw them.
    const principal = await suite.signedIn('principal@maplegrove.example', DESKTOP);
    const session = (await api<{ form: { id: number }; educator: { id: number } }>(principal, 'GET', `calibration-session/${sessionId}`)).json;
    const form = (await api<{ items: { id: number; kind: string }[] }>(principal, 'GET', `observation-form/${session.form.id}`)).json;
    const items = form.items.filter((i) => i.kind === 'look_for');
    const res = await api(principal, 'POST', 'observation', {
      form_id: session.form.id, staff_id: session.educator.id, observed_at: new Date().toISOString(), duration_minutes: 15, status: 'completed',
      calibration_id: sessionId, answers: items.map((i, n) => ({ item_id: i.id, value: n < 6 ? 'yes' : 'no' })),
    });
    expect(res.status).toBe(201);

    await page.goto(`/app/observations/calibration/${sessionId}`);
    await loaded(page);
    await page.getByText('Same answer 75% (6 of 8).').waitFor();
    const matrix = page.getByRole('region', { name: /Same answer by pair of observers/ });
    await expect.poll(() => matrix.innerText()).toContain('75%');
    const rows = page.getByRole('region', { name: /Agreement by item/ }).locator('tbody tr');
    expect(await rows.count()).toBe(8);
    expect(await rows.first().innerText()).toContain('100% (1 of 1)');
    expect(await rows.last().innerText()).toContain('0% (0 of 1)');
    expect(await axeAll(page)).toEqual([]);

    // At 390 px: the observation names its session too; the items become cards, the pairs a list.
    const phone = await suite.signedIn('coach@maplegrove.example', PHONE);
    await phone.goto(`/app/observations/${mine}`);
    await loaded(phone);
    await phone.getByText('Part of calibration session').getByRole('link', { name: 'Grade 7 math, period 2' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeAll(phone)).toEqual([]);
    // The principal reads the coach's observation with its session; the observer of an ordinary walkthrough sees no such line.
    await principal.goto(`/app/observations/${mine}`);
    await loaded(principal);
    await principal.getByText('Part of calibration session').waitFor();
    const list = (await api<{ data: { id: number; calibration_id: number | null }[] }>(principal, 'GET', 'observation?filter[status][]=completed')).json;
    const ordinary = list.data.find((o) => o.calibration_id === null)!;
    await principal.goto(`/app/observations/${ordinary.id}`);
    await loaded(principal);
    await principal.getByText('Observed', { exact: true }).first().waitFor();
    expect(await principal.getByText('Part of calibration session').count()).toBe(0);
    await phone.goto(`/app/observations/calibration/${sessionId}`);
    await loaded(phone);
    await phone.getByText('Same answer 75% (6 of 8).').waitFor();
    const pairRow = phone.getByRole('region', { name: /Same answer by pair of observers/ }).locator('tbody tr').first();
    await expect.poll(() => pairRow.innerText()).toMatch(/and[\s\S]*75% \(6 of 8\)/);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeAll(phone)).toEqual([]);
  });

  it('the demo\'s sessions show the agreement over time, by month and by pair, at both widths', async () => {
    for (const options of [DESKTOP, PHONE]) {
      const page = await suite.signedIn('principal@maplegrove.example', options);
      await page.goto('/app/observations/calibration');
      await loaded(page);
      await expect.poll(() => page.getByRole('link', { name: /calibration, / }).count()).toBeGreaterThan(0);
      // The demo's sessions are on the Coaching observation form (the first test's is on the walkthrough: the newest, so the default).
      await page.getByLabel(/^Form/).selectOption({ label: 'Coaching observation' });
      const months = page.getByRole('region', { name: /Agreement by month, Coaching observation/ }).locator('tbody tr');
      await expect.poll(() => months.count()).toBeGreaterThan(0);
      expect(await months.first().innerText()).toMatch(/\d+% \(\d+ of \d+\)/);
      const pairs = page.getByRole('region', { name: /Agreement by pair of observers, Coaching observation/ }).locator('tbody tr');
      expect(await pairs.count()).toBeGreaterThan(0);
      expect(await axeAll(page)).toEqual([]);

      // The dates: one month of the demo's sessions, kept in the URL (a reload keeps them).
      const formId = Number(await page.getByLabel(/^Form/).inputValue());
      const all = (await api<{ months: { month: string }[] }>(page, 'GET', `calibration-agreement?filter[form_id]=${formId}`)).json;
      expect(all.months.length).toBeGreaterThan(1);
      const month = all.months[0]!.month;
      const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
      await page.getByLabel('Date range').selectOption({ label: 'Custom dates' });
      await page.getByLabel('From', { exact: true }).fill(`${month}-01`);
      await page.getByLabel('To', { exact: true }).fill(last);
      await expect.poll(() => new URL(page.url()).searchParams.toString()).toContain(`preset=custom&from=${month}-01&to=${last}`);
      await expect.poll(() => months.count()).toBe(1);
      await page.reload();
      await loaded(page);
      expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(`${month}-01`);
      await expect.poll(() => months.count()).toBe(1);
      const [year, mm] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
      const name = new Date(Date.UTC(year, mm - 1, 15)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
      expect(await months.first().innerText()).toContain(`${name} ${year}`);
      await page.getByText(/^Lessons: /).waitFor();
      expect(await axeAll(page)).toEqual([]);
      // Back to any time: every month again, and the dates leave the URL.
      await page.getByLabel('Date range').selectOption({ label: 'Any time' });
      await expect.poll(() => months.count()).toBe(all.months.length);
      expect(new URL(page.url()).searchParams.has('from')).toBe(false);
    }
  });
});
