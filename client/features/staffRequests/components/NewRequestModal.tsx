import { useId, useState } from 'react';
import type { AuthUser } from '../../../../common/authUser';
import {
  createStaffRequestSchema, STAFF_REQUEST_NOTE_MAX, type StaffRequest, type StaffRequestCandidate,
} from '../../../../common/schemas/staffRequests';
import { Button } from '../../../components/Button';
import { FormError, SearchField, SelectField, TextAreaField, TextField } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { Spinner } from '../../../components/Spinner';
import { useBuildings, useDebouncedTerm } from '../../../lib/lookups';
import { useFormErrors } from '../../../lib/forms';
import { createStaffRequest, useStaffRequestCandidates } from '../api';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  educator: { id: 'staffRequests.educator', defaultMessage: 'Educator' },
  required: { id: 'staffRequests.required', defaultMessage: '(required)' },
  searchEducators: { id: 'staffRequests.searchEducators', defaultMessage: 'Search educators' },
  searchHintBuilding: { id: 'staffRequests.searchHintBuilding', defaultMessage: 'By name, email or employee ID. Educators already at your schools are not listed.' },
  searchHint: { id: 'staffRequests.searchHint', defaultMessage: 'By name, email or employee ID.' },
  searchingShort: { id: 'staffRequests.searchingShort', defaultMessage: 'Searching…' },
  found: { id: 'staffRequests.found', defaultMessage: '{count, plural, one {# educator} other {# educators}} found.' },
  educatorsFailed: { id: 'staffRequests.educatorsFailed', defaultMessage: 'We could not load educators. Close this window and try again.' },
  searchingEducators: { id: 'staffRequests.searchingEducators', defaultMessage: 'Searching educators…' },
  noMatchQuery: { id: 'staffRequests.noMatchQuery', defaultMessage: 'No educators match “{query}”.' },
  noneToChoose: { id: 'staffRequests.noneToChoose', defaultMessage: 'No educators to choose from.' },
  noCurrentSchool: { id: 'staffRequests.noCurrentSchool', defaultMessage: 'No current school' },
  newTitle: { id: 'staffRequests.newTitle', defaultMessage: 'New school staff request' },
  cancel: { id: 'staffRequests.cancel', defaultMessage: 'Cancel' },
  send: { id: 'staffRequests.send', defaultMessage: 'Send request' },
  newIntroBuilding: { id: 'staffRequests.newIntroBuilding', defaultMessage: 'Ask the district office to add an educator from another school to one of yours. Nothing changes until a district administrator approves.' },
  newIntroDistrict: { id: 'staffRequests.newIntroDistrict', defaultMessage: 'Add an educator to a school. Another district administrator approves or denies your request.' },
  school: { id: 'staffRequests.school', defaultMessage: 'School' },
  loadingSchools: { id: 'staffRequests.loadingSchools', defaultMessage: 'Loading schools…' },
  chooseSchool: { id: 'staffRequests.chooseSchool', defaultMessage: 'Choose a school…' },
  currentSchool: { id: 'staffRequests.currentSchool', defaultMessage: '{name} (current school)' },
  startDate: { id: 'staffRequests.startDate', defaultMessage: 'Start date' },
  startHint: { id: 'staffRequests.startHint', defaultMessage: 'Their first day at the new school.' },
  note: { id: 'staffRequests.note', defaultMessage: 'Note' },
  noteHint: { id: 'staffRequests.noteHint', defaultMessage: 'Optional: why this educator, and anything the district office should know.' },
});

const FORM_ID = 'staffRequests-new-form';

/** The schools the user may ask for: their own (principals) or every active school (district admins). */
function useSchools(user: AuthUser, scope: 'district' | 'building') {
  const buildings = useBuildings('active');
  if (scope === 'building') return { schools: [...user.buildings].sort((a, b) => a.name.localeCompare(b.name)), loading: false };
  const schools = (buildings.data?.data ?? []).map((b) => ({ id: b.id, name: b.name })).sort((a, b) => a.name.localeCompare(b.name));
  return { schools, loading: buildings.isLoading };
}

