// Issue 34: many people saving at once in one district on PostgreSQL. Transactions run at READ COMMITTED
// with the bookkeeping counters (district_versions, the reports' rollups) waiting for their row instead of
// failing (db/postgres.ts, db/locks.ts); a save must never answer 5xx. And when a conflict outlives every
// retry, the answer is 503 with Retry-After, kept apart from the server errors in the admin Logs.
// Runs only under `npm run test:pg` (a *.postgres.test.ts file).
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { RetryingKysely, retryConflicts, TransactionConflictError } from '../../../db/postgres';
import { sql } from 'kysely';
import type { DB } from '../../../db/connection';
import { appWith, csrfHeaders, loginAs, type TestApp } from '../../testing/app';
import { buildUser } from '../../testing/factories';
import { insertCycle, stagesOfDistrict } from '../../testing/cycles.fixture';
import { frameworkOf } from '../../testing/skills.fixture';
import { buildInteractionsWorld, insertInteraction, type InteractionsWorld } from '../../testing/interactions.fixture';

let t: TestApp;
let w: InteractionsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildInteractionsWorld(app.db)));
});

/** The district's rollups summed, and the same figures from the rows (every interaction here is in zone_months' range). */
async function rollupTotals(db: DB, districtId: number) {
  const { rows: [i] } = await sql<{ n: number; minutes: number }>`select coalesce(sum(n), 0) as n, coalesce(sum(minutes), 0) as minutes
    from report_interaction_months where district_id = ${districtId}`.execute(db);
  const { rows: [p] } = await sql<{ n: number; minutes: number }>`select coalesce(sum(n), 0) as n, coalesce(sum(minutes), 0) as minutes
    from report_participation_months where district_id = ${districtId}`.execute(db);
  const { rows: groups } = await sql<{ g: string }>`select month || '|' || interaction_type_id || '|' || building_id || '|' || coach_id || '|' || n || '|' || minutes as g
    from report_interaction_months where district_id = ${districtId} order by 1`.execute(db);
  return { interactions: i, participations: p, groups: groups.map((r) => r.g) };
}
async function rowTotals(db: DB, districtId: number) {
  const counted = sql`i.district_id = ${districtId} and i.status = 'completed' and i.deleted_at is null`;
  const { rows: [i] } = await sql<{ n: number; minutes: number }>`select count(*) as n, coalesce(sum(duration_minutes), 0) as minutes
    from interactions i where ${counted}`.execute(db);
  const { rows: [p] } = await sql<{ n: number; minutes: number }>`select count(*) as n, coalesce(sum(i.duration_minutes), 0) as minutes
    from interaction_participants ip join interactions i on i.id = ip.interaction_id where ${counted}`.execute(db);
  const { rows: groups } = await sql<{ g: string }>`select zm.month || '|' || i.interaction_type_id || '|' || coalesce(i.building_id, 0) || '|' || i.coach_id
      || '|' || count(*) || '|' || sum(i.duration_minutes) as g
    from interactions i join districts d on d.id = i.district_id
    join zone_months zm on zm.timezone = d.timezone and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
    where ${counted} group by zm.month, i.interaction_type_id, coalesce(i.building_id, 0), i.coach_id order by 1`.execute(db);
  return { interactions: i, participations: p, groups: groups.map((r) => r.g) };
}

const WRITERS = 12;
const ROUNDS = 6;

