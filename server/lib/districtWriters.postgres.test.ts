// Issue 34: what a district's writers wait for on PostgreSQL. Its version is bumped at the commit
// (migration 20261129_0152), its rollups are locked per coach (20261129_0150), and lockDistrictWrites waits
// for every writer under way and holds off new ones (20261129_0153, db/locks.ts). Two transactions are
// held open side by side; "still waiting" is checked after a pause long enough for a statement that was
// not waiting to have answered many times over.
// Runs only under `npm run test:pg` (a *.postgres.test.ts file).
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app';
import { buildDistrict, buildUser } from '../testing/factories';
import { insertActivity, insertInteraction } from '../testing/interactions.fixture';
import { districtVersion } from './keptAnswers';
import type { DB } from '../../db/connection';
import { lockDistrictWrites } from '../../db/locks';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

/** Gates not opened yet: opened after each test, so that a failed test leaves no transaction open. */
const unopened: (() => void)[] = [];
afterEach(() => unopened.splice(0).forEach((open) => open()));

/** A promise and the function that settles it. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  unopened.push(open);
  return { promise, open };
}

/** A transaction running `body`, then held open until `release` opens (its commit follows). */
function heldOpen(db: DB, body: (trx: DB) => Promise<unknown>, release: Promise<void>, events: string[], name: string) {
  const ready = gate();
  const done = db.transaction().execute(async (trx) => {
    await body(trx as unknown as DB);
    events.push(`${name} wrote`);
    ready.open();
    await release;
  }).then(() => events.push(`${name} committed`));
  // A transaction that fails before it is ready fails the test at once, instead of leaving it waiting.
  return { ready: Promise.race([ready.promise, done.then(() => {})]), done };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PAUSE_MS = 400;

async function pendingNotes(db: DB): Promise<number> {
  const { rows: [row] } = await sql<{ n: number }>`select count(*) as n from district_version_bumps`.execute(db);
  return row!.n;
}

describe('a district\'s writers on PostgreSQL [PostgreSQL]', () => {
  it('writers of one district do not wait for one another; each commit bumps the version once, with its rows', async () => {
    const district = await buildDistrict(t.db);
    const coach = await buildUser(t.db, { role: 'coach', districtId: district.id });
    const before = await districtVersion(t.db, district.id);
    const events: string[] = [];
    const release = gate();
    const first = heldOpen(t.db, async (trx) => {
      await insertActivity(trx, { districtId: district.id, userId: coach.id });
      await insertActivity(trx, { districtId: district.id, userId: coach.id, minutes: 20 });
    }, release.promise, events, 'first');
    await first.ready;
    // Written but not committed: the version stands, as for every reader.
    expect(await districtVersion(t.db, district.id)).toBe(before);

    // A second writer of the district commits while the first is still open.
    await t.db.transaction().execute(async (trx) => {
      await insertActivity(trx as unknown as DB, { districtId: district.id, userId: coach.id });
      await insertInteraction(trx as unknown as DB, { districtId: district.id, typeId: await typeOf(t.db, district.id), coachId: coach.id });
    });
    events.push('second committed');
    expect(await districtVersion(t.db, district.id)).toBe(before + 1);

    release.open();
    await first.done;
    expect(events).toEqual(['first wrote', 'second committed', 'first committed']);
    expect(await districtVersion(t.db, district.id)).toBe(before + 2);
    expect(await pendingNotes(t.db)).toBe(0);
  });

  it('lockDistrictWrites waits for the writers under way, then holds off new ones until its commit', async () => {
    const district = await buildDistrict(t.db);
    const other = await buildDistrict(t.db);
    const coach = await buildUser(t.db, { role: 'coach', districtId: district.id });
    const otherCoach = await buildUser(t.db, { role: 'coach', districtId: other.id });
    const events: string[] = [];
    const releaseWriter = gate();
    const writer = heldOpen(t.db, (trx) => insertActivity(trx, { districtId: district.id, userId: coach.id }), releaseWriter.promise, events, 'writer');
    await writer.ready;

    const releaseChecker = gate();
    const checker = heldOpen(t.db, (trx) => lockDistrictWrites(trx, district.id), releaseChecker.promise, events, 'checker');
    await pause(PAUSE_MS);
    expect(events).toEqual(['writer wrote']);

    releaseWriter.open();
    // Both: the checker's lock may be granted before the writer's commit has answered on its own connection.
    await Promise.all([checker.ready, writer.done]);
    // The checker got its lock only once the writer let go (above: still waiting while the writer was open); the
    // writer's "committed" and the checker's "wrote" callbacks arrive on two connections at once, in either order.
    expect(events[0]).toBe('writer wrote');
    expect([...events].sort()).toEqual(['checker wrote', 'writer committed', 'writer wrote']);
    const settled = [...events];

    // A new writer of the district waits for the checker's commit; another district's does not.
    const late = insertActivity(t.db, { districtId: district.id, userId: coach.id }).then(() => events.push('late writer committed'));
    await insertActivity(t.db, { districtId: other.id, userId: otherCoach.id });
    await pause(PAUSE_MS);
    expect(events).toEqual(settled);
    releaseChecker.open();
    await Promise.all([checker.done, late]);
    // The late writer waited for the checker (above); the two answers then arrive on two connections, in either order.
    expect(events.slice(0, 3)).toEqual(settled);
    expect(events.slice(3).sort()).toEqual(['checker committed', 'late writer committed']);
  });

  it("one coach's interaction writes take turns on the rollups; another coach's go on", async () => {
    const district = await buildDistrict(t.db);
    const type = await typeOf(t.db, district.id);
    const [ana, ben] = [await buildUser(t.db, { role: 'coach', districtId: district.id }), await buildUser(t.db, { role: 'coach', districtId: district.id })];
    const [ana1, ana2, ben1] = [
      await insertInteraction(t.db, { districtId: district.id, typeId: type, coachId: ana.id }),
      await insertInteraction(t.db, { districtId: district.id, typeId: type, coachId: ana.id }),
      await insertInteraction(t.db, { districtId: district.id, typeId: type, coachId: ben.id }),
    ];
    const longer = (db: DB, id: number) => db.updateTable('interactions').set({ duration_minutes: 50 }).where('id', '=', id).execute();
    const events: string[] = [];
    const release = gate();
    const first = heldOpen(t.db, (trx) => longer(trx, ana1.id), release.promise, events, "Ana's first");
    await first.ready;

    await longer(t.db, ben1.id);
    events.push("Ben's committed");
    const second = longer(t.db, ana2.id).then(() => events.push("Ana's second committed"));
    await pause(PAUSE_MS);
    expect(events).toEqual(["Ana's first wrote", "Ben's committed"]);
    release.open();
    await Promise.all([first.done, second]);
    // The second waited for the first (above: still waiting while the first was open); once the first commits, the two
    // answers arrive on two connections, in either order.
    expect(events.slice(0, 2)).toEqual(["Ana's first wrote", "Ben's committed"]);
    expect([...events].sort()).toEqual(["Ana's first committed", "Ana's first wrote", "Ana's second committed", "Ben's committed"]);
    const { rows: [sum] } = await sql<{ minutes: number }>`select sum(minutes) as minutes from report_interaction_months where district_id = ${district.id}`.execute(t.db);
    expect(sum!.minutes).toBe(150);
  });
});

async function typeOf(db: DB, districtId: number): Promise<number> {
  const row = await db.selectFrom('interaction_types').select('id').where('district_id', '=', districtId).orderBy('id').executeTakeFirstOrThrow();
  return row.id;
}
