// The Activity screen's filters (all kept in the URL): coach (district and building scope only),
// type, status, school, educator (by search) and, in the agenda, the date range, on the shared FilterBar:
// on phones they fold away behind its "Filters" toggle; the set filters stay in sight as removable chips.
import { useEffect, useId, useState } from 'react';
import { INTERACTION_STATUS_LABELS, INTERACTION_STATUSES } from '../../../../common/interactionValues';
import type { InteractionType } from '../../../../common/schemas/interactionTypes';
import { SearchField, SelectField, TextField } from '../../../components/Field';
import { FilterBar, type FilterChip } from '../../../components/FilterBar';
import { useStaffSearch } from '../../../lib/lookups';
import { addDays, daysBetween, isDay } from '../../../lib/zonedTime';
import { type ActivityState, clearFilters, hasFilters, MAX_RANGE_DAYS } from '../activityQuery';
import { defineMessages, t, tText } from '../../../lib/i18n';

const m = defineMessages({
  needsCompleting: { id: 'activity.needsCompleting', defaultMessage: 'Needs completing' },
  educator: { id: 'activity.educator', defaultMessage: 'Educator' },
  searchByName: { id: 'activity.searchByName', defaultMessage: 'Search by name' },
  searching: { id: 'activity.searching', defaultMessage: 'Searching…' },
  educatorsFound: { id: 'activity.educatorsFound', defaultMessage: '{count, plural, one {# educator} other {# educators}} found.' },
  matchingEducators: { id: 'activity.matchingEducators', defaultMessage: 'Matching educators' },
  chipCoach: { id: 'activity.chipCoach', defaultMessage: 'Coach: {name}' },
  chipType: { id: 'activity.chipType', defaultMessage: 'Type: {name}' },
  chipStatus: { id: 'activity.chipStatus', defaultMessage: 'Status: {name}' },
  chipSchool: { id: 'activity.chipSchool', defaultMessage: 'School: {name}' },
  chipEducator: { id: 'activity.chipEducator', defaultMessage: 'Educator: {name}' },
  filterActivity: { id: 'activity.filterActivity', defaultMessage: 'Filter activity' },
  from: { id: 'activity.from', defaultMessage: 'From' },
  to: { id: 'activity.to', defaultMessage: 'To' },
  coach: { id: 'activity.coach', defaultMessage: 'Coach' },
  allCoaches: { id: 'activity.allCoaches', defaultMessage: 'All coaches' },
  type: { id: 'activity.type', defaultMessage: 'Type' },
  allTypes: { id: 'activity.allTypes', defaultMessage: 'All types' },
  archivedName: { id: 'activity.archivedName', defaultMessage: '{name} (archived)' },
  status: { id: 'activity.status', defaultMessage: 'Status' },
  anyStatus: { id: 'activity.anyStatus', defaultMessage: 'Any status' },
  school: { id: 'activity.school', defaultMessage: 'School' },
  allSchools: { id: 'activity.allSchools', defaultMessage: 'All schools' },
});

type Option = { id: number; name: string };

type Props = {
  state: ActivityState;
  onChange: (next: ActivityState, options?: { replace?: boolean }) => void;
  types: InteractionType[];
  coaches: Option[] | null;
  schools: Option[];
  educatorName: string | null;
};

const statusOptions = () => [
  { value: 'needs', label: t(m.needsCompleting) },
  ...INTERACTION_STATUSES.map((s) => ({ value: s, label: tText(INTERACTION_STATUS_LABELS[s]) })),
];