/** Picks an educator: a search box and up to 20 matching educators as radio buttons. */
function EducatorPicker({ scope, selected, onSelect, error }: {
  scope: 'district' | 'building';
  selected: StaffRequestCandidate | null;
  onSelect: (c: StaffRequestCandidate) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const query = useDebouncedTerm(search);
  const { data, isLoading, isValidating, error: loadError } = useStaffRequestCandidates(query, true);
  const results = data?.data ?? [];
  const options = selected && !results.some((c) => c.id === selected.id) ? [selected, ...results] : results;
  const legendId = useId();
  const statusId = useId();
  const searching = isLoading || (isValidating && query !== search.trim());
  return (
    <fieldset className="staffRequests-picker" aria-describedby={statusId}>
      <legend className="field__label" id={legendId}>
        {t(m.educator)}
        <span className="field__required">
          <span aria-hidden="true"> *</span>
          <span className="sr-only"> {t(m.required)}</span>
        </span>
      </legend>
      <SearchField
        label={t(m.searchEducators)}
        name="search"
        value={search}
        onChange={setSearch}
        hint={scope === 'building' ? t(m.searchHintBuilding) : t(m.searchHint)}
        error={error}
        className="staffRequests-picker__search"
      />
      <p id={statusId} className="sr-only" aria-live="polite">
        {searching ? t(m.searchingShort) : t(m.found, { count: results.length })}
      </p>
      <div className="staffRequests-picker__results">
        {loadError ? (
          <p className="staffRequests-picker__empty">{t(m.educatorsFailed)}</p>
        ) : options.length === 0 ? (
          searching ? (
            <p className="staffRequests-picker__empty"><Spinner size="sm" label={t(m.searchingEducators)} /> {t(m.searchingShort)}</p>
          ) : (
            <p className="staffRequests-picker__empty">{query ? t(m.noMatchQuery, { query }) : t(m.noneToChoose)}</p>
          )
        ) : (
          <ul className="staffRequests-picker__list">
            {options.map((c) => (
              <li key={c.id}>
                <label className={`staffRequests-option${selected?.id === c.id ? ' staffRequests-option--selected' : ''}`}>
                  <input type="radio" name="staff_id" value={c.id} checked={selected?.id === c.id} onChange={() => onSelect(c)} />
                  <span className="staffRequests-option__text">
                    <span className="staffRequests-option__name">{c.name}</span>
                    <span className="staffRequests-option__school">{c.building ? c.building.name : t(m.noCurrentSchool)}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  );
}

/** "New request": educator, school, start date and an optional note. Mounted only while open. */
export function NewRequestModal({ user, scope, onClose, onCreated }: {
  user: AuthUser;
  scope: 'district' | 'building';
  onClose: () => void;
  onCreated: (request: StaffRequest) => void;
}) {
  const { schools, loading } = useSchools(user, scope);
  const form = useFormErrors({ staff_id: '', building_id: schools.length === 1 ? String(schools[0]!.id) : '', start_date: '', note: '' });
  const [selected, setSelected] = useState<StaffRequestCandidate | null>(null);

  const submit = form.onSubmit(async () => {
    const v = form.values;
    const data = form.check(createStaffRequestSchema, {
      staff_id: v.staff_id ? Number(v.staff_id) : undefined,
      building_id: v.building_id ? Number(v.building_id) : undefined,
      start_date: v.start_date || undefined,
      note: v.note,
    });
    if (!data) return;
    const result: { created?: StaffRequest } = {};
    await form.run(async () => {
      result.created = await createStaffRequest(data);
    });
    if (result.created) onCreated(result.created);
  });

  return (
    <Modal
      open
      size="lg"
      title={t(m.newTitle)}
      onClose={onClose}
      dismissible={!form.busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={form.busy}>{t(m.cancel)}</Button>
          <Button type="submit" form={FORM_ID} busy={form.busy}>{t(m.send)}</Button>
        </>
      }
    >
      <form id={FORM_ID} ref={form.formRef} className="form" noValidate onSubmit={submit}>
        <p className="muted">
          {scope === 'building'
            ? t(m.newIntroBuilding)
            : t(m.newIntroDistrict)}
        </p>
        <FormError error={form.formError} />
        <EducatorPicker
          scope={scope}
          selected={selected}
          error={form.errors.staff_id}
          onSelect={(c) => {
            setSelected(c);
            form.set('staff_id', String(c.id));
          }}
        />
        <div className="grid-2">
          <SelectField
            label={t(m.school)}
            required
            placeholder={loading ? t(m.loadingSchools) : t(m.chooseSchool)}
            options={schools.map((s) => ({
              value: String(s.id),
              label: selected?.building?.id === s.id ? t(m.currentSchool, { name: s.name }) : s.name,
              disabled: selected?.building?.id === s.id,
            }))}
            {...form.field('building_id')}
          />
          <TextField
            label={t(m.startDate)}
            type="date"
            required
            hint={t(m.startHint)}
            {...form.field('start_date')}
          />
        </div>
        <TextAreaField
          label={t(m.note)}
          rows={3}
          maxLength={STAFF_REQUEST_NOTE_MAX}
          hint={t(m.noteHint)}
          {...form.field('note')}
        />
      </form>
    </Modal>
  );
}
