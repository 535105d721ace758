// The agreement of calibration sessions as tables (issue 28, item 5): per item, the pair matrix of one
// session's observers, and one form's agreement over time (by month and by pair). Rates are shown with the
// counts they come from; "Within one level" is for rating items only.
import { countText } from '../../../../common/plural';
import { LoadError } from '../../../components/LoadError';
import { LoadingBlock } from '../../../components/Spinner';
import { Table, TableFrame } from '../../../components/Table';
import { useMediaQuery } from '../../../lib/media';
import { useDateLocale } from '../../../lib/session';
import { formatDate } from '../../../lib/format';
import { dayAsDate } from '../../../lib/zonedTime';
import { type AgreementItem, type AgreementPair, type AgreementRange, type AgreementTally, percent, useCalibrationAgreement } from '../calibrationApi';
import { defineMessages, type MessageDescriptor, t } from '../../../lib/i18n';

const m = defineMessages({
  kindLookFor: { id: 'observations.kindLookFor', defaultMessage: 'Look-for' },
  kindRating: { id: 'observations.kindRating', defaultMessage: 'Rating' },
  kindChoice: { id: 'observations.kindChoice', defaultMessage: 'Choice' },
  rate: { id: 'observations.rate', defaultMessage: '{percent} ({part} of {whole})' },
  noItems: { id: 'observations.noItems', defaultMessage: 'This form has no look-for, rating or choice items.' },
  colItem: { id: 'observations.colItem', defaultMessage: 'Item' },
  colKind: { id: 'observations.colKind', defaultMessage: 'Kind' },
  colCompared: { id: 'observations.colCompared', defaultMessage: 'Answers compared' },
  colSame: { id: 'observations.colSame', defaultMessage: 'Same answer' },
  colWithin: { id: 'observations.colWithin', defaultMessage: 'Within one level' },
  notRating: { id: 'observations.notRating', defaultMessage: 'Not a rating' },
  sameObserver: { id: 'observations.sameObserver', defaultMessage: 'Same observer' },
  same: { id: 'observations.same', defaultMessage: 'same' },
  sameWithin: { id: 'observations.sameWithin', defaultMessage: 'same, {percent} within one' },
  noPairs: { id: 'observations.noPairs', defaultMessage: 'No two observers have completed an observation of the same session yet.' },
  colObservers: { id: 'observations.colObservers', defaultMessage: 'Observers' },
  pairNames: { id: 'observations.pairNames', defaultMessage: '{a} and {b}' },
  colSessions: { id: 'observations.colSessions', defaultMessage: 'Sessions' },
  colRatingsWithin: { id: 'observations.colRatingsWithin', defaultMessage: 'Ratings within one level' },
  loadError: { id: 'observations.loadError', defaultMessage: 'An error occurred while fetching the agreement. Please try again later.' },
  loading: { id: 'observations.loading', defaultMessage: 'Loading the agreement…' },
  overall: { id: 'observations.overall', defaultMessage: '{count, plural, one {# session} other {# sessions}} of {form}. Overall: same answer {exact}; ratings within one level {within}.' },
  byMonth: { id: 'observations.byMonth', defaultMessage: 'By month' },
  byMonthCaption: { id: 'observations.byMonthCaption', defaultMessage: 'Agreement by month, {form}' },
  noSessionInDates: { id: 'observations.noSessionInDates', defaultMessage: 'No session of this form in these dates has two completed observations.' },
  noSessionYet: { id: 'observations.noSessionYet', defaultMessage: 'No session of this form has two completed observations yet.' },
  colMonth: { id: 'observations.colMonth', defaultMessage: 'Month' },
  byPair: { id: 'observations.byPair', defaultMessage: 'By pair of observers' },
  byPairCaption: { id: 'observations.byPairCaption', defaultMessage: 'Agreement by pair of observers, {form}' },
});

const KIND_LABELS: Record<AgreementItem['kind'], MessageDescriptor> = { look_for: m.kindLookFor, rating: m.kindRating, choice: m.kindChoice };

/** "75% (3 of 4)". */
export function rateText(part: number, whole: number, rate: number | null): string {
  return whole === 0 ? '—' : t(m.rate, { percent: percent(rate), part: countText(part), whole: countText(whole) });
}

export const exactText = (x: AgreementTally) => rateText(x.exact, x.compared, x.exact_rate);
export const withinText = (x: AgreementTally) => rateText(x.within_one, x.rating_compared, x.within_one_rate);

