// The agreement of calibration sessions as tables (issue 28, item 5): per item, the pair matrix of one
// session's observers, and one form's agreement over time (by month and by pair). Rates are shown with the
// counts they come from; "Within one level" is for rating items only.
import { countText, plural } from '../../../../common/plural';
import { LoadError } from '../../../components/LoadError';
import { LoadingBlock } from '../../../components/Spinner';
import { Table, TableFrame } from '../../../components/Table';
import { useMediaQuery } from '../../../lib/media';
import { useDateLocale } from '../../../lib/session';
import { formatDate } from '../../../lib/format';
import { dayAsDate } from '../../../lib/zonedTime';
import { type AgreementItem, type AgreementPair, type AgreementRange, type AgreementTally, percent, useCalibrationAgreement } from '../calibrationApi';

const KIND_LABELS: Record<AgreementItem['kind'], string> = { look_for: 'Look-for', rating: 'Rating', choice: 'Choice' };

/** "75% (3 of 4)". */
export function rateText(part: number, whole: number, rate: number | null): string {
  return whole === 0 ? '—' : `${percent(rate)} (${countText(part)} of ${countText(whole)})`;
}

export const exactText = (t: AgreementTally) => rateText(t.exact, t.compared, t.exact_rate);
export const withinText = (t: AgreementTally) => rateText(t.within_one, t.rating_compared, t.within_one_rate);

export function AgreementItemsTable({ items, caption }: { items: AgreementItem[]; caption: string }) {
  return (
    <Table<AgreementItem> caption={caption} captionHidden stackOnPhone rows={items} rowKey={(i) => i.lineage_id} empty="This form has no look-for, rating or choice items."
      columns={[
        { key: 'label', header: 'Item', render: (i) => <>{i.section && <span className="muted text-sm">{i.section} · </span>}{i.label}</> },
        { key: 'kind', header: 'Kind', render: (i) => KIND_LABELS[i.kind] },
        { key: 'compared', header: 'Answers compared', className: 'num', render: (i) => countText(i.compared) },
        { key: 'exact', header: 'Same answer', className: 'num', render: exactText },
        { key: 'within', header: 'Within one level', className: 'num', render: (i) => (i.kind === 'rating' ? withinText(i) : 'Not a rating') },
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
              if (col.id === row.id) return <td key={col.id} className="num muted" aria-label="Same observer">—</td>;
              const p = cell(row.id, col.id);
              return (
                <td key={col.id} className="num">
                  {p ? <><strong>{percent(p.exact_rate)}</strong> <span className="muted text-sm">same{p.rating_compared ? `, ${percent(p.within_one_rate)} within one` : ''}</span></> : '—'}
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
      empty="No two observers have completed an observation of the same session yet."
      columns={[
        { key: 'pair', header: 'Observers', render: (p) => `${p.observers[0].name} and ${p.observers[1].name}` },
        { key: 'sessions', header: 'Sessions', className: 'num', render: (p) => countText(p.sessions) },
        { key: 'exact', header: 'Same answer', className: 'num', render: exactText },
        { key: 'within', header: 'Ratings within one level', className: 'num', render: withinText },
      ]}
    />
  );
}

/** GET /api/calibration-agreement for one form (and the lessons' days, when given): the months, then the pairs. */
export function AgreementOverTime({ formId, range }: { formId: number; range?: AgreementRange }) {
  const agreement = useCalibrationAgreement(formId, range);
  const locale = useDateLocale();
  if (agreement.error && !agreement.data) return <LoadError what="the agreement" onRetry={() => void agreement.mutate()} />;
  if (!agreement.data) return <LoadingBlock label="Loading the agreement…" />;
  const { data } = agreement;
  const month = (m: string) => formatDate(dayAsDate(`${m}-01`), locale, 'MMMM yyyy');
  return (
    <div className="stack">
      <p className="text-sm">
        {plural(data.sessions, 'session', 'sessions')} of {data.form.name}. Overall: same answer {exactText(data.overall)}; ratings within one level {withinText(data.overall)}.
      </p>
      <h3>By month</h3>
      <Table caption={`Agreement by month, ${data.form.name}`} captionHidden stackOnPhone rows={data.months} rowKey={(m) => m.month}
        empty={range?.from || range?.to ? 'No session of this form in these dates has two completed observations.' : 'No session of this form has two completed observations yet.'}
        columns={[
          { key: 'month', header: 'Month', render: (m) => month(m.month) },
          { key: 'sessions', header: 'Sessions', className: 'num', render: (m) => countText(m.sessions) },
          { key: 'exact', header: 'Same answer', className: 'num', render: exactText },
          { key: 'within', header: 'Ratings within one level', className: 'num', render: withinText },
        ]}
      />
      <h3>By pair of observers</h3>
      <PairsTable pairs={data.pairs} caption={`Agreement by pair of observers, ${data.form.name}`} />
    </div>
  );
}
