// Totals for the range (meta.totals of GET /api/interaction): coaching vs other time, minutes by
// type (colour beside the name, so colour is never the only cue) and logged time by category. Bars
// are decoration; every number is written out.
import { ACTIVITY_CATEGORIES, INTERACTION_COLOURS } from '../../../../common/interactionValues';
import type { ActivityTotals } from '../../../../common/schemas/interactions';
import { TypeSwatch } from '../../../components/InteractionItem';
import { formatInteger } from '../../../lib/format';
import { formatMinutes } from '../../../lib/zonedTime';
import { defineMessages, t, tText } from '../../../lib/i18n';

const m = defineMessages({
  totals: { id: 'activity.totals', defaultMessage: 'Totals' },
  addingUp: { id: 'activity.addingUp', defaultMessage: 'Adding up…' },
  noTotals: { id: 'activity.noTotals', defaultMessage: 'No totals for this range.' },
  coaching: { id: 'activity.coaching', defaultMessage: 'Coaching' },
  otherInteractions: { id: 'activity.otherInteractions', defaultMessage: 'Other interactions' },
  loggedTime: { id: 'activity.loggedTime', defaultMessage: 'Logged time' },
  inAll: { id: 'activity.inAll', defaultMessage: '{count, plural, one {# interaction} other {# interactions}} · {minutes} in all' },
  byType: { id: 'activity.byType', defaultMessage: 'By type' },
  byCategory: { id: 'activity.byCategory', defaultMessage: 'Logged time by category' },
});

function Bar({ value, max, colour }: { value: number; max: number; colour?: string }) {
  const width = max > 0 ? Math.max(2, Math.round((value / max) * 100)) : 0;
  return (
    <span className="totals__bar" aria-hidden="true">
      <span className="totals__fill" style={{ width: `${width}%`, background: colour }} />
    </span>
  );
}

export function Totals({ totals, loading }: { totals: ActivityTotals | undefined; loading: boolean }) {
  if (!totals) {
    return (
      <section className="card totals" aria-labelledby="totals-title" aria-busy={loading}>
        <h2 id="totals-title" className="totals__title">{t(m.totals)}</h2>
        <p className="muted text-sm">{loading ? t(m.addingUp) : t(m.noTotals)}</p>
      </section>
    );
  }
  const byType = [...totals.by_type].sort((a, b) => b.minutes - a.minutes);
  const byCategory = [...totals.by_category].filter((c) => c.minutes > 0).sort((a, b) => b.minutes - a.minutes);
  const maxType = Math.max(0, ...byType.map((t) => t.minutes));
  const maxCategory = Math.max(0, ...byCategory.map((c) => c.minutes));
  const all = totals.coaching_minutes + totals.other_minutes + totals.activity_minutes;
  return (
    <section className="card totals" aria-labelledby="totals-title">
      <h2 id="totals-title" className="totals__title">{t(m.totals)}</h2>
      <div>
      <dl className="totals__headline">
        <div>
          <dt>{t(m.coaching)}</dt>
          <dd>{formatMinutes(totals.coaching_minutes)}</dd>
        </div>
        <div>
          <dt>{t(m.otherInteractions)}</dt>
          <dd>{formatMinutes(totals.other_minutes)}</dd>
        </div>
        <div>
          <dt>{t(m.loggedTime)}</dt>
          <dd>{formatMinutes(totals.activity_minutes)}</dd>
        </div>
      </dl>
      <p className="text-sm muted">
        {t(m.inAll, { count: totals.interactions, minutes: formatMinutes(all) })}
      </p>
      </div>
      {byType.length > 0 && (
        <div>
          <h3 className="totals__subtitle">{t(m.byType)}</h3>
          <ul className="item-list stack stack--sm">
            {byType.map((t) => (
              <li key={t.interaction_type_id} className="totals__row">
                <span className="totals__label"><TypeSwatch colour={t.colour} /> {t.name}</span>
                <span className="totals__value">{formatMinutes(t.minutes)} <span className="muted">({formatInteger(t.count)})</span></span>
                <Bar value={t.minutes} max={maxType} colour={INTERACTION_COLOURS[t.colour]?.hex} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {byCategory.length > 0 && (
        <div>
          <h3 className="totals__subtitle">{t(m.byCategory)}</h3>
          <ul className="item-list stack stack--sm">
            {byCategory.map((c) => (
              <li key={c.category} className="totals__row">
                <span className="totals__label">{ACTIVITY_CATEGORIES[c.category] ? tText(ACTIVITY_CATEGORIES[c.category]!) : c.category}</span>
                <span className="totals__value">{formatMinutes(c.minutes)}</span>
                <Bar value={c.minutes} max={maxCategory} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
