// Skill mapping through the real screens: a coach rates several skills of an educator after an
// observation (from the educator's profile, linked to it); the heat map with filters in the URL, a
// collapsed domain and the CSV link; the per-educator card view at phone width; the layout at 1366 and
// 390 px (headers broken only between words and never cut off from 700 px up, every skill of the demo
// framework in view at 1366, filters never cut off, the grid OR the cards in the page, a small DOM, axe
// clean: those pages bypass the CSP to inject axe); and the Essentials district's upgrade message (the
// API answers 403 with the same text).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SKILL_MAP_PAGE, SKILL_MESSAGES } from '../../common/schemas/skills';
import { api, axeAll, browserSuite, clippedSelects } from './harness';

const suite = browserSuite();

async function openMap(page: Page, search = '') {
  await page.goto(`/app/coaching${search}`);
  await page.getByRole('heading', { level: 1, name: 'Coaching' }).waitFor();
  await page.locator('.sm-count').filter({ hasText: /\d+ educators?/ }).waitFor();
}

describe('rating skills', () => {
  it('a coach logs an observation, then rates three skills from the educator\'s profile, linked to it', async () => {
    const page = await suite.signedIn('coach@maplegrove.example');
    await page.goto('/app');
    // The observation (the Activity screens' log form is another issue's): through the API, as the coach.
    const map = await api<{ data: { staff: { id: number; name: string } }[] }>(page, 'GET', 'skill-map?per_page=1');
    const educator = map.json.data[0]!.staff;
    const types = await api<{ data: { id: number; name: string }[] }>(page, 'GET', 'interaction-type');
    const observation = types.json.data.find((t) => t.name === 'Classroom observation')!;
    const logged = await api<{ id: number }>(page, 'POST', 'interaction', {
      interaction_type_id: observation.id, starts_at: new Date(Date.now() - 3_600_000).toISOString(), duration_minutes: 40,
      status: 'completed', staff_ids: [educator.id], notes: 'Observed the opening and the group work.',
    });
    expect(logged.status).toBe(201);
    const before = await api<{ history: unknown[] }>(page, 'GET', `staff/${educator.id}/skill-rating`);

    await page.goto(`/app/staff/${educator.id}`);
    const skills = page.getByRole('region', { name: 'Skills' });
    await skills.getByRole('button', { name: 'Rate skills' }).click();
    const dialog = page.getByRole('dialog', { name: `Rate skills: ${educator.name}` });
    await dialog.getByLabel('Evidence from').selectOption(String(logged.json.id));
    const skillGroup = (name: string) => dialog.getByRole('radiogroup', { name });
    await skillGroup('Clear learning goals').getByRole('radio', { name: /Leading/ }).check();
    await skillGroup('Questioning for thinking').getByRole('radio', { name: /Skilled/ }).check();
    await skillGroup('Useful feedback').getByRole('radio', { name: /Developing/ }).check();
    await dialog.getByLabel('Note on Useful feedback').fill('Feedback was general; next time name one step.');
    await dialog.getByRole('button', { name: 'Save 3 ratings' }).click();
    await page.getByText(`3 skills rated for ${educator.name}.`).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const row = skills.locator('.skills-row').filter({ hasText: 'Clear learning goals' });
    await expect.poll(() => row.locator('.skills-level__num').textContent()).toBe('4');
    const after = await api<{ history: { skill_id: number; level: number; note: string | null; interaction_id: number | null }[] }>(page, 'GET', `staff/${educator.id}/skill-rating`);
    const added = after.json.history.slice(-3);
    expect(after.json.history).toHaveLength(before.json.history.length + 3);
    expect(added.map((r) => r.interaction_id)).toEqual([logged.json.id, logged.json.id, logged.json.id]);
    expect(added.map((r) => r.level).sort()).toEqual([2, 3, 4]);
    expect(added.find((r) => r.level === 2)!.note).toBe('Feedback was general; next time name one step.');

    // The history table alternative lists the new ratings.
    await skills.getByRole('button', { name: 'Show the history as a table' }).click();
    await skills.getByRole('cell', { name: 'Feedback was general; next time name one step.' }).waitFor();
  });
});

