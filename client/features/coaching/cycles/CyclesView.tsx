// The Cycles part of /app/coaching (?tab=cycles; lazily imported by CoachingScreen): coaching cycles as a
// board with one column per stage or as a list, filters in the URL (coach, school, status, due), the
// one-action "Move to next stage" on every card (a button: keyboard-usable, no drag), a new cycle dialog
// starting from a goal template, and one cycle's page as a dialog (?cycle={id}).
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { hasFeature, permissionScope, PERMISSIONS } from '../../../../common/permissions';
import type { CycleSummary } from '../../../../common/schemas/cycles';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { SelectField } from '../../../components/Field';
import { FilterBar, type FilterChip } from '../../../components/FilterBar';
import { Pager } from '../../../components/Pager';
import { PlanFeatureCard } from '../../../components/PlanUpgradeNotice';
import { LoadingBlock } from '../../../components/Spinner';
import { useToast } from '../../../components/Toasts';
import { messageOf } from '../../../lib/formErrors';
import { cycleApi, type CycleFilter, useCycles, useCycleStages } from '../../../lib/cycles';
import { useBuildings, useCoaches } from '../../../lib/lookups';
import { useAuthUser } from '../../../lib/session';
import { CycleBoard } from './components/CycleBoard';
import { CycleList } from './components/CycleList';
import { CyclePanel } from './components/CyclePanel';
import { NewCycleDialog } from '../../../components/cycles/NewCycleDialog';
import { defineMessages, t } from '../../../lib/i18n';
import './cycles.css';

const m = defineMessages({
  open: { id: 'coaching.cycles.statusOpen', defaultMessage: 'Open' },
  active: { id: 'coaching.cycles.statusActive', defaultMessage: 'Active' },
  planned: { id: 'coaching.cycles.statusPlanned', defaultMessage: 'Planned' },
  completed: { id: 'coaching.cycles.statusCompleted', defaultMessage: 'Completed' },
  cancelled: { id: 'coaching.cycles.statusCancelled', defaultMessage: 'Cancelled' },
  all: { id: 'coaching.cycles.statusAll', defaultMessage: 'All' },
  any: { id: 'coaching.cycles.dueAny', defaultMessage: 'Any' },
  overdue: { id: 'coaching.cycles.dueOverdue', defaultMessage: 'Overdue' },
  dueSoon: { id: 'coaching.cycles.dueSoon', defaultMessage: 'Due soon' },
  late: { id: 'coaching.cycles.dueLate', defaultMessage: 'Overdue or due soon' },
  planTitle: { id: 'coaching.cycles.planTitle', defaultMessage: 'Coaching cycles' },
  plan1: { id: 'coaching.cycles.plan1', defaultMessage: 'run goal-centred cycles with one or more educators through your own stages;' },
  plan2: { id: 'coaching.cycles.plan2', defaultMessage: 'see every cycle on a board by stage, with what is due soon or overdue;' },
  plan3: { id: 'coaching.cycles.plan3', defaultMessage: 'link observations and meetings to a cycle, keep evidence notes, and record the outcome.' },
  moved: { id: 'coaching.cycles.moved', defaultMessage: '{title} moved to {stage}.' },
  movedNext: { id: 'coaching.cycles.movedNext', defaultMessage: '{title} moved to the next stage.' },
  moveFailed: { id: 'coaching.cycles.moveFailed', defaultMessage: 'We could not move this cycle. Please try again.' },
  chipStatus: { id: 'coaching.cycles.chipStatus', defaultMessage: 'Status: {value}' },
  chipDue: { id: 'coaching.cycles.chipDue', defaultMessage: 'Due: {value}' },
  chipCoach: { id: 'coaching.cycles.chipCoach', defaultMessage: 'Coach: {value}' },
  chipSchool: { id: 'coaching.cycles.chipSchool', defaultMessage: 'School: {value}' },
  heading: { id: 'coaching.cycles.heading', defaultMessage: 'Coaching cycles' },
  showAs: { id: 'coaching.cycles.showAs', defaultMessage: 'Show cycles as' },
  board: { id: 'coaching.cycles.board', defaultMessage: 'Board' },
  list: { id: 'coaching.cycles.list', defaultMessage: 'List' },
  newCycle: { id: 'coaching.cycles.newCycle', defaultMessage: 'New cycle' },
  filter: { id: 'coaching.cycles.filter', defaultMessage: 'Filter cycles' },
  status: { id: 'coaching.cycles.status', defaultMessage: 'Status' },
  due: { id: 'coaching.cycles.due', defaultMessage: 'Due' },
  coach: { id: 'coaching.cycles.coach', defaultMessage: 'Coach' },
  allCoaches: { id: 'coaching.cycles.allCoaches', defaultMessage: 'All coaches' },
  school: { id: 'coaching.cycles.school', defaultMessage: 'School' },
  allSchools: { id: 'coaching.cycles.allSchools', defaultMessage: 'All schools' },
  matches: { id: 'coaching.cycles.matches', defaultMessage: '{count, plural, one {# cycle matches} other {# cycles match}}.' },
  loadFailed: { id: 'coaching.cycles.loadFailed', defaultMessage: 'We could not load the cycles' },
  loading: { id: 'coaching.cycles.loading', defaultMessage: 'Loading cycles…' },
  noMatch: { id: 'coaching.cycles.noMatch', defaultMessage: 'No cycles match these filters.' },
  noneYet: { id: 'coaching.cycles.noneYet', defaultMessage: 'No open cycles yet. Start one with an educator to follow a goal through your stages.' },
  showing: { id: 'coaching.cycles.showing', defaultMessage: 'Showing the first {shown} of {total} cycles. Narrow the filters, or use the list to see them all.' },
});

