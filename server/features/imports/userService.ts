// The admin User CSV Import: provider staff import a district's logins. Preview like the staff import;
// the run creates invited logins and updates roles and schools in ONE transaction, then (only when
// "send invitations" was ticked) sends the invitations within the email limits of security finding 2.
import { EMAIL_LIMITS, INVITE_TTL_DAYS } from '../../../common/constants';
import { lockDistrictWrites } from '../../../db/locks';
import { IMPORT_MESSAGES, type ImportPreview, type RowOutcome } from '../../../common/schemas/imports';
import { ROLE_LABELS, type DistrictRole } from '../../../common/schemas/users';
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import { holdImportRun, refreshStatisticsAfterLargeWrite } from '../../../db/dialect';
import type { Deps } from '../../deps';
import { conflict, validationError } from '../../http/errors';
import { createInvite, createUser } from '../../identity/accounts';
import { dropLapsedCalendarFeeds } from '../../identity/lapsedFeeds';
import { findActiveLogin } from '../../identity/users';
import { type Actor, recordAudit } from '../../lib/audit';
import { quoted } from '../../lib/mailer';
import { translate } from '../../i18n/translate';
import { invitationEmail } from '../../lib/invitationEmail';
import { districtLocale } from '../../i18n/recipients';
import { warnIfOverSeats } from '../../lib/seatWarning';
import { type ImportRow, importCells, schoolsOf, writeRowOutcomes } from './queries';
import { optionsOf, refusal, RunRefused, settleRefusedRun } from './service';
import { type DistrictLogin, planUserImport, type PlannedUserRow } from './usersPlan';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const USER_IMPORT_MESSAGES = {
  tooManyInvites: (n: number, allowed: number) =>
    `This import would send ${n} invitations, and only ${allowed} can be sent now (at most ${EMAIL_LIMITS.invitesPerUserPerHour} an hour per person and ${EMAIL_LIMITS.invitesPerDistrictPerDay} a day per district${''}). Run it without invitations and send them later from User settings, or import fewer people at a time.`,
} as const;

async function loginsOf(db: DB, districtId: number): Promise<DistrictLogin[]> {
  const [users, roles, buildings] = await Promise.all([
    db.selectFrom('users').select(['id', 'email', 'name']).where('district_id', '=', districtId).execute(),
    db.selectFrom('user_roles').innerJoin('users', 'users.id', 'user_roles.user_id').innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select(['user_roles.user_id', 'roles.name']).where('users.district_id', '=', districtId).execute(),
    db.selectFrom('user_buildings').innerJoin('users', 'users.id', 'user_buildings.user_id')
      .select(['user_buildings.user_id', 'user_buildings.building_id']).where('users.district_id', '=', districtId).execute(),
  ]);
  return users.map((u) => ({
    ...u, roles: roles.filter((r) => r.user_id === u.id).map((r) => r.name), building_ids: buildings.filter((b) => b.user_id === u.id).map((b) => b.building_id),
  }));
}

async function planOf(db: DB, districtId: number, imp: ImportRow): Promise<PlannedUserRow[]> {
  const [cells, logins, schools] = await Promise.all([importCells(db, districtId, imp.id), loginsOf(db, districtId), schoolsOf(db, districtId)]);
  return planUserImport(JSON.parse(imp.headers) as string[], JSON.parse(imp.mapping) as Record<string, string>, cells, logins, schools);
}

const count = (plan: PlannedUserRow[], kind: PlannedUserRow['kind']) => plan.filter((r) => r.kind === kind).length;

export async function previewUserImport(db: DB, districtId: number, imp: ImportRow): Promise<ImportPreview> {
  if (imp.status !== 'pending') throw conflict(IMPORT_MESSAGES.notPending);
  const plan = await planOf(db, districtId, imp);
  const c = { new: count(plan, 'create'), updated: count(plan, 'update'), unchanged: count(plan, 'unchanged'), errors: count(plan, 'error') };
  await db.transaction().execute(async (trx) => {
    await writeRowOutcomes(trx, districtId, imp.id, plan.map((r) => (r.kind === 'error' ? [r.rowNumber, 'error', JSON.stringify(r.errors), null] : [r.rowNumber, 'pending', '[]', null])));
    await trx.updateTable('imports').set({ created_count: c.new, updated_count: c.updated, unchanged_count: c.unchanged, error_count: c.errors })
      .where('id', '=', imp.id).where('district_id', '=', districtId).execute();
  });
  return { counts: { total: imp.total_rows, ...c, skipped: imp.skipped_count, to_deactivate: 0 }, schools_to_create: [] };
}

/** Invitations the person and the district may still send now (counted in the invites table). */
async function invitationAllowance(db: DB, districtId: number, senderId: number | null): Promise<number> {
  const since = (ms: number) => new Date(Date.now() - ms).toISOString();
  const [mine, district, row] = await Promise.all([
    db.selectFrom('invites').select((eb) => eb.fn.countAll<number>().as('n')).where('invited_by', '=', senderId ?? -1).where('created_at', '>=', since(HOUR_MS)).executeTakeFirstOrThrow(),
    db.selectFrom('invites').select((eb) => eb.fn.countAll<number>().as('n')).where('district_id', '=', districtId).where('created_at', '>=', since(DAY_MS)).executeTakeFirstOrThrow(),
    db.selectFrom('districts').select(['status', 'created_at']).where('id', '=', districtId).executeTakeFirstOrThrow(),
  ]);
  let allowed = Math.min(EMAIL_LIMITS.invitesPerUserPerHour - Number(mine.n), EMAIL_LIMITS.invitesPerDistrictPerDay - Number(district.n));
  if (row.status === 'trial' && Date.now() - Date.parse(row.created_at) < DAY_MS) {
    allowed = Math.min(allowed, EMAIL_LIMITS.trialFirstDayPeople - Number(district.n));
  }
  return Math.max(0, allowed);
}


