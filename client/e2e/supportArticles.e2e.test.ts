// The knowledge base through the real screens: a provider admin writes and publishes an article (live
// preview, address from the title), finds it in the admin list with filters in the URL; a coach finds it
// by searching Support (highlighted match), reads it with its table of contents, answers "Was this
// helpful?"; an unknown address shows the friendly not-found page; axe-core on every screen.
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { api, axeBlocking, browserSuite } from './harness';

vi.setConfig({ testTimeout: 60_000 });
const suite = browserSuite();
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };



const BODY = `Quokkas help coaches plan a visit.

## Before the visit

Agree on one focus with the teacher.

## After the visit

Share one strength and one next step.`;

describe('publishing an article and finding it as a district user', () => {
  it('a provider admin writes it with a live preview and publishes it; a coach finds, reads and rates it', async () => {
    const admin = await suite.signedIn('support@coachwell.example', { viewport: DESKTOP, bypassCSP: true });
    await admin.goto('/admin/knowledge-base');
    await admin.getByRole('heading', { level: 1, name: 'Articles' }).waitFor();
    expect(await axeBlocking(admin)).toEqual([]);
    await admin.getByRole('link', { name: 'New article' }).first().click();
    await admin.waitForURL('**/admin/knowledge-base/create');
    await admin.getByLabel('Title').fill('Quokka field notes');
    expect(await admin.getByLabel('Address').inputValue()).toBe('quokka-field-notes');
    await admin.getByLabel('Category').selectOption('cycles-skills');
    await admin.getByLabel('Body (Markdown)').fill(BODY);
    const preview = admin.getByRole('region', { name: 'Preview of the article' });
    await preview.getByRole('heading', { level: 2, name: 'Before the visit' }).waitFor();
    expect(await preview.getByRole('heading', { level: 1 }).textContent()).toBe('Quokka field notes');
    expect(await axeBlocking(admin)).toEqual([]);
    await admin.getByRole('button', { name: 'Publish', exact: true }).click();
    await admin.waitForURL(/\/admin\/knowledge-base\/\d+$/);
    await admin.getByText('Published', { exact: true }).first().waitFor();
    await admin.getByRole('heading', { name: 'History of edits' }).waitFor();
    // The heading shows while the history is still loading; wait for its one row.
    await admin.getByText('Version 1', { exact: true }).waitFor();
    expect(await admin.getByText('Version 1', { exact: true }).count()).toBe(1);

    // The admin list: filters in the URL.
    await admin.goto('/admin/knowledge-base');
    await admin.getByLabel('Status').selectOption('published');
    await admin.getByRole('searchbox', { name: 'Search' }).fill('quokka');
    await admin.waitForURL((u) => u.searchParams.get('search') === 'quokka' && u.searchParams.get('status') === 'published');
    await admin.getByRole('link', { name: 'Quokka field notes' }).waitFor();
    await admin.getByText('1 article matches your filters').waitFor();

    // A coach finds it by searching as they type.
    const coach = await suite.signedIn('coach@maplegrove.example', { viewport: DESKTOP, bypassCSP: true });
    await coach.goto('/app/support');
    await coach.getByRole('heading', { level: 1, name: 'Support knowledge base' }).waitFor();
    await coach.getByRole('heading', { name: 'Browse by topic' }).waitFor();
    expect(await axeBlocking(coach)).toEqual([]);
    await coach.getByLabel('Search help articles').fill('quokka');
    await coach.waitForURL((u) => u.searchParams.get('search') === 'quokka');
    const hit = coach.getByRole('link', { name: 'Quokka field notes' });
    await hit.waitFor();
    expect(await hit.locator('mark').textContent()).toBe('Quokka');
    expect(await coach.locator('.support-result__snippet mark').first().textContent()).toBe('Quokka');
    expect(await axeBlocking(coach)).toEqual([]);
    await hit.click();
    await coach.waitForURL('**/app/support/quokka-field-notes');
    await coach.getByRole('heading', { level: 1, name: 'Quokka field notes' }).waitFor();
    expect(await coach.title()).toBe('Support Article | Coachwell');

    // The table of contents links to the headings.
    const toc = coach.getByRole('navigation', { name: 'On this page' });
    expect(await toc.getByRole('link').allTextContents()).toEqual(['Before the visit', 'After the visit']);
    await toc.getByRole('link', { name: 'After the visit' }).click();
    await coach.waitForURL('**#after-the-visit');
    expect(await axeBlocking(coach)).toEqual([]);

    // Was this helpful? Counted once, remembered after a reload.
    await coach.getByRole('button', { name: 'Yes', exact: true }).click();
    await coach.getByText('Thanks for telling us.', { exact: false }).waitFor();
    // The thanks already shows from the first answer: wait for the second one's own answer before
    // reading the counts (and before the reload, which would cut it short).
    const again = coach.waitForResponse((r) => r.url().endsWith('/api/article/quokka-field-notes/feedback') && r.request().method() === 'POST');
    await coach.getByRole('button', { name: 'Yes', exact: true }).click();
    expect((await again).ok()).toBe(true);
    await coach.getByText('Thanks for telling us.', { exact: false }).waitFor();
    const list = await api<{ data: { title: string; helpful_yes: number; view_count: number }[] }>(admin, 'GET', 'admin/article?search=quokka');
    expect(list.json.data[0]).toMatchObject({ title: 'Quokka field notes', helpful_yes: 1, view_count: 1 });
    await coach.reload();
    await coach.getByText('You answered this already', { exact: false }).waitFor();
    expect(await coach.getByRole('button', { name: 'Yes', exact: true }).getAttribute('aria-pressed')).toBe('true');
  });

  it('an unknown or unpublished address shows the friendly not-found page, at both widths', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await suite.signedIn('teacher@maplegrove.example', { viewport, bypassCSP: true });
      await page.goto('/app/support/no-such-article');
      await page.getByRole('heading', { level: 1, name: 'We couldn’t find that article' }).waitFor();
      expect(await axeBlocking(page)).toEqual([]);
      await page.getByRole('link', { name: 'Search the knowledge base' }).click();
      await page.waitForURL((u) => u.pathname === '/app/support');
      // An educator does not see the articles written for administrators.
      await page.getByLabel('Search help articles').fill('oneroster');
      await page.getByText('No articles match').waitFor();
    }
  });

  it('the Support article and the admin editor work at phone width', async () => {
    const coach = await suite.signedIn('coach@maplegrove.example', { viewport: PHONE, bypassCSP: true });
    await coach.goto('/app/support/logging-an-interaction');
    await coach.getByRole('heading', { level: 1, name: 'Logging an interaction' }).waitFor();
    expect(await axeBlocking(coach)).toEqual([]);
    const admin = await suite.signedIn('support@coachwell.example', { viewport: PHONE, bypassCSP: true });
    await admin.goto('/admin/knowledge-base?category=reports');
    await admin.getByRole('link', { name: 'Reports' }).last().click();
    await admin.getByRole('heading', { name: 'Preview', exact: true }).waitFor();
    expect(await axeBlocking(admin)).toEqual([]);
  });

  it('XSS payloads in the title and body never become markup: the Support page, its search results and the admin preview', async () => {
    const admin = await suite.signedIn('support@coachwell.example', { viewport: DESKTOP, bypassCSP: true });
    const payloads = [
      '<script>window.__xss = 1</script>',
      '<img src=x onerror="window.__xss = 2">',
      '<a href="javascript:window.__xss = 3">click</a>',
      '[click me](javascript:window.__xss=4)',
      '<svg onload="window.__xss = 5"></svg>',
      '<iframe src="javascript:window.__xss=6"></iframe>',
      '"><img src=x onerror=window.__xss=7>',
    ];
    const created = await api<{ id: number; slug: string }>(admin, 'POST', 'admin/article', {
      title: 'Xsstrap <img src=x onerror="window.__xss = 8">', category: 'getting-started', audience: 'all', roles: [],
      body: `## Heading <script>window.__xss = 9</script>\n\nxsstrap\n\n${payloads.join('\n\n')}`,
    });
    expect(created.status).toBe(201);
    expect((await api(admin, 'POST', `admin/article/${created.json.id}/publish`)).status).toBe(200);

    const unsafe = (page: Page) => page.evaluate(() => ({
      xss: (window as unknown as { __xss?: number }).__xss ?? null,
      scripts: document.querySelectorAll('main script, main iframe, main svg[onload], main img[src="x"]').length,
      handlers: [...document.querySelectorAll('main *')].filter((el) => [...el.attributes].some((a) => a.name.startsWith('on'))).length,
      jsLinks: [...document.querySelectorAll('main a[href]')].filter((a) => /^\s*javascript:/i.test(a.getAttribute('href') ?? '')).length,
    }));

    const coach = await suite.signedIn('coach@maplegrove.example', { viewport: DESKTOP, bypassCSP: true });
    await coach.goto(`/app/support/${created.json.slug}`);
    await coach.getByRole('heading', { level: 1, name: /^Xsstrap/ }).waitFor();
    await coach.getByText('<script>window.__xss = 1</script>').waitFor();
    expect(await unsafe(coach)).toEqual({ xss: null, scripts: 0, handlers: 0, jsLinks: 0 });

    await coach.goto('/app/support?search=xsstrap');
    const hit = coach.locator('.support-result__title').getByRole('link', { name: /Xsstrap/ });
    await hit.waitFor();
    expect(await hit.textContent()).toBe('Xsstrap <img src=x onerror="window.__xss = 8">');
    expect(await hit.locator('mark').textContent()).toBe('Xsstrap');
    await coach.goto('/app/support?search=onerror');
    await coach.locator('.support-result__snippet mark', { hasText: 'onerror' }).first().waitFor();
    expect(await unsafe(coach)).toEqual({ xss: null, scripts: 0, handlers: 0, jsLinks: 0 });

    await admin.goto(`/admin/knowledge-base/${created.json.id}`);
    await admin.getByRole('region', { name: 'Preview of the article' }).getByText('<script>window.__xss = 1</script>').waitFor();
    expect(await unsafe(admin)).toEqual({ xss: null, scripts: 0, handlers: 0, jsLinks: 0 });
  });
});
