// The walkthrough report's monthly rollups (db/walkthroughRollups.ts, walkthroughs.ts): the triggers never let
// the sums drift from the rows, whatever is written (through the API: observations created, completed, edited,
// moved, shared, deleted; and straight to the rows: an interaction's time, school, status or deletion, a
// calibration session named, an answer changed, a timezone change, a district deleted), and the report read
// through them is exactly the report read from the rows, for every scope, range and filter.
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { reportFilterSchema } from '../../../../common/schemas/reports';
import { nowIso } from '../../../../db/connection';
import { random } from '../../../../db/seeds/demoRandom';
import { ensureZoneMonths } from '../../../../db/zoneMonths';
import type { Scope } from '../../../access/guards';
import { appWith, csrfHeaders, loginAs, postAs, putAs, type TestAgent, type TestApp } from '../../../testing/app';
import { buildInteractionsWorld, type InteractionsWorld, observationForm } from '../../../testing/interactions.fixture';
import { NOW } from '../../../testing/reports.fixture';
import { expectedWalkthroughRollups, storedWalkthroughRollups } from '../../../testing/walkthroughRollups';
import { buildContext } from './filters';
import { rollupPlan } from './rollups';
import { walkthroughsReport } from './walkthroughs';

let t: TestApp;
let w: InteractionsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildInteractionsWorld(app.db)));
});

async function expectNoDrift(step: string) {
  const [stored, expected] = await Promise.all([storedWalkthroughRollups(t.db), expectedWalkthroughRollups(t.db)]);
  expect({ step, ...stored }).toEqual({ step, ...expected });
}

// Chicago (UTC-5 until Nov 1, then UTC-6): instants around its month ends, in the middle of months, and
// outside the zone's months; "today" is 2026-11-23.
const INSTANTS = [
  '2026-08-20T15:00:00.000Z', '2026-09-01T05:00:00.000Z', '2026-09-15T15:00:00.000Z', '2026-10-01T04:59:00.000Z', '2026-10-01T05:00:00.000Z',
  '2026-10-08T15:00:00.000Z', '2026-10-31T23:30:00.000Z', '2026-11-01T04:30:00.000Z', '2026-11-01T05:00:00.000Z', '2026-11-04T15:00:00.000Z',
  '2026-11-20T15:00:00.000Z', '2026-11-23T16:00:00.000Z',
];