function EducatorSearch({ onPick }: { onPick: (o: Option) => void }) {
  const [term, setTerm] = useState('');
  const [debounced, setDebounced] = useState('');
  const statusId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(term.trim()), 250);
    return () => clearTimeout(timer);
  }, [term]);
  const { data, isLoading } = useStaffSearch(debounced, debounced.length > 0);
  const results = debounced ? (data?.data ?? []).slice(0, 8) : [];
  return (
    <div className="educator-filter">
      <SearchField label={t(m.educator)} name="educator_search" value={term} onChange={setTerm} placeholder={t(m.searchByName)} aria-describedby={statusId}
        onKeyDown={(e) => { if (e.key === 'Enter') e.preventDefault(); }} />
      <p id={statusId} className="sr-only" aria-live="polite">
        {debounced ? (isLoading ? t(m.searching) : t(m.educatorsFound, { count: results.length })) : ''}
      </p>
      {results.length > 0 && (
        <ul className="educator-filter__results" aria-label={t(m.matchingEducators)}>
          {results.map((s) => (
            <li key={s.id}>
              <button type="button" className="educator-filter__result" onClick={() => { onPick({ id: s.id, name: s.name }); setTerm(''); }}>
                {s.name}{s.building && <span className="muted text-sm"> · {s.building.name}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ActivityFilters({ state, onChange, types, coaches, schools, educatorName }: Props) {
  const set = (patch: Partial<ActivityState>) => onChange({ ...state, ...patch });
  const typeName = (id: number) => types.find((x) => x.id === id)?.name ?? `#${id}`;
  const STATUS_OPTIONS = statusOptions();

  const chips: FilterChip[] = [];
  const chip = (key: string, label: string, remove: Partial<ActivityState>) => chips.push({ key, label, onRemove: () => set(remove) });
  if (state.coach) chip('coach', t(m.chipCoach, { name: coaches?.find((c) => c.id === state.coach)?.name ?? `#${state.coach}` }), { coach: null });
  if (state.type) chip('type', t(m.chipType, { name: typeName(state.type) }), { type: null });
  if (state.status) chip('status', t(m.chipStatus, { name: String(STATUS_OPTIONS.find((s) => s.value === state.status)?.label) }), { status: '' });
  if (state.school) chip('school', t(m.chipSchool, { name: schools.find((s) => s.id === state.school)?.name ?? `#${state.school}` }), { school: null });
  if (state.educator) chip('educator', t(m.chipEducator, { name: educatorName ?? `#${state.educator}` }), { educator: null });

  const setRange = (patch: { from?: string; to?: string }) => {
    const from = patch.from ?? state.from;
    const to = patch.to ?? state.to;
    if (!isDay(from) || !isDay(to)) return;
    // A start after the end moves the end along; ranges are at most MAX_RANGE_DAYS long.
    const end = daysBetween(from, to) < 0 ? from : daysBetween(from, to) >= MAX_RANGE_DAYS ? addDays(from, MAX_RANGE_DAYS - 1) : to;
    onChange({ ...state, from, to: end }, { replace: true });
  };

  return (
    <FilterBar label={t(m.filterActivity)} active={hasFilters(state)} onClear={() => onChange(clearFilters(state))} chips={chips}
      foldCount={chips.length} columns="repeat(auto-fill, minmax(11rem, 1fr))">
      {state.view === 'agenda' && (
        <>
          <TextField label={t(m.from)} name="from" type="date" value={state.from} onChange={(from) => setRange({ from })} />
          <TextField label={t(m.to)} name="to" type="date" value={state.to} min={state.from} onChange={(to) => setRange({ to })} />
        </>
      )}
      {coaches && (
        <SelectField label={t(m.coach)} name="coach" value={state.coach ? String(state.coach) : ''} placeholder={t(m.allCoaches)}
          options={coaches.map((c) => ({ value: String(c.id), label: c.name }))} onChange={(v) => set({ coach: v ? Number(v) : null })} />
      )}
      <SelectField label={t(m.type)} name="type" value={state.type ? String(state.type) : ''} placeholder={t(m.allTypes)}
        options={types.map((x) => ({ value: String(x.id), label: x.archived_at ? t(m.archivedName, { name: x.name }) : x.name }))} onChange={(v) => set({ type: v ? Number(v) : null })} />
      <SelectField label={t(m.status)} name="status" value={state.status} placeholder={t(m.anyStatus)} options={STATUS_OPTIONS}
        onChange={(v) => set({ status: v as ActivityState['status'] })} />
      {schools.length > 0 && (
        <SelectField label={t(m.school)} name="school" value={state.school ? String(state.school) : ''} placeholder={t(m.allSchools)}
          options={schools.map((s) => ({ value: String(s.id), label: s.name }))} onChange={(v) => set({ school: v ? Number(v) : null })} />
      )}
      {!state.educator && <EducatorSearch onPick={(o) => set({ educator: o.id })} />}
    </FilterBar>
  );
}
