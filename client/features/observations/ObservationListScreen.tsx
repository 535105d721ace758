// /app/observations — the observations the caller may read (issue 28), newest first, paged, filters in the
// URL. Observers (`see activity`) see their own drafts and the completed observations of their scope, with
// "New observation"; an educator sees only the observations shared with them, and no "New" button.
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { hasPermission, PERMISSIONS, permissionScope } from '../../../common/permissions';
import type { ScreenProps } from '../../app/routeTable';
import { routeTitle } from '../../app/routeTitles';
import { Button, ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { PlusIcon } from '../../components/Icons';
import { ListResults } from '../../components/ListResults';
import { QueuedObservations } from '../../components/outbox/QueuedRows';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { useListUpdate } from '../../lib/listParams';
import { useBuildings } from '../../lib/lookups';
import { useAuthUser, useDateLocale, useToday } from '../../lib/session';
import { formatDate } from '../../lib/format';
import { dayAsDate } from '../../lib/zonedTime';
import { observationCsvHref, useEducatorName, useObservationForms, useObservations, useObservers } from './api';
import { type FilterOptions, ObservationFilters } from './components/ObservationFilters';
import { ObservationTable } from './components/ObservationTable';
import { activeFilterCount, apiFilter, CLEARED, type ListPatch, presetRange, RANGE_LABELS, stateFromSearch, URL_DEFAULTS } from './observationQuery';
import { defineMessages, t } from '../../lib/i18n';

const m = defineMessages({
  archivedName: { id: 'observations.archivedName', defaultMessage: '{name} (archived)' },
  youName: { id: 'observations.youName', defaultMessage: '{name} (you)' },
  anyDay: { id: 'observations.anyDay', defaultMessage: 'Any day' },
  today: { id: 'observations.today', defaultMessage: 'today' },
  newObservation: { id: 'observations.newObservation', defaultMessage: 'New observation' },
  descriptionObserver: { id: 'observations.descriptionObserver', defaultMessage: 'Classroom walkthroughs and observations: your drafts, and the completed observations you can see. Coaching tools, never an evaluation.' },
  descriptionEducator: { id: 'observations.descriptionEducator', defaultMessage: 'Observations of your classroom that an observer shared with you. Read them and answer with a reflection.' },
  calibration: { id: 'observations.calibration', defaultMessage: 'Calibration' },
  observedRange: { id: 'observations.observedRange', defaultMessage: 'Observed: {range}' },
  downloadCsv: { id: 'observations.downloadCsv', defaultMessage: 'Download CSV' },
  listCount: { id: 'observations.listCount', defaultMessage: '{filtered, select, yes {{count, plural, one {# observation matches your filters} other {# observations match your filters}}} other {{count, plural, one {# observation} other {# observations}}}}' },
  listLoading: { id: 'observations.listLoading', defaultMessage: 'Loading observations…' },
  listLoadError: { id: 'observations.listLoadError', defaultMessage: 'An error occurred while fetching observations. Please try again later.' },
  clearFilters: { id: 'observations.clearFilters', defaultMessage: 'Clear filters' },
  noMatchTitle: { id: 'observations.noMatchTitle', defaultMessage: 'No observations match these filters' },
  noMatchText: { id: 'observations.noMatchText', defaultMessage: 'Try a longer date range or fewer filters.' },
  emptyTitle: { id: 'observations.emptyTitle', defaultMessage: 'No observations yet' },
  emptyText: { id: 'observations.emptyText', defaultMessage: 'Start a walkthrough on your phone: pick the educator, tap what you see, add a note, complete.' },
  nothingSharedTitle: { id: 'observations.nothingSharedTitle', defaultMessage: 'Nothing shared with you yet' },
  nothingSharedText: { id: 'observations.nothingSharedText', defaultMessage: 'When an observer shares an observation of your classroom, it appears here and you get an email.' },
});

export default function ObservationListScreen({ route }: ScreenProps) {
  const { user } = useAuthUser();
  const today = useToday();
  const locale = useDateLocale();
  const [params] = useSearchParams();
  const state = stateFromSearch(params);
  const update = useListUpdate<ListPatch>(URL_DEFAULTS);
  const rangeId = useId();
  const permissions = user?.security.permissions ?? [];
  const observes = hasPermission(permissions, PERMISSIONS.seeActivity);
  const district = permissionScope(permissions, PERMISSIONS.seeActivity) === 'district';
  const filter = apiFilter(state, today);
  const list = useObservations(filter, state.page);
  const forms = useObservationForms('all');
  const buildings = useBuildings('all');
  const observerList = useObservers(observes);
  const educatorName = useEducatorName(state.educator);

  if (!user) return <LoadingBlock />;

  const byName = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);
  const observers = new Map<number, string>((observerList.data?.data ?? []).map((c) => [c.id, c.name]));
  if (observes) observers.set(user.id, user.name);
  const options: FilterOptions = {
    forms: (forms.data?.data ?? []).map((f) => ({ value: String(f.id), label: f.archived_at ? t(m.archivedName, { name: f.name }) : f.name })),
    schools: (district ? (buildings.data?.data ?? []) : user.buildings).map((b) => ({ value: String(b.id), label: b.name })).sort(byName),
    observers: observes ? [...observers].map(([id, name]) => ({ value: String(id), label: id === user.id ? t(m.youName, { name }) : name })).sort(byName) : [],
  };
  const range = presetRange(state, today);
  const rangeText = range.from || range.to
    ? `${range.from ? formatDate(dayAsDate(range.from), locale, 'PP') : t(m.anyDay)} – ${range.to ? formatDate(dayAsDate(range.to), locale, 'PP') : t(m.today)}`
    : t(RANGE_LABELS.any);
  const filtered = activeFilterCount(state) > 0;
  const newButton = observes ? <ButtonLink to="/app/observations/new" className="obs-new"><PlusIcon /> {t(m.newObservation)}</ButtonLink> : undefined;

  return (
    <div className="stack stack--lg obs-page">
      <PageHeader
        title={routeTitle(route)}
        description={<p>{observes ? t(m.descriptionObserver) : t(m.descriptionEducator)}</p>}
        actions={observes ? <><ButtonLink to="/app/observations/calibration" variant="secondary">{t(m.calibration)}</ButtonLink>{newButton}</> : undefined}
      />
      {/* Observations written without a signal, shown at once until they sync (issue 31). */}
      {observes && <QueuedObservations />}
      <ObservationFilters state={state} onChange={(patch) => update(patch)} options={options} educatorName={educatorName} own={!observes} rangeId={rangeId} />
      <div className="obs-scope-row">
        <p id={rangeId} className="muted text-sm obs-scope">{t(m.observedRange, { range: rangeText })}</p>
        {(list.data?.meta.total ?? 0) > 0 && (
          <a className="btn btn--secondary btn--sm" href={observationCsvHref(filter)} download>
            <span className="btn__label">{t(m.downloadCsv)}</span>
          </a>
        )}
      </div>
      <ListResults
        list={list} messages={{ count: m.listCount, loading: m.listLoading, loadError: m.listLoadError }} filtered={filtered} onPage={(page) => update({ page })}
        invalidAction={<Button variant="secondary" onClick={() => update(CLEARED)}>{t(m.clearFilters)}</Button>}
        empty={filtered ? (
          <EmptyState title={t(m.noMatchTitle)} action={<Button variant="secondary" onClick={() => update(CLEARED)}>{t(m.clearFilters)}</Button>}>
            <p>{t(m.noMatchText)}</p>
          </EmptyState>
        ) : observes ? (
          <EmptyState title={t(m.emptyTitle)} action={newButton}>
            <p>{t(m.emptyText)}</p>
          </EmptyState>
        ) : (
          <EmptyState title={t(m.nothingSharedTitle)}>
            <p>{t(m.nothingSharedText)}</p>
          </EmptyState>
        )}
      >
        {(rows) => <ObservationTable rows={rows} own={!observes} selfId={user.id} />}
      </ListResults>
    </div>
  );
}