export function AgreementItemsTable({ items, caption }: { items: AgreementItem[]; caption: string }) {
  return (
    <Table<AgreementItem> caption={caption} captionHidden stackOnPhone rows={items} rowKey={(i) => i.lineage_id} empty={t(m.noItems)}
      columns={[
        { key: 'label', header: t(m.colItem), render: (i) => <>{i.section && <span className="muted text-sm">{i.section} · </span>}{i.label}</> },
        { key: 'kind', header: t(m.colKind), render: (i) => t(KIND_LABELS[i.kind]) },
        { key: 'compared', header: t(m.colCompared), className: 'num', render: (i) => countText(i.compared) },
        { key: 'exact', header: t(m.colSame), className: 'num', render: exactText },
        { key: 'within', header: t(m.colWithin), className: 'num', render: (i) => (i.kind === 'rating' ? withinText(i) : t(m.notRating)) },
      ]}
    />
  );
}

/** Each pair of observers: a grid of the same-answer rate, observers on both axes. */
export function PairMatrix({ pairs, observers, caption }: { pairs: AgreementPair[]; observers: { id: number; name: string }[]; caption: string }) {
  // A grid needs the width: on a phone the pairs are a list of cards.
  const wide = useMediaQuery('(min-width: 760px)');
  if (!wide) return <PairsTable pairs={pairs} caption={caption} />;
  const cell = (a: number, b: number) => pairs.find((p) => (p.observers[0].id === a && p.observers[1].id === b) || (p.observers[0].id === b && p.observers[1].id === a));
  return (
    <TableFrame caption={caption} captionHidden className="cal-matrix">
      <thead>
        <tr>
          <td />
          {observers.map((o) => <th key={o.id} scope="col">{o.name}</th>)}
        </tr>
      </thead>
      <tbody>
        {observers.map((row) => (
          <tr key={row.id}>
            <th scope="row">{row.name}</th>
            {observers.map((col) => {
              if (col.id === row.id) return <td key={col.id} className="num muted" aria-label={t(m.sameObserver)}>—</td>;
              const p = cell(row.id, col.id);
              return (
                <td key={col.id} className="num">
                  {p ? <><strong>{percent(p.exact_rate)}</strong> <span className="muted text-sm">{p.rating_compared ? t(m.sameWithin, { percent: percent(p.within_one_rate) }) : t(m.same)}</span></> : '—'}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}

export function PairsTable({ pairs, caption }: { pairs: AgreementPair[]; caption: string }) {
  return (
    <Table<AgreementPair> caption={caption} captionHidden stackOnPhone rows={pairs} rowKey={(p) => `${p.observers[0].id}-${p.observers[1].id}`}
      empty={t(m.noPairs)}
      columns={[
        { key: 'pair', header: t(m.colObservers), render: (p) => t(m.pairNames, { a: p.observers[0].name, b: p.observers[1].name }) },
        { key: 'sessions', header: t(m.colSessions), className: 'num', render: (p) => countText(p.sessions) },
        { key: 'exact', header: t(m.colSame), className: 'num', render: exactText },
        { key: 'within', header: t(m.colRatingsWithin), className: 'num', render: withinText },
      ]}
    />
  );
}

/** GET /api/calibration-agreement for one form (and the lessons' days, when given): the months, then the pairs. */
export function AgreementOverTime({ formId, range }: { formId: number; range?: AgreementRange }) {
  const agreement = useCalibrationAgreement(formId, range);
  const locale = useDateLocale();
  if (agreement.error && !agreement.data) return <LoadError message={t(m.loadError)} onRetry={() => void agreement.mutate()} />;
  if (!agreement.data) return <LoadingBlock label={t(m.loading)} />;
  const { data } = agreement;
  const month = (ym: string) => formatDate(dayAsDate(`${ym}-01`), locale, 'MMMM yyyy');
  return (
    <div className="stack">
      <p className="text-sm">
        {t(m.overall, { count: data.sessions, form: data.form.name, exact: exactText(data.overall), within: withinText(data.overall) })}
      </p>
      <h3>{t(m.byMonth)}</h3>
      <Table caption={t(m.byMonthCaption, { form: data.form.name })} captionHidden stackOnPhone rows={data.months} rowKey={(r) => r.month}
        empty={range?.from || range?.to ? t(m.noSessionInDates) : t(m.noSessionYet)}
        columns={[
          { key: 'month', header: t(m.colMonth), render: (r) => month(r.month) },
          { key: 'sessions', header: t(m.colSessions), className: 'num', render: (r) => countText(r.sessions) },
          { key: 'exact', header: t(m.colSame), className: 'num', render: exactText },
          { key: 'within', header: t(m.colRatingsWithin), className: 'num', render: withinText },
        ]}
      />
      <h3>{t(m.byPair)}</h3>
      <PairsTable pairs={data.pairs} caption={t(m.byPairCaption, { form: data.form.name })} />
    </div>
  );
}
