// The schema as the coverage tests read it (change versions: lib/districtVersions.test.ts; the district export's
// kinds: features/districtExport/kinds.test.ts), on either database.
import { sql } from 'kysely';
import type { DB } from '../../db/connection';
import { isPostgres } from '../../db/dialect';

/** Every table with a `district_id` column, by name. */
export async function tablesWithDistrictId(db: DB): Promise<string[]> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ table_name: string }>`select table_name from information_schema.columns
      where column_name = 'district_id' and table_schema = current_schema()`.execute(db);
    return rows.map((r) => r.table_name).sort();
  }
  const { rows } = await sql<{ name: string }>`select m.name from sqlite_master m, pragma_table_info(m.name) c
    where m.type = 'table' and c.name = 'district_id'`.execute(db);
  return rows.map((r) => r.name).sort();
}
