// Observations (issue 28): list, read, capture (draft, autosaved, then completed), edit, delete, share with
// the educator, and the educator's acknowledgement. Thin handlers: authorize (policies) → validate → call
// (service) → present. Who may read what: policies.ts; what a reader sees of one: observationSight.
import { recipientLocale } from '../../../i18n/recipients';
import { observationSharedEmail } from './sharedEmail';
import { type Request, Router } from 'express';
import {
  acknowledgeObservationSchema, OBSERVATION_MESSAGES, observationCreateSchema, observationListQuerySchema, observationUpdateSchema, shareObservationSchema,
} from '../../../../common/schemas/observations';
import type { ObserverAnswer } from '../../../../common/schemas/answers/observations';
import { districtSettingsOf } from '../../../../common/schemas/site';
import { hasFeature } from '../../../../common/permissions';
import type { Deps } from '../../../deps';
import { notFound, validationError } from '../../../http/errors';
import { pageMeta, parsePage } from '../../../http/pagination';
import { routeId } from '../../../http/params';
import { validate } from '../../../http/validate';
import { districtActor, requireDistrict } from '../../../access/guards';
import { streamCsv } from '../../../lib/csv';
import { endOfLocalDay, startOfLocalDay, todayIn } from '../../../lib/zone';
import { districtSettingsJson } from '../queries';
import { observationReader, observationSight, type ObservationReader, observationWriter, requireObserver } from './policies';
import { type ItemColumn, itemColumnsOfForm, OBSERVATION_CSV_HEADER, observationCsvPages } from './csv';
import { findVisibleSession, type SessionRow } from './calibrationQueries';
import { presentObservation, presentObservationSummary } from './presenter';
import { recordRead } from '../../../lib/readLog';
import {
  answersOf, educatorLogin, findForm, findVisibleObservation, itemsOfVersions, listObservationsPage, namesFor, type ObservationFilters, observersInReach, type ObservationRow,
} from './queries';
import { acknowledgeObservation, createObservation, deleteObservation, type Saved, shareObservation, updateObservation } from './service';

/** Sharing emails the educator: at most this many shares an hour per observer. */
export const SHARE_EMAILS_PER_HOUR = 60;

