// The records behind a figure: a dialog listing the interactions (GET /api/interaction) or the
// coaching cycles (GET /api/coaching-cycle) with the report's filters plus the figure's own, a page
// at a time, each linking to its record (the Activity screen's detail, the cycle's page).
import { useState } from 'react';
import type { CycleSummary } from '../../../../common/schemas/cycles';
import { Alert } from '../../../components/Alert';
import { CycleItem } from '../../../components/CycleBadges';
import { InteractionItem } from '../../../components/InteractionItem';
import { Modal } from '../../../components/Modal';
import { Pager } from '../../../components/Pager';
import { LoadingBlock } from '../../../components/Spinner';
import { browserTimeZone } from '../../../lib/dates';
import { type CycleFilter, useCycles } from '../../../lib/cycles';
import { type InteractionFilter, useInteractions } from '../../../lib/interactions';
import { useAuthUser, useDateLocale } from '../../../lib/session';
import { zonedDay } from '../../../lib/zonedTime';
import { countOf } from '../format';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  interactionsFailed: { id: 'reports.drill.interactionsFailed', defaultMessage: 'The interactions could not load' },
  loadingInteractions: { id: 'reports.drill.loadingInteractions', defaultMessage: 'Loading interactions…' },
  noInteractions: { id: 'reports.drill.noInteractions', defaultMessage: 'No interactions match.' },
  interactionsCount: { id: 'reports.drill.interactionsCount', defaultMessage: '{count, plural, one {# interaction} other {# interactions}}, newest first' },
  cyclesFailed: { id: 'reports.drill.cyclesFailed', defaultMessage: 'The coaching cycles could not load' },
  loadingCycles: { id: 'reports.drill.loadingCycles', defaultMessage: 'Loading coaching cycles…' },
  noCycles: { id: 'reports.drill.noCycles', defaultMessage: 'No coaching cycles match.' },
  cyclesCount: { id: 'reports.drill.cyclesCount', defaultMessage: '{count, plural, one {# coaching cycle} other {# coaching cycles}}' },
});

export type Drill =
  | { kind: 'interactions'; title: string; filter: InteractionFilter }
  | { kind: 'cycles'; title: string; filter: CycleFilter };

const PER_PAGE = 20;

function InteractionsList({ filter }: { filter: InteractionFilter }) {
  const [page, setPage] = useState(1);
  const { user } = useAuthUser();
  const locale = useDateLocale();
  const timeZone = user?.timezone || browserTimeZone();
  const { data, error } = useInteractions({ filter, sort: '-starts_at', page, per_page: PER_PAGE }, { keepPreviousData: true });
  if (error && !data) return <Alert tone="danger" title={t(m.interactionsFailed)}>{error.message}</Alert>;
  if (!data) return <LoadingBlock label={t(m.loadingInteractions)} />;
  if (data.data.length === 0) return <p className="muted">{t(m.noInteractions)}</p>;
  return (
    <div className="stack drill">
      <p className="drill__count" aria-live="polite">{t(m.interactionsCount, { count: countOf(data.meta.total) })}</p>
      <ol className="interaction-list">
        {data.data.map((i) => {
          const day = zonedDay(i.starts_at, timeZone);
          return <InteractionItem key={i.id} interaction={i} timeZone={timeZone} locale={locale} withDay who="both"
            href={`/app/activity?open=${i.id}&from=${day}&to=${day}`} />;
        })}
      </ol>
      <Pager page={data.meta.page} lastPage={data.meta.last_page} onChange={setPage} />
    </div>
  );
}

function CyclesList({ filter }: { filter: CycleFilter }) {
  const [page, setPage] = useState(1);
  const { data, error } = useCycles(filter, { page, perPage: PER_PAGE });
  if (error && !data) return <Alert tone="danger" title={t(m.cyclesFailed)}>{error.message}</Alert>;
  if (!data) return <LoadingBlock label={t(m.loadingCycles)} />;
  if (data.data.length === 0) return <p className="muted">{t(m.noCycles)}</p>;
  return (
    <div className="stack drill">
      <p className="drill__count" aria-live="polite">{t(m.cyclesCount, { count: countOf(data.meta.total) })}</p>
      <ul className="cycle-list">
        {data.data.map((c: CycleSummary) => (
          <CycleItem key={c.id} cycle={c} show="educators" href={`/app/coaching?tab=cycles&view=list&status=all&cycle=${c.id}`} />
        ))}
      </ul>
      <Pager page={data.meta.page} lastPage={data.meta.last_page} onChange={setPage} />
    </div>
  );
}

export function DrillDownDialog({ drill, onClose }: { drill: Drill | null; onClose: () => void }) {
  return (
    <Modal open={drill !== null} title={drill?.title ?? ''} onClose={onClose} size="lg" className="drill-dialog">
      {drill?.kind === 'interactions' && <InteractionsList key={JSON.stringify(drill.filter)} filter={drill.filter} />}
      {drill?.kind === 'cycles' && <CyclesList key={JSON.stringify(drill.filter)} filter={drill.filter} />}
    </Modal>
  );
}
