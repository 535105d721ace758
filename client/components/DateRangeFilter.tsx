// The date range of a filter bar: a "Date range" select of named ranges ("This school year", "Last 30
// days" …) and, for the custom one, From and To date fields. Each control is one cell of the FilterBar's
// grid (this renders a fragment). The dates a named range stands for are not shown here: the screen says
// them once, in its summary line, which `describedBy` names so the select is read with them.
import { isDay } from '../lib/zonedTime';
import { SelectField, TextField } from './Field';
import { defineMessages, t } from '../lib/i18n';

const m = defineMessages({
  label: { id: 'ui.dateRange.label', defaultMessage: 'Date range' },
  from: { id: 'ui.dateRange.from', defaultMessage: 'From' },
  to: { id: 'ui.dateRange.to', defaultMessage: 'To' },
});

export type DateRangeValue<P extends string> = { preset: P; from: string | null; to: string | null };

type Props<P extends string> = {
  value: DateRangeValue<P>;
  onChange: (next: DateRangeValue<P>) => void;
  presets: readonly { value: P; label: string }[];
  /** The preset that shows the From and To fields. */
  custom: P;
  /** The id of the text saying the resolved dates. */
  describedBy?: string;
};

export function DateRangeFilter<P extends string>({ value, onChange, presets, custom, describedBy }: Props<P>) {
  const setPreset = (preset: P) => onChange({ preset, from: preset === custom ? value.from : null, to: preset === custom ? value.to : null });
  const setDate = (key: 'from' | 'to', day: string) => {
    if (day && !isDay(day)) return;
    const next = { ...value, preset: custom, [key]: day || null };
    // A range never ends before it starts.
    if (next.from && next.to && next.to < next.from) next.to = next.from;
    onChange(next);
  };
  return (
    <>
      <SelectField label={t(m.label)} name="preset" value={value.preset} onChange={(v) => setPreset(v as P)}
        options={presets.map((p) => ({ value: p.value, label: p.label }))} aria-describedby={describedBy} />
      {value.preset === custom && (
        <>
          <TextField label={t(m.from)} name="from" type="date" value={value.from ?? ''} onChange={(v) => setDate('from', v)} />
          <TextField label={t(m.to)} name="to" type="date" value={value.to ?? ''} min={value.from ?? undefined} onChange={(v) => setDate('to', v)} />
        </>
      )}
    </>
  );
}
