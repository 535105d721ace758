// Observations as the API answers them (issue 28): explicit whitelists. What a reader may see of one
// observation is its ObservationSight (policies.ts): hidden answers are null, hidden notes null, private notes
// only ever in their author's answer (the key absent otherwise).
import type {
  ObservationAnswer, ObservationSummaryAnswer, ObservationValueAnswer,
} from '../../../../common/schemas/answers/observations';
import { presentItem } from './formPresenter';
import type { ObservationSight } from './policies';
import { type AnswerRow, type ItemRow, type Names, type ObservationRow, storedValue } from './queries';

/** Seen, of the look-fors answered seen or not seen (not applicable left out). */
export function lookForTally(items: readonly ItemRow[], answers: readonly AnswerRow[]): { seen: number; applicable: number } {
  const lookFors = new Set(items.filter((i) => i.kind === 'look_for').map((i) => i.id));
  let seen = 0;
  let applicable = 0;
  for (const a of answers) {
    if (!lookFors.has(a.item_id)) continue;
    const v = storedValue(a.value);
    if (v === 'yes') { seen += 1; applicable += 1; } else if (v === 'no') applicable += 1;
  }
  return { seen, applicable };
}

function summary(row: ObservationRow, names: Names, sight: ObservationSight): Omit<ObservationSummaryAnswer, 'look_fors'> {
  const version = names.versions.get(row.version_id);
  const educator = names.staff.get(row.staff_id);
  return {
    id: row.id,
    status: row.status,
    form: { id: row.form_id, name: version?.name ?? '', version: version?.version ?? 1 },
    educator: { id: row.staff_id, name: educator?.name ?? '' },
    observer: { id: row.observer_id, name: names.users.get(row.observer_id) ?? '' },
    school: row.building_id !== null ? { id: row.building_id, name: names.schools.get(row.building_id) ?? '' } : null,
    observed_at: row.observed_at,
    duration_minutes: row.duration_minutes,
    interaction_id: row.interaction_id,
    /** The calibration session it was made in (issue 28, item 5), else null. */
    calibration_id: row.calibration_id,
    shared: row.shared_at !== null ? { at: row.shared_at, answers: row.share_answers === 1, notes: row.share_notes === 1 } : null,
    acknowledged_at: sight.reflection ? row.acknowledged_at : null,
    updated_at: row.updated_at,
    client_id: row.client_id,
  };
}

/** A row of the list: the summary and, when the answers are visible, the look-for tally. */
export function presentObservationSummary(
  row: ObservationRow, names: Names, sight: ObservationSight, items: readonly ItemRow[], answers: readonly AnswerRow[],
): ObservationSummaryAnswer {
  return { ...summary(row, names, sight), look_fors: sight.answers ? lookForTally(items, answers) : null };
}

/** One observation, whole, as this reader may see it. */
export function presentObservation(
  row: ObservationRow, names: Names, sight: ObservationSight, items: readonly ItemRow[], answers: readonly AnswerRow[],
  canEdit: boolean, calibration: { id: number; title: string } | null = null,
): ObservationAnswer {
  const textKinds = new Set(items.filter((i) => i.kind === 'text').map((i) => i.id));
  return {
    ...summary(row, names, sight),
    items: items.map(presentItem),
    answers: sight.answers
      ? answers.map((a) => ({
        item_id: a.item_id,
        // Checked against its item when it was written.
        value: textKinds.has(a.item_id) && !sight.texts ? null : storedValue(a.value) as ObservationValueAnswer,
        evidence: sight.texts ? a.evidence : null,
      }))
      : null,
    look_fors: sight.answers ? lookForTally(items, answers) : null,
    notes: sight.texts ? row.notes : null,
    next_steps: sight.texts ? row.next_steps : null,
    ...(sight.privateNotes ? { private_notes: row.private_notes } : {}),
    reflection: sight.reflection ? row.reflection : null,
    can_edit: canEdit,
    /** Its calibration session, when the reader may read that session (issue 28, item 5), else null. */
    calibration: calibration ? { id: calibration.id, title: calibration.title } : null,
  };
}
