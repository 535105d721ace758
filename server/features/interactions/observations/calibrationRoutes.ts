// Calibration sessions (issue 28, item 5): list, set up, read with the agreement of its observers, archive and
// restore; and one form's agreement over time and by pair of observers across its sessions. Thin handlers:
// authorize (calibrationPolicies) → validate → call → present.
import { Router } from 'express';
import {
  CALIBRATION_MESSAGES, calibrationAgreementQuerySchema, calibrationListQuerySchema, calibrationSessionSchema,
} from '../../../../common/schemas/calibration';
import type { CalibrationAgreementAnswer, CalibrationSessionAnswer } from '../../../../common/schemas/answers/observations';
import type { Deps } from '../../../deps';
import { forbidden, notFound, validationError } from '../../../http/errors';
import { routeId } from '../../../http/params';
import { validate } from '../../../http/validate';
import { startOfLocalDay, endOfLocalDay } from '../../../lib/zone';
import type { Reader } from '../policies';
import { calibrationReader, calibrationWriter, canArchiveSession } from './calibrationPolicies';
import { presentAgreement, presentSession } from './calibrationPresenter';
import {
  agreementOfSessions, findVisibleSession, lineageItems, listSessions, observationsOfSessions, sessionNames, type SessionRow, visibleSessions,
} from './calibrationQueries';
import { createSession, setSessionArchived } from './calibrationService';
import { findForm } from './queries';

export function calibrationRoutes(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  async function present(reader: Reader, rows: SessionRow[]) {
    const districtId = reader.auth.district.id;
    const observations = await observationsOfSessions(db, districtId, rows.map((r) => r.id), reader.auth.user.id);
    const names = await sessionNames(db, districtId, rows, observations.map((o) => o.observer_id));
    return rows.map((row) => presentSession(row, names, observations.filter((o) => o.calibration_id === row.id), reader.auth.user.id, canArchiveSession(reader, row)));
  }

  async function visibleSession(reader: Reader, id: number): Promise<SessionRow> {
    const row = await findVisibleSession(db, reader.visibility, id);
    if (!row) throw notFound(CALIBRATION_MESSAGES.notFound);
    return row;
  }

  async function answerOne(reader: Reader, row: SessionRow): Promise<CalibrationSessionAnswer> {
    const districtId = reader.auth.district.id;
    const [session] = await present(reader, [row]);
    const [agreement, items] = await Promise.all([
      agreementOfSessions(db, districtId, [row], reader.auth.district.timezone),
      lineageItems(db, districtId, row.form_id),
    ]);
    const pairIds = [...agreement.pairs.values()].flatMap((p) => p.observerIds);
    return { ...session!, agreement: presentAgreement(agreement, items, await sessionNames(db, districtId, [row], pairIds)) };
  }

  router.get('/calibration-session', async (req, res) => {
    const reader = calibrationReader(req);
    const { filter } = validate(calibrationListQuerySchema, req.query);
    const rows = await listSessions(db, reader.visibility, { formIds: filter.form_id, status: filter.status });
    res.json({ data: await present(reader, rows) });
  });

  router.post('/calibration-session', async (req, res) => {
    const writer = calibrationWriter(req);
    const input = validate(calibrationSessionSchema, req.body);
    const id = await createSession(db, writer, input);
    res.status(201).json(await answerOne(writer, await visibleSession(writer, id)));
  });

  router.get('/calibration-session/:id', async (req, res) => {
    const reader = calibrationReader(req);
    const row = await visibleSession(reader, routeId(req, 'id', CALIBRATION_MESSAGES.notFound));
    res.json(await answerOne(reader, row));
  });

  for (const [action, archived] of [['archive', true], ['restore', false]] as const) {
    router.post(`/calibration-session/:id/${action}`, async (req, res) => {
      const writer = calibrationWriter(req);
      const row = await visibleSession(writer, routeId(req, 'id', CALIBRATION_MESSAGES.notFound));
      if (!canArchiveSession(writer, row)) throw forbidden(CALIBRATION_MESSAGES.cannotArchive);
      await setSessionArchived(db, writer, row, archived);
      res.json(await answerOne(writer, (await visibleSession(writer, row.id))));
    });
  }

  // One form's sessions the caller may read (archived too: they are the history), by month and pair of observers.
  router.get('/calibration-agreement', async (req, res) => {
    const reader = calibrationReader(req);
    const { filter } = validate(calibrationAgreementQuerySchema, req.query);
    if (filter.from && filter.to && filter.to < filter.from) throw validationError({ 'filter.to': ['To must be on or after From.'] });
    const districtId = reader.auth.district.id;
    const zone = reader.auth.district.timezone;
    const form = await findForm(db, districtId, filter.form_id!);
    if (!form) throw validationError({ 'filter.form_id': [CALIBRATION_MESSAGES.formNeeded] });
    let q = visibleSessions(db, reader.visibility).selectAll('calibration_sessions').where('calibration_sessions.form_id', '=', form.id);
    if (filter.from) q = q.where('calibration_sessions.observed_at', '>=', startOfLocalDay(filter.from, zone));
    const end = filter.to ? endOfLocalDay(filter.to, zone) : null;
    if (end) q = q.where('calibration_sessions.observed_at', '<', end);
    const sessions = await q.orderBy('calibration_sessions.observed_at').execute();
    const [agreement, items] = await Promise.all([agreementOfSessions(db, districtId, sessions, zone), lineageItems(db, districtId, form.id)]);
    const pairIds = [...agreement.pairs.values()].flatMap((p) => p.observerIds);
    res.json({
      form: { id: form.id, name: form.name },
      sessions: sessions.length,
      ...presentAgreement(agreement, items, await sessionNames(db, districtId, [], pairIds)),
    } satisfies CalibrationAgreementAnswer);
  });

  return router;
}