export async function runUserImport(deps: Deps, actor: Actor & { userId: number }, imp: ImportRow): Promise<void> {
  const { db } = deps;
  const districtId = imp.district_id;
  if (imp.status !== 'pending') throw conflict(imp.status === 'running' ? IMPORT_MESSAGES.running : IMPORT_MESSAGES.notPending);
  if (imp.mapping === '{}') throw validationError({ mapping: [IMPORT_MESSAGES.previewFirst] });
  const options = optionsOf(imp);
  const allowed = options.send_invites ? await invitationAllowance(db, districtId, actor.userId) : Infinity;
  const started = await db.updateTable('imports').set({ status: 'running', started_at: nowIso() })
    .where('id', '=', imp.id).where('district_id', '=', districtId).where('status', '=', 'pending').executeTakeFirst();
  if (Number(started.numUpdatedRows) !== 1) throw conflict(IMPORT_MESSAGES.notPending);

  const toInvite: { user: { id: number; email: string; name: string }; roles: DistrictRole[]; token: string }[] = [];
  try {
    await db.transaction().execute(async (trx) => {
      await holdImportRun(trx, imp.id);
      // The district's writes one at a time (db/locks.ts): the plan's checks (emails and ids unique, schools) hold until the commit.
      await lockDistrictWrites(trx, districtId);
      const plan = await planOf(trx, districtId, imp);
      if (count(plan, 'error') && !options.skip_invalid) throw refusal({ rows: [IMPORT_MESSAGES.hasErrors(count(plan, 'error'))] });
      // Invitations past the email limits: refused before anything is written.
      if (count(plan, 'create') > allowed) throw new RunRefused(429, USER_IMPORT_MESSAGES.tooManyInvites(count(plan, 'create'), allowed), 'rate_limited');
      const outcomes: [number, RowOutcome, string, number | null][] = [];
      for (const row of plan) {
        if (row.kind === 'error') outcomes.push([row.rowNumber, 'error', JSON.stringify(row.errors), row.matchId]);
        else if (row.kind === 'unchanged') outcomes.push([row.rowNumber, 'unchanged', '[]', row.id]);
        else if (row.kind === 'create') {
          const user = await createUser(trx, { districtId, email: row.email, name: row.name, roles: row.roles, buildingIds: row.buildingIds });
          // Nothing is sent to an address that is an active login elsewhere (security finding 3): the
          // district's User settings offers that person a move instead.
          if (options.send_invites && !(await findActiveLogin(trx, row.email))) {
            toInvite.push({ user, roles: row.roles, token: await createInvite(trx, user, actor.userId) });
          }
          outcomes.push([row.rowNumber, 'created', '[]', user.id]);
        } else {
          const roles = await trx.selectFrom('roles').select('id').where('name', 'in', row.roles).where('area', '=', 'app').execute();
          await trx.deleteFrom('user_roles').where('user_id', '=', row.id).execute();
          for (const role of roles) await trx.insertInto('user_roles').values({ user_id: row.id, role_id: role.id }).execute();
          await dropLapsedCalendarFeeds(trx, [row.id]);
          await trx.deleteFrom('user_buildings').where('user_id', '=', row.id).execute();
          for (const b of row.buildingIds) await trx.insertInto('user_buildings').values({ user_id: row.id, building_id: b }).execute();
          await trx.updateTable('users').set({ updated_at: nowIso() }).where('id', '=', row.id).where('district_id', '=', districtId).execute();
          outcomes.push([row.rowNumber, 'updated', '[]', row.id]);
        }
      }
      await writeRowOutcomes(trx, districtId, imp.id, outcomes);
      const c = { created: count(plan, 'create'), updated: count(plan, 'update'), unchanged: count(plan, 'unchanged'), errors: count(plan, 'error') };
      await trx.updateTable('imports').set({
        status: 'completed', finished_at: nowIso(), created_count: c.created, updated_count: c.updated, unchanged_count: c.unchanged, error_count: c.errors,
      }).where('id', '=', imp.id).where('district_id', '=', districtId).execute();
      await recordAudit(trx, { ...actor, districtId }, { action: 'users_import_run', subjectType: 'import', subjectId: imp.id, details: { ...c, invitations: toInvite.length } });
    });
  } catch (err) {
    await settleRefusedRun(db, districtId, imp.id, err);
    throw err;
  }
  // The planner's statistics taken again after a large import (issue 32; db/dialect.ts).
  await refreshStatisticsAfterLargeWrite(db, ['users', 'user_roles', 'user_buildings', 'import_rows']);
  await warnIfOverSeats(db, deps.mailer, districtId);
  if (!toInvite.length) return;
  const [district, sender] = await Promise.all([
    db.selectFrom('districts').select(['name', 'settings']).where('id', '=', districtId).executeTakeFirstOrThrow(),
    db.selectFrom('users').select('name').where('id', '=', actor.userId).executeTakeFirstOrThrow(),
  ]);
  const locale = districtLocale(district);
  for (const { user, roles, token } of toInvite) {
    await deps.limiter.record(`invite-emails|district|${districtId}`, DAY_MS);
    try {
      await deps.mailer.send(invitationEmail(locale, 'import', {
        to: user.email,
        name: quoted(user.name),
        sender: quoted(sender.name),
        district: quoted(district.name),
        roles: roles.map((r) => translate(locale, ROLE_LABELS[r as DistrictRole] ?? r)).join(', '),
        link: `${deps.config.appUrl}/app/auth/invite/${token}`,
        days: INVITE_TTL_DAYS,
      }));
    } catch (err) {
      // The login and its invitation exist; User settings can resend it.
      deps.log(err);
    }
  }
}