describe('the walkthrough rollups', () => {
  it('a past partial month is its whole month less the days outside the range, when fewer (counts alone; today is 2026-11-23)', () => {
    const planOf = (from: string, to: string, countsOnly: boolean) => rollupPlan(buildContext(
      { district: { id: 1, timezone: 'America/Chicago' }, scope: { kind: 'district', districtId: 1, userId: 1, buildingIds: [] }, features: [] } as never,
      { id: 1, timezone: 'America/Chicago', school_year_start_month: 8 }, reportFilterSchema.parse({ from, to }), undefined, NOW), 'month', { countsOnly });
    expect(planOf('2026-10-01', '2026-10-28', true)).toEqual({ first: '2026-10', last: '2026-10', spans: [{ from: '2026-10-29', to: '2026-10-31', sign: -1 }] });
    // The other reports read those days (a latest start in them would need reading again).
    expect(planOf('2026-10-01', '2026-10-28', false)).toBeNull();
    expect(planOf('2026-09-03', '2026-10-29', true)).toEqual({
      first: '2026-09', last: '2026-10', spans: [{ from: '2026-09-01', to: '2026-09-02', sign: -1 }, { from: '2026-10-30', to: '2026-10-31', sign: -1 }],
    });
    // More days to take away than to read: read.
    expect(planOf('2026-09-01', '2026-10-10', true)).toEqual({ first: '2026-09', last: '2026-09', spans: [{ from: '2026-10-01', to: '2026-10-10', sign: 1 }] });
    expect(planOf('2026-11-01', '2026-11-23', true)).toEqual({ first: '2026-11', last: '2026-11', spans: [{ from: '2026-11-24', to: '2026-11-30', sign: -1 }] });
  });

  it('never drift from the rows, and the report through them is the report from the rows, through every kind of write', async () => {
    const rand = random(20261202);
    const pick = <T,>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
    const walk = await observationForm(t.db, w.district.id, 'Classroom walkthrough');
    const full = await observationForm(t.db, w.district.id, 'Coaching observation');
    // Each observer with the educators they may observe (a coach's caseload; the administrator: all).
    const agents: { agent: TestAgent; id: number; educators: number[] }[] = [];
    for (const [user, educators] of [[w.coach, [w.jordan, w.ana]], [w.coach2, [w.cy]], [w.admin, [w.jordan, w.ana, w.ben, w.cy]]] as const) {
      agents.push({ agent: await loginAs(t.app, user), id: user.id, educators: educators.map((e) => e.id) });
    }

    /** Answers for every item of the form's current version (some left out), valid for their kind. */
    const answersFor = (form: typeof walk) => form.items.filter((it) => it.required === 1 || rand() < 0.8).map((it) => {
      const config = JSON.parse(it.config) as { options?: string[]; multiple?: boolean; scale?: number };
      const value = it.kind === 'look_for' ? pick(['yes', 'yes', 'no', 'na'])
        : it.kind === 'rating' ? 1 + Math.floor(rand() * (config.scale ?? 4))
          : it.kind === 'choice' ? (config.multiple ? config.options!.filter(() => rand() < 0.5) : pick(config.options!))
            : it.kind === 'number' ? Math.floor(rand() * 30)
              : pick(['Students explained', 'Pairs talked', 'A strong opening']);
      return { item_id: it.id, value };
    });
    const bodyOf = (form: typeof walk, staffId: number, status: 'draft' | 'completed') => ({
      form_id: form.id, staff_id: staffId, observed_at: pick(INSTANTS), duration_minutes: 15, status, answers: answersFor(form), notes: 'Seen.',
    });

    const made: { id: number; by: (typeof agents)[number]; form: typeof walk; staffId: number }[] = [];
    const done = new Map<string, number>();
    for (let step = 0; step < 140; step++) {
      const kind = made.length < 8 ? 'create'
        : pick(['create', 'create', 'create', 'create', 'edit', 'edit', 'delete', 'share', 'moveInteraction', 'interactionSchool', 'interactionStatus',
          'interactionDeleted', 'calibration', 'answer', 'observationSchool'] as const);
      done.set(kind, (done.get(kind) ?? 0) + 1);
      const o = made.length ? pick(made) : null;
      const row = o ? await t.db.selectFrom('observations').selectAll().where('id', '=', o.id).executeTakeFirstOrThrow() : null;
      if (kind === 'create') {
        const by = pick(agents);
        const form = rand() < 0.6 ? walk : full;
        const staffId = pick(by.educators);
        const res = await postAs(by.agent, '/api/observation', bodyOf(form, staffId, rand() < 0.15 ? 'draft' : 'completed'));
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        made.push({ id: res.body.id, by, form, staffId });
      } else if (kind === 'edit' && o && row!.deleted_at === null) {
        // A new time (the observation and its interaction move together), new answers; a draft may be completed.
        const res = await putAs(o.by.agent, `/api/observation/${o.id}`, bodyOf(o.form, o.staffId, row!.status === 'draft' && rand() < 0.5 ? 'draft' : 'completed'));
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      } else if (kind === 'delete' && o && row!.deleted_at === null) {
        expect((await o.by.agent.delete(`/api/observation/${o.id}`).set(csrfHeaders(o.by.agent))).status).toBe(204);
      } else if (kind === 'share' && o && row!.deleted_at === null && row!.status === 'completed') {
        expect((await postAs(o.by.agent, `/api/observation/${o.id}/share`, { answers: true, notes: rand() < 0.5 })).status).toBe(200);
      } else if (kind === 'moveInteraction' && row?.interaction_id) {
        // Moved in Activity: the interaction's time is no longer the observation's.
        await t.db.updateTable('interactions').set({ starts_at: pick(INSTANTS) }).where('id', '=', row.interaction_id).execute();
      } else if (kind === 'interactionSchool' && row?.interaction_id) {
        await t.db.updateTable('interactions').set({ building_id: pick([null, w.lincoln.id, w.oak.id]) }).where('id', '=', row.interaction_id).execute();
      } else if (kind === 'interactionStatus' && row?.interaction_id) {
        await t.db.updateTable('interactions').set(pick([{ status: 'cancelled' }, { status: 'completed' }, { status: 'completed' }, { deleted_at: nowIso() }, { deleted_at: null }, { deleted_at: null }]))
          .where('id', '=', row.interaction_id).execute();
      } else if (kind === 'interactionDeleted' && row?.interaction_id && rand() < 0.3) {
        await t.db.deleteFrom('interactions').where('id', '=', row.interaction_id).execute();
      } else if (kind === 'calibration' && row) {
        await t.db.updateTable('observations').set({ calibration_id: row.calibration_id === null && rand() < 0.5 ? 999 : null }).where('id', '=', row.id).execute();
      } else if (kind === 'observationSchool' && row) {
        await t.db.updateTable('observations').set({ building_id: pick([null, w.lincoln.id, w.oak.id]) }).where('id', '=', row.id).execute();
      } else if (kind === 'answer' && row) {
        const answer = await t.db.selectFrom('observation_answers').select(['item_id', 'value']).where('observation_id', '=', row.id).orderBy('item_id').executeTakeFirst();
        const item = answer && o!.form.items.find((it) => it.id === answer.item_id);
        if (answer && item?.kind === 'look_for') {
          await t.db.updateTable('observation_answers').set({ value: JSON.stringify(pick(['yes', 'no', 'na'])) })
            .where('observation_id', '=', row.id).where('item_id', '=', answer.item_id).execute();
        } else if (answer) {
          await t.db.deleteFrom('observation_answers').where('observation_id', '=', row.id).where('item_id', '=', answer.item_id).execute();
        }
      }
      await expectNoDrift(`step ${step}: ${kind}`);
      if (step % 70 === 69) await expectSameReports(`step ${step}`, [walk.id, full.id]);
    }
    expect([...done.keys()].sort()).toEqual(['answer', 'calibration', 'create', 'delete', 'edit', 'interactionDeleted', 'interactionSchool',
      'interactionStatus', 'moveInteraction', 'observationSchool', 'share']);
    const counted = await t.db.selectFrom('report_observation_keys').select(['moved']).execute();
    expect(counted.length).toBeGreaterThan(15);
    expect(counted.some((k) => Number(k.moved) === 1)).toBe(true);

    // Observations whose interaction moved (read from the rows) and none (read through the rollups) give the rows' answer.
    await t.db.updateTable('observations').set({ observed_at: sql`(select i.starts_at from interactions i where i.id = observations.interaction_id)` })
      .where('interaction_id', 'is not', null).execute();
    await expectNoDrift('none moved');
    expect((await t.db.selectFrom('report_observation_keys').select('moved').where('moved', '=', 1).execute())).toEqual([]);
    await expectSameReports('none moved', [walk.id, full.id], true);

    // A new zone: its months written first, then the district's rollups rebuilt by the trigger; a zone without
    // months empties them until its months are written.
    await ensureZoneMonths(t.db, 'Europe/Paris');
    await t.db.updateTable('districts').set({ timezone: 'Europe/Paris' }).where('id', '=', w.district.id).execute();
    await expectNoDrift('moved to Paris');
    await t.db.updateTable('districts').set({ timezone: 'Asia/Kolkata' }).where('id', '=', w.district.id).execute();
    expect(await t.db.selectFrom('report_observation_keys').select('observation_id').where('district_id', '=', w.district.id).execute()).toEqual([]);
    await expectNoDrift('moved to a zone without months');
    await ensureZoneMonths(t.db, 'Asia/Kolkata');
    expect((await t.db.selectFrom('report_observation_keys').select('observation_id').where('district_id', '=', w.district.id).execute()).length).toBeGreaterThan(15);
    await expectNoDrift('the zone months written');
    await t.db.updateTable('districts').set({ timezone: 'America/Chicago' }).where('id', '=', w.district.id).execute();

    await t.db.deleteFrom('districts').where('id', '=', w.district.id).execute();
    for (const table of ['report_observation_keys', 'report_observation_months', 'report_observation_answer_months'] as const) {
      expect(await t.db.selectFrom(table).select('district_id').where('district_id', '=', w.district.id).execute()).toEqual([]);
    }
    await expectNoDrift('the district deleted');
  }, 240_000);
});

