// Developer tool: screenshots of the given screens at desktop and phone width, plus an axe-core
// accessibility check of each. Usage: tsx scripts/screenshots.ts [filter]  → ./screenshots/*.png
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import Database from 'better-sqlite3';
import { launchBrowser, newPage, runCli, signIn, startServer } from '../client/e2e/harness';

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
  // Plans and trials: Cedar Falls (Essentials) with its trial ended or ending (setCedarTrial below), and
  // the upgrade notice of features Essentials lacks.
  { name: 'trial-ended-admin', path: '/app/settings/site', as: { email: 'admin@cedarfalls.example', area: 'app' }, cedarTrialEndsInDays: -3 },
  { name: 'trial-ended-coach', path: '/app', as: { email: 'coach@cedarfalls.example', area: 'app' }, cedarTrialEndsInDays: -3 },
  { name: 'trial-ending-admin', path: '/app', as: { email: 'admin@cedarfalls.example', area: 'app' }, cedarTrialEndsInDays: 5 },
  { name: 'plan-calendar-sync', path: '/app/activity/calendar-sync', as: { email: 'admin@cedarfalls.example', area: 'app' }, cedarTrialEndsInDays: 20 },
  { name: 'plan-coaching', path: '/app/coaching', as: { email: 'admin@cedarfalls.example', area: 'app' }, cedarTrialEndsInDays: 20 },
  { name: 'plan-interaction-settings', path: '/app/settings/interaction', as: { email: 'admin@cedarfalls.example', area: 'app' }, cedarTrialEndsInDays: 20 },
];

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
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (o?: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run();
    return result.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  });
}

// Ad hoc: tsx scripts/screenshots.ts --path /app/staff --as admin@maplegrove.example --name staff-list
const args = process.argv.slice(2);
const flag = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
if (flag('--path')) {
  const as = flag('--as');
  SHOTS.splice(0, SHOTS.length, { name: flag('--name') ?? 'adhoc', path: flag('--path')!, as: as ? { email: as, area: as.endsWith('@coachwell.example') ? 'admin' : 'app' } : undefined });
}
const filter = flag('--path') ? undefined : args[0];
fs.mkdirSync(OUT, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
try {
  if (SHOTS.some((s) => s.name.startsWith('alert') && (!filter || filter.split('|').some((f) => s.name.includes(f))))) await seedAlerts(browser, server);
  for (const shot of SHOTS.filter((s) => !filter || filter.split('|').some((f) => s.name.includes(f)))) {
    if (shot.cedarTrialEndsInDays !== undefined) await setCedarTrial(server, shot.cedarTrialEndsInDays);
    for (const [label, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
      const { context, page } = await newPage(browser, server, { viewport, colorScheme: process.env.DARK ? 'dark' : 'light', bypassCSP: true });
      if (shot.as) await signIn(page, shot.as.email, shot.as.area);
      await page.goto(shot.path);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
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