const statusOptions = () => [
  { value: 'open', label: t(m.open) },
  { value: 'active', label: t(m.active) },
  { value: 'planned', label: t(m.planned) },
  { value: 'completed', label: t(m.completed) },
  { value: 'cancelled', label: t(m.cancelled) },
  { value: 'all', label: t(m.all) },
];
const dueOptions = () => [
  { value: '', label: t(m.any) },
  { value: 'overdue', label: t(m.overdue) },
  { value: 'due-soon', label: t(m.dueSoon) },
  { value: 'late', label: t(m.late) },
];

const idParam = (v: string | null) => (v && /^\d{1,15}$/.test(v) ? Number(v) : null);

function PlanNote({ planName }: { planName: string | null }) {
  return (
    <PlanFeatureCard feature="coaching-cycles" title={t(m.planTitle)} planName={planName} items={[
      t(m.plan1),
      t(m.plan2),
      t(m.plan3),
    ]} />
  );
}

export default function CyclesView() {
  const { user } = useAuthUser();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');
  const focusAfter = useRef<string | null>(null);

  const available = hasFeature(user?.district?.features ?? [], 'coaching-cycles');
  const scope = user ? permissionScope(user.security.permissions, PERMISSIONS.seeSkillMapping) : null;
  const view = params.get('view') === 'list' ? 'list' : 'board';
  const status = params.get('status') ?? 'open';
  const due = params.get('due') ?? '';
  const coach = idParam(params.get('coach'));
  const school = idParam(params.get('school'));
  const page = idParam(params.get('page')) ?? 1;
  const openId = idParam(params.get('cycle'));

  const filter: CycleFilter = {
    status: status === 'open' ? ['planned', 'active'] : status === 'all' ? [] : [status],
    due: due === 'late' ? ['overdue', 'due-soon'] : due ? [due] : [],
    coach_id: coach ? [coach] : [],
    building_id: school ? [school] : [],
  };
  const stages = useCycleStages(available);
  const cycles = useCycles(filter, { enabled: available, page: view === 'list' ? page : 1, perPage: view === 'list' ? 25 : 100 });
  const coaches = useCoaches(available);
  const buildings = useBuildings();

  useEffect(() => {
    if (!focusAfter.current) return;
    const el = document.getElementById(focusAfter.current);
    if (el) {
      el.focus();
      focusAfter.current = null;
    }
  });

  if (!user) return <LoadingBlock />;
  if (!available) return <PlanNote planName={user.district?.plan.name ?? null} />;

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null || value === '') next.delete(key); else next.set(key, value);
    if (key !== 'page' && key !== 'cycle') next.delete('page');
    setParams(next, { replace: key !== 'cycle' });
  };

  const advance = async (cycle: CycleSummary) => {
    setBusyId(cycle.id);
    try {
      const moved = await cycleApi.advance(cycle.id);
      setAnnounce(moved.stage ? t(m.moved, { title: moved.title, stage: moved.stage.name }) : t(m.movedNext, { title: moved.title }));
      focusAfter.current = moved.next_stage ? `cyc-move-${moved.id}` : `cyc-open-${moved.id}`;
    } catch (err) {
      toast.error(messageOf(err, t(m.moveFailed)));
    } finally {
      setBusyId(null);
    }
  };

  const stageRows = stages.data?.data ?? [];
  const rows = cycles.data?.data ?? [];
  const total = cycles.data?.meta.total ?? 0;
  const coachRows = coaches.data?.data ?? [];
  const schoolRows = buildings.data?.data ?? [];
  const STATUS_OPTIONS = statusOptions();
  const DUE_OPTIONS = dueOptions();
  const chips: FilterChip[] = [];
  if (status !== 'open') chips.push({ key: 'status', label: t(m.chipStatus, { value: STATUS_OPTIONS.find((o) => o.value === status)?.label ?? status }), onRemove: () => setParam('status', null) });
  if (due) chips.push({ key: 'due', label: t(m.chipDue, { value: DUE_OPTIONS.find((o) => o.value === due)?.label ?? due }), onRemove: () => setParam('due', null) });
  if (coach !== null) chips.push({ key: 'coach', label: t(m.chipCoach, { value: coachRows.find((c) => c.id === coach)?.name ?? `#${coach}` }), onRemove: () => setParam('coach', null) });
  if (school !== null) chips.push({ key: 'school', label: t(m.chipSchool, { value: schoolRows.find((b) => b.id === school)?.name ?? `#${school}` }), onRemove: () => setParam('school', null) });
  const activeFilters = chips.length;
  const filtered = activeFilters > 0;

  return (
    <div className="stack cyc-view">
      <h2 className="sr-only">{t(m.heading)}</h2>
      <div className="cluster cluster--between cluster--bottom cyc-toolbar">
        <div className="cyc-switch" role="group" aria-label={t(m.showAs)}>
          <Button size="sm" variant={view === 'board' ? 'primary' : 'secondary'} aria-pressed={view === 'board'} onClick={() => setParam('view', null)}>{t(m.board)}</Button>
          <Button size="sm" variant={view === 'list' ? 'primary' : 'secondary'} aria-pressed={view === 'list'} onClick={() => setParam('view', 'list')}>{t(m.list)}</Button>
        </div>
        <Button onClick={() => setCreating(true)}>{t(m.newCycle)}</Button>
      </div>
      <FilterBar label={t(m.filter)} active={filtered} foldCount={activeFilters} chips={chips}
        onClear={() => setParams(new URLSearchParams({ tab: 'cycles', ...(view === 'list' ? { view } : {}) }))}
        columns="repeat(auto-fit, minmax(11rem, 1fr))">
        <SelectField label={t(m.status)} name="status" value={status} onChange={(v) => setParam('status', v === 'open' ? null : v)} options={STATUS_OPTIONS} />
        <SelectField label={t(m.due)} name="due" value={due} onChange={(v) => setParam('due', v)} options={DUE_OPTIONS} />
        <SelectField label={t(m.coach)} name="coach" value={coach ? String(coach) : ''} onChange={(v) => setParam('coach', v)}
          placeholder={t(m.allCoaches)} options={coachRows.map((c) => ({ value: String(c.id), label: c.name }))} />
        <SelectField label={t(m.school)} name="school" value={school ? String(school) : ''} onChange={(v) => setParam('school', v)}
          placeholder={t(m.allSchools)} options={schoolRows.map((b) => ({ value: String(b.id), label: b.name }))} />
      </FilterBar>
      {filtered && cycles.data && <p className="cyc-filtered">{t(m.matches, { count: total })}</p>}

      {(cycles.error || stages.error) && (
        <Alert tone="danger" title={t(m.loadFailed)}>{(cycles.error ?? stages.error)?.message}</Alert>
      )}
      {(cycles.isLoading || stages.isLoading) && <LoadingBlock label={t(m.loading)} />}
      {cycles.data && stages.data && (
        rows.length === 0 && view === 'list' ? (
          <div className="card cyc-empty">
            <p>{t(filtered ? m.noMatch : m.noneYet)}</p>
          </div>
        ) : view === 'board' ? (
          <>
            {rows.length === 0 && <p className="muted">{t(filtered ? m.noMatch : m.noneYet)}</p>}
            <CycleBoard cycles={rows} stages={stageRows} busyId={busyId} onOpen={(id) => setParam('cycle', String(id))} onAdvance={advance} />
            {total > rows.length && <p className="muted text-sm">{t(m.showing, { shown: rows.length, total })}</p>}
          </>
        ) : (
          <>
            <CycleList cycles={rows} busyId={busyId} onOpen={(id) => setParam('cycle', String(id))} onAdvance={advance} />
            {cycles.data.meta.last_page > 1 && <Pager page={page} lastPage={cycles.data.meta.last_page} onChange={(p) => setParam('page', String(p))} />}
          </>
        )
      )}
      <p className="sr-only" role="status" aria-live="polite">{announce}</p>

      {openId !== null && (
        <CyclePanel id={openId} stages={stageRows} onClose={() => {
          focusAfter.current = `cyc-open-${openId}`;
          setParam('cycle', null);
        }} />
      )}
      <NewCycleDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(c) => { setCreating(false); setParam('cycle', String(c.id)); }}
        timeZone={user.district?.timezone ?? user.timezone}
        canChooseCoach={scope === 'district'}
        userId={user.id}
      />
    </div>
  );
}