describe('concurrent writers in one district [PostgreSQL]', () => {
  it('interaction creates and edits, activity, skill ratings and cycle moves at once: no 5xx, the rollups equal the rows', async () => {
    const { skills } = await frameworkOf(t.db, w.district.id);
    const stages = (await stagesOfDistrict(t.db, w.district.id)).filter((s) => s.archived_at === null);
    const writers = await Promise.all(Array.from({ length: WRITERS }, async (_, i) => {
      const user = await buildUser(t.db, { role: 'district-admin', districtId: w.district.id, name: `Writer ${i}` });
      const agent = await loginAs(t.app, user);
      const own = await insertInteraction(t.db, { districtId: w.district.id, typeId: w.observation.id, coachId: user.id, staff: [{ id: w.ana.id }] });
      const cycle = await insertCycle(t.db, { districtId: w.district.id, coachId: user.id, staffIds: [w.ben.id], stageId: stages[0]!.id });
      return { user, agent, own, cycle, stage: 0 };
    }));
    const interaction = (i: number, k: number) => ({
      interaction_type_id: w.observation.id, starts_at: `2026-10-${String(1 + ((i + k) % 28)).padStart(2, '0')}T14:00:00.000Z`,
      duration_minutes: 15 + k, status: 'completed', building_id: w.lincoln.id, staff_ids: [w.ana.id, w.ben.id].slice(0, 1 + (k % 2)),
      group_ids: [], notes: `Round ${k}`, next_steps: null, private_notes: null, field_values: {},
    });
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const check = (what: string) => (res: request.Response) => {
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status >= 400) failures.push(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
      return res;
    };
    await Promise.all(writers.map(async (wr, i) => {
      for (let k = 0; k < ROUNDS; k++) {
        const h = csrfHeaders(wr.agent);
        const next = (wr.stage + 1) % Math.min(2, stages.length);
        await Promise.all([
          wr.agent.post('/api/interaction').set(h).send(interaction(i, k)).then(check('create')),
          wr.agent.put(`/api/interaction/${wr.own.id}`).set(h).send(interaction(i + 7, k)).then(check('edit')),
          wr.agent.post('/api/activity').set(h).send({ category: 'planning', starts_at: '2026-10-06T19:00:00.000Z', minutes: 10 + k, notes: null }).then(check('activity')),
          wr.agent.post(`/api/staff/${w.jordan.id}/skill-rating`).set(h)
            .send({ rated_on: '2026-10-06', ratings: [{ skill_id: skills[(i + k) % skills.length]!.id, level: 1 + ((i + k) % 3), note: null }] }).then(check('rating')),
          stages.length > 1
            ? wr.agent.post(`/api/coaching-cycle/${wr.cycle.id}/stage`).set(h).send({ stage_id: stages[next]!.id }).then(check('cycle move'))
            : Promise.resolve(),
        ]);
        wr.stage = next;
      }
    }));
    expect(failures).toEqual([]);
    expect([...statuses.keys()].every((s) => s < 300)).toBe(true);
    // Every write was counted once: the rollups equal a query over the rows, and each edit landed.
    expect(await rollupTotals(t.db, w.district.id)).toEqual(await rowTotals(t.db, w.district.id));
    const created = Number((await t.db.selectFrom('interactions').select((eb) => eb.fn.countAll().as('n'))
      .where('district_id', '=', w.district.id).where('notes', 'like', 'Round %').executeTakeFirstOrThrow()).n);
    expect(created).toBe(WRITERS * ROUNDS + WRITERS);
    for (const wr of writers) {
      const row = await t.db.selectFrom('interactions').select('sequence').where('id', '=', wr.own.id).executeTakeFirstOrThrow();
      expect(row.sequence).toBe(ROUNDS);
    }
  }, 120_000);

  it('a kept answer shows every concurrent write on the next request', async () => {
    const admin = await loginAs(t.app, w.admin);
    const list = () => admin.get('/api/interaction?per_page=100&filter[from]=2026-09-01&filter[to]=2026-12-31');
    const before = (await list()).body.meta.total as number;
    const writers = await Promise.all(Array.from({ length: 8 }, async (_, i) =>
      loginAs(t.app, await buildUser(t.db, { role: 'district-admin', districtId: w.district.id, name: `Kept ${i}` }))));
    await Promise.all(writers.map(async (agent, i) => {
      for (let k = 0; k < 3; k++) {
        const res = await agent.post('/api/interaction').set(csrfHeaders(agent)).send({
          interaction_type_id: w.observation.id, starts_at: '2026-10-07T14:00:00.000Z', duration_minutes: 30, status: 'completed',
          building_id: w.lincoln.id, staff_ids: [w.ana.id], group_ids: [], notes: `Kept ${i}.${k}`, next_steps: null, private_notes: null,
          field_values: {},
        });
        expect(res.status).toBe(201);
        expect((await list()).body.meta.total).toBeGreaterThan(before);
      }
    }));
    expect((await list()).body.meta.total).toBe(before + 24);
  }, 60_000);
});