describe('the heat map', () => {
  it('filters by school in the URL, sorts by a domain, collapses a domain and exports the same view', async () => {
    const page = await suite.signedIn('admin@maplegrove.example');
    await openMap(page);
    const all = Number((await page.locator('.sm-count').textContent())!.match(/\d+/)![0]);
    expect(all).toBeGreaterThan(50);
    // Each cell shows its level as a number, not colour alone; the summary row counts levels.
    const firstCell = page.locator('.sm-grid tbody [data-cell="0:0"]');
    expect(await firstCell.textContent()).toMatch(/^[1-4] (Beginning|Developing|Skilled|Leading)$/);
    await firstCell.focus();
    await page.getByRole('tooltip').filter({ hasText: /Rated .*/ }).waitFor();

    await page.getByLabel('School').selectOption({ label: 'Lincoln Middle School' });
    await page.waitForURL(/building_id=\d+/);
    await expect.poll(async () => Number((await page.locator('.sm-count').textContent())!.match(/\d+/)![0])).toBeLessThan(all);
    const schools = await page.locator('.sm-grid tbody .sm-who__meta').allTextContents();
    expect(new Set(schools)).toEqual(new Set(['Lincoln Middle School']));

    await page.getByLabel('Sort by').selectOption({ label: 'Planning for learning: highest average' });
    await page.waitForURL(/sort=-domain%3A\d+|sort=-domain:\d+/);
    await page.getByRole('button', { name: /Classroom community/ }).click();
    await page.waitForURL(/collapsed=\d+/);
    await expect.poll(() => page.locator('.sm-grid__skill--avg').count()).toBe(1);

    // The filters live in the URL: a reload shows the same view.
    const url = page.url();
    await page.reload();
    await page.locator('.sm-count').filter({ hasText: /\d+ educators?/ }).waitFor();
    expect(page.url()).toBe(url);
    expect(new Set(await page.locator('.sm-grid tbody .sm-who__meta').allTextContents())).toEqual(new Set(['Lincoln Middle School']));
    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(href).toMatch(/^\/api\/skill-map\.csv\?/);
    expect(href).toContain('filter[building_id][]=');
    expect(href).toMatch(/collapsed\[\]=\d+/);
    const csv = await page.evaluate((h) => fetch(h!, { credentials: 'include' }).then((r) => r.text()), href);
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toContain('Classroom community (average)');
    expect(lines.length - 1).toBe(Number((await page.locator('.sm-count').textContent())!.match(/\d+/)![0]));
    expect(lines.slice(1).every((l) => l.includes(',"Lincoln Middle School",'))).toBe(true);
  });

  it('shows one card per educator at phone width', async () => {
    const page = await suite.signedIn('principal@maplegrove.example', { viewport: { width: 390, height: 844 } });
    await openMap(page);
    const cards = page.getByRole('list', { name: 'Educators' }).locator('> li');
    await cards.first().waitFor();
    expect(await page.locator('.sm-scroll, .sm-grid').count()).toBe(0);
    const count = Number((await page.locator('.sm-count').textContent())!.match(/\d+/)![0]);
    expect(await cards.count()).toBe(Math.min(count, SKILL_MAP_PAGE));
    const first = cards.first();
    expect(await first.locator('.sm-card__domain-name').allTextContents()).toEqual([
      'Planning for learning', 'Classroom community', 'Instruction in action', 'Growing as a professional',
    ]);
    await first.getByText('Every skill').click();
    await first.locator('.sm-card__skills').getByText('Clear learning goals').waitFor();
    const size = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(size.scroll).toBeLessThanOrEqual(size.inner);
  });
});

/** Words of the grid's headers that the browser laid out on more than one line (broken mid-word). */
function wordsBrokenAcrossLines(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const el of document.querySelectorAll('.sm-grid thead th')) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        if (node.parentElement?.closest('.sr-only')) continue;
        for (const m of node.data.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          // One rectangle per line the word sits on.
          if ([...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).length > 1) broken.push(m[0]);
        }
      }
    }
    return broken;
  });
}

/**
 * Skill headers whose text is cut off, as "name: why": the rotated text's box (read from its characters, after
 * the rotation) outside its header cell or outside the grid's scroll box, or the label holding more text than
 * it shows (scrollHeight over clientHeight). An empty box counts too: the text must be there to be whole.
 */
