// Totals for the range (meta.totals of GET /api/interaction): coaching vs other time, minutes by
// type (colour beside the name, so colour is never the only cue) and logged time by category. Bars
// are decoration; every number is written out.
import { ACTIVITY_CATEGORIES, INTERACTION_COLOURS } from '../../../../common/interactionValues';
import type { ActivityTotals } from '../../../../common/schemas/interactions';
import { TypeSwatch } from '../../../components/InteractionItem';
import { formatInteger } from '../../../lib/format';
import { formatMinutes } from '../../../lib/zonedTime';
import { plural } from '../../../../common/plural';

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
        <h2 id="totals-title" className="totals__title">Totals</h2>
        <p className="muted text-sm">{loading ? 'Adding up…' : 'No totals for this range.'}</p>
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
      <h2 id="totals-title" className="totals__title">Totals</h2>
      <div>
      <dl className="totals__headline">
        <div>
          <dt>Coaching</dt>
          <dd>{formatMinutes(totals.coaching_minutes)}</dd>
        </div>
        <div>
          <dt>Other interactions</dt>
          <dd>{formatMinutes(totals.other_minutes)}</dd>
        </div>
        <div>
          <dt>Logged time</dt>
          <dd>{formatMinutes(totals.activity_minutes)}</dd>
        </div>
      </dl>
      <p className="text-sm muted">
        {plural(totals.interactions, 'interaction', 'interactions')} · {formatMinutes(all)} in all
      </p>
      </div>
      {byType.length > 0 && (
        <div>
          <h3 className="totals__subtitle">By type</h3>
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
          <h3 className="totals__subtitle">Logged time by category</h3>
          <ul className="item-list stack stack--sm">
            {byCategory.map((c) => (
              <li key={c.category} className="totals__row">
                <span className="totals__label">{ACTIVITY_CATEGORIES[c.category] ?? c.category}</span>
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
