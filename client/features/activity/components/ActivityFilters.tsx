// The Activity screen's filters (all kept in the URL): coach (district and building scope only),
// type, status, school, educator (by search) and, in the agenda, the date range, on the shared FilterBar:
// on phones they fold away behind its "Filters" toggle; the set filters stay in sight as removable chips.
import { useEffect, useId, useState } from 'react';
import { INTERACTION_STATUS_LABELS, INTERACTION_STATUSES } from '../../../../common/interactionValues';
import type { InteractionType } from '../../../../common/schemas/interactionTypes';
import { SelectField, TextField } from '../../../components/Field';
import { FilterBar, type FilterChip } from '../../../components/FilterBar';
import { useStaffSearch } from '../../../lib/lookups';
import { addDays, daysBetween, isDay } from '../../../lib/zonedTime';
import { type ActivityState, clearFilters, hasFilters, MAX_RANGE_DAYS } from '../activityQuery';
import { plural } from '../../../../common/plural';

type Option = { id: number; name: string };

type Props = {
  state: ActivityState;
  onChange: (next: ActivityState, options?: { replace?: boolean }) => void;
  types: InteractionType[];
  coaches: Option[] | null;
  schools: Option[];
  educatorName: string | null;
};

const STATUS_OPTIONS = [
  { value: 'needs', label: 'Needs completing' },
  ...INTERACTION_STATUSES.map((s) => ({ value: s, label: INTERACTION_STATUS_LABELS[s] })),
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
      <TextField label="Educator" name="educator_search" type="search" value={term} onChange={setTerm} placeholder="Search by name" autoComplete="off" aria-describedby={statusId}
        onKeyDown={(e) => { if (e.key === 'Enter') e.preventDefault(); }} />
      <p id={statusId} className="sr-only" aria-live="polite">
        {debounced ? (isLoading ? 'Searching…' : `${plural(results.length, 'educator', 'educators')} found.`) : ''}
      </p>
      {results.length > 0 && (
        <ul className="educator-filter__results" aria-label="Matching educators">
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
  const typeName = (id: number) => types.find((t) => t.id === id)?.name ?? `#${id}`;

  const chips: FilterChip[] = [];
  const chip = (key: string, label: string, remove: Partial<ActivityState>) => chips.push({ key, label, onRemove: () => set(remove) });
  if (state.coach) chip('coach', `Coach: ${coaches?.find((c) => c.id === state.coach)?.name ?? `#${state.coach}`}`, { coach: null });
  if (state.type) chip('type', `Type: ${typeName(state.type)}`, { type: null });
  if (state.status) chip('status', `Status: ${STATUS_OPTIONS.find((s) => s.value === state.status)?.label}`, { status: '' });
  if (state.school) chip('school', `School: ${schools.find((s) => s.id === state.school)?.name ?? `#${state.school}`}`, { school: null });
  if (state.educator) chip('educator', `Educator: ${educatorName ?? `#${state.educator}`}`, { educator: null });

  const setRange = (patch: { from?: string; to?: string }) => {
    const from = patch.from ?? state.from;
    const to = patch.to ?? state.to;
    if (!isDay(from) || !isDay(to)) return;
    // A start after the end moves the end along; ranges are at most MAX_RANGE_DAYS long.
    const end = daysBetween(from, to) < 0 ? from : daysBetween(from, to) >= MAX_RANGE_DAYS ? addDays(from, MAX_RANGE_DAYS - 1) : to;
    onChange({ ...state, from, to: end }, { replace: true });
  };

  return (
    <FilterBar label="Filter activity" active={hasFilters(state)} onClear={() => onChange(clearFilters(state))} chips={chips}
      foldCount={chips.length} columns="repeat(auto-fill, minmax(11rem, 1fr))">
      {state.view === 'agenda' && (
        <>
          <TextField label="From" name="from" type="date" value={state.from} onChange={(from) => setRange({ from })} />
          <TextField label="To" name="to" type="date" value={state.to} min={state.from} onChange={(to) => setRange({ to })} />
        </>
      )}
      {coaches && (
        <SelectField label="Coach" name="coach" value={state.coach ? String(state.coach) : ''} placeholder="All coaches"
          options={coaches.map((c) => ({ value: String(c.id), label: c.name }))} onChange={(v) => set({ coach: v ? Number(v) : null })} />
      )}
      <SelectField label="Type" name="type" value={state.type ? String(state.type) : ''} placeholder="All types"
        options={types.map((t) => ({ value: String(t.id), label: t.archived_at ? `${t.name} (archived)` : t.name }))} onChange={(v) => set({ type: v ? Number(v) : null })} />
      <SelectField label="Status" name="status" value={state.status} placeholder="Any status" options={STATUS_OPTIONS}
        onChange={(v) => set({ status: v as ActivityState['status'] })} />
      {schools.length > 0 && (
        <SelectField label="School" name="school" value={state.school ? String(state.school) : ''} placeholder="All schools"
          options={schools.map((s) => ({ value: String(s.id), label: s.name }))} onChange={(v) => set({ school: v ? Number(v) : null })} />
      )}
      {!state.educator && <EducatorSearch onPick={(o) => set({ educator: o.id })} />}
    </FilterBar>
  );
}
