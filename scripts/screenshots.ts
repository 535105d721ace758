// Developer tool: screenshots of the given screens at desktop and phone width, plus an axe-core
// accessibility check of each. Usage: tsx scripts/screenshots.ts [filter]  → ./screenshots/*.png
// The knowledge base's pictures: tsx scripts/screenshots.ts --help-images [filter] → client/help/*.png
// (served at /help/…; the seeded articles show them), so the help shows the screens as they are today.
// The user guide's and README's pictures: tsx scripts/screenshots.ts --docs [filter] → docs/images/*.png.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import Database from 'better-sqlite3';
import { insertQuotes } from '../client/e2e/adminBillingSeed';
import { isSchoolDay, localDay, zonedInstant } from '../db/seeds/demoCalendar';
import { AXE_TAGS, launchBrowser, newPage, runCli, signIn, startServer } from '../client/e2e/harness';

const require = createRequire(import.meta.url);
const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const OUT = path.resolve(import.meta.dirname, '../screenshots');

const SHOTS: { name: string; path: string; as?: { email: string; area: 'app' | 'admin' }; cedarTrialEndsInDays?: number }[] = [
  { name: 'home', path: '/' },
  { name: 'pricing', path: '/pricing' },
  { name: 'policy', path: '/policy' },
  { name: 'forbidden', path: '/403' },
  { name: 'not-found', path: '/nope' },
  { name: 'register', path: '/register' },
  { name: 'login', path: '/app/auth/login' },
  { name: 'admin-login', path: '/admin/auth/login' },
  { name: 'password-reset-request', path: '/app/auth/password-reset' },
  { name: 'password-reset', path: '/app/auth/password-reset/abc/someone%40example.org' },
  { name: 'invite-invalid', path: '/app/auth/invite/nope' },
  { name: 'confirm-email', path: '/app/auth/confirm-email/not-a-real-token' },
  { name: 'dashboard-admin', path: '/app', as: { email: 'admin@maplegrove.example', area: 'app' } },
  { name: 'dashboard-teacher', path: '/app', as: { email: 'teacher@maplegrove.example', area: 'app' } },
  { name: 'settings', path: '/app/settings', as: { email: 'admin@maplegrove.example', area: 'app' } },
  { name: 'site-settings', path: '/app/settings/site', as: { email: 'admin@maplegrove.example', area: 'app' } },
  { name: 'dashboard-principal', path: '/app', as: { email: 'principal@maplegrove.example', area: 'app' } },
  { name: 'pending', path: '/app/support', as: { email: 'admin@maplegrove.example', area: 'app' } },
  { name: 'report-interactions', path: '/app/reports', as: { email: 'admin@maplegrove.example', area: 'app' } },
  { name: 'report-interactions-coach', path: '/app/reports?preset=last-30-days&interval=week', as: { email: 'coach@maplegrove.example', area: 'app' } },
  { name: 'report-coaching-cycles', path: '/app/reports/coaching-cycles', as: { email: 'admin@maplegrove.example', area: 'app' } },
  { name: 'report-teacher-level', path: '/app/reports/teacher-level', as: { email: 'admin@maplegrove.example', area: 'app' } },
  { name: 'report-coaching-team', path: '/app/reports/coaching-team', as: { email: 'admin@maplegrove.example', area: 'app' } },
  { name: 'report-comparison', path: '/app/reports/comparison', as: { email: 'admin@maplegrove.example', area: 'app' } },
  { name: 'observations', path: '/app/observations', as: { email: 'coach@maplegrove.example', area: 'app' } },
  { name: 'observation-new', path: '/app/observations/new', as: { email: 'coach@maplegrove.example', area: 'app' } },
  { name: 'observations-teacher', path: '/app/observations', as: { email: 'teacher@maplegrove.example', area: 'app' } },
  { name: 'report-walkthroughs', path: '/app/reports/walkthroughs', as: { email: 'admin@maplegrove.example', area: 'app' } },
  { name: 'coaching', path: '/app/coaching', as: { email: 'admin@maplegrove.example', area: 'app' } },
  // A long page: the sidebar column must run its full height.
  { name: 'staff-list', path: '/app/staff', as: { email: 'admin@maplegrove.example', area: 'app' } },
  { name: 'user-settings', path: '/app/settings/user', as: { email: 'admin@maplegrove.example', area: 'app' } },
  { name: 'admin-dashboard', path: '/admin', as: { email: 'support@coachwell.example', area: 'admin' } },
  { name: 'admin-districts', path: '/admin/districts', as: { email: 'support@coachwell.example', area: 'admin' } },
  { name: 'admin-district-view', path: '/admin/districts/1', as: { email: 'support@coachwell.example', area: 'admin' } },
  { name: 'dashboard-coach', path: '/app', as: { email: 'coach@maplegrove.example', area: 'app' } },
  { name: 'activity-coach', path: '/app/activity', as: { email: 'coach@maplegrove.example', area: 'app' } },
  { name: 'activity-week', path: '/app/activity?view=week', as: { email: 'admin@maplegrove.example', area: 'app' } },
  { name: 'calendar-sync', path: '/app/activity/calendar-sync', as: { email: 'coach@maplegrove.example', area: 'app' } },
  { name: 'interaction-settings', path: '/app/settings/interaction', as: { email: 'admin@maplegrove.example', area: 'app' } },
  { name: 'export-import', path: '/app/settings/export-import', as: { email: 'admin@maplegrove.example', area: 'app' } },
  { name: 'staff-view', path: '/app/staff/2', as: { email: 'admin@maplegrove.example', area: 'app' } },
  { name: 'admin-users', path: '/admin/users', as: { email: 'support@coachwell.example', area: 'admin' } },
  { name: 'admin-settings', path: '/admin/settings', as: { email: 'support@coachwell.example', area: 'admin' } },
  { name: 'admin-staff', path: '/admin/settings/users', as: { email: 'support@coachwell.example', area: 'admin' } },
  { name: 'support-home', path: '/app/support', as: { email: 'coach@maplegrove.example', area: 'app' } },
  { name: 'support-search', path: '/app/support?search=calendar', as: { email: 'coach@maplegrove.example', area: 'app' } },
  { name: 'support-article', path: '/app/support/logging-an-interaction', as: { email: 'coach@maplegrove.example', area: 'app' } },
  { name: 'support-missing', path: '/app/support/no-such-article', as: { email: 'teacher@maplegrove.example', area: 'app' } },
  { name: 'admin-articles', path: '/admin/knowledge-base', as: { email: 'support@coachwell.example', area: 'admin' } },
  { name: 'admin-article-edit', path: '/admin/knowledge-base/8', as: { email: 'support@coachwell.example', area: 'admin' } },
  { name: 'admin-article-new', path: '/admin/knowledge-base/create', as: { email: 'support@coachwell.example', area: 'admin' } },
  { name: 'admin-activity', path: '/admin/activity', as: { email: 'support@coachwell.example', area: 'admin' } },
  { name: 'admin-logs', path: '/admin/logs?kind=security', as: { email: 'support@coachwell.example', area: 'admin' } },
  // Alerts: the shots named alert* first create a few alerts (seedAlerts below).
  { name: 'alerts-admin', path: '/admin/alerts', as: { email: 'support@coachwell.example', area: 'admin' } },
  { name: 'alerts-banner', path: '/app', as: { email: 'teacher@maplegrove.example', area: 'app' } },
  // Provider billing: the shots named billing* first create quotes and activate one (seedBilling below).
  { name: 'billing-admin-quotes', path: '/admin/quotes', as: { email: 'support@coachwell.example', area: 'admin' } },
  { name: 'billing-admin-district', path: '/admin/districts/1', as: { email: 'support@coachwell.example', area: 'admin' } },
  // The district's billing: the shots named district-billing* first create quotes through the API and
  // activate one (seedDistrictBilling below); {quote}, {accepted} and {invoice} in a path are their ids.
  { name: 'district-billing', path: '/app/settings/billing', as: { email: 'admin@maplegrove.example', area: 'app' } },
  { name: 'district-billing-trial', path: '/app/settings/billing', as: { email: 'admin@cedarfalls.example', area: 'app' } },
  { name: 'district-billing-quotes', path: '/app/settings/billing/quotes?new=1&plan=enterprise&seats=12&term=3', as: { email: 'admin@maplegrove.example', area: 'app' } },
  { name: 'district-billing-quote', path: '/app/settings/billing/quotes/{quote}', as: { email: 'admin@maplegrove.example', area: 'app' } },
  { name: 'district-billing-quote-accepted', path: '/app/settings/billing/quotes/{accepted}', as: { email: 'admin@maplegrove.example', area: 'app' } },
  { name: 'district-billing-invoice', path: '/app/settings/billing/invoices/{invoice}', as: { email: 'admin@maplegrove.example', area: 'app' } },
  { name: 'pricing-signed-in', path: '/pricing', as: { email: 'admin@maplegrove.example', area: 'app' } },
  // Plans and trials: Cedar Falls (Essentials) with its trial ended or ending (setCedarTrial below), and
  // the upgrade notice of features Essentials lacks.
  { name: 'trial-ended-admin', path: '/app/settings/site', as: { email: 'admin@cedarfalls.example', area: 'app' }, cedarTrialEndsInDays: -3 },
  { name: 'trial-ended-coach', path: '/app', as: { email: 'coach@cedarfalls.example', area: 'app' }, cedarTrialEndsInDays: -3 },
  { name: 'trial-ending-admin', path: '/app', as: { email: 'admin@cedarfalls.example', area: 'app' }, cedarTrialEndsInDays: 5 },
  { name: 'plan-calendar-sync', path: '/app/activity/calendar-sync', as: { email: 'admin@cedarfalls.example', area: 'app' }, cedarTrialEndsInDays: 20 },
  { name: 'plan-coaching', path: '/app/coaching', as: { email: 'admin@cedarfalls.example', area: 'app' }, cedarTrialEndsInDays: 20 },
  { name: 'plan-interaction-settings', path: '/app/settings/interaction', as: { email: 'admin@cedarfalls.example', area: 'app' }, cedarTrialEndsInDays: 20 },
];