function clippedSkillHeaders(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const box = document.querySelector('.sm-scroll')!.getBoundingClientRect();
    const within = (a: DOMRect, b: DOMRect) => a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5 && a.left >= b.left - 0.5 && a.right <= b.right + 0.5;
    for (const th of document.querySelectorAll<HTMLElement>('.sm-grid__skill')) {
      const label = th.querySelector<HTMLElement>('.sm-grid__label')!;
      const range = document.createRange();
      range.selectNodeContents(label);
      const text = range.getBoundingClientRect();
      const cell = th.getBoundingClientRect();
      const name = label.textContent ?? '';
      if (!text.width || !text.height) out.push(`${name}: no text shown`);
      else if (!within(text, cell)) out.push(`${name}: text ${Math.round(text.top)}-${Math.round(text.bottom)} outside its cell ${Math.round(cell.top)}-${Math.round(cell.bottom)}`);
      else if (text.top < box.top - 0.5 || text.bottom > box.bottom + 0.5) out.push(`${name}: outside the grid's box`);
      if (label.scrollHeight > label.clientHeight || label.scrollWidth > label.clientWidth) out.push(`${name}: ${label.scrollHeight} px of text in ${label.clientHeight} px`);
    }
    return out;
  });
}

/** Selects narrower than their longest option (a chosen value would be cut off), and any sideways overflow. */
async function clippedControls(page: Page): Promise<string[]> {
  return [...await clippedSelects(page, '.sm', 'auto'), ...await page.evaluate(() => {
    const out: string[] = [];
    for (const el of [document.documentElement, ...document.querySelectorAll<HTMLElement>('.sm-filter-bar, .sm-toolbar')]) {
      if (el.scrollWidth > el.clientWidth) out.push(`${el.className || el.tagName} scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`);
    }
    return out;
  })];
}

