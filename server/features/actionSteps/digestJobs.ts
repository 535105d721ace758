// The educator's weekly action-step email (issue 29, item 2), its runner: started by server/main.ts, tests and the
// bench call runActionStepDigests. Every few minutes it looks at each district that is not suspended and the
// timezones its educators' logins keep (each person's own clock: their profile timezone, the district's when theirs
// is unreadable; lib/zone.ts zoneOf). For each such zone in the day that starts on Monday at 07:00 there (up to
// Tuesday 07:00, so a restart on Monday still sends that week), it writes that week's digest for the district's
// logins on that clock in a few set-based statements:
// 1. CLAIM: one INSERT … SELECT … ON CONFLICT (user_id) DO UPDATE SET last_week = the week WHERE the row's email is
//    on and its last_week is earlier … RETURNING user_id, over every active login whose only role is educator and
//    that is linked to an active staff row of the district. However many processes run, a login's week is
//    claimed by exactly one statement (the row lock / SQLite's single writer), so it is written once a week.
//    A login that turned the email off (weekly_email = 0) is never claimed.
// 2. READ: the claimed logins' own open steps that are overdue or due within ACTION_STEP_DUE_SOON_DAYS days of
//    their today (the zone's), in chunks of CHUNK logins (one query a chunk, never one per educator).
// The week is the Monday of the person's own calendar; a login whose timezone changes within a week still gets
// one digest that week (its last_week already holds that Monday).
// 3. SEND, after the claim's commit: one email per claimed login that has such steps; nothing to a login with
//    nothing due (its week is written all the same, so a step added later that week sends nothing until next
//    Monday). A failed send gives the login's week back (last_week = null) so the next pass retries it.
import { type PeriodicJob, startPeriodicJob } from '../../lib/periodicJob';
import type { Locale } from '../../../common/locales';
import { localeOfUser } from '../../i18n/locale';
import type { ActionStepDue } from '../../../common/actionStepValues';
import { actionStepDue, ACTION_STEP_DUE_SOON_DAYS } from '../../../common/actionStepValues';
import type { DB } from '../../../db/connection';
import { addDays } from '../../lib/dates';
import type { Mailer } from '../../lib/mailer';
import { localDateTime, todayIn, zoneOf } from '../../lib/zone';
import { type DigestStep, digestEmail } from './digestEmail';

export const DIGEST_INTERVAL_MS = 5 * 60_000;
export const DIGEST_SEND_TIME = '07:00';
/** Logins per steps query (well under SQLite's and PostgreSQL's bound parameters). */
const CHUNK = 1000;

export interface DigestRunnerDeps {
  db: DB;
  mailer: Mailer;
  appUrl: string;
  log: (...args: unknown[]) => void;
}

export interface DigestSummary {
  /** Logins whose week this pass wrote (sent or nothing due). */
  claimed: number;
  sent: number;
  failed: number;
}

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/**
 * The week (its Monday, YYYY-MM-DD) whose digest is written at `now` in a timezone: from Monday 07:00 to
 * Tuesday 07:00 there; else null.
 */
export function digestWeek(timeZone: string, now: Date): string | null {
  const { date, time } = localDateTime(now.toISOString(), timeZone);
  if (weekday(date) === 1 && time >= DIGEST_SEND_TIME) return date;
  if (weekday(date) === 2 && time < DIGEST_SEND_TIME) return addDays(date, -1);
  return null;
}

/**
 * Step 1: claims the week for every eligible login of the district (those whose profile timezone is one of
 * `timezones`, when given); answers the logins claimed.
 */
