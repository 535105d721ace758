import { useId, useState } from 'react';
import type { CoachDetail } from '../../../../common/schemas/coaches';
import { assignCaseloadSchema } from '../../../../common/schemas/coaches';
import type { StaffListItem } from '../../../../common/schemas/staff';
import { LoadError } from '../../../components/LoadError';
import { TextField } from '../../../components/Field';
import { FormModal } from '../../../components/FormModal';
import { Spinner } from '../../../components/Spinner';
import { useToast } from '../../../components/Toasts';
import { useFormErrors } from '../../../lib/forms';
import { useDebouncedTerm, useStaffSearch } from '../../../lib/lookups';
import '../../../components/chips.css';
import { assignEducators } from '../api';
import { countText, plural, pluralWord } from '../../../../common/plural';

type Picked = Pick<StaffListItem, 'id' | 'name' | 'position' | 'building'>;

const describe = (s: Picked) => [s.building?.name, s.position].filter(Boolean).join(' · ');

/** Search educators, pick several, choose a start date, assign them to the coach in one go. */
export function AssignEducatorsModal({ coach, today, onClose }: { coach: CoachDetail; today: string; onClose: () => void }) {
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Picked[]>([]);
  const debounced = useDebouncedTerm(search);
  const results = useStaffSearch(debounced, true);
  const form = useFormErrors({ start_date: today }, ['staff_ids']);
  const listId = useId();
  const onCaseload = new Set(coach.caseload.map((a) => a.staff.id));
  const pickedIds = new Set(picked.map((p) => p.id));

  const toggle = (s: Picked, on: boolean) => {
    setPicked((list) => (on ? [...list, { id: s.id, name: s.name, position: s.position, building: s.building }] : list.filter((p) => p.id !== s.id)));
  };

  const submit = form.onSubmit(async () => {
    const data = form.check(assignCaseloadSchema, { staff_ids: picked.map((p) => p.id), start_date: form.values.start_date });
    if (!data) return;
    await form.run(async () => {
      await assignEducators(coach.id, data);
      const who = picked.length === 1 ? picked[0]!.name : plural(picked.length, 'educator', 'educators');
      toast.success(`${who} ${pluralWord(picked.length, 'is', 'are')} now on ${coach.name}'s caseload.`);
      onClose();
    });
  });

  const staff = results.data?.data ?? [];
  const total = results.data?.meta.total ?? 0;
  const staffError = form.errors.staff_ids;

  return (
    <FormModal
      size="lg"
      title={`Assign educators to ${coach.name}`}
      onClose={onClose}
      form={form}
      formId="coaches-assign-form"
      onSubmit={submit}
      submitLabel={picked.length === 0 ? 'Assign educators' : `Assign ${plural(picked.length, 'educator', 'educators')}`}
    >
      <TextField
        label="Find educators"
        type="search"
        name="staff_search"
        value={search}
        onChange={setSearch}
        placeholder="Name, email or employee ID"
        autoComplete="off"
        aria-controls={listId}
      />

      {picked.length > 0 && (
        <div className="coaches-picked" aria-label="Chosen educators" role="group">
          <p className="coaches-picked__label text-sm">Chosen ({picked.length})</p>
          <ul className="chips">
            {picked.map((p) => (
              <li key={p.id} className="chip">
                <span className="chip__label">{p.name}</span>
                <button type="button" className="chip__remove" onClick={() => toggle(p, false)} aria-label={`Remove ${p.name}`}>
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      <fieldset
        className={['coaches-results', staffError && 'coaches-results--invalid'].filter(Boolean).join(' ')}
        aria-describedby={staffError ? `${listId}-error` : undefined}
        aria-invalid={staffError ? true : undefined}
        tabIndex={staffError ? -1 : undefined}
      >
        <legend className="coaches-results__legend">
          Educators <span className="sr-only">(required, choose at least one)</span>
        </legend>
        <div className="coaches-results__status text-sm muted" aria-live="polite">
          {results.isLoading ? (
            <Spinner size="sm" label="Searching educators…" />
          ) : results.data ? (
            total > staff.length
              ? `Showing ${countText(staff.length)} of ${plural(total, 'educator', 'educators')}. Search to narrow the list.`
              : `${plural(staff.length, 'educator', 'educators')}${debounced.trim() ? ` ${pluralWord(staff.length, 'matches', 'match')} your search` : ''}`
          ) : null}
        </div>
        {results.error && !results.data ? (
          <LoadError what="educators" onRetry={() => void results.mutate()} />
        ) : (
          <ul className="coaches-results__list" id={listId} aria-busy={results.isValidating || undefined}>
            {results.data && staff.length === 0 && <li className="coaches-results__empty muted">No educators match your search.</li>}
            {staff.map((s) => {
              const already = onCaseload.has(s.id);
              const id = `${listId}-${s.id}`;
              return (
                <li key={s.id} className={already ? 'coaches-option coaches-option--disabled' : 'coaches-option'}>
                  <input
                    id={id}
                    type="checkbox"
                    className="field__checkbox"
                    checked={already || pickedIds.has(s.id)}
                    disabled={already}
                    onChange={(e) => toggle(s, e.target.checked)}
                  />
                  <label htmlFor={id} className="coaches-option__label">
                    <span className="coaches-option__name">{s.name}</span>
                    <span className="coaches-option__meta text-sm muted">
                      {describe(s)}
                      {already && <> · <strong>Already on this caseload</strong></>}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        {staffError && (
          <div className="field__error" id={`${listId}-error`}>
            <p className="field__error-item">
              <span className="field__error-icon" aria-hidden="true">!</span>
              <span className="sr-only">Error: </span>
              {staffError}
            </p>
          </div>
        )}
      </fieldset>

      <TextField label="Start date" type="date" required hint="Their first day on this caseload." {...form.field('start_date')} />
    </FormModal>
  );
}
