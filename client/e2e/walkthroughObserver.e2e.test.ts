// The walkthrough report's observer filter (issue 28): observers are coaches, principals and administrators, so
// on /app/reports/walkthroughs the shared report filter bar's coach filter is labelled "Observer" and offers
// GET /api/observation/observers; choosing the principal narrows the report to her walkthroughs (the server's
// filter[coach_id] is the observation's interaction's coach: its observer). The interactions report keeps
// "Coach". At 1366 and 390 px, axe-core (AXE_TAGS, every impact) clean.
import { describe, expect, it, vi } from 'vitest';
import { api, axeAll, browserSuite, DESKTOP_PAGE as DESKTOP, loaded, PHONE_PAGE as PHONE } from './harness';

vi.setConfig({ testTimeout: 120_000 });
const suite = browserSuite({ timeout: 20_000 });

describe('the walkthrough report\'s Observer filter', () => {
  it('offers the principal beside the coach, and narrows the report to her walkthroughs, at both widths', async () => {
    for (const options of [DESKTOP, PHONE]) {
      const page = await suite.signedIn('principal@maplegrove.example', options);
      const me = (await api<{ id: number; name: string }>(page, 'GET', 'auth/user')).json;
      const observers = (await api<{ data: { id: number; name: string }[] }>(page, 'GET', 'observation/observers')).json.data;
      expect(observers.map((o) => o.id)).toContain(me.id);
      const expected = (await api<{ headline: { observations: number } }>(page, 'GET', `report/walkthroughs?filter[coach_id][]=${me.id}`)).json.headline.observations;
      const all = (await api<{ headline: { observations: number } }>(page, 'GET', 'report/walkthroughs')).json.headline.observations;
      expect(expected).toBeGreaterThan(0);
      expect(expected).toBeLessThan(all);

      await page.goto('/app/reports/walkthroughs');
      await loaded(page);
      if (options === PHONE) await page.getByRole('button', { name: /^Filters/ }).first().click();
      const filter = page.locator('.choice-dropdown').filter({ hasText: 'Observer' });
      expect(await page.locator('.choice-dropdown').filter({ hasText: /^Coach/ }).count()).toBe(0);
      await filter.getByText('All observers').click();
      const names = await filter.getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? ''));
      expect(names).toEqual(observers.map((o) => o.name).sort((a, b) => a.localeCompare(b)));
      expect(await axeAll(page)).toEqual([]);
      await filter.getByRole('checkbox', { name: me.name }).check();
      const inUrl = () => { const q = new URL(page.url()).searchParams; return [...q.getAll('filter[coach_id][]'), ...q.getAll('filter[coach_id]')].join(','); };
      await expect.poll(inUrl).toBe(String(me.id));
      await expect.poll(() => page.getByTestId('report-scope').innerText()).toContain(`Observer: ${me.name}`);
      const headline = page.locator('.report-card').filter({ has: page.locator('.report-card__label', { hasText: /^Observations$/ }) }).locator('.report-card__value');
      await expect.poll(() => headline.innerText()).toMatch(new RegExp(`^${expected}\\b`));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(options === PHONE ? 390 : 1366);
      expect(await axeAll(page)).toEqual([]);

      // The interactions report keeps its Coach filter (coaches only).
      await page.goto('/app/reports');
      await loaded(page);
      expect(await page.locator('.choice-dropdown').filter({ hasText: 'Observer' }).count()).toBe(0);
    }
  });
});