export async function claimDigestWeek(db: DB, districtId: number, week: string, now: Date, timezones?: string[]): Promise<number[]> {
  const at = now.toISOString();
  const rows = await db.insertInto('action_step_digests')
    .columns(['user_id', 'district_id', 'weekly_email', 'last_week', 'updated_at'])
    .expression((eb) => eb.selectFrom('users as u')
      .select((s) => ['u.id', 'u.district_id', s.val(1).as('weekly_email'), s.val(week).as('last_week'), s.val(at).as('updated_at')])
      .where('u.district_id', '=', districtId)
      .where('u.status', '=', 'active')
      .$if(timezones !== undefined, (q) => q.where('u.timezone', 'in', timezones!.length ? timezones! : ['']))
      .where(({ exists, not, selectFrom }) => exists(selectFrom('staff as s').select('s.id')
        .whereRef('s.user_id', '=', 'u.id').where('s.district_id', '=', districtId).where('s.status', '=', 'active')))
      // an educator: the role educator, and no other (a coach or principal with a staff row gets nothing)
      .where(({ exists, selectFrom }) => exists(selectFrom('user_roles as ur').innerJoin('roles as r', 'r.id', 'ur.role_id')
        .select('ur.role_id').whereRef('ur.user_id', '=', 'u.id').where('r.name', '=', 'educator')))
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('user_roles as ur').innerJoin('roles as r', 'r.id', 'ur.role_id')
        .select('ur.role_id').whereRef('ur.user_id', '=', 'u.id').where('r.name', '<>', 'educator')))))
    .onConflict((oc) => oc.column('user_id')
      .doUpdateSet({ last_week: (eb) => eb.ref('excluded.last_week'), updated_at: (eb) => eb.ref('excluded.updated_at') })
      .where('action_step_digests.weekly_email', '=', 1)
      .where('action_step_digests.district_id', '=', districtId)
      .where((eb) => eb.or([eb('action_step_digests.last_week', 'is', null), eb('action_step_digests.last_week', '<', week)])))
    .returning('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

export interface DigestRecipient {
  user_id: number;
  email: string;
  name: string;
  /** The login's language for the email (issue 33). */
  locale: Locale;
  steps: DigestStep[];
}

/** Step 2: the claimed logins' own open steps overdue or due by today + 7, chunk by chunk; logins with none left out. */
export async function digestRecipients(db: DB, districtId: number, userIds: number[], today: string): Promise<DigestRecipient[]> {
  const horizon = addDays(today, ACTION_STEP_DUE_SOON_DAYS);
  const byUser = new Map<number, DigestRecipient>();
  const district = await db.selectFrom('districts').select('settings').where('id', '=', districtId).executeTakeFirst();
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const rows = await db.selectFrom('action_steps as a')
      .innerJoin('staff as s', (j) => j.onRef('s.id', '=', 'a.staff_id').on('s.district_id', '=', districtId).on('s.status', '=', 'active'))
      .innerJoin('users as u', (j) => j.onRef('u.id', '=', 's.user_id').on('u.district_id', '=', districtId))
      .select(['u.id as user_id', 'u.email', 'u.name', 'u.locale', 'a.title', 'a.due_on', 'a.status', 'a.id'])
      .where('a.district_id', '=', districtId)
      .where('a.status', '=', 'open')
      .where('a.due_on', 'is not', null)
      .where('a.due_on', '<=', horizon)
      .where('u.id', 'in', userIds.slice(i, i + CHUNK))
      .orderBy('u.id').orderBy('a.due_on').orderBy('a.id')
      .execute();
    for (const row of rows) {
      const due = actionStepDue({ status: 'open', due_on: row.due_on }, today);
      if (!due || !row.due_on) continue;
      let r = byUser.get(row.user_id);
      if (!r) byUser.set(row.user_id, (r = { user_id: row.user_id, email: row.email, name: row.name, locale: localeOfUser(row, district ?? null), steps: [] }));
      r.steps.push({ title: row.title, due_on: row.due_on, due });
    }
  }
  const order: Record<ActionStepDue, number> = { overdue: 0, 'due-soon': 1 };
  for (const r of byUser.values()) r.steps.sort((a, b) => order[a.due] - order[b.due] || a.due_on.localeCompare(b.due_on));
  return [...byUser.values()];
}

/** One pass: every district whose digest window is open; the logins this process claims get their email. */
export async function runActionStepDigests(deps: DigestRunnerDeps, now = new Date()): Promise<DigestSummary> {
  const { db } = deps;
  const summary: DigestSummary = { claimed: 0, sent: 0, failed: 0 };
  const districts = await db.selectFrom('districts').select(['id', 'timezone']).where('status', '<>', 'suspended').orderBy('id').execute();
  for (const district of districts) {
    // The clocks of the district's active logins (a handful of zones), grouped by the zone each stands for.
    const kept = await db.selectFrom('users').select('timezone').distinct()
      .where('district_id', '=', district.id).where('status', '=', 'active').execute();
    const byZone = new Map<string, string[]>();
    for (const { timezone } of kept) {
      const zone = zoneOf(timezone, district.timezone);
      byZone.set(zone, [...(byZone.get(zone) ?? []), timezone]);
    }
    for (const [zone, timezones] of byZone) {
      const week = digestWeek(zone, now);
      if (!week) continue;
      await sendZone(deps, summary, district.id, zone, week, timezones, now);
    }
  }
  return summary;
}

/** Steps 1–3 for the district's logins on one clock whose digest window is open. */
async function sendZone(deps: DigestRunnerDeps, summary: DigestSummary, districtId: number, zone: string, week: string, timezones: string[], now: Date) {
  const { db } = deps;
  const claimed = await claimDigestWeek(db, districtId, week, now, timezones);
  if (!claimed.length) return;
  summary.claimed += claimed.length;
  const recipients = await digestRecipients(db, districtId, claimed, todayIn(zone, now));
  for (const r of recipients) {
    try {
      await deps.mailer.send(digestEmail({ to: r.email, name: r.name, steps: r.steps, appUrl: deps.appUrl, locale: r.locale }));
      summary.sent += 1;
    } catch (error) {
      summary.failed += 1;
      deps.log(`[action-step-digest] login ${r.user_id} failed, retrying at the next pass:`, error);
      await db.updateTable('action_step_digests').set({ last_week: null })
        .where('user_id', '=', r.user_id).where('district_id', '=', districtId).where('last_week', '=', week)
        .execute().catch(() => {});
    }
  }
}

/** Runs every DIGEST_INTERVAL_MS until stopped; a pass never overlaps the previous one. */
export function startActionStepDigestRunner(deps: DigestRunnerDeps, intervalMs = DIGEST_INTERVAL_MS): PeriodicJob {
  return startPeriodicJob(async () => {
    const s = await runActionStepDigests(deps);
    if (s.claimed) deps.log(`[action-step-digest] ${s.sent} sent, ${s.claimed - s.sent - s.failed} with nothing due, ${s.failed} failed`);
  }, { everyMs: intervalMs, firstAfterMs: 10_000, onError: (error) => deps.log('[action-step-digest] run failed:', error) });
}
