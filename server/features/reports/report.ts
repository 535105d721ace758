// runReport(db, reader, kind, query): one report's answer, as GET /api/report/{kind} gives it. The
// routes and the scheduled report emails both call it, so a subscription re-validates its stored query
// (422 naming the field) and the plan (403) on every send. `query` is the parsed query string
// (`qs`-style object: { filter: { from, building_id: [...] }, interval, … }).
import { interactionsReportQuerySchema, type ReportKind } from '../../../common/schemas/reports';
import type { DB } from '../../../db/connection';
import { validate } from '../../http/validate';
import type { ReportOf } from './csv';
import { type ReportReader, requireReportPlan } from './policies';
import { presentRange } from './presenter';
import { buildContext, districtCalendar } from './queries/filters';
import { interactionsReport } from './queries/interactions';

export type { ReportOf } from './csv';
export type { ReportReader } from './policies';

export interface RunOptions {
  /** Every row of a paged table (the teacher-level CSV), not one page. */
  allRows?: boolean;
  /** The instant "today" is read at (tests, scheduled sends); default now. */
  now?: Date;
}

export async function runReport<K extends ReportKind>(db: DB, reader: ReportReader, kind: K, query: unknown, options: RunOptions = {}): Promise<ReportOf[K]> {
  requireReportPlan(reader, kind);
  const q = (query ?? {}) as Record<string, unknown>;
  switch (kind) {
    case 'interactions': {
      const input = validate(interactionsReportQuerySchema, q);
      const ctx = buildContext(reader, await districtCalendar(db, reader), input.filter, undefined, options.now);
      return { range: presentRange(ctx), ...(await interactionsReport(db, ctx, input.interval)) } as ReportOf[K];
    }
    default:
      throw new Error(`report ${kind} is not built yet`);
  }
}
