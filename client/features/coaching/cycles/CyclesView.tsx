// The Cycles part of /app/coaching (?tab=cycles; lazily imported by CoachingScreen): coaching cycles as a
// board with one column per stage or as a list, filters in the URL (coach, school, status, due), the
// one-action "Move to next stage" on every card (a button: keyboard-usable, no drag), a new cycle dialog
// starting from a goal template, and one cycle's page as a dialog (?cycle={id}).
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { plural } from '../../../../common/plural';
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
import './cycles.css';

const STATUS_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'active', label: 'Active' },
  { value: 'planned', label: 'Planned' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'all', label: 'All' },
];
const DUE_OPTIONS = [
  { value: '', label: 'Any' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'due-soon', label: 'Due soon' },
  { value: 'late', label: 'Overdue or due soon' },
];

const idParam = (v: string | null) => (v && /^\d{1,15}$/.test(v) ? Number(v) : null);

function PlanNote({ planName }: { planName: string | null }) {
  return (
    <PlanFeatureCard feature="coaching-cycles" title="Coaching cycles" planName={planName} items={[
      'run goal-centred cycles with one or more educators through your own stages;',
      'see every cycle on a board by stage, with what is due soon or overdue;',
      'link observations and meetings to a cycle, keep evidence notes, and record the outcome.',
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
      setAnnounce(`${moved.title} moved to ${moved.stage?.name ?? 'the next stage'}.`);
      focusAfter.current = moved.next_stage ? `cyc-move-${moved.id}` : `cyc-open-${moved.id}`;
    } catch (err) {
      toast.error(messageOf(err, 'We could not move this cycle. Please try again.'));
    } finally {
      setBusyId(null);
    }
  };

  const stageRows = stages.data?.data ?? [];
  const rows = cycles.data?.data ?? [];
  const total = cycles.data?.meta.total ?? 0;
  const coachRows = coaches.data?.data ?? [];
  const schoolRows = buildings.data?.data ?? [];
  const chips: FilterChip[] = [];
  if (status !== 'open') chips.push({ key: 'status', label: `Status: ${STATUS_OPTIONS.find((o) => o.value === status)?.label ?? status}`, onRemove: () => setParam('status', null) });
  if (due) chips.push({ key: 'due', label: `Due: ${DUE_OPTIONS.find((o) => o.value === due)?.label ?? due}`, onRemove: () => setParam('due', null) });
  if (coach !== null) chips.push({ key: 'coach', label: `Coach: ${coachRows.find((c) => c.id === coach)?.name ?? `#${coach}`}`, onRemove: () => setParam('coach', null) });
  if (school !== null) chips.push({ key: 'school', label: `School: ${schoolRows.find((b) => b.id === school)?.name ?? `#${school}`}`, onRemove: () => setParam('school', null) });
  const activeFilters = chips.length;
  const filtered = activeFilters > 0;

  return (
    <div className="stack cyc-view">
      <h2 className="sr-only">Coaching cycles</h2>
      <div className="cluster cluster--between cluster--bottom cyc-toolbar">
        <div className="cyc-switch" role="group" aria-label="Show cycles as">
          <Button size="sm" variant={view === 'board' ? 'primary' : 'secondary'} aria-pressed={view === 'board'} onClick={() => setParam('view', null)}>Board</Button>
          <Button size="sm" variant={view === 'list' ? 'primary' : 'secondary'} aria-pressed={view === 'list'} onClick={() => setParam('view', 'list')}>List</Button>
        </div>
        <Button onClick={() => setCreating(true)}>New cycle</Button>
      </div>
      <FilterBar label="Filter cycles" active={filtered} foldCount={activeFilters} chips={chips}
        onClear={() => setParams(new URLSearchParams({ tab: 'cycles', ...(view === 'list' ? { view } : {}) }))}
        columns="repeat(auto-fit, minmax(11rem, 1fr))">
        <SelectField label="Status" name="status" value={status} onChange={(v) => setParam('status', v === 'open' ? null : v)} options={STATUS_OPTIONS} />
        <SelectField label="Due" name="due" value={due} onChange={(v) => setParam('due', v)} options={DUE_OPTIONS} />
        <SelectField label="Coach" name="coach" value={coach ? String(coach) : ''} onChange={(v) => setParam('coach', v)}
          placeholder="All coaches" options={coachRows.map((c) => ({ value: String(c.id), label: c.name }))} />
        <SelectField label="School" name="school" value={school ? String(school) : ''} onChange={(v) => setParam('school', v)}
          placeholder="All schools" options={schoolRows.map((b) => ({ value: String(b.id), label: b.name }))} />
      </FilterBar>
      {filtered && cycles.data && <p className="cyc-filtered">{plural(total, 'cycle matches', 'cycles match')}.</p>}

      {(cycles.error || stages.error) && (
        <Alert tone="danger" title="We could not load the cycles">{(cycles.error ?? stages.error)?.message}</Alert>
      )}
      {(cycles.isLoading || stages.isLoading) && <LoadingBlock label="Loading cycles…" />}
      {cycles.data && stages.data && (
        rows.length === 0 && view === 'list' ? (
          <div className="card cyc-empty">
            <p>{filtered ? 'No cycles match these filters.' : 'No open cycles yet. Start one with an educator to follow a goal through your stages.'}</p>
          </div>
        ) : view === 'board' ? (
          <>
            {rows.length === 0 && <p className="muted">{filtered ? 'No cycles match these filters.' : 'No open cycles yet. Start one with an educator to follow a goal through your stages.'}</p>}
            <CycleBoard cycles={rows} stages={stageRows} busyId={busyId} onOpen={(id) => setParam('cycle', String(id))} onAdvance={advance} />
            {total > rows.length && <p className="muted text-sm">Showing the first {rows.length} of {total} cycles. Narrow the filters, or use the list to see them all.</p>}
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
