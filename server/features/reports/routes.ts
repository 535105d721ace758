// Reports (issue 11): GET /api/report/{kind} answers the report as JSON, GET /api/report/{kind}.csv?table=…
// the CSV of one of its tables. Thin handlers: authorize (policies: `see engagement`, the plan gate) →
// validate and compute (runReport) → present. Unknown kinds answer a JSON 404.
import { Router } from 'express';
import { REPORT_KINDS, type ReportKind, reportTableParam } from '../../../common/schemas/reports';
import * as z from 'zod/mini';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { sendJson } from '../../http/respond';
import { validate } from '../../http/validate';
import { readerKey } from '../../identity/context';
import { keptAnswer } from '../../lib/keptAnswers';
import { requireDistrict } from '../../access/guards';
import { sendCsv } from '../../lib/csv';
import { reportFileName, reportTable } from './csv';
import { reportDays, reportReader } from './policies';
import { runReport } from './report';
import { reportIn } from './presenter';
import { requestLocale } from '../../i18n/locale';

export const REPORT_NOT_FOUND = 'This report does not exist.';

function kindOf(raw: string): { kind: ReportKind; csv: boolean } | null {
  const csv = raw.endsWith('.csv');
  const name = csv ? raw.slice(0, -4) : raw;
  return (REPORT_KINDS as readonly string[]).includes(name) ? { kind: name as ReportKind, csv } : null;
}

export function reportRoutes(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  router.get('/report/:kind', async (req, res) => {
    const which = kindOf(String(req.params.kind));
    if (!which) {
      requireDistrict(req);
      throw notFound(REPORT_NOT_FOUND);
    }
    const reader = reportReader(req, which.kind);
    if (!which.csv) {
      // Kept per reader, query, day and language while nothing in the district changes (lib/keptAnswers.ts).
      const locale = requestLocale(req);
      sendJson(res, await keptAnswer(db, reader.district.id, readerKey(requireDistrict(req)), ['report', which.kind, req.query, reportDays(reader), locale],
        async () => ({ answer: reportIn(locale, await runReport(db, reader, which.kind, req.query)) })));
      return;
    }
    const { table } = validate(z.object({ table: reportTableParam(which.kind) }), { table: req.query.table });
    const report = await runReport(db, reader, which.kind, req.query, { allRows: true });
    const { header, rows } = reportTable(which.kind, report, table);
    sendCsv(res, reportFileName(which.kind, table, report.range), header, rows);
  });

  return router;
}
