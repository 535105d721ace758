// The seeded help articles are written for district staff (issue 26): no developer paths (file names,
// API routes, source folders) and no addresses to type; pictures of the real screens (client/help/*.png,
// made by `npm run help-images`) with alt text, allowed by the CSP and served at /help/…; and the
// rewrite (migration 20261129_0151) keeps an article the provider's staff edited.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { markdownToText, renderMarkdown } from '../../../common/markdown';
import { REWRITES, up as rewriteArticles } from '../../../db/migrations/20261129_0151_articles_for_district_staff';
import { SLUG as OBSERVATIONS_SLUG } from '../../../db/migrations/20261201_0162_article_observations';
import { SLUG as EDUCATORS_SIDE_SLUG } from '../../../db/migrations/20261202_0171_article_educators_side';
import { SLUG as SINGLE_SIGN_ON_SLUG } from '../../../db/migrations/20261203_0173_article_single_sign_on';
import { SLUG as WORKING_OFFLINE_SLUG } from '../../../db/migrations/20261204_0175_article_working_offline';
import { SLUG as DISTRICT_DATA_SLUG } from '../../../db/migrations/20261205_0179_article_district_data';
import { SLUG as REPORTS_SLUG } from '../../../db/migrations/20261206_0184_reports_article_follow_through';
import { staticRoutes } from '../../static';
import { createTestApp, type TestApp } from '../../testing/app';

const HELP_DIR = path.resolve(import.meta.dirname, '../../../client/help');