describe('the heat map\'s layout (issue 26) and size (issue 35)', () => {
  it('at 1366 px: every skill of the demo framework in view, headers broken only between words, filters whole, only the grid', async () => {
    const page = await suite.signedIn('admin@maplegrove.example', { viewport: { width: 1366, height: 900 }, bypassCSP: true });
    await openMap(page);
    await page.locator('.sm-grid tbody tr').first().waitFor();
    expect(await page.locator('.sm-cards').count()).toBe(0);
    expect(await page.locator('.sm-grid tbody tr').count()).toBe(SKILL_MAP_PAGE);
    // The default framework's 24 skills all fit beside the educator column, none scrolled out of view.
    const fit = await page.evaluate(() => {
      const box = document.querySelector('.sm-scroll')!.getBoundingClientRect();
      const heads = [...document.querySelectorAll('.sm-grid__skill')].map((th) => th.getBoundingClientRect());
      return { columns: heads.length, inView: heads.filter((r) => r.left >= box.left && r.right <= box.right + 0.5).length };
    });
    expect(fit).toEqual({ columns: 24, inView: 24 });
    expect(await wordsBrokenAcrossLines(page)).toEqual([]);
    // Each turned header shows its whole text ("Clear learning goals", not "lear learning goals").
    expect(await clippedSkillHeaders(page)).toEqual([]);
    // Each header's words are there as written ("Relationships with students", not "Relationshi ps").
    expect(await page.locator('.sm-grid__skill').allTextContents()).toContain('Relationships with students');
    // The filters sit open on a wide screen; no select is narrower than its longest option, even chosen.
    await page.getByLabel('Position').selectOption('Librarian / Media Specialist');
    await page.waitForURL(/position=/);
    await page.getByLabel('Sort by').selectOption({ label: 'Growing as a professional: highest average' });
    await page.waitForURL(/sort=/);
    await page.locator('.sm-count').filter({ hasText: /\d+ educators?/ }).waitFor();
    expect(await clippedControls(page)).toEqual([]);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((u) => !u.search.includes('position='));
    await page.locator('.sm-grid tbody tr').first().waitFor();
    // A page of the grid stays small (the whole screen rendered 29 564 elements with the cards beside it).
    expect(await page.evaluate(() => document.getElementsByTagName('*').length)).toBeLessThan(3000);

    // The keyboard: one tab stop; arrows move and the focused cell carries its details as its description.
    await page.locator('.sm-grid [data-cell="0:0"]').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      return { cell: el.dataset.cell, tabIndex: el.tabIndex, description: document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '' };
    });
    expect(focused.cell).toBe('1:1');
    expect(focused.tabIndex).toBe(0);
    expect(focused.description).toMatch(/^Evidence of success: [1-4] · \w+Rated /);
    expect(await page.locator('.sm-grid [tabindex="0"]').count()).toBe(1);
    // Sticky: the header row stays in view when the grid scrolls.
    await page.locator('.sm-scroll').evaluate((el) => el.scrollTo(0, 400));
    const stuck = await page.evaluate(() => document.querySelector('.sm-grid__skill')!.getBoundingClientRect().top - document.querySelector('.sm-scroll')!.getBoundingClientRect().top);
    expect(stuck).toBeGreaterThan(0);
    expect(stuck).toBeLessThan(100);
    expect(await axeAll(page)).toEqual([]);

    // The pager walks the rows a page at a time.
    const firstName = await page.locator('.sm-grid tbody .sm-who__name').first().textContent();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => page.locator('.sm-grid tbody .sm-who__name').first().textContent()).not.toBe(firstName);
  }, 60_000);

  it('from 700 px (the narrowest grid) up: every skill header shows its whole text', async () => {
    const page = await suite.signedIn('admin@maplegrove.example', { viewport: { width: 700, height: 800 } });
    await openMap(page);
    for (const width of [700, 800, 1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.locator('.sm-grid tbody tr').first().waitFor();
      expect(await page.locator('.sm-grid__skill').count()).toBe(24);
      expect({ width, clipped: await clippedSkillHeaders(page) }).toEqual({ width, clipped: [] });
      expect({ width, broken: await wordsBrokenAcrossLines(page) }).toEqual({ width, broken: [] });
    }
  }, 60_000);

  it('at 390 px: only the cards, the filters folded behind "Filters" with their count, nothing cut off', async () => {
    const page = await suite.signedIn('admin@maplegrove.example', { viewport: { width: 390, height: 844 }, bypassCSP: true });
    await openMap(page, '?subject=Mathematics');
    await page.locator('.sm-card').first().waitFor();
    expect(await page.locator('.sm-grid, .sm-scroll').count()).toBe(0);
    expect(await page.locator('.sm-card').count()).toBeLessThanOrEqual(SKILL_MAP_PAGE);
    const toggle = page.getByRole('button', { name: /^Filters/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.textContent()).toBe('Filters1 active');
    expect(await page.getByLabel('Subject').isVisible()).toBe(false);
    await toggle.click();
    await page.getByLabel('Subject').selectOption({ label: 'All subjects' });
    await page.waitForURL((u) => !u.search.includes('subject='));
    await page.getByLabel('School').selectOption({ label: 'Maple Grove High School' });
    await page.waitForURL(/building_id=/);
    expect(await toggle.textContent()).toBe('Filters1 active');
    await page.locator('.sm-count').filter({ hasText: /\d+ educators?/ }).waitFor();
    // The cards render from a deferred copy of the answer (a frame or more after the count): the school's cards only.
    await expect.poll(async () => [...new Set(await page.locator('.sm-card__head .sm-who__meta').allTextContents())]).toEqual(['Maple Grove High School']);
    expect(await clippedControls(page)).toEqual([]);
    // A card's full list is built when it opens, not for every card up front.
    const card = page.locator('.sm-card').first();
    expect(await card.locator('.sm-card__skills').count()).toBe(0);
    await card.getByText('Every skill').click();
    await expect.poll(() => card.locator('.sm-card__skills li').count()).toBe(24);
    expect(await page.evaluate(() => document.getElementsByTagName('*').length)).toBeLessThan(3000);
    expect(await axeAll(page)).toEqual([]);
  }, 60_000);
});

describe('on the Essentials plan', () => {
  it('explains the Professional plan, and the API answers 403 with the same explanation', async () => {
    const page = await suite.signedIn('admin@cedarfalls.example');
    await page.goto('/app/coaching');
    await page.getByRole('heading', { level: 2, name: 'Skill mapping' }).waitFor();
    // Cedar Falls' administrator manages billing: told how to upgrade, not to ask themselves (issue 26).
    await page.getByText(`${SKILL_MESSAGES.plan.split('. ')[0]}. You manage your district's billing`).waitFor();
    expect(await page.locator('.sm-grid').count()).toBe(0);
    const res = await api<{ message: string }>(page, 'GET', 'skill-map');
    expect(res).toEqual({ status: 403, json: expect.objectContaining({ message: SKILL_MESSAGES.plan }) });
  });
});
