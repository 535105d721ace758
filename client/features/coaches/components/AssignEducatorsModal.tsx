import { useId, useState } from 'react';
import type { CoachDetail } from '../../../../common/schemas/coaches';
import { assignCaseloadSchema } from '../../../../common/schemas/coaches';
import type { StaffListItem } from '../../../../common/schemas/staff';
import { LoadError } from '../../../components/LoadError';
import { SearchField, TextField } from '../../../components/Field';
import { FormModal } from '../../../components/FormModal';
import { Spinner } from '../../../components/Spinner';
import { useToast } from '../../../components/Toasts';
import { useFormErrors } from '../../../lib/forms';
import { useDebouncedTerm, useStaffSearch } from '../../../lib/lookups';
import '../../../components/chips.css';
import { assignEducators } from '../api';
import { defineMessages, t, tText } from '../../../lib/i18n';

const m = defineMessages({
  assignedOne: { id: 'coaches.assignedOne', defaultMessage: '{name} is now on {coach}\'s caseload.' },
  assignedMany: { id: 'coaches.assignedMany', defaultMessage: '{count, plural, one {# educator is} other {# educators are}} now on {coach}\'s caseload.' },
  assignTitle: { id: 'coaches.assignTitle', defaultMessage: 'Assign educators to {name}' },
  assign: { id: 'coaches.assign', defaultMessage: 'Assign educators' },
  assignN: { id: 'coaches.assignN', defaultMessage: 'Assign {count, plural, one {# educator} other {# educators}}' },
  findEducators: { id: 'coaches.findEducators', defaultMessage: 'Find educators' },
  searchPlaceholder: { id: 'coaches.searchPlaceholder', defaultMessage: 'Name, email or employee ID' },
  chosenLabel: { id: 'coaches.chosenLabel', defaultMessage: 'Chosen educators' },
  chosen: { id: 'coaches.chosen', defaultMessage: 'Chosen ({count})' },
  removeName: { id: 'coaches.removeName', defaultMessage: 'Remove {name}' },
  educatorsLegend: { id: 'coaches.educatorsLegend', defaultMessage: 'Educators' },
  requiredNote: { id: 'coaches.requiredNote', defaultMessage: '(required, choose at least one)' },
  searching: { id: 'coaches.searching', defaultMessage: 'Searching educators…' },
  showing: { id: 'coaches.showing', defaultMessage: 'Showing {shown, number} of {total, plural, one {# educator} other {# educators}}. Search to narrow the list.' },
  resultCount: { id: 'coaches.resultCount', defaultMessage: '{count, plural, one {# educator} other {# educators}}' },
  resultMatch: { id: 'coaches.resultMatch', defaultMessage: '{count, plural, one {# educator matches} other {# educators match}} your search' },
  educatorsLoadError: { id: 'coaches.educatorsLoadError', defaultMessage: 'An error occurred while fetching educators. Please try again later.' },
  noMatchEducators: { id: 'coaches.noMatchEducators', defaultMessage: 'No educators match your search.' },
  already: { id: 'coaches.already', defaultMessage: 'Already on this caseload' },
  errorPrefix: { id: 'coaches.errorPrefix', defaultMessage: 'Error: ' },
  startDate: { id: 'coaches.startDate', defaultMessage: 'Start date' },
  startHint: { id: 'coaches.startHint', defaultMessage: 'Their first day on this caseload.' },
});

type Picked = Pick<StaffListItem, 'id' | 'name' | 'position' | 'building'>;

const describe = (s: Picked) => [s.building?.name, s.position && tText(s.position)].filter(Boolean).join(' · ');

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
      toast.success(picked.length === 1
        ? t(m.assignedOne, { name: picked[0]!.name, coach: coach.name })
        : t(m.assignedMany, { count: picked.length, coach: coach.name }));
      onClose();
    });
  });

  const staff = results.data?.data ?? [];
  const total = results.data?.meta.total ?? 0;
  const staffError = form.errors.staff_ids;

  return (
    <FormModal
      size="lg"
      title={t(m.assignTitle, { name: coach.name })}
      onClose={onClose}
      form={form}
      formId="coaches-assign-form"
      onSubmit={submit}
      submitLabel={picked.length === 0 ? t(m.assign) : t(m.assignN, { count: picked.length })}
    >
      <SearchField
        label={t(m.findEducators)}
        name="staff_search"
        value={search}
        onChange={setSearch}
        placeholder={t(m.searchPlaceholder)}
        aria-controls={listId}
      />

      {picked.length > 0 && (
        <div className="coaches-picked" aria-label={t(m.chosenLabel)} role="group">
          <p className="coaches-picked__label text-sm">{t(m.chosen, { count: picked.length })}</p>
          <ul className="chips">
            {picked.map((p) => (
              <li key={p.id} className="chip">
                <span className="chip__label">{p.name}</span>
                <button type="button" className="chip__remove" onClick={() => toggle(p, false)} aria-label={t(m.removeName, { name: p.name })}>
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
          {t(m.educatorsLegend)} <span className="sr-only">{t(m.requiredNote)}</span>
        </legend>
        <div className="coaches-results__status text-sm muted" aria-live="polite">
          {results.isLoading ? (
            <Spinner size="sm" label={t(m.searching)} />
          ) : results.data ? (
            total > staff.length
              ? t(m.showing, { shown: staff.length, total })
              : t(debounced.trim() ? m.resultMatch : m.resultCount, { count: staff.length })
          ) : null}
        </div>
        {results.error && !results.data ? (
          <LoadError message={t(m.educatorsLoadError)} onRetry={() => void results.mutate()} />
        ) : (
          <ul className="coaches-results__list" id={listId} aria-busy={results.isValidating || undefined}>
            {results.data && staff.length === 0 && <li className="coaches-results__empty muted">{t(m.noMatchEducators)}</li>}
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
                      {already && <> · <strong>{t(m.already)}</strong></>}
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
              <span className="sr-only">{t(m.errorPrefix)}</span>
              {staffError}
            </p>
          </div>
        )}
      </fieldset>

      <TextField label={t(m.startDate)} type="date" required hint={t(m.startHint)} {...form.field('start_date')} />
    </FormModal>
  );
}
