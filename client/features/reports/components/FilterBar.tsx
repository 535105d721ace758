// The one filter bar of every report, all in the URL: the date range (presets or custom dates) and
// multi-selects for school, coach, interaction type, group, grade level and subject. Each multi-select
// is a disclosure holding a checkbox group; what is chosen stays visible as removable chips. On phones
// the panel folds away behind a "Filters" toggle (the Activity screen's pattern).
import { useId, useState } from 'react';
import { hasPermission, permissionScope, PERMISSIONS } from '../../../../common/permissions';
import { DATE_PRESETS, type DatePreset } from '../../../../common/schemas/reports';
import { GRADE_LEVELS, SUBJECTS } from '../../../../common/schemas/staff';
import { Button } from '../../../components/Button';
import { CheckboxGroup } from '../../../components/CheckboxGroup';
import { SelectField, TextField } from '../../../components/Field';
import { useBuildings, useCoaches, useGroups, useInteractionTypes } from '../../../lib/lookups';
import { useAuthUser } from '../../../lib/session';
import { isDay } from '../../../lib/zonedTime';
import { EMPTY_FILTERS, hasFilters, type IdFilter, PRESET_LABELS, type ReportFilters, type TextFilter } from '../reportQuery';

type Option = { value: string; label: string };

export const gradeLabel = (g: string) => (g === 'PK' ? 'Pre-K' : g === 'K' ? 'Kindergarten' : `Grade ${g}`);

/** The options of each filter, from the shared lookups (what the caller may see). */
export function useFilterOptions() {
  const { user } = useAuthUser();
  const permissions = user?.security.permissions ?? [];
  const scope = permissionScope(permissions, PERMISSIONS.seeEngagement);
  const district = scope === 'district';
  const buildings = useBuildings('all');
  const coaches = useCoaches(hasPermission(permissions, PERMISSIONS.seeCoaches) && scope !== 'self');
  const types = useInteractionTypes('all');
  const groups = useGroups({ status: 'all' }, hasPermission(permissions, PERMISSIONS.seeEducators) && scope !== 'self');
  const byName = (a: Option, b: Option) => a.label.localeCompare(b.label);
  const schools: Option[] = (district ? (buildings.data?.data ?? []) : (user?.buildings ?? []))
    .map((b) => ({ value: String(b.id), label: b.name })).sort(byName);
  return {
    building_id: schools,
    coach_id: (coaches.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.name })).sort(byName),
    interaction_type_id: (types.data?.data ?? []).map((t) => ({ value: String(t.id), label: t.archived_at ? `${t.name} (archived)` : t.name })),
    group_id: (groups.data?.data ?? []).map((g) => ({ value: String(g.id), label: g.name })).sort(byName),
    grade_level: GRADE_LEVELS.map((g) => ({ value: g, label: gradeLabel(g) })),
    subject: SUBJECTS.map((s) => ({ value: s, label: s })),
  } satisfies Record<IdFilter | TextFilter, Option[]>;
}
export type FilterOptions = ReturnType<typeof useFilterOptions>;

export const FILTER_LABELS: Record<IdFilter | TextFilter, { one: string; all: string }> = {
  building_id: { one: 'School', all: 'All schools' },
  coach_id: { one: 'Coach', all: 'All coaches' },
  interaction_type_id: { one: 'Interaction type', all: 'All types' },
  group_id: { one: 'Group', all: 'All groups' },
  grade_level: { one: 'Grade level', all: 'All grades' },
  subject: { one: 'Subject', all: 'All subjects' },
};
const KEYS = ['building_id', 'coach_id', 'interaction_type_id', 'group_id', 'grade_level', 'subject'] as const;

const asStrings = (f: ReportFilters, key: IdFilter | TextFilter): string[] => (f[key] as (string | number)[]).map(String);

/** Names of the chosen values ("Lincoln Middle, Oak Hollow"), for chips, the print header and summaries. */
export function chosenNames(f: ReportFilters, key: IdFilter | TextFilter, options: FilterOptions): string[] {
  return asStrings(f, key).map((v) => options[key].find((o) => o.value === v)?.label ?? `#${v}`);
}

