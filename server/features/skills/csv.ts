// The heat map as CSV: one row per educator, in the heat map's order; a column per shown skill (the
// current level number), or one average column for a domain shown collapsed. Cells that a spreadsheet
// would read as a formula are defused with a leading apostrophe.
import type { SkillMapRow } from '../../../common/schemas/skills';

function cell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function skillMapCsv(
  columns: { domainId: number; domainName: string; skills: { id: number; name: string }[] }[],
  collapsed: ReadonlySet<number>,
  rows: SkillMapRow[],
): string {
  const header: string[] = ['Educator', 'School', 'Position'];
  for (const col of columns) {
    if (collapsed.has(col.domainId)) header.push(`${col.domainName} (average)`);
    else for (const s of col.skills) header.push(`${col.domainName}: ${s.name}`);
  }
  const lines = [header.map(cell).join(',')];
  for (const row of rows) {
    const values: (string | number | null)[] = [row.staff.name, row.staff.building, row.staff.position];
    for (const col of columns) {
      if (collapsed.has(col.domainId)) values.push(row.domain_averages[String(col.domainId)] ?? null);
      else for (const s of col.skills) values.push(row.cells[String(s.id)]?.level ?? null);
    }
    lines.push(values.map(cell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
