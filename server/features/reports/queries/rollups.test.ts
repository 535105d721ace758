// The reports' monthly rollups (db/reportRollups.ts, rollups.ts): the triggers never let the sums drift
// from the rows, whatever is written, and a report read through the rollups is exactly the report read
// from the rows.
import { isDeepStrictEqual } from 'node:util';
import { beforeEach, describe, expect, it } from 'vitest';
import { reportFilterSchema } from '../../../../common/schemas/reports';
import { nowIso } from '../../../../db/connection';
import { random } from '../../../../db/seeds/demoRandom';
import { ensureZoneMonths, zoneMonthRows } from '../../../../db/zoneMonths';
import type { Scope } from '../../../access/guards';
import { createTestApp, type TestApp } from '../../../testing/app';
import { buildBuilding, buildDistrict, buildStaff, buildUser } from '../../../testing/factories';
import { freezeDateEachTest } from '../../../testing/hooks';
import { insertInteraction } from '../../../testing/interactions.fixture';
import { buildReportsWorld, NOW } from '../../../testing/reports.fixture';
import { expectedRollups, storedRollups } from '../../../testing/rollups';
import { runReport } from '../report';
import { buildContext } from './filters';
import { rollupPlan } from './rollups';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

async function expectNoDrift(step: string) {
  const [stored, expected] = await Promise.all([storedRollups(t.db), expectedRollups(t.db)]);
  expect({ step, ...stored }).toEqual({ step, ...expected });
}

// Instants around Chicago's month ends (UTC-5 until Nov 1, then UTC-6) and outside the zone's months.
const INSTANTS = [
  '2026-09-15T15:00:00.000Z', '2026-10-01T04:59:00.000Z', '2026-10-01T05:00:00.000Z', '2026-10-31T23:30:00.000Z',
  '2026-11-01T04:30:00.000Z', '2026-11-01T05:00:00.000Z', '2026-11-30T12:00:00.000Z', '2026-12-01T05:59:00.000Z',
  '2026-12-01T06:00:00.000Z', '1999-12-31T12:00:00.000Z', '2061-03-01T12:00:00.000Z',
];
const STATUSES = ['completed', 'completed', 'completed', 'scheduled', 'cancelled', 'no-show'] as const;

