// The retention run over the whole demo (issue 32, item 4): the cut-off falls in the middle of Maple Grove's records,
// the run removes what the preview counted, the reports' rollups (interactions and walkthroughs) stay equal to the
// rows, and the other demo districts keep every record.
import { describe, expect, it } from 'vitest';
import { seededDemoBeforeAll } from '../../testing/hooks';
import { expectedRollups, storedRollups } from '../../testing/rollups';
import { expectedWalkthroughRollups, storedWalkthroughRollups } from '../../testing/walkthroughRollups';
import { localDateTime } from '../../lib/zone';
import { cutoffOf, runRetention } from './jobs';
import { countPastCutoff } from './removal';

const demo = seededDemoBeforeAll();

describe('a retention run over the demo', () => {
  it('removes what the preview counted, keeps the rollups equal to the rows, and touches no other district', async () => {
    const { db, maple } = demo;
    const starts = await db.selectFrom('interactions').select('starts_at').where('district_id', '=', maple.id).orderBy('starts_at').execute();
    expect(starts.length).toBeGreaterThan(100);
    // The school year starts in the month of the median interaction; a run a year later cuts off at that month's start.
    const median = localDateTime(starts[Math.floor(starts.length / 2)]!.starts_at, maple.timezone).date;
    const [year, month] = median.split('-').map(Number) as [number, number];
    await db.updateTable('districts').set({ school_year_start_month: month, settings: JSON.stringify({ data_retention_years: 1 }) })
      .where('id', '=', maple.id).execute();
    const night = `${year + 1}-${String(month).padStart(2, '0')}-15`;
    const district = await db.selectFrom('districts').select(['id', 'timezone', 'school_year_start_month']).where('id', '=', maple.id).executeTakeFirstOrThrow();
    const cutoff = cutoffOf(district, night, 1);
    expect(cutoff.day).toBe(`${year}-${String(month).padStart(2, '0')}-01`);

    const others = async () => Number((await db.selectFrom('interactions').select((eb) => eb.fn.countAll<number>().as('n')).where('district_id', '<>', maple.id).executeTakeFirstOrThrow()).n);
    const othersBefore = await others();
    const preview = await countPastCutoff(db, cutoff);
    expect(preview.interactions).toBeGreaterThan(0);
    expect(preview.interactions).toBeLessThan(starts.length);

    // 03:00 on the night in Chicago (CDT or CST: 08:00 or 09:00 UTC).
    const [run] = await runRetention({ db, log: () => {} }, new Date(`${night}T08:30:00Z`));
    expect(run).toEqual({ districtId: maple.id, night, cutoffDay: cutoff.day, counts: preview });
    const left = await db.selectFrom('interactions').select((eb) => eb.fn.min('starts_at').as('first')).where('district_id', '=', maple.id).executeTakeFirstOrThrow();
    expect(left.first! >= cutoff.at).toBe(true);
    expect(await others()).toBe(othersBefore);
    expect(await storedRollups(db)).toEqual(await expectedRollups(db));
    expect(await storedWalkthroughRollups(db)).toEqual(await expectedWalkthroughRollups(db));
  });
});
