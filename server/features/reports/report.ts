// runReport(db, reader, kind, query): one report's answer, as GET /api/report/{kind} gives it. The
// routes and the scheduled report emails both call it, so a subscription re-validates its stored query
// (422 naming the field) and the plan (403) on every send. `query` is the parsed query string
// (`qs`-style object: { filter: { from, building_id: [...] }, interval, … }).
import {
  COACH_SORTS, type CoachingTeamRow, coachingTeamQuerySchema, comparisonQuerySchema, cyclesReportQuerySchema, interactionsReportQuerySchema,
  type ReportKind, TEACHER_SORTS, teacherLevelQuerySchema, walkthroughsReportQuerySchema,
} from '../../../common/schemas/reports';
import type { DB } from '../../../db/connection';
import { validationError } from '../../http/errors';
import { parsePage } from '../../http/pagination';
import { validate } from '../../http/validate';
import type { ReportOf } from './csv';
import { type ReportReader, requireReportPlan } from './policies';
import { presentRange } from './presenter';
import { coachingTeamReport } from './queries/coachingTeam';
import { comparisonReport } from './queries/comparison';
import { cyclesReport } from './queries/cycles';
import { buildContext, districtCalendar } from './queries/filters';
import { interactionsReport } from './queries/interactions';
import { teacherLevelReport } from './queries/teacherLevel';
import { walkthroughsReport } from './queries/walkthroughs';

export type { ReportOf } from './csv';
export type { ReportReader } from './policies';

export interface RunOptions {
  /** Every row of a paged table (the teacher-level CSV), not one page. */
  allRows?: boolean;
  /** The instant "today" is read at (tests, scheduled sends); default now. */
  now?: Date;
}

/** `sort` (validated by the schema's pattern) as a column of `columns`, else 422 on sort. */
function sortOf(sort: string | null, columns: readonly string[]): { column: string; desc: boolean } {
  if (sort === null) return { column: 'name', desc: false };
  const desc = sort.startsWith('-');
  const column = desc ? sort.slice(1) : sort;
  if (!columns.includes(column)) throw validationError({ sort: [`Sort must be one of ${columns.join(', ')}, optionally preceded by -.`] });
  return { column, desc };
}

function sortTeam(rows: CoachingTeamRow[], sort: { column: string; desc: boolean }): CoachingTeamRow[] {
  if (sort.column === 'name') return sort.desc ? [...rows].reverse() : rows;
  const key = sort.column as Exclude<(typeof COACH_SORTS)[number], 'name'>;
  const order = new Map(rows.map((r, i) => [r.coach.id, i]));
  return [...rows].sort((a, b) => (sort.desc ? b[key] - a[key] : a[key] - b[key]) || order.get(a.coach.id)! - order.get(b.coach.id)!);
}

export async function runReport<K extends ReportKind>(db: DB, reader: ReportReader, kind: K, query: unknown, options: RunOptions = {}): Promise<ReportOf[K]> {
  requireReportPlan(reader, kind);
  const q = (query ?? {}) as Record<string, unknown>;
  const context = async (filter: Parameters<typeof buildContext>[2]) => buildContext(reader, await districtCalendar(db, reader), filter, undefined, options.now);
  switch (kind) {
    case 'interactions': {
      const input = validate(interactionsReportQuerySchema, q);
      const ctx = await context(input.filter);
      return { range: presentRange(ctx), ...(await interactionsReport(db, ctx, input.interval)) } as ReportOf[K];
    }
    case 'coaching-cycles': {
      const input = validate(cyclesReportQuerySchema, q);
      const ctx = await context(input.filter);
      return { range: presentRange(ctx), ...(await cyclesReport(db, ctx)) } as ReportOf[K];
    }
    case 'teacher-level': {
      const input = validate(teacherLevelQuerySchema, q);
      const sort = sortOf(input.sort, TEACHER_SORTS);
      const page = options.allRows ? null : parsePage(q, 25);
      const ctx = await context(input.filter);
      return { range: presentRange(ctx), ...(await teacherLevelReport(db, ctx, input.view ?? 'all', sort, page)) } as ReportOf[K];
    }
    case 'coaching-team': {
      const input = validate(coachingTeamQuerySchema, q);
      const sort = sortOf(input.sort, COACH_SORTS);
      const ctx = await context(input.filter);
      const answer = await coachingTeamReport(db, ctx);
      return { range: presentRange(ctx), ...answer, data: sortTeam(answer.data, sort) } as ReportOf[K];
    }
    case 'walkthroughs': {
      const input = validate(walkthroughsReportQuerySchema, q);
      const ctx = await context(input.filter);
      return { range: presentRange(ctx), ...(await walkthroughsReport(db, ctx, input.form_id)) } as ReportOf[K];
    }
    default: {
      const input = validate(comparisonQuerySchema, q);
      const ctx = await context(input.filter);
      return { range: presentRange(ctx), ...(await comparisonReport(db, ctx, input)) } as ReportOf[K];
    }
  }
}
