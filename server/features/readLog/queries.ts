// The read log's reads (GET /api/me/read-log): the signed-in person's own educator records and who read about
// them, one row per day, reader and role, newest day first. Every query filters by the district.
import { readOneSnapshot } from '../../../db/dialect';
import { sql } from 'kysely';
import type { DB } from '../../../db/connection';
import type { ReadKind } from '../../lib/readLog';

/** The educator records of the district linked to this login (staff.user_id): what "about me" means. */
export async function ownStaffIds(db: DB, districtId: number, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('staff').select('id').where('district_id', '=', districtId).where('user_id', '=', userId).execute();
  return rows.map((r) => r.id);
}

/** The district's settings JSON (the `educator_read_log_visible` key). */
export async function districtSettingsJson(db: DB, districtId: number): Promise<string> {
  const row = await db.selectFrom('districts').select('settings').where('id', '=', districtId).executeTakeFirst();
  return row?.settings ?? '{}';
}

export interface ReadGroupRow {
  day: string;
  reader_user_id: number;
  reader_name: string;
  reader_role: string;
  /** 0 when nobody impersonated the reader. */
  impersonated: number;
  kinds: ReadKind[];
}

/** A page of (day, reader, impersonated or not, role) groups with the kinds each read, and how many groups in all. */
export async function readLogPage(
  db: DB, districtId: number, staffIds: number[], page: { perPage: number; offset: number },
): Promise<{ rows: ReadGroupRow[]; total: number }> {
  // The page and its total from one snapshot (a concurrent write never shows between them).
  return readOneSnapshot(db, async (db) => {
    if (!staffIds.length) return { rows: [], total: 0 };
    const groups = db.selectFrom('record_reads as r')
      .innerJoin('users as u', 'u.id', 'r.reader_user_id')
      .select(['r.day', 'r.reader_user_id', 'u.name as reader_name', 'r.reader_role', sql<number>`coalesce(r.impersonated_by, 0)`.as('impersonated')])
      .where('r.district_id', '=', districtId)
      .where('r.staff_id', 'in', staffIds)
      .groupBy(['r.day', 'r.reader_user_id', 'u.name', 'r.reader_role', sql`coalesce(r.impersonated_by, 0)`]);
    const [pageRows, count] = await Promise.all([
      groups.orderBy('r.day', 'desc').orderBy('u.name').orderBy('r.reader_user_id').orderBy(sql`coalesce(r.impersonated_by, 0)`).orderBy('r.reader_role')
        .limit(page.perPage).offset(page.offset).execute(),
      db.selectFrom(groups.as('g')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    if (!pageRows.length) return { rows: [], total: Number(count.n) };
    // The kinds of the page's groups: every row of its days (at most five kinds per group).
    const days = pageRows.map((r) => r.day);
    const kindRows = await db.selectFrom('record_reads')
      .select(['day', 'reader_user_id', 'reader_role', 'kind', sql<number>`coalesce(impersonated_by, 0)`.as('impersonated')])
      .where('district_id', '=', districtId)
      .where('staff_id', 'in', staffIds)
      .where('day', '>=', days[days.length - 1]!)
      .where('day', '<=', days[0]!)
      .execute();
    const keyOf = (r: { day: string; reader_user_id: number; reader_role: string; impersonated: number }) =>
      `${r.day}|${r.reader_user_id}|${Number(r.impersonated)}|${r.reader_role}`;
    const kinds = new Map<string, Set<ReadKind>>();
    for (const r of kindRows) {
      const key = keyOf(r);
      if (!kinds.has(key)) kinds.set(key, new Set());
      kinds.get(key)!.add(r.kind);
    }
    return {
      rows: pageRows.map((r) => ({ ...r, impersonated: Number(r.impersonated), kinds: [...(kinds.get(keyOf(r)) ?? [])] })),
      total: Number(count.n),
    };
  });
}
