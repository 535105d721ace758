// District change versions (migration 20261127_0110): every write to a district's people, schools,
// educators and coaching data bumps that district's counter and no other's, also through tables that
// reach their district through a parent and through ON DELETE CASCADE. server/lib/keptAnswers.ts relies
// on it to serve a kept answer only while nothing it was read from changed.
import { beforeEach, describe, expect, it } from 'vitest';
import { nowIso } from '../../db/connection';
import { DISTRICT_VERSION_TABLES as COVERED_0110 } from '../../db/migrations/20261127_0110_district_versions';
import { CALIBRATION_DISTRICT_VERSION_TABLES } from '../../db/migrations/20261201_0161_calibration_sessions';
import { OBSERVATION_DISTRICT_VERSION_TABLES } from '../../db/migrations/20261201_0163_observation_district_versions';
import { ACTION_STEP_DISTRICT_VERSION_TABLES } from '../../db/migrations/20261202_0165_action_steps';
import { SELF_RATING_DISTRICT_VERSION_TABLES } from '../../db/migrations/20261202_0166_self_assessments';
import { COACHING_REQUEST_DISTRICT_VERSION_TABLES } from '../../db/migrations/20261202_0169_coaching_request_versions';
import { RETENTION_DISTRICT_VERSION_TABLES } from '../../db/migrations/20261205_0178_retention';
import { ROLLUP_TABLES } from '../../db/reportRollups';
import { WALKTHROUGH_ROLLUP_TABLES } from '../../db/walkthroughRollups';
import { createTestApp, type TestApp } from '../testing/app';
import { buildBuilding, buildDistrict, buildStaff, buildUser } from '../testing/factories';
import { insertGroup } from '../testing/groups.fixture';
import { insertInteraction } from '../testing/interactions.fixture';
import { districtVersion } from './keptAnswers';
import { tablesWithDistrictId } from '../testing/schema';

/**
 * Tables with a district_id that no kept answer reads: their writes need not bump the version. A new
 * table with a district_id goes in the migration's list (a later migration adding its triggers) or here.
 */
const NEVER_IN_KEPT_ANSWERS = [
  // district_version_bumps: PostgreSQL's notes of the districts a transaction changed, gone by its commit (migration 20261129_0152).
  'district_versions', 'district_version_bumps', 'account_migrations', 'audit_log', 'building_history_requests', 'calendar_feeds',
  // Who holds a coaching request (migration 20261202_0167): read by the requests' own list only, never kept
  // (the requests themselves are covered since 20261202_0169: the educator's home lists the waiting ones).
  'coaching_request_holders', 'client_errors', 'import_rows', 'imports',
  'invites', 'invoices', 'quotes', 'report_subscriptions', 'security_events', 'server_errors', 'setup_checklist_marks', 'staff_source_ids',
  // The read log (migration 20261202_0168): the educator's own view reads it, never a kept answer; a first read of the day bumps nothing.
  'record_reads',
  // The weekly action-step digest's per-login setting and last week written (migration 20261202_0170): read by the runner and Account Settings only.
  'action_step_digests',
  // Single sign-on (migration 20261203_0172): a district's sign-in connections and the logins' links to a provider's
  // subject, read by the connections' settings and the sign-in itself, never by a kept answer.
  'sso_connections', 'sso_links',
  // The district's full exports (issue 32): progress written every batch; no kept answer reads it.
  'district_exports',
  // A district's purge under way (issue 32, migration 20261206_0180): its progress and lease, read by the purge and the admin district view only.
  'district_purges',
];

/** The tables whose writes bump their district's version: 0110's and the later migrations'. */
const DISTRICT_VERSION_TABLES = [...COVERED_0110, ...CALIBRATION_DISTRICT_VERSION_TABLES, ...OBSERVATION_DISTRICT_VERSION_TABLES, ...ACTION_STEP_DISTRICT_VERSION_TABLES,
  ...SELF_RATING_DISTRICT_VERSION_TABLES, ...COACHING_REQUEST_DISTRICT_VERSION_TABLES, ...RETENTION_DISTRICT_VERSION_TABLES];

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