describe('a conflict that outlives its retries [PostgreSQL]', () => {
  it('retryConflicts runs a serialization failure again, then gives up with TransactionConflictError', async () => {
    let calls = 0;
    const serializationFailure = Object.assign(new Error('could not serialize access due to concurrent update'), { code: '40001' });
    await expect(retryConflicts(async () => {
      calls++;
      if (calls < 3) throw serializationFailure;
      return 'done';
    }, { attempts: 5, baseDelayMs: 1, maxDelayMs: 2 })).resolves.toBe('done');
    expect(calls).toBe(3);
    calls = 0;
    const failed = retryConflicts(async () => {
      calls++;
      throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
    }, { attempts: 4, baseDelayMs: 1, maxDelayMs: 2 });
    await expect(failed).rejects.toBeInstanceOf(TransactionConflictError);
    expect(calls).toBe(4);
    // Any other error is not retried.
    calls = 0;
    await expect(retryConflicts(async () => {
      calls++;
      throw Object.assign(new Error('duplicate key'), { code: '23505' });
    })).rejects.toThrow('duplicate key');
    expect(calls).toBe(1);
  });

  it('a save whose transaction keeps failing to serialize answers 503 with Retry-After, logged as Database busy, not as a server error', async () => {
    expect(t.db).toBeInstanceOf(RetryingKysely);
    (t.db as RetryingKysely).retryPolicy = { attempts: 3, baseDelayMs: 1, maxDelayMs: 2 };
    // Test-only: every transaction's first statement fails as a serialization failure would.
    await sql.raw(`create function fail_serialization() returns trigger language plpgsql as $$ begin
      raise exception 'could not serialize access due to concurrent update' using errcode = '40001'; end $$`).execute(t.db);
    await sql.raw('create trigger activities_fail_serialization before insert on activities for each statement execute function fail_serialization()').execute(t.db);
    const coach = await loginAs(t.app, w.coach);
    let res: request.Response;
    try {
      res = await coach.post('/api/activity').set(csrfHeaders(coach))
        .send({ category: 'planning', starts_at: '2026-10-06T19:00:00.000Z', minutes: 30, notes: null });
    } finally {
      // The test database is recycled for the next test: leave no trigger behind.
      await sql.raw('drop trigger activities_fail_serialization on activities').execute(t.db);
      await sql.raw('drop function fail_serialization()').execute(t.db);
    }
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.body).toEqual({ message: 'Coachwell is busy right now. Please try again in a moment.', code: 'busy' });
    // Recorded apart from the 500s (fire-and-forget: give it a moment).
    let events: { kind: string; path: string | null }[] = [];
    for (let i = 0; i < 50 && !events.length; i++) {
      await new Promise((r) => setTimeout(r, 20));
      events = await t.db.selectFrom('security_events').select(['kind', 'path']).where('kind', '=', 'database-busy').execute();
    }
    expect(events).toEqual([{ kind: 'database-busy', path: '/api/activity' }]);
    expect(await t.db.selectFrom('server_errors').selectAll().execute()).toEqual([]);
    // The admin Logs list it under its own kind.
    const provider = await loginAs(t.app, await buildUser(t.db, { role: 'provider-admin' }));
    const logs = await provider.get('/api/admin/log?kind=security&filter[security_kind]=database-busy');
    expect(logs.status).toBe(200);
    expect(logs.body.meta.total).toBe(1);
    expect(await request(t.app).get('/api/health')).toHaveProperty('status', 200);
  });
});
