// The heat map as CSV: one row per educator, in the heat map's order; a column per shown skill (the
// current level number), or one average column for a domain shown collapsed. The route writes it with
// the one CSV writer of every download (server/lib/csv.ts `sendCsv`): BOM, every cell quoted, formulas defused.
import type { SkillMapRow } from '../../../common/schemas/skills';

export function skillMapTable(
  columns: { domainId: number; domainName: string; skills: { id: number; name: string }[] }[],
  collapsed: ReadonlySet<number>,
  rows: SkillMapRow[],
): { header: string[]; rows: (string | number | null)[][] } {
  const header: string[] = ['Educator', 'School', 'Position'];
  for (const col of columns) {
    if (collapsed.has(col.domainId)) header.push(`${col.domainName} (average)`);
    else for (const s of col.skills) header.push(`${col.domainName}: ${s.name}`);
  }
  const table: (string | number | null)[][] = [];
  for (const row of rows) {
    const values: (string | number | null)[] = [row.staff.name, row.staff.building, row.staff.position];
    for (const col of columns) {
      if (collapsed.has(col.domainId)) values.push(row.domain_averages[String(col.domainId)] ?? null);
      else for (const s of col.skills) values.push(row.cells[String(s.id)]?.level ?? null);
    }
    table.push(values);
  }
  return { header, rows: table };
}