describe('district change versions', () => {
  it('cover every table with a district_id that is not listed as never read by a kept answer', async () => {
    // The reports' rollups change only by triggers on covered tables, in the same statement.
    const uncovered = (await tablesWithDistrictId(t.db))
      .filter((name) => !DISTRICT_VERSION_TABLES.includes(name) && !NEVER_IN_KEPT_ANSWERS.includes(name) && !ROLLUP_TABLES.includes(name) && !WALKTHROUGH_ROLLUP_TABLES.includes(name));
    expect(uncovered).toEqual([]);
  });

  it("a write bumps its own district's version, never another district's", async () => {
    const a = await buildDistrict(t.db);
    const b = await buildDistrict(t.db);
    const coach = await buildUser(t.db, { role: 'coach', districtId: a.id });
    const type = await t.db.selectFrom('interaction_types').select('id').where('district_id', '=', a.id).executeTakeFirstOrThrow();
    const before = { a: await districtVersion(t.db, a.id), b: await districtVersion(t.db, b.id) };

    const row = await insertInteraction(t.db, { districtId: a.id, typeId: type.id, coachId: coach.id });
    const afterInsert = await districtVersion(t.db, a.id);
    expect(afterInsert).toBeGreaterThan(before.a);
    await t.db.updateTable('interactions').set({ notes: 'Changed' }).where('id', '=', row.id).execute();
    const afterUpdate = await districtVersion(t.db, a.id);
    expect(afterUpdate).toBeGreaterThan(afterInsert);
    await t.db.deleteFrom('interactions').where('id', '=', row.id).execute();
    expect(await districtVersion(t.db, a.id)).toBeGreaterThan(afterUpdate);
    expect(await districtVersion(t.db, b.id)).toBe(before.b);
  });

  it('tables that name their district through a parent (group members, roles, schools of a user) and the district row itself', async () => {
    const district = await buildDistrict(t.db);
    const school = await buildBuilding(t.db, district.id);
    const educator = await buildStaff(t.db, { districtId: district.id, buildingId: school.id });
    const user = await buildUser(t.db, { role: 'coach', districtId: district.id });
    const group = await insertGroup(t.db, district.id, { name: 'PLC', items: [] });
    const steps: [string, () => Promise<unknown>][] = [
      ['group_items', () => t.db.insertInto('group_items').values({ group_id: group.id, item_id: educator.id, start_date: '2026-08-01T05:00:00.000Z', end_date: null }).execute()],
      ['user_roles', async () => {
        const role = await t.db.selectFrom('roles').select('id').where('name', '=', 'building-admin').executeTakeFirstOrThrow();
        await t.db.updateTable('user_roles').set({ role_id: role.id }).where('user_id', '=', user.id).execute();
      }],
      ['user_buildings', () => t.db.insertInto('user_buildings').values({ user_id: user.id, building_id: school.id }).execute()],
      ['districts', () => t.db.updateTable('districts').set({ settings: '{"shared_notes_visible_to_admins":false}' }).where('id', '=', district.id).execute()],
      ['staff', () => t.db.updateTable('staff').set({ first_name: 'Renamed' }).where('id', '=', educator.id).execute()],
      ['buildings', () => t.db.updateTable('buildings').set({ name: 'Renamed School', updated_at: nowIso() }).where('id', '=', school.id).execute()],
    ];
    for (const [table, step] of steps) {
      const before = await districtVersion(t.db, district.id);
      await step();
      expect({ table, bumped: (await districtVersion(t.db, district.id)) > before }).toEqual({ table, bumped: true });
    }
  });

  it('a user moved to another district bumps both districts', async () => {
    const from = await buildDistrict(t.db);
    const to = await buildDistrict(t.db);
    const user = await buildUser(t.db, { role: 'coach', districtId: from.id });
    const before = { from: await districtVersion(t.db, from.id), to: await districtVersion(t.db, to.id) };
    await t.db.updateTable('users').set({ district_id: to.id }).where('id', '=', user.id).execute();
    expect(await districtVersion(t.db, from.id)).toBeGreaterThan(before.from);
    expect(await districtVersion(t.db, to.id)).toBeGreaterThan(before.to);
  });

  it('rows removed by ON DELETE CASCADE count as writes', async () => {
    const district = await buildDistrict(t.db);
    const coach = await buildUser(t.db, { role: 'coach', districtId: district.id });
    const educator = await buildStaff(t.db, { districtId: district.id });
    const type = await t.db.selectFrom('interaction_types').select('id').where('district_id', '=', district.id).executeTakeFirstOrThrow();
    await insertInteraction(t.db, { districtId: district.id, typeId: type.id, coachId: coach.id, staff: [{ id: educator.id }] });
    const before = await districtVersion(t.db, district.id);
    // Deleting the educator removes their participation (cascade) and their school rows.
    await t.db.deleteFrom('staff_buildings').where('staff_id', '=', educator.id).execute();
    const afterSchools = await districtVersion(t.db, district.id);
    expect(afterSchools).toBeGreaterThan(before);
    await t.db.deleteFrom('staff').where('id', '=', educator.id).execute();
    expect(await t.db.selectFrom('interaction_participants').select('id').where('staff_id', '=', educator.id).execute()).toEqual([]);
    expect(await districtVersion(t.db, district.id)).toBeGreaterThan(afterSchools);
  });
});
