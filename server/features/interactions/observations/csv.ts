// GET /api/observation.csv (issue 28): the observations list as a spreadsheet. The same filters and the same
// scope as GET /api/observation, but drafts are never exported (not even the caller's own); each row shows only
// what its reader may see of it (observationSight: private notes never leave their author, so the export never
// reads them, as the interactions export does not; notes, next steps, text answers and evidence follow the
// district's notes-privacy rule; an educator sees what was shared). Times are on the caller's profile clock
// (their timezone, else the district's). When the filter names exactly one form, one column per item of that form,
// by item lineage across its versions (the newest wording, the current version's order, older items after), so
// an answer lines up with the same question whatever version it was given on; otherwise the fixed columns only.
import type { DB } from '../../../../db/connection';
import { groupBy } from '../../../lib/collections';
import { localDateTime } from '../../../lib/zone';
import type { ObservationSight } from './policies';
import { lookForTally } from './presenter';
import {
  answersOf, filteredObservations, itemsOfVersions, type ItemRow, type Names, namesFor, type ObservationFilters, type ObservationRow, storedValue,
} from './queries';
import type { Visibility } from '../policies';

export const OBSERVATION_CSV_PAGE_SIZE = 500;

export const OBSERVATION_CSV_HEADER = [
  'ID', 'Date', 'Time', 'Duration (minutes)', 'Form', 'Form version', 'Educator', 'Educator ID', 'Observer', 'School',
  'Look-fors seen', 'Look-fors answered', 'Shared on', 'Acknowledged on', 'Notes', 'Next steps', 'Reflection', 'Interaction ID',
] as const;

/** One column of a form's items: a lineage, worded as its newest version words it. */
export interface ItemColumn { lineage: number; label: string; kind: ItemRow['kind'] }

/** Every item of every version of a form, one column per lineage: the current version's order, then older lineages. */
export async function itemColumnsOfForm(db: DB, districtId: number, formId: number, currentVersionId: number): Promise<ItemColumn[]> {
  const versions = await db.selectFrom('observation_form_versions').select(['id', 'version'])
    .where('district_id', '=', districtId).where('form_id', '=', formId).orderBy('version', 'desc').execute();
  const items = await itemsOfVersions(db, districtId, versions.map((v) => v.id));
  const versionOf = new Map(versions.map((v) => [v.id, v.version]));
  const sorted = [...items].sort((a, b) => {
    const current = Number(b.version_id === currentVersionId) - Number(a.version_id === currentVersionId);
    return current || (versionOf.get(b.version_id) ?? 0) - (versionOf.get(a.version_id) ?? 0) || a.position - b.position;
  });
  const columns = new Map<number, ItemColumn>();
  for (const i of sorted) {
    const lineage = i.lineage_id ?? i.id;
    if (!columns.has(lineage)) columns.set(lineage, { lineage, label: i.section ? `${i.section}: ${i.label}` : i.label, kind: i.kind });
  }
  return [...columns.values()];
}

const LOOK_FOR_TEXT: Record<string, string> = { yes: 'Seen', no: 'Not seen', na: 'Not applicable' };

/** An answer as a cell: look-fors in words, choices joined, numbers as numbers. */
export function answerText(kind: ItemRow['kind'], stored: string): string | number {
  const v = storedValue(stored);
  if (v === null || v === undefined) return '';
  if (kind === 'look_for') return LOOK_FOR_TEXT[String(v)] ?? String(v);
  if (Array.isArray(v)) return v.map(String).join('; ');
  return typeof v === 'number' ? v : String(v);
}

export interface ObservationCsvScope {
  visibility: Visibility;
  filters: ObservationFilters;
  /** The caller's clock: their profile timezone, else the district's. */
  timeZone: string;
  /** Per-item columns (the filter names one form), else none. */
  columns: ItemColumn[] | null;
  /** What this reader sees of one row (policies.ts observationSight). */
  sightOf: (row: ObservationRow, educatorUserId: number | null) => ObservationSight;
}