function MultiSelect({ name, options, value, onChange }: { name: IdFilter | TextFilter; options: Option[]; value: string[]; onChange: (v: string[]) => void }) {
  const label = FILTER_LABELS[name];
  const summary = value.length === 0 ? label.all : value.length === 1 ? (options.find((o) => o.value === value[0])?.label ?? '1 chosen') : `${value.length} chosen`;
  return (
    <details className="multi-select">
      <summary className="multi-select__summary">
        <span className="multi-select__label">{label.one}</span>
        <span className="multi-select__value">{summary}</span>
      </summary>
      <div className="multi-select__panel">
        {options.length === 0
          ? <p className="muted text-sm">Nothing to choose from.</p>
          : <CheckboxGroup legend={label.one} legendHidden name={`filter-${name}`} options={options} value={value} onChange={onChange} columns={name === 'grade_level' ? 'narrow' : 1} />}
        {value.length > 0 && <Button variant="ghost" size="sm" onClick={() => onChange([])}>Clear {label.one.toLowerCase()}</Button>}
      </div>
    </details>
  );
}

export function FilterBar({ filters, onChange, options, rangeText, hide = [] }: {
  filters: ReportFilters;
  onChange: (next: ReportFilters) => void;
  options: FilterOptions;
  /** The resolved dates in words ("Aug 1, 2025 – Nov 23, 2025"). */
  rangeText: string | null;
  /** Filters a report does not offer (comparison hides the compared dimension). */
  hide?: (IdFilter | TextFilter)[];
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const keys = KEYS.filter((k) => !hide.includes(k) && (k !== 'coach_id' || options.coach_id.length > 0) && (k !== 'group_id' || options.group_id.length > 0));
  const chips = keys.flatMap((k) => chosenNames(filters, k, options).map((name, i) => ({
    key: `${k}-${asStrings(filters, k)[i]}`,
    label: `${FILTER_LABELS[k].one}: ${name}`,
    remove: () => onChange({ ...filters, [k]: (filters[k] as (string | number)[]).filter((_, j) => j !== i) }),
  })));
  const setPreset = (preset: DatePreset) => onChange({ ...filters, preset, from: preset === 'custom' ? filters.from : null, to: preset === 'custom' ? filters.to : null });
  const setDate = (key: 'from' | 'to', value: string) => {
    if (value && !isDay(value)) return;
    const next = { ...filters, preset: 'custom' as const, [key]: value || null };
    if (next.from && next.to && next.to < next.from) next.to = next.from;
    onChange(next);
  };
  const set = (key: IdFilter | TextFilter, values: string[]) =>
    onChange({ ...filters, [key]: key === 'grade_level' || key === 'subject' ? values : values.map(Number) });

  return (
    <section className="report-filters" aria-label="Report filters">
      <Button variant="secondary" size="sm" className="report-filters__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        Filters{chips.length > 0 && <span className="report-filters__count">{chips.length}<span className="sr-only"> active</span></span>}
      </Button>
      <div id={panelId} className={['report-filters__panel', open && 'report-filters__panel--open'].filter(Boolean).join(' ')}>
        <div className="report-filters__dates">
          <SelectField label="Date range" name="preset" value={filters.preset} onChange={(v) => setPreset(v as DatePreset)}
            options={DATE_PRESETS.map((p) => ({ value: p, label: PRESET_LABELS[p] }))} hint={rangeText ?? undefined} />
          {filters.preset === 'custom' && (
            <>
              <TextField label="From" name="from" type="date" value={filters.from ?? ''} onChange={(v) => setDate('from', v)} className="report-filters__date" />
              <TextField label="To" name="to" type="date" value={filters.to ?? ''} min={filters.from ?? undefined} onChange={(v) => setDate('to', v)} className="report-filters__date" />
            </>
          )}
        </div>
        <div className="report-filters__selects">
          {keys.map((k) => <MultiSelect key={k} name={k} options={options[k]} value={asStrings(filters, k)} onChange={(v) => set(k, v)} />)}
        </div>
      </div>
      {(chips.length > 0 || hasFilters(filters)) && (
        <div className="report-filters__chips">
          {chips.length > 0 && (
            <ul className="chips" aria-label="Active filters">
              {chips.map((c) => (
                <li key={c.key} className="chip">
                  <span>{c.label}</span>
                  <button type="button" className="chip__remove" onClick={c.remove} aria-label={`Remove filter ${c.label}`}><span aria-hidden="true">×</span></button>
                </li>
              ))}
            </ul>
          )}
          <Button variant="ghost" size="sm" onClick={() => onChange(EMPTY_FILTERS)}>Clear filters</Button>
        </div>
      )}
    </section>
  );
}