/**
 * The report of each form through the rollups and from the rows, for every scope and a set of ranges and
 * filters: equal, byte for byte (as JSON). `throughRollups`: the rollups must have answered (no moved
 * observation in the way), checked by emptying them afterwards.
 */
async function expectSameReports(step: string, formIds: number[], throughRollups = false) {
  const d = w.district.id;
  const calendar = { id: d, timezone: 'America/Chicago', school_year_start_month: 8 };
  const readers = [
    { kind: 'district', districtId: d, userId: w.admin.id, buildingIds: [] },
    { kind: 'building', districtId: d, userId: w.principal.id, buildingIds: [w.lincoln.id] },
    { kind: 'self', districtId: d, userId: w.coach.id, buildingIds: [] },
  ] as Scope[];
  const ranges = [{}, { from: '2026-09-10' }, { from: '2026-08-15', to: '2026-10-20' }, { from: '2026-11-01' }, { from: '2026-11-05', to: '2026-11-23' },
    { from: '2026-08-01', to: '2026-11-30' }, { from: '2026-10-01', to: '2026-10-31' }, { from: '2026-09-01', to: '2026-11-04' },
    { from: '2026-10-01', to: '2026-10-28' }, { from: '2026-09-03', to: '2026-10-29' }];
  const filters = [{}, { building_id: [String(w.lincoln.id)] }, { coach_id: [String(w.coach2.id)] }];
  const run = async () => {
    const out: string[] = [];
    for (const scope of readers) {
      for (const range of ranges) {
        for (const filter of filters) {
          const ctx = buildContext({ district: { id: d, timezone: 'America/Chicago' }, scope, features: [] } as never, calendar,
            reportFilterSchema.parse({ ...range, ...filter }), undefined, NOW);
          for (const formId of formIds) {
            const [a, b] = await Promise.all([walkthroughsReport(t.db, ctx, formId), walkthroughsReport(t.db, ctx, formId, { rollups: false })]);
            expect(JSON.stringify(a), `${step}: ${JSON.stringify({ scope: scope.kind, range, filter, formId })}`).toBe(JSON.stringify(b));
            out.push(JSON.stringify(a));
          }
        }
      }
    }
    return out;
  };
  const answers = await run();
  expect(answers.some((a) => (JSON.parse(a) as { headline: { observations: number } }).headline.observations > 3)).toBe(true);
  if (!throughRollups) return;
  // Emptied, the rollups give other answers: the ones above came through them.
  await t.db.deleteFrom('report_observation_months').execute();
  await t.db.deleteFrom('report_observation_answer_months').execute();
  const emptied = await run().catch(() => null);
  expect(emptied).toBeNull();
}