export function observationRoutes(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  /** The calibration sessions of these observations that the reader may read (calibrationReader's rules), by id. */
  async function calibrationsOf(reader: ObservationReader, rows: ObservationRow[]): Promise<Map<number, SessionRow>> {
    const ids = [...new Set(rows.map((r) => r.calibration_id).filter((id): id is number => id !== null))];
    if (!ids.length || !reader.logs || !hasFeature(reader.auth.features, 'observation-forms')) return new Map();
    const found = await Promise.all(ids.map((id) => findVisibleSession(db, reader.visibility, id)));
    return new Map(found.filter((s): s is SessionRow => !!s).map((s) => [s.id, s]));
  }

  /** `saved`: the items and answers a save just wrote (not read again). */
  async function present(reader: ObservationReader, rows: ObservationRow[], whole: boolean, saved?: Omit<Saved, 'row'>) {
    const districtId = reader.auth.district.id;
    const [names, items, answers, settings, sessions] = await Promise.all([
      namesFor(db, districtId, rows),
      saved?.items ?? itemsOfVersions(db, districtId, rows.map((r) => r.version_id)),
      saved?.answers ?? answersOf(db, districtId, rows.map((r) => r.id)),
      districtSettingsJson(db, districtId),
      whole ? calibrationsOf(reader, rows) : new Map<number, SessionRow>(),
    ]);
    const sharedNotesVisible = districtSettingsOf(settings).shared_notes_visible_to_admins;
    return rows.map((row) => {
      const sight = observationSight(reader, sharedNotesVisible, row, names.staff.get(row.staff_id)?.user_id ?? null);
      const own = items.filter((i) => i.version_id === row.version_id);
      const mine = answers.filter((a) => a.observation_id === row.id);
      return whole
        ? presentObservation(row, names, sight, own, mine, row.observer_id === reader.auth.user.id, row.calibration_id ? sessions.get(row.calibration_id) ?? null : null)
        : presentObservationSummary(row, names, sight, own, mine);
    });
  }

  /** The list's filters (GET /api/observation and its CSV): dates are the district's days. */
  function listFilters(reader: ObservationReader, req: Request) {
    const { filter } = validate(observationListQuerySchema, req.query);
    if (filter.from && filter.to && filter.to < filter.from) throw validationError({ 'filter.to': ['To must be on or after From.'] });
    const zone = reader.auth.district.timezone;
    const filters: ObservationFilters = {
      from: filter.from ? startOfLocalDay(filter.from, zone) : null, to: filter.to ? endOfLocalDay(filter.to, zone) : null,
      formIds: filter.form_id, staffIds: filter.staff_id, buildingIds: filter.building_id, observerIds: filter.observer_id,
      statuses: filter.status, shared: filter.shared === null ? null : filter.shared === 'yes',
      acknowledged: filter.acknowledged === null ? null : filter.acknowledged === 'yes',
    };
    return { filter, filters };
  }

  async function visibleRow(reader: ObservationReader, req: Request): Promise<ObservationRow> {
    const row = await findVisibleObservation(db, reader.visibility, routeId(req, 'id', OBSERVATION_MESSAGES.notFound));
    if (!row) throw notFound(OBSERVATION_MESSAGES.notFound);
    return row;
  }

  async function answerOne(reader: ObservationReader, id: number) {
    const row = await findVisibleObservation(db, reader.visibility, id);
    if (!row) throw notFound(OBSERVATION_MESSAGES.notFound);
    const [one] = await present(reader, [row], true);
    return one;
  }

  router.get('/observation', async (req, res) => {
    const reader = observationReader(req);
    const { filters } = listFilters(reader, req);
    const page = parsePage(req.query, 25);
    const { rows, total } = await listObservationsPage(db, reader.visibility, filters, page);
    // A list of one educator's observations is a read of them (the read log, lib/readLog.ts).
    if (filters.staffIds.length === 1 && rows.length) await recordRead(db, req, rows.map((r) => r.staff_id), 'observation');
    res.json({ data: await present(reader, rows, false), meta: pageMeta(page.page, page.perPage, total) });
  });

  // The list as CSV: its filters and scope, completed observations only (csv.ts says what each reader sees).
  router.get('/observation.csv', async (req, res) => {
    const reader = observationReader(req);
    const { filter, filters } = listFilters(reader, req);
    const districtId = reader.auth.district.id;
    let columns: ItemColumn[] | null = null;
    let formName = '';
    if (filter.form_id.length === 1) {
      const form = await findForm(db, districtId, filter.form_id[0]!);
      if (!form) throw notFound(OBSERVATION_MESSAGES.formNotFound);
      columns = await itemColumnsOfForm(db, districtId, form.id, form.version_id);
      formName = form.name;
    }
    const sharedNotesVisible = districtSettingsOf(await districtSettingsJson(db, districtId)).shared_notes_visible_to_admins;
    const timeZone = reader.auth.user.timezone || reader.auth.district.timezone;
    const slug = formName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    const name = `observations${slug ? `-${slug}` : ''}${filter.from ? `-from-${filter.from}` : ''}${filter.to ? `-to-${filter.to}` : ''}-${todayIn(timeZone)}.csv`;
    await streamCsv(res, name, [...OBSERVATION_CSV_HEADER, ...(columns ?? []).map((c) => c.label), 'Evidence'], observationCsvPages(db, {
      visibility: reader.visibility, filters, timeZone, columns,
      sightOf: (row, educatorUserId) => observationSight(reader, sharedNotesVisible, row, educatorUserId),
    }));
  });

  // Before /observation/:id. The list's observer filter: everyone who may observe within the caller's reach.
  router.get('/observation/observers', async (req, res) => {
    const writer = observationWriter(req);
    const people = await observersInReach(db, writer.visibility);
    res.json({ data: people.map((p): ObserverAnswer => ({ id: p.id, name: p.name })) });
  });

  router.get('/observation/:id', async (req, res) => {
    const reader = observationReader(req);
    const row = await visibleRow(reader, req);
    const [one] = await present(reader, [row], true);
    await recordRead(db, req, row.staff_id, 'observation');
    res.json(one);
  });

  router.post('/observation', async (req, res) => {
    const writer = observationWriter(req);
    const input = validate(observationCreateSchema, req.body);
    // The answer from what the save wrote (its own observation: the observer reads it whole). A repeat of a client
    // id the observer already used answers the observation made then (issue 31): 200, read as it stands now.
    const made = await createObservation(db, writer, input);
    if (!made.created) return void res.json(await answerOne(writer, made.id));
    const [one] = await present(writer, [made.value.row], true, made.value);
    res.status(201).json(one);
  });

  router.put('/observation/:id', async (req, res) => {
    const writer = observationWriter(req);
    const input = validate(observationUpdateSchema, req.body);
    const row = await visibleRow(writer, req);
    requireObserver(writer, row);
    const saved = await updateObservation(db, writer, row, input);
    const [one] = await present(writer, [saved.row], true, saved);
    res.json(one);
  });

  router.delete('/observation/:id', async (req, res) => {
    const writer = observationWriter(req);
    const row = await visibleRow(writer, req);
    requireObserver(writer, row);
    await deleteObservation(db, writer, row);
    res.status(204).end();
  });

  router.post('/observation/:id/share', async (req, res) => {
    const writer = observationWriter(req);
    const what = validate(shareObservationSchema, req.body ?? {});
    const row = await visibleRow(writer, req);
    requireObserver(writer, row);
    await deps.limiter.hit(`observation-share|${writer.auth.user.id}`, SHARE_EMAILS_PER_HOUR, 3_600_000);
    const first = await shareObservation(db, writer, row, what);
    const login = first ? await educatorLogin(db, writer.auth.district.id, row.staff_id) : undefined;
    if (login && !writer.actor.impersonatorId) {
      // No observation content in the email: only who shared it and a link to sign in and read it.
      await deps.mailer.send(observationSharedEmail(await recipientLocale(db, writer.auth.district, login.id), {
        to: login.email,
        writer: writer.auth.user.name,
        link: `${deps.config.appUrl}/app/observations/${row.id}`,
      }));
    }
    res.json(await answerOne(writer, row.id));
  });

  // Only the observed educator, once shared: the observation is looked up among their own shared ones, so it is
  // the same 404 for anyone else as for a missing one.
  router.post('/observation/:id/acknowledge', async (req, res) => {
    const auth = requireDistrict(req);
    const { reflection } = validate(acknowledgeObservationSchema, req.body ?? {});
    const own = { kind: 'participant' as const, districtId: auth.district.id, userId: auth.user.id, buildingIds: [] };
    const row = await findVisibleObservation(db, own, routeId(req, 'id', OBSERVATION_MESSAGES.notFound));
    if (!row) throw notFound(OBSERVATION_MESSAGES.notFound);
    await acknowledgeObservation(db, districtActor(req), row, reflection);
    res.json(await answerOne(observationReader(req), row.id));
  });

  return router;
}