/**
 * The pictures of the seeded help articles (migration 20261129_0151_articles_for_district_staff): real
 * screens of the demo district at 1280 × 800, each after `prepare` (a dialog opened). Rerun after a
 * screen changes: `npm run help-images`. The files keep their names, so the articles need no edit.
 */
export const HELP_OUT = path.resolve(import.meta.dirname, '../client/help');
const ADMIN = 'admin@maplegrove.example';
const COACH = 'coach@maplegrove.example';
const clickButton = (name: RegExp) => async (page: Page) => {
  await page.getByRole('button', { name }).first().click();
  await page.getByRole('dialog').first().waitFor();
};
/**
 * The skill map of one school (Lincoln Middle School, 15 educators) scrolled down to its legend, so the
 * grid's header, its first rows and its summary row are in view (at the top of the page only the filters
 * and the top of the header showed, cut by the window's bottom edge).
 */
const schoolSkillMap = async (page: Page) => {
  await page.getByLabel('School').selectOption({ label: 'Lincoln Middle School' });
  await page.waitForURL(/building_id=/);
  await page.waitForLoadState('networkidle');
  await page.locator('.sm-grid tbody tr').first().waitFor();
  await page.evaluate(() => {
    const below = document.querySelector('.app-topbar')?.getBoundingClientRect().bottom ?? 0;
    window.scrollBy(0, document.querySelector('.sm-legend')!.getBoundingClientRect().top - below - 16);
  });
};
/** A walkthrough under way: the educator chosen (from the address), the first three look-fors answered, back at the top. */
const answerLookFors = async (page: Page) => {
  const lookFors = page.locator('fieldset.obs-item[data-kind="look_for"]');
  await lookFors.first().waitFor();
  for (const [i, answer] of ['Seen', 'Seen', 'Not seen'].entries()) await lookFors.nth(i).getByRole('radio', { name: answer, exact: true }).click();
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
};
/** The Interactions report scrolled to its follow-through figures (issue 29), just under the top bar. */
const followThrough = async (page: Page) => {
  const section = page.locator('section.report-follow-through');
  await section.waitFor();
  await page.evaluate(() => {
    const below = document.querySelector('.app-topbar')?.getBoundingClientRect().bottom ?? 0;
    window.scrollBy(0, document.querySelector('section.report-follow-through')!.getBoundingClientRect().top - below - 16);
  });
};
const HELP_SHOTS: { file: string; path: string; as?: string; prepare?: (page: Page) => Promise<void> }[] = [
  { file: 'sign-in', path: '/app/auth/login' },
  { file: 'dashboard-administrator', path: '/app', as: ADMIN },
  { file: 'dashboard-coach', path: '/app', as: COACH },
  { file: 'add-educators', path: '/app/staff/create', as: ADMIN },
  { file: 'educator-profile', path: '/app/staff/2', as: ADMIN },
  { file: 'groups', path: '/app/staff/groups', as: ADMIN },
  { file: 'coaches', path: '/app/coaches', as: ADMIN },
  { file: 'log-interaction', path: '/app/activity', as: COACH, prepare: clickButton(/^Log interaction$/) },
  { file: 'log-time', path: '/app/activity', as: COACH, prepare: clickButton(/^Log time$/) },
  { file: 'activity-week', path: '/app/activity?view=week', as: COACH },
  { file: 'calendar-sync', path: '/app/activity/calendar-sync', as: COACH },
  { file: 'coaching-cycles', path: '/app/coaching?tab=cycles', as: ADMIN },
  { file: 'skill-map', path: '/app/coaching', as: ADMIN, prepare: schoolSkillMap },
  { file: 'export-and-import', path: '/app/settings/export-import', as: ADMIN },
  { file: 'users', path: '/app/settings/user', as: ADMIN },
  { file: 'site-settings', path: '/app/settings/site', as: ADMIN },
  { file: 'reports', path: '/app/reports', as: ADMIN },
  // The article "Reports": its follow-through section (migration 20261206_0184_reports_article_follow_through).
  { file: 'report-follow-through', path: '/app/reports', as: ADMIN, prepare: followThrough },
  { file: 'billing', path: '/app/settings/billing', as: ADMIN },
  { file: 'account-settings', path: '/app/settings', as: COACH },
  // The article "Observations and walkthroughs" (migration 20261201_0162_article_observations).
  { file: 'observations', path: '/app/observations', as: COACH },
  { file: 'observation-capture', path: '/app/observations/new?staff_id=2', as: COACH, prepare: answerLookFors },
  { file: 'walkthrough-report', path: '/app/reports/walkthroughs', as: ADMIN },
  // The article "Your side of coaching (for educators)" (migration 20261202_0171_article_educators_side).
  { file: 'educator-home', path: '/app', as: 'teacher@maplegrove.example' },
  { file: 'action-steps', path: '/app/action-steps', as: 'teacher@maplegrove.example' },
  // The article "Single sign-on: signing in with school accounts" (migration 20261203_0173_article_single_sign_on).
  { file: 'single-sign-on', path: '/app/settings/single-sign-on', as: 'admin@riverbend.example' },
];