/** Pages of the export, newest first like the list (keyset on observed_at, id), completed observations only. */
export async function* observationCsvPages(db: DB, s: ObservationCsvScope, pageSize = OBSERVATION_CSV_PAGE_SIZE): AsyncGenerator<unknown[][]> {
  const districtId = s.visibility.districtId;
  // Drafts are never exported: a status filter that leaves out completed ones exports nothing.
  if (s.filters.statuses.length && !s.filters.statuses.includes('completed')) return;
  const filters: ObservationFilters = { ...s.filters, statuses: ['completed'] };
  let after: { at: string; id: number } | null = null;
  for (;;) {
    let q = filteredObservations(db, s.visibility, filters).selectAll('observations');
    if (after) {
      const a = after;
      q = q.where((eb) => eb.or([
        eb('observations.observed_at', '<', a.at),
        eb.and([eb('observations.observed_at', '=', a.at), eb('observations.id', '<', a.id)]),
      ]));
    }
    const rows = await q.orderBy('observations.observed_at', 'desc').orderBy('observations.id', 'desc').limit(pageSize).execute();
    if (!rows.length) return;
    const [names, items, answers] = await Promise.all([
      namesFor(db, districtId, rows),
      itemsOfVersions(db, districtId, rows.map((r) => r.version_id)),
      answersOf(db, districtId, rows.map((r) => r.id)),
    ]);
    yield rowsOf(rows, names, items, answers, s);
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.observed_at, id: last.id };
  }
}

function rowsOf(
  rows: ObservationRow[], names: Names, items: ItemRow[], answers: Awaited<ReturnType<typeof answersOf>>, s: ObservationCsvScope,
): unknown[][] {
  const itemsOf = groupBy(items, (i) => [i.version_id]);
  const answersByRow = groupBy(answers, (a) => [a.observation_id]);
  const day = (iso: string | null) => (iso ? localDateTime(iso, s.timeZone).date : '');
  return rows.map((row) => {
    const educator = names.staff.get(row.staff_id);
    const sight = s.sightOf(row, educator?.user_id ?? null);
    const own = itemsOf.get(row.version_id) ?? [];
    const mine = sight.answers ? answersByRow.get(row.id) ?? [] : [];
    const itemById = new Map(own.map((i) => [i.id, i]));
    const tally = sight.answers ? lookForTally(own, mine) : null;
    const local = localDateTime(row.observed_at, s.timeZone);
    const version = names.versions.get(row.version_id);
    const cells: unknown[] = [
      row.id, local.date, local.time, row.duration_minutes, version?.name ?? '', version?.version ?? '', educator?.name ?? '', row.staff_id,
      names.users.get(row.observer_id) ?? '', row.building_id === null ? '' : names.schools.get(row.building_id) ?? '',
      tally ? tally.seen : '', tally ? tally.applicable : '', day(row.shared_at), sight.reflection ? day(row.acknowledged_at) : '',
      sight.texts ? row.notes ?? '' : '', sight.texts ? row.next_steps ?? '' : '', sight.reflection ? row.reflection ?? '' : '',
      row.interaction_id ?? '',
    ];
    if (s.columns) {
      const byLineage = new Map<number, string | number>();
      for (const a of mine) {
        const item = itemById.get(a.item_id);
        if (!item || (item.kind === 'text' && !sight.texts)) continue;
        byLineage.set(item.lineage_id ?? item.id, answerText(item.kind, a.value));
      }
      cells.push(...s.columns.map((c) => byLineage.get(c.lineage) ?? ''));
    }
    const evidence = sight.texts
      ? mine.filter((a) => a.evidence && itemById.has(a.item_id))
        .sort((a, b) => itemById.get(a.item_id)!.position - itemById.get(b.item_id)!.position).map((a) => `${itemById.get(a.item_id)?.label ?? ''}: ${a.evidence}`).join('; ')
      : '';
    cells.push(evidence);
    return cells;
  });
}