describe('the report rollups', () => {
  it('the zone months: local midnights of the 1st, daylight saving time included, 2000-01 to 2060-12', () => {
    const rows = zoneMonthRows('America/Chicago');
    expect(rows).toHaveLength(61 * 12);
    expect(rows.find((r) => r.month === '2026-03')).toEqual({ timezone: 'America/Chicago', month: '2026-03', starts_at: '2026-03-01T06:00:00.000Z', ends_at: '2026-04-01T05:00:00.000Z' });
    expect(rows.find((r) => r.month === '2026-11')).toEqual({ timezone: 'America/Chicago', month: '2026-11', starts_at: '2026-11-01T05:00:00.000Z', ends_at: '2026-12-01T06:00:00.000Z' });
    expect(rows.every((r, i) => i === 0 || r.starts_at === rows[i - 1]!.ends_at)).toBe(true);
    expect(zoneMonthRows('Asia/Kolkata')[0]).toEqual({ timezone: 'Asia/Kolkata', month: '2000-01', starts_at: '1999-12-31T18:30:00.000Z', ends_at: '2000-01-31T18:30:00.000Z' });
  });

  it('never drift from the rows through every kind of write, in two districts, across timezone changes and a deletion', async () => {
    const districts = [await buildDistrict(t.db), await buildDistrict(t.db)];
    const worlds = [];
    for (const d of districts) {
      const schools = [await buildBuilding(t.db, d.id), await buildBuilding(t.db, d.id)];
      const coaches = [await buildUser(t.db, { role: 'coach', districtId: d.id }), await buildUser(t.db, { role: 'coach', districtId: d.id })];
      const staff = [];
      for (let k = 0; k < 4; k++) staff.push(await buildStaff(t.db, { districtId: d.id, buildingId: schools[k % 2]!.id }));
      const types = await t.db.selectFrom('interaction_types').select('id').where('district_id', '=', d.id).limit(2).execute();
      worlds.push({ district: d, schools, coaches, staff, types, interactions: [] as number[] });
    }
    const rand = random(20261127);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
    const participantsOf = async (id: number) => (await t.db.selectFrom('interaction_participants').select(['id', 'staff_id']).where('interaction_id', '=', id).execute());

    const done = new Map<string, number>();
    for (let step = 0; step < 200; step++) {
      const w = pick(worlds);
      const d = w.district.id;
      const kind = w.interactions.length < 6 ? 'insert' : pick(['insert', 'insert', 'update', 'update', 'update', 'add', 'remove', 'move', 'transfer', 'regroup', 'delete', 'bulk'] as const);
      done.set(kind, (done.get(kind) ?? 0) + 1);
      const id = w.interactions.length ? pick(w.interactions) : 0;
      if (kind === 'insert') {
        const people = w.staff.filter(() => rand() < 0.5);
        const row = await insertInteraction(t.db, {
          districtId: d, typeId: pick(w.types).id, coachId: pick(w.coaches).id, startsAt: pick(INSTANTS), minutes: 5 + Math.floor(rand() * 60),
          status: pick(STATUSES), buildingId: rand() < 0.25 ? null : pick(w.schools).id, staff: people.map((s) => ({ id: s.id })),
          deletedAt: rand() < 0.1 ? nowIso() : null,
        });
        w.interactions.push(row.id);
      } else if (kind === 'update') {
        const changes = [
          { starts_at: pick(INSTANTS) }, { status: pick(STATUSES) }, { deleted_at: rand() < 0.5 ? nowIso() : null },
          { interaction_type_id: pick(w.types).id }, { building_id: rand() < 0.3 ? null : pick(w.schools).id }, { coach_id: pick(w.coaches).id },
          { duration_minutes: 5 + Math.floor(rand() * 90) }, { notes: `Notes ${step}` },
          { starts_at: pick(INSTANTS), coach_id: pick(w.coaches).id, building_id: pick(w.schools).id, status: 'completed' as const },
        ];
        await t.db.updateTable('interactions').set(pick(changes)).where('id', '=', id).execute();
      } else if (kind === 'add') {
        const present = new Set((await participantsOf(id)).map((p) => p.staff_id));
        const free = w.staff.filter((s) => !present.has(s.id));
        if (free.length) await t.db.insertInto('interaction_participants').values({ district_id: d, interaction_id: id, staff_id: pick(free).id, group_id: null }).execute();
      } else if (kind === 'remove') {
        const present = await participantsOf(id);
        if (present.length) await t.db.deleteFrom('interaction_participants').where('id', '=', pick(present).id).execute();
      } else if (kind === 'move') {
        const present = await participantsOf(id);
        const free = w.staff.filter((s) => !present.some((p) => p.staff_id === s.id));
        if (present.length && free.length) await t.db.updateTable('interaction_participants').set({ staff_id: pick(free).id }).where('id', '=', pick(present).id).execute();
      } else if (kind === 'transfer') {
        // A participant moved to another interaction of the district.
        const target = pick(w.interactions);
        const present = await participantsOf(id);
        const there = new Set((await participantsOf(target)).map((p) => p.staff_id));
        const movable = present.filter((p) => !there.has(p.staff_id));
        if (target !== id && movable.length) await t.db.updateTable('interaction_participants').set({ interaction_id: target }).where('id', '=', pick(movable).id).execute();
      } else if (kind === 'regroup') {
        // What a group's deletion does to its members' participations (ON DELETE SET NULL): nothing counted changes.
        await t.db.updateTable('interaction_participants').set({ group_id: null }).where('district_id', '=', d).execute();
      } else if (kind === 'delete') {
        await t.db.deleteFrom('interactions').where('id', '=', id).execute();
        w.interactions.splice(w.interactions.indexOf(id), 1);
      } else {
        // Statements over many rows: one coach's interactions moved a month on, and one educator's participations removed.
        await t.db.updateTable('interactions').set({ duration_minutes: 15, starts_at: pick(INSTANTS) }).where('district_id', '=', d).where('coach_id', '=', pick(w.coaches).id).execute();
        if (rand() < 0.2) await t.db.deleteFrom('interaction_participants').where('district_id', '=', d).where('staff_id', '=', pick(w.staff).id).execute();
      }
      await expectNoDrift(`step ${step}: ${kind}`);
    }
    const [a, b] = worlds;
    expect([...done.keys()].sort()).toEqual(['add', 'bulk', 'delete', 'insert', 'move', 'regroup', 'remove', 'transfer', 'update']);
    expect(Object.keys((await storedRollups(t.db)).participations).length).toBeGreaterThan(10);

    // A new zone: its months written first (as the district settings do), then the district's rollups rebuilt by the trigger.
    await ensureZoneMonths(t.db, 'Europe/Paris');
    await t.db.updateTable('districts').set({ timezone: 'Europe/Paris' }).where('id', '=', a!.district.id).execute();
    await expectNoDrift('moved to Paris');
    // A zone without months: the district's rollups are empty (its reports read the rows) until they are written.
    await t.db.updateTable('districts').set({ timezone: 'Asia/Kolkata' }).where('id', '=', a!.district.id).execute();
    expect(await t.db.selectFrom('report_participation_months').select('staff_id').where('district_id', '=', a!.district.id).execute()).toEqual([]);
    await expectNoDrift('moved to a zone without months');
    await ensureZoneMonths(t.db, 'Asia/Kolkata');
    expect((await t.db.selectFrom('report_participation_months').select('staff_id').where('district_id', '=', a!.district.id).execute()).length).toBeGreaterThan(0);
    await expectNoDrift('the zone months written');

    // A zone whose months were cut short (a write interrupted) is completed, and its districts' rollups rebuilt.
    await t.db.deleteFrom('zone_months').where('timezone', '=', 'Asia/Kolkata').where('month', '>=', '2026-10').execute();
    await insertInteraction(t.db, {
      districtId: a!.district.id, typeId: a!.types[0]!.id, coachId: a!.coaches[0]!.id, startsAt: '2026-11-18T09:00:00.000Z', buildingId: a!.schools[0]!.id, staff: [{ id: a!.staff[0]!.id }],
    });
    const missed = await t.db.selectFrom('report_participation_months').select('n').where('district_id', '=', a!.district.id).where('month', '=', '2026-11').execute();
    await ensureZoneMonths(t.db, 'Asia/Kolkata');
    expect((await t.db.selectFrom('report_participation_months').select('n').where('district_id', '=', a!.district.id).where('month', '=', '2026-11').execute()).length)
      .toBeGreaterThan(missed.length);
    expect((await t.db.selectFrom('zone_months').select('month').where('timezone', '=', 'Asia/Kolkata').execute()).length).toBe(61 * 12);
    await expectNoDrift('the zone months completed');

    await t.db.deleteFrom('districts').where('id', '=', b!.district.id).execute();
    expect(await t.db.selectFrom('report_interaction_months').select('month').where('district_id', '=', b!.district.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('report_participation_months').select('month').where('district_id', '=', b!.district.id).execute()).toEqual([]);
    await expectNoDrift('a district deleted');
  });
});

describe('a report read through the rollups', () => {
  // "Today" is the fixture's (rosters and schools are read as of today).
  freezeDateEachTest(NOW);

  const calendar = { id: 1, timezone: 'America/Chicago', school_year_start_month: 8 };
  const planOf = (from: string, to: string, interval: 'week' | 'month' | null = 'month', filter: Record<string, unknown> = {}) => {
    const reader = { district: { id: 1, timezone: 'America/Chicago' }, scope: { kind: 'district', districtId: 1, userId: 1, buildingIds: [] } as Scope, features: [] };
    return rollupPlan(buildContext(reader, calendar, reportFilterSchema.parse({ from, to, ...filter }), undefined, NOW), interval);
  };

  it('takes whole months from the rollups and reads or takes away the days of partial months (today is 2026-11-23)', () => {
    // This school year to date: November is its sum less the days after today.
    expect(planOf('2026-08-01', '2026-11-23')).toEqual({ first: '2026-08', last: '2026-11', spans: [{ from: '2026-11-24', to: '2026-11-30', sign: -1 }] });
    // A partial first month: fewer days to take away (Mar 1–14) than to read (Mar 15–31); a past partial last month is read.
    expect(planOf('2025-03-15', '2026-02-10')).toEqual({
      first: '2025-03', last: '2026-01', spans: [{ from: '2026-02-01', to: '2026-02-10', sign: 1 }, { from: '2025-03-01', to: '2025-03-14', sign: -1 }],
    });
    expect(planOf('2025-03-25', '2025-06-30')).toEqual({ first: '2025-04', last: '2025-06', spans: [{ from: '2025-03-25', to: '2025-03-31', sign: 1 }] });
    expect(planOf('2026-11-05', '2026-11-23')).toEqual({
      first: '2026-11', last: '2026-11', spans: [{ from: '2026-11-01', to: '2026-11-04', sign: -1 }, { from: '2026-11-24', to: '2026-11-30', sign: -1 }],
    });
    // Read from the rows: within one past month, across two partial months, a weekly trend, a type or educator filter, outside the zone months.
    expect(planOf('2026-10-05', '2026-10-20')).toBeNull();
    expect(planOf('2026-09-20', '2026-10-10')).toBeNull();
    expect(planOf('2026-08-01', '2026-11-23', 'week')).toBeNull();
    expect(planOf('2026-08-01', '2026-11-23', null, { interaction_type_id: ['3'] })).toBeNull();
    expect(planOf('2026-08-01', '2026-11-23', null, { grade_level: ['6'] })).toBeNull();
    expect(planOf('1999-06-01', '2000-03-31', null)).toBeNull();
    expect(planOf('2026-08-01', '2026-11-23', null)).toEqual({ first: '2026-08', last: '2026-11', spans: [{ from: '2026-11-24', to: '2026-11-30', sign: -1 }] });
  });

  it('gives every report exactly what the rows give, for every scope and range', async () => {
    const w = await buildReportsWorld(t.db);
    const d = w.district.id;
    // More to count in November: at its first local minute, on the last evening of October (local), and an
    // interaction marked completed after today (Nov 23), so a last contact of the month lies after `to`.
    const more = [
      { startsAt: '2026-11-01T05:00:00.000Z', staff: [w.ana, w.cy] }, { startsAt: '2026-11-01T04:30:00.000Z', staff: [w.ben] },
      { startsAt: '2026-11-10T15:00:00.000Z', staff: [w.ana] }, { startsAt: '2026-11-26T15:00:00.000Z', staff: [w.ana, w.jordan] },
      { startsAt: '2026-08-03T15:00:00.000Z', staff: [w.jordan] },
    ];
    for (const m of more) {
      await insertInteraction(t.db, { districtId: d, typeId: w.checkIn.id, coachId: w.coach.id, buildingId: w.lincoln.id, startsAt: m.startsAt, minutes: 25, staff: m.staff.map((s) => ({ id: s.id })) });
    }
    const readerOf = (scope: Scope) => ({ district: { id: d, timezone: 'America/Chicago' }, scope, features: ['advanced-reports', 'coaching-cycles'] });
    const readers = [
      readerOf({ kind: 'district', districtId: d, userId: w.admin.id, buildingIds: [] }),
      readerOf({ kind: 'building', districtId: d, userId: w.principal.id, buildingIds: [w.lincoln.id] }),
      readerOf({ kind: 'self', districtId: d, userId: w.coach.id, buildingIds: [] }),
    ];
    const ranges = [{}, { from: '2026-09-10' }, { from: '2026-08-15', to: '2026-10-20' }, { from: '2026-11-01' }, { from: '2026-11-05', to: '2026-11-23' }, { from: '2026-08-01', to: '2026-11-30' }];
    const queries: [string, Record<string, unknown>][] = [];
    for (const filter of ranges) {
      for (const kind of ['interactions', 'coaching-cycles', 'teacher-level', 'coaching-team']) queries.push([kind, { filter }]);
      queries.push(['interactions', { filter, interval: 'month' }], ['interactions', { filter: { ...filter, building_id: [String(w.lincoln.id)] } }]);
      queries.push(['coaching-team', { filter: { ...filter, coach_id: [String(w.coach.id)] } }], ['comparison', { compare: 'group', a: String(w.group.id), b: String(w.group.id), filter }]);
    }
    queries.push(['comparison', { compare: 'period', a_from: '2026-09-05', a_to: '2026-10-04', b_from: '2026-10-05', b_to: '2026-11-23' }]);
    const answers = async () => {
      const out = [];
      for (const reader of readers) for (const [kind, q] of queries) out.push(await runReport(t.db, reader, kind as 'interactions', q, { now: NOW }));
      // Two coaches side by side: the district's view.
      out.push(await runReport(t.db, readers[0]!, 'comparison', { compare: 'coach', a: String(w.coach.id), b: String(w.coach2.id) }, { now: NOW }));
      return out;
    };
    const throughRollups = await answers();
    // With any of the zone's months missing (here its last months) every range is read from the rows.
    await t.db.deleteFrom('zone_months').where('timezone', '=', 'America/Chicago').where('month', '>=', '2040-01').execute();
    // Emptied too, so that an answer read from them could not pass for the rows'.
    await t.db.deleteFrom('report_interaction_months').where('district_id', '=', d).execute();
    await t.db.deleteFrom('report_participation_months').where('district_id', '=', d).execute();
    const fromRows = await answers();
    const differing = throughRollups.map((a, k) => (isDeepStrictEqual(a, fromRows[k]) ? null : { query: queries[k % queries.length], reader: Math.floor(k / queries.length) })).filter(Boolean);
    expect(differing).toEqual([]);
    // The data reach the answers: Ana's November contacts, the last one before today.
    const teacher = throughRollups[queries.findIndex(([kind, q]) => kind === 'teacher-level' && isDeepStrictEqual(q, { filter: { from: '2026-11-01' } }))] as unknown as { data: { staff: { id: number }; interactions: number; last_contact_on: string | null }[] };
    expect(teacher.data.find((r) => r.staff.id === w.ana.id)).toMatchObject({ interactions: 2, last_contact_on: '2026-11-10' });
  });
});