/** What a district person must never read in a help article: developer paths, and addresses to type. */
function developerPaths(title: string, body: string): string[] {
  const found: string[] = [];
  for (const [label, pattern] of [
    ['an API route', /\/api\//i], ['a TypeScript file', /\.tsx?\b/i], ['a server folder', /\bserver\//i], ['a client folder', /\bclient\//i],
    ['a database folder', /\bdb\/(migrations|seeds)\b/i],
  ] as const) {
    if (pattern.test(title) || pattern.test(body)) found.push(label);
  }
  // Link targets may be addresses (links to other articles); the words a person reads may not.
  const text = markdownToText(body);
  const address = /(^|[\s(“"'*])\/(app|admin|api)\b[^\s]*/i.exec(text);
  if (address) found.push(`the address ${address[0].trim()}`);
  return found;
}

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

describe('the seeded help articles', () => {
  it('name no developer paths and no addresses to type', async () => {
    const articles = await t.db.selectFrom('articles').select(['slug', 'title', 'body']).orderBy('id').execute();
    // The twenty seeded (migration 20261123_0083), "Observations and walkthroughs" (migration 20261201_0162) and
    // "Your side of coaching (for educators)" (migration 20261202_0171) and "Single sign-on: signing in with school
    // accounts" (migration 20261203_0173) and "Working offline: Coachwell without a signal" (migration 20261204_0175) and
    // "Your district's data: export, retention and deletion" (migration 20261205_0179).
    expect(articles).toHaveLength(25);
    const offending = articles.map((a) => ({ slug: a.slug, found: developerPaths(a.title, a.body) })).filter((a) => a.found.length > 0);
    expect(offending).toEqual([]);
  });

  it('the check is real: it flags the text the articles were first seeded with', async () => {
    const first = await t.db.selectFrom('article_versions').select(['article_id', 'title', 'body']).orderBy('id').execute();
    const original = new Map<number, { title: string; body: string }>();
    for (const v of first) if (!original.has(v.article_id)) original.set(v.article_id, v);
    const flagged = [...original.values()].filter((v) => developerPaths(v.title, v.body).length > 0);
    expect(flagged.length).toBeGreaterThanOrEqual(8);
    expect(developerPaths('x', 'Open **/app/settings/site**.')).toEqual(['the address /app/settings/site']);
    expect(developerPaths('x', 'See server/features/articles/routes.ts')).toEqual(['a TypeScript file', 'a server folder']);
    expect(developerPaths('x', 'Call GET /api/article')).toEqual(['an API route', 'the address /api/article']);
  });

  it('every seeded article was rewritten once, kept in its history as a save by Coachwell', async () => {
    // Every article but the ones written later for district staff in the first place (observationsArticle.test.ts,
    // educatorsSideArticle.test.ts, singleSignOnArticle.test.ts, workingOfflineArticle.test.ts, districtDataArticle.test.ts).
    const articles = await t.db.selectFrom('articles').select(['id', 'slug', 'body']).where('slug', 'not in', [OBSERVATIONS_SLUG, EDUCATORS_SIDE_SLUG, SINGLE_SIGN_ON_SLUG, WORKING_OFFLINE_SLUG, DISTRICT_DATA_SLUG]).execute();
    for (const article of articles) {
      const versions = await t.db.selectFrom('article_versions').selectAll().where('article_id', '=', article.id).orderBy('id').execute();
      // "Reports" was rewritten once more, for the follow-through figures (migration 20261206_0184, reportsArticle.test.ts).
      expect(versions.map((v) => v.edited_by), article.slug).toEqual(article.slug === REPORTS_SLUG ? [null, null, null] : [null, null]);
      expect(versions.at(-1)!.body).toBe(article.body);
      expect(versions[0]!.body).not.toBe(article.body);
    }
    expect(new Set(articles.map((a) => a.slug))).toEqual(new Set(REWRITES.map((r) => r.slug)));
  });

  it('show pictures of the real screens: each with alt text, from /help/, a PNG that exists', async () => {
    const articles = await t.db.selectFrom('articles').select(['slug', 'body']).execute();
    const images = articles.flatMap((a) => [...renderMarkdown(a.body).html.matchAll(/<img [^>]*>/g)].map((m) => ({ slug: a.slug, tag: m[0] })));
    expect(images.length).toBeGreaterThanOrEqual(15);
    for (const { slug, tag } of images) {
      const src = /src="([^"]+)"/.exec(tag)?.[1] ?? '';
      const alt = /alt="([^"]*)"/.exec(tag)?.[1] ?? '';
      expect(src, slug).toMatch(/^\/help\/[a-z0-9-]+\.png$/);
      expect(alt.length, `${slug} ${src}`).toBeGreaterThan(20);
      const file = path.join(HELP_DIR, src.slice('/help/'.length));
      expect(fs.existsSync(file), file).toBe(true);
      // A real PNG, not an empty placeholder.
      expect(fs.readFileSync(file).subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('the CSP lets the pictures load (img-src self), and the built client folder serves them at /help/', async () => {
    const res = await request(t.app).get('/api/health');
    expect(res.headers['content-security-policy']).toMatch(/img-src 'self' data:/);

    const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coachwell-help-'));
    try {
      fs.cpSync(HELP_DIR, path.join(publicDir, 'help'), { recursive: true });
      const app = express().use(staticRoutes(publicDir, null));
      const image = await request(app).get('/help/sign-in.png');
      expect(image.status).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
    } finally {
      fs.rmSync(publicDir, { recursive: true, force: true });
    }
  });

  it('the rewrite keeps an article the provider edited, and rewrites one still holding the seeded text', async () => {
    const [edited, untouched] = await t.db.selectFrom('articles').select(['id', 'slug', 'body']).orderBy('id').limit(2).execute();
    const seededBody = async (id: number) => (await t.db.selectFrom('article_versions').select('body').where('article_id', '=', id).orderBy('id').executeTakeFirstOrThrow()).body;
    const versions = async (id: number) => (await t.db.selectFrom('article_versions').select('id').where('article_id', '=', id).execute()).length;
    // The provider's own words on one; the other back to the text first seeded.
    await t.db.updateTable('articles').set({ body: 'Our own words about signing in.' }).where('id', '=', edited!.id).execute();
    await t.db.updateTable('articles').set({ body: await seededBody(untouched!.id) }).where('id', '=', untouched!.id).execute();
    const before = { edited: await versions(edited!.id), untouched: await versions(untouched!.id) };

    await rewriteArticles(t.db);

    const after = await t.db.selectFrom('articles').select(['id', 'body']).where('id', 'in', [edited!.id, untouched!.id]).orderBy('id').execute();
    expect(after.find((a) => a.id === edited!.id)!.body).toBe('Our own words about signing in.');
    expect(after.find((a) => a.id === untouched!.id)!.body).toBe(untouched!.body);
    expect(await versions(edited!.id)).toBe(before.edited);
    expect(await versions(untouched!.id)).toBe(before.untouched + 1);
    // The search index follows the new text.
    const found = await t.db.selectFrom('articles').select('slug').where('body', 'like', '%Our own words%').execute();
    expect(found.map((a) => a.slug)).toEqual([edited!.slug]);
  });
});