async function helpImages(filter: string | undefined) {
  fs.mkdirSync(HELP_OUT, { recursive: true });
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    for (const shot of HELP_SHOTS.filter((s) => !filter || filter.split('|').some((f) => s.file.includes(f)))) {
      const { context, page } = await newPage(browser, server, { viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
      if (shot.as) await signIn(page, shot.as, shot.as.endsWith('@coachwell.example') ? 'admin' : 'app');
      await page.goto(shot.path);
      await page.waitForLoadState('networkidle');
      await shot.prepare?.(page);
      await page.waitForTimeout(400);
      const file = path.join(HELP_OUT, `${shot.file}.png`);
      await page.screenshot({ path: file });
      console.log(`${shot.file}.png (${Math.round(fs.statSync(file).size / 1024)} KB)`);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

/**
 * The user guide's and the README's pictures (docs/guide/, README.md): every help picture above (the same
 * screens, names and dialogs, so the guide and the knowledge base show the same thing) plus the guide's own,
 * at 1366 × 800 on a desktop and 390 × 844 where a phone matters. Viewport shots only (no full-page shots of
 * long lists), so each stays small. Rerun after a screen changes: `npm run docs-images` (or
 * `tsx scripts/screenshots.ts --docs [filter]`) → docs/images/*.png.
 */
export const DOCS_OUT = path.resolve(import.meta.dirname, '../docs/images');
const PRINCIPAL = 'principal@maplegrove.example';
const PHONE = { width: 390, height: 844 };
/** schoolDay: the browser's clock at that hour of the next school day (7.5 = 7:30 am) when run on a weekend or holiday. */
type DocsShot = (typeof HELP_SHOTS)[number] & { viewport?: { width: number; height: number }; schoolDay?: number };
/** Opens the cycle card at `index` on the board (its page opens as a dialog). */
const openCycle = (index: number) => async (page: Page) => {
  await page.locator('.cyc-card__open').nth(index).click();
  await page.getByRole('dialog').first().waitFor();
  await page.waitForLoadState('networkidle');
};
/** The Log interaction form as a coach fills it in: the first type and the first recent educator chosen. */
const fillLogForm = async (page: Page) => {
  await clickButton(/^Log interaction$/)(page);
  const dialog = page.getByRole('dialog').first();
  await dialog.locator('.type-picker__option').first().click();
  await dialog.locator('.quick-add').first().click();
  await page.waitForLoadState('networkidle');
  // Back to the top of the form, with no hover left on a chip.
  await page.mouse.move(1, 1);
  await dialog.evaluate((el) => el.querySelectorAll('*').forEach((e) => { if (e.scrollTop) e.scrollTop = 0; }));
};
/** Rate skills as after an observation: the latest interaction as evidence, two skills rated, focus off the date box. */
const rateTwoSkills = async (page: Page) => {
  await clickButton(/^Rate skills$/)(page);
  const dialog = page.getByRole('dialog').first();
  await page.waitForLoadState('networkidle');
  const evidence = dialog.getByLabel('Evidence from');
  if ((await evidence.locator('option').count()) > 1) await evidence.selectOption({ index: 1 });
  const skills = dialog.locator('.rate-skills__skill');
  await skills.nth(0).locator('.rate-level').nth(2).click();
  await skills.nth(1).locator('.rate-level').nth(2).click();
  await skills.nth(0).getByLabel(/^Note/).fill('Posted the goal and came back to it at the end of the lesson.');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
};
/** The demo teacher's profile as their coach sees it, scrolled to the Skills section (Coach and Self side by side). */
const demoTeacherSkills = async (page: Page) => {
  const id = await page.evaluate(async () => {
    const map = await (await fetch('/api/skill-map?per_page=100', { credentials: 'include' })).json() as { data: { staff: { id: number; name: string } }[] };
    return map.data.find((r) => r.staff.name === 'Jordan Ellis')!.staff.id;
  });
  await page.goto(`/app/staff/${id}`);
  await page.locator('.skills-row__self').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.locator('#staff-skills').evaluate((el) => el.scrollIntoView({ block: 'start' }));
};
/** The phone week on its latest day with entries (on a weekend, today's column is empty). */
const latestDayWithEntries = async (page: Page) => {
  await page.locator('.week-phone__day:has(.week-phone__dot)').last().click();
  await page.waitForLoadState('networkidle');
};
/** A report scrolled to the table titled `title`, just under the top bar. */
const reportTable = (title: string) => async (page: Page) => {
  const heading = page.locator('h2.report-table-section__title', { hasText: new RegExp(`^${title}$`) });
  await heading.waitFor();
  await heading.evaluate((el) => {
    const below = document.querySelector('.app-topbar')?.getBoundingClientRect().bottom ?? 0;
    window.scrollBy(0, el.getBoundingClientRect().top - below - 16);
  });
};
const DOCS_SHOTS: DocsShot[] = [
  // The dashboards on a school day's morning (run on a weekend or a holiday, "Today" would be empty), and
  // the log form during one (coaching happens on school days).
  ...HELP_SHOTS.map((s): DocsShot => (s.file.startsWith('dashboard-') ? { ...s, schoolDay: 7.5 } : s.file === 'log-interaction' ? { ...s, prepare: fillLogForm, schoolDay: 10.25 } : s)),
  { file: 'dashboard-principal', path: '/app', as: PRINCIPAL, schoolDay: 7.5 },
  { file: 'dashboard-coach-phone', path: '/app', as: COACH, viewport: PHONE, schoolDay: 7.5 },
  { file: 'educators', path: '/app/staff', as: ADMIN },
  { file: 'invite-user', path: '/app/settings/user/new', as: ADMIN },
  { file: 'interaction-settings', path: '/app/settings/interaction', as: ADMIN },
  { file: 'cycle-settings', path: '/app/settings/coaching-cycle', as: ADMIN },
  { file: 'activity-agenda', path: '/app/activity', as: COACH },
  { file: 'log-interaction-phone', path: '/app/activity', as: COACH, viewport: PHONE, prepare: fillLogForm, schoolDay: 10.25 },
  { file: 'activity-phone', path: '/app/activity?view=week', as: COACH, viewport: PHONE, prepare: latestDayWithEntries },
  { file: 'skill-framework', path: '/app/coaching?tab=framework', as: ADMIN },
  { file: 'rate-skills', path: '/app/staff/2', as: COACH, prepare: rateTwoSkills },
  { file: 'skill-map-phone', path: '/app/coaching', as: COACH, viewport: PHONE },
  { file: 'report-coaching-team', path: '/app/reports/coaching-team', as: ADMIN },
  // The guide's Follow-through section (docs/guide/reports.md): each coach's action steps and coaching requests.
  { file: 'report-coaching-team-follow-through', path: '/app/reports/coaching-team', as: ADMIN, prepare: reportTable('Follow-through') },
  { file: 'billing-quote-request', path: '/app/settings/billing/quotes?new=1&plan=enterprise&seats=12&term=3', as: ADMIN },
  { file: 'cycle-detail', path: '/app/coaching?tab=cycles', as: COACH, prepare: openCycle(2) },
  { file: 'observation-capture-phone', path: '/app/observations/new?staff_id=2', as: COACH, viewport: PHONE, prepare: answerLookFors },
  // The guide's Calibration section (docs/guide/observations.md): the demo's sessions and their agreement over time.
  { file: 'calibration', path: '/app/observations/calibration', as: PRINCIPAL },
  { file: 'dashboard-educator-phone', path: '/app', as: 'teacher@maplegrove.example', viewport: PHONE },
  // The guide's page for educators (docs/guide/for-educators.md): the educator's home.
  { file: 'dashboard-educator', path: '/app', as: 'teacher@maplegrove.example' },
  // The guide's Self-assessment section (docs/guide/skill-mapping.md): the educator's screen, and their coach's view of both ratings.
  { file: 'self-assessment', path: '/app/self-assessment', as: 'teacher@maplegrove.example' },
  { file: 'self-assessment-phone', path: '/app/self-assessment', as: 'teacher@maplegrove.example', viewport: PHONE },
  { file: 'skills-coach-and-self', path: '/app', as: COACH, prepare: demoTeacherSkills },
  { file: 'skills-coach-and-self-phone', path: '/app', as: COACH, viewport: PHONE, prepare: demoTeacherSkills },
  // The guide's Asking for coaching page (docs/guide/coaching-requests.md): the educator's screen and the coach's queue.
  { file: 'coaching-requests', path: '/app/coaching-requests', as: 'teacher@maplegrove.example' },
  { file: 'coaching-requests-phone', path: '/app/coaching-requests', as: 'teacher@maplegrove.example', viewport: PHONE },
  { file: 'coaching-requests-queue', path: '/app', as: COACH },
  // The guide's Who has read about me page (docs/guide/who-has-read-about-me.md): the educator's screen.
  { file: 'read-log', path: '/app/read-log', as: 'teacher@maplegrove.example' },
  { file: 'read-log-phone', path: '/app/read-log', as: 'teacher@maplegrove.example', viewport: PHONE },
];

/** The next school day of the demo calendar at `hour` in the demo's zone, unless today is one (then undefined). */
function schoolDayAt(hour: number): Date | undefined {
  const zone = 'America/Chicago';
  let day = localDay(new Date(), zone);
  if (isSchoolDay(day)) return undefined;
  for (let i = 0; i < 30 && !isSchoolDay(day); i++) day = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return zonedInstant(day, Math.floor(hour), Math.round((hour % 1) * 60), zone);
}

/** Waits for the built client (another process may be rebuilding it): true once it is there. */
async function builtClient(seconds = 120): Promise<boolean> {
  for (let i = 0; i < seconds; i++) {
    if (fs.existsSync(path.resolve(import.meta.dirname, '../dist/public/index.html'))) return true;
    await new Promise((r) => setTimeout(r, 1000));
  }
  return false;
}

async function docsImages(filter: string | undefined) {
  fs.mkdirSync(DOCS_OUT, { recursive: true });
  if (!(await builtClient())) throw new Error('Build the client first: npm run build.');
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    for (const shot of DOCS_SHOTS.filter((s) => !filter || filter.split('|').some((f) => s.file.includes(f)))) {
      const viewport = shot.viewport ?? { width: 1366, height: 800 };
      // A rebuild of the client while a shot is taken shows "not built yet" or fails: wait and take it again.
      for (let attempt = 1; ; attempt++) {
        const { context, page } = await newPage(browser, server, { viewport, colorScheme: 'light', bypassCSP: true });
        try {
          const clock = shot.schoolDay === undefined ? undefined : schoolDayAt(shot.schoolDay);
          if (clock) await page.clock.setFixedTime(clock);
          if (shot.as) await signIn(page, shot.as, shot.as.endsWith('@coachwell.example') ? 'admin' : 'app');
          await page.goto(shot.path);
          await page.waitForLoadState('networkidle');
          await shot.prepare?.(page);
          await page.waitForTimeout(400);
          if (!(await page.locator('main').count())) throw new Error(`${shot.file}: no main landmark (the client was being rebuilt?)`);
          const file = path.join(DOCS_OUT, `${shot.file}.png`);
          await page.screenshot({ path: file });
          const violations = await axe(page);
          if (violations.length) console.log(`${shot.file}: ${violations.join('\n   ')}`);
          const kb = Math.round(fs.statSync(file).size / 1024);
          console.log(`${shot.file}.png ${viewport.width} × ${viewport.height} (${kb} KB)${kb > 250 ? ' OVER 250 KB' : ''}`);
          break;
        } catch (err) {
          if (attempt === 3) {
            console.log(`${shot.file}: NOT TAKEN: ${(err as Error).message.split('\n')[0]}`);
            process.exitCode = 1;
            break;
          }
          console.log(`${shot.file}: ${(err as Error).message.split('\n')[0]}; again in 10 s`);
          await new Promise((r) => setTimeout(r, 10_000));
          await builtClient();
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** Quotes of both demo districts beside Maple Grove's seeded ones (inserted, as the browser tests do): an accepted one to activate. */
function seedBilling(server: Awaited<ReturnType<typeof startServer>>) {
  insertQuotes(server.dataDir, [
    { district: 'Maple Grove', plan: 'enterprise', seats: 8, termYears: 3, status: 'declined', daysAgo: 12 },
    { district: 'Cedar Falls', plan: 'essentials', seats: 3, termYears: 1, status: 'sent', validInDays: -2, daysAgo: 32 },
    { district: 'Cedar Falls', plan: 'professional', seats: 4, termYears: 2, status: 'draft', daysAgo: 2 },
    { district: 'Maple Grove', plan: 'professional', seats: 14, termYears: 2, status: 'accepted', poNumber: 'MG-PO-2026-1187', daysAgo: 1 },
  ]);
}

const seededIds: Record<string, number> = {};

/** Maple Grove's billing contact and two quotes through the API, one accepted and activated by the provider (its invoice). */
async function seedDistrictBilling(browser: Awaited<ReturnType<typeof launchBrowser>>, server: Awaited<ReturnType<typeof startServer>>) {
  const call = (page: Page, method: string, url: string, body?: unknown) => page.evaluate(async ({ method, url, body }) => {
    const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
    const res = await fetch(`/api/${url}`, {
      method, credentials: 'include', body: body === undefined ? undefined : JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': xsrf },
    });
    const json = await res.json().catch(() => null) as { id?: number; invoices?: { id: number }[] } | null;
    if (res.status >= 300) throw new Error(`${method} /api/${url} answered ${res.status}.`);
    return json ?? {};
  }, { method, url, body });
  const district = await newPage(browser, server);
  await signIn(district.page, 'admin@maplegrove.example', 'app');
  await call(district.page, 'PUT', 'billing', { billing_contact_name: 'Dana Whitfield', billing_contact_email: 'ap@maplegrove.example', billing_address: 'Maple Grove USD Business Office\n400 Orchard Avenue\nMaple Grove, MN 55369', tax_exempt_number: 'MN-ST3-448812' });
  seededIds.quote = (await call(district.page, 'POST', 'quote', { plan: 'professional', seats: 14, term_years: 2, notes: 'Requisition R-2027-118, Title II funds.' })).id!;
  seededIds.accepted = (await call(district.page, 'POST', 'quote', { plan: 'enterprise', seats: 12, term_years: 3, notes: '' })).id!;
  await call(district.page, 'POST', `quote/${seededIds.accepted}/accept`, { po_number: 'PO-55120', signer_name: 'Morgan Lee', signer_title: 'Assistant Superintendent' });
  await district.context.close();
  const provider = await newPage(browser, server);
  await signIn(provider.page, 'support@coachwell.example', 'admin');
  try {
    seededIds.invoice = (await call(provider.page, 'POST', `admin/quote/${seededIds.accepted}/activate`, {})).invoices?.[0]?.id ?? 0;
  } catch (err) {
    console.log(`${(err as Error).message} The invoice shot shows "not found".`);
  }
  await provider.context.close();
}

/** Moves Cedar Falls' trial end (days from now) in the database, and gives it a coach once. */
let cedarCoach = false;
async function setCedarTrial(server: Awaited<ReturnType<typeof startServer>>, days: number) {
  const db = new Database(path.join(server.dataDir, 'coachwell.sqlite'));
  const cedar = db.prepare("SELECT id FROM districts WHERE name LIKE 'Cedar Falls%'").get() as { id: number };
  db.prepare('UPDATE districts SET trial_ends_at = ? WHERE id = ?').run(new Date(Date.now() + days * 86_400_000).toISOString(), cedar.id);
  db.close();
  if (!cedarCoach) {
    await runCli(server, ['create-user', '--district', String(cedar.id), '--role', 'coach', '--email', 'coach@cedarfalls.example', '--name', 'Casey Rivera', '--password', 'coachwell-demo']);
    cedarCoach = true;
  }
}

/** A few alerts of each level and state, created through the API as the provider admin. */
async function seedAlerts(browser: Awaited<ReturnType<typeof launchBrowser>>, server: Awaited<ReturnType<typeof startServer>>) {
  const { context, page } = await newPage(browser, server);
  await signIn(page, 'support@coachwell.example', 'admin');
  const hour = 3_600_000;
  const at = (offset: number) => new Date(Date.now() + offset).toISOString();
  const alerts = [
    { title: 'Scheduled maintenance on Saturday night', body: 'Coachwell will be unavailable **Saturday from 10 pm to midnight Central** while we upgrade our servers. Save your work before then.', level: 'critical', audience: 'everyone', starts_at: at(-hour), ends_at: at(72 * hour) },
    { title: 'New: the coaching team report', body: 'See every coach\'s minutes by type in [the new report](https://example.org/reports).', level: 'info', audience: 'plan', audience_values: ['professional', 'enterprise'], starts_at: at(-2 * hour) },
    { title: 'Rosters sync slowly today', body: 'Imports may take a few minutes longer than usual.', level: 'warning', audience: 'roles', audience_values: ['district-admin', 'educator'], starts_at: at(-3 * hour), ends_at: at(5 * hour) },
    { title: 'Winter release notes', body: 'What changes in January.', level: 'info', audience: 'everyone', starts_at: at(240 * hour) },
    { title: 'Fall training webinar', body: 'Thanks for joining!', level: 'info', audience: 'everyone', starts_at: at(-400 * hour), ends_at: at(-300 * hour) },
  ];
  for (const alert of alerts) {
    const status = await page.evaluate(async (body) => {
      const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
      const res = await fetch('/api/admin/alert', {
        method: 'POST', credentials: 'include', body: JSON.stringify(body),
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': xsrf },
      });
      return res.status;
    }, alert);
    if (status !== 201) throw new Error(`Creating the alert "${alert.title}" answered ${status}.`);
  }
  await context.close();
}

async function axe(page: Page) {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async (tags) => {
    const result = await (window as unknown as { axe: { run: (c: unknown, o?: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  }, AXE_TAGS);
}

// Ad hoc: tsx scripts/screenshots.ts --path /app/staff --as admin@maplegrove.example --name staff-list
const args = process.argv.slice(2);
const flag = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
if (flag('--path')) {
  const as = flag('--as');
  SHOTS.splice(0, SHOTS.length, { name: flag('--name') ?? 'adhoc', path: flag('--path')!, as: as ? { email: as, area: as.endsWith('@coachwell.example') ? 'admin' : 'app' } : undefined });
}
if (args[0] === '--help-images') {
  await helpImages(args[1]);
  process.exit(0);
}
if (args[0] === '--docs') {
  await docsImages(args[1]);
  process.exit(); // 1 when a picture could not be taken
}
const filter = flag('--path') ? undefined : args[0];
fs.mkdirSync(OUT, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
try {
  if (SHOTS.some((s) => s.name.startsWith('alert') && (!filter || filter.split('|').some((f) => s.name.includes(f))))) await seedAlerts(browser, server);
  if (SHOTS.some((s) => s.name.startsWith('billing') && (!filter || filter.split('|').some((f) => s.name.includes(f))))) seedBilling(server);
  if (SHOTS.some((s) => s.name.startsWith('district-billing') && (!filter || filter.split('|').some((f) => s.name.includes(f))))) await seedDistrictBilling(browser, server);
  for (const shot of SHOTS.filter((s) => !filter || filter.split('|').some((f) => s.name.includes(f)))) {
    if (shot.cedarTrialEndsInDays !== undefined) await setCedarTrial(server, shot.cedarTrialEndsInDays);
    for (const [label, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
      const { context, page } = await newPage(browser, server, { viewport, colorScheme: process.env.DARK ? 'dark' : 'light', bypassCSP: true });
      if (shot.as) await signIn(page, shot.as.email, shot.as.area);
      await page.goto(shot.path.replace(/\{(\w+)\}/g, (_, key: string) => String(seededIds[key] ?? 0)));
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      // A whole-page picture: what a phone lays out only as it comes into view (content-visibility: auto, the reports'
      // charts and the skill map's cards) is laid out and painted for it, or it would show as empty boxes.
      await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
      await page.waitForTimeout(100);
      await page.screenshot({ path: path.join(OUT, `${shot.name}-${label}.png`), fullPage: true });
      if (label === 'desktop') {
        const violations = await axe(page);
        console.log(`${shot.name}: ${violations.length ? violations.join('\n   ') : 'no axe violations'}`);
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      if (overflow) console.log(`${shot.name} ${label}: HORIZONTAL OVERFLOW`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
