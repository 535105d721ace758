// Calibration sessions and their agreement as the API answers them (issue 28, item 5): explicit fields only.
import { CALIBRATED_KINDS } from '../../../../common/calibrationValues';
import type { AgreementAnswer, AgreementTallyAnswer, CalibrationSessionSummaryAnswer } from '../../../../common/schemas/answers/observations';
import { type Agreement, rate, type Tally } from './calibrationAgreement';
import type { LineageItem, SessionNames, SessionObservation, SessionRow } from './calibrationQueries';

const tally = (t: Tally): AgreementTallyAnswer => ({
  compared: t.compared, exact: t.exact, exact_rate: rate(t.exact, t.compared),
  rating_compared: t.rating_compared, within_one: t.within_one, within_one_rate: rate(t.within_one, t.rating_compared),
});

type Person = { id: number; name: string };
type CalibratedKind = (typeof CALIBRATED_KINDS)[number];
const person = (names: SessionNames, id: number): Person => ({ id, name: names.users.get(id) ?? 'Former user' });

export function presentSession(
  row: SessionRow, names: SessionNames, observations: readonly SessionObservation[], readerId: number, canArchive: boolean,
): CalibrationSessionSummaryAnswer {
  const mine = observations.find((o) => o.observer_id === readerId) ?? null;
  const completed = observations.filter((o) => o.status === 'completed');
  return {
    id: row.id,
    title: row.title,
    notes: row.notes,
    observed_at: row.observed_at,
    form: { id: row.form_id, name: names.forms.get(row.form_id) ?? 'Observation form' },
    educator: { id: row.staff_id, name: names.staff.get(row.staff_id) ?? 'Former educator' },
    school: row.building_id === null ? null : { id: row.building_id, name: names.schools.get(row.building_id) ?? 'Former school' },
    created_by: row.created_by === null ? null : person(names, row.created_by),
    created_at: row.created_at,
    archived_at: row.archived_at,
    /** The observers whose completed observation counts, in the order they completed it. */
    observers: completed.map((o) => person(names, o.observer_id)),
    my_observation: mine ? { id: mine.id, status: mine.status } : null,
    can_archive: canArchive,
  };
}

export function presentAgreement(agreement: Agreement, items: readonly LineageItem[], names: SessionNames): AgreementAnswer {
  const calibrated = items.filter((i) => (CALIBRATED_KINDS as readonly string[]).includes(i.kind) && (i.current || agreement.items.has(i.lineage)));
  const none: Tally = { compared: 0, exact: 0, rating_compared: 0, within_one: 0 };
  return {
    overall: tally(agreement.overall),
    items: calibrated.map((i) => ({
      lineage_id: i.lineage, label: i.label, kind: i.kind as CalibratedKind, section: i.section, ...tally(agreement.items.get(i.lineage) ?? none),
    })),
    pairs: [...agreement.pairs.values()]
      .map((p) => ({ observers: [person(names, p.observerIds[0]), person(names, p.observerIds[1])] as [Person, Person], sessions: p.sessions.size, ...tally(p) }))
      .sort((a, b) => a.observers[0]!.name.localeCompare(b.observers[0]!.name) || a.observers[1]!.name.localeCompare(b.observers[1]!.name)),
    months: [...agreement.months.entries()].sort(([a], [b]) => a.localeCompare(b))
      .map(([month, m]) => ({ month, sessions: m.sessions.size, ...tally(m) })),
  };
}
