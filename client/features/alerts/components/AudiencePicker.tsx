// Who an alert is for: everyone, chosen plans, chosen districts (searched by name) or chosen roles.
import { useDeferredValue, useId, useState } from 'react';
import { ALERT_AUDIENCES, type AlertAudience } from '../../../../common/schemas/alerts';
import { CheckboxGroup } from '../../../components/CheckboxGroup';
import { FieldErrors, SearchField, SelectField } from '../../../components/Field';
import { defineMessages, t, tText } from '../../../lib/i18n';
import { useAlertAudience } from '../api';
import { audienceLabel } from './AlertBadges';

export interface AudienceValue {
  audience: AlertAudience;
  plans: string[];
  roles: string[];
  districts: { id: number; name: string }[];
}

type Props = {
  value: AudienceValue;
  onChange: (value: AudienceValue) => void;
  audienceError?: string;
  valuesError?: string;
};

const m = defineMessages({
  districts: { id: 'alerts.audience.districtsLegend', defaultMessage: 'Districts' },
  chosen: { id: 'alerts.audience.chosen', defaultMessage: 'Chosen districts' },
  remove: { id: 'alerts.audience.remove', defaultMessage: 'Remove {name}' },
  find: { id: 'alerts.audience.find', defaultMessage: 'Find districts' },
  findPlaceholder: { id: 'alerts.audience.findPlaceholder', defaultMessage: 'District name' },
  noMatch: { id: 'alerts.audience.noMatch', defaultMessage: 'No district matches “{search}”.' },
  audience: { id: 'alerts.audience.label', defaultMessage: 'Audience' },
  plans: { id: 'alerts.audience.plans', defaultMessage: 'Plans' },
  roles: { id: 'alerts.audience.rolesLegend', defaultMessage: 'Roles' },
});

const audienceOptions = () => ALERT_AUDIENCES.map((a) => ({ value: a, label: audienceLabel(a) }));

function DistrictPicker({ value, onChange, error }: { value: AudienceValue['districts']; onChange: (v: AudienceValue['districts']) => void; error?: string }) {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const { data, isLoading } = useAlertAudience(deferred);
  const resultsId = useId();
  const errorId = useId();
  const chosen = new Set(value.map((d) => d.id));
  const toggle = (d: { id: number; name: string }, on: boolean) =>
    onChange(on ? [...value, { id: d.id, name: d.name }] : value.filter((x) => x.id !== d.id));

  return (
    <fieldset className="alert-districts" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} tabIndex={-1}>
      <legend className="field__label">{t(m.districts)}</legend>
      {value.length > 0 && (
        <ul className="chips alert-districts__chosen" aria-label={t(m.chosen)}>
          {value.map((d) => (
            <li key={d.id} className="chip">
              {d.name}
              <button type="button" className="chip__remove" onClick={() => toggle(d, false)}>
                <span aria-hidden="true">×</span>
                <span className="sr-only">{t(m.remove, { name: d.name })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <SearchField label={t(m.find)} name="district_search" value={search} onChange={setSearch} placeholder={t(m.findPlaceholder)} aria-controls={resultsId} />
      <div id={resultsId} className="alert-districts__results" aria-live="polite" aria-busy={isLoading || undefined}>
        {data && data.districts.length === 0 && <p className="muted text-sm">{t(m.noMatch, { search: deferred })}</p>}
        {data && data.districts.length > 0 && (
          <ul className="alert-districts__list">
            {data.districts.map((d) => (
              <li key={d.id}>
                <label className="alert-districts__option">
                  <input type="checkbox" checked={chosen.has(d.id)} onChange={(e) => toggle(d, e.target.checked)} />
                  <span>{d.name} <span className="muted">({d.state})</span></span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
      <FieldErrors id={errorId} errors={error ? [error] : []} />
    </fieldset>
  );
}

export function AudiencePicker({ value, onChange, audienceError, valuesError }: Props) {
  const { data } = useAlertAudience('');
  return (
    <div className="stack alert-audience">
      <SelectField
        label={t(m.audience)}
        name="audience"
        value={value.audience}
        onChange={(audience) => onChange({ ...value, audience: audience as AlertAudience })}
        options={audienceOptions()}
        error={audienceError}
        required
      />
      {value.audience === 'plan' && (
        <CheckboxGroup
          legend={t(m.plans)}
          name="audience_values"
          options={(data?.plans ?? []).map((p) => ({ value: p.key, label: p.name }))}
          value={value.plans}
          onChange={(plans) => onChange({ ...value, plans })}
          error={valuesError}
          columns="auto"
          required
        />
      )}
      {value.audience === 'roles' && (
        <CheckboxGroup
          legend={t(m.roles)}
          name="audience_values"
          options={(data?.roles ?? []).map((r) => ({ value: r.name, label: tText(r.label) }))}
          value={value.roles}
          onChange={(roles) => onChange({ ...value, roles })}
          error={valuesError}
          columns={2}
          required
        />
      )}
      {value.audience === 'districts' && (
        <DistrictPicker value={value.districts} onChange={(districts) => onChange({ ...value, districts })} error={valuesError} />
      )}
    </div>
  );
}

/** The audience values the API takes for the chosen audience. */
export function audienceValues(value: AudienceValue): (string | number)[] {
  if (value.audience === 'plan') return value.plans;
  if (value.audience === 'roles') return value.roles;
  if (value.audience === 'districts') return value.districts.map((d) => d.id);
  return [];
}
