// The "Skill map" tab of /app/coaching: the heat map of the educators in the caller's scope (rows)
// against the framework's active skills grouped by domain (columns). Domains collapse to their
// average; each cell shows the level as colour AND number, with date, rater and note on hover and
// focus (arrow keys move between cells, one tab stop for the grid). Sticky header row and first column,
// a summary row (how many educators stand at each level, over the whole filtered set), filters and
// sort in the URL, CSV export of the same view; at phone width one card per educator instead.
import { useCallback, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { hasPermission, permissionScope, PERMISSIONS } from '../../../../common/permissions';
import type { SkillDomain, SkillFramework, SkillMapRow } from '../../../../common/schemas/skills';
import { GRADE_LEVELS, POSITIONS, SUBJECTS } from '../../../../common/schemas/staff';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { SelectField } from '../../../components/Field';
import { Pager } from '../../../components/Pager';
import { RateSkillsDialog } from '../../../components/skills/RateSkillsDialog';
import { LoadingBlock } from '../../../components/Spinner';
import { Tooltip } from '../../../components/Tooltip';
import { formatDay } from '../../../lib/dates';
import { formatInteger } from '../../../lib/format';
import { activeDomains, useBuildings, useCoaches, useGroups } from '../../../lib/lookups';
import { useAuthUser, useDateLocale } from '../../../lib/session';
import { levelColour } from '../../../lib/skills';
import { skillMapCsvUrl, useSkillMap, useSkillMapSummary } from './api';
import { hasFilters, type MapView, toApiQuery, viewFromSearch, viewToSearch } from './mapQuery';
import { plural } from '../../../../common/plural';

type Levels = SkillFramework['levels'];

function LevelCell({ level, levels, maxLevel }: { level: number; levels: Levels; maxLevel: number }) {
  const colour = levelColour(level, maxLevel);
  const name = levels.find((l) => l.level === level)?.name ?? '';
  return (
    <span className="sm-level" style={{ background: colour.bg, color: colour.fg }}>
      {level}
      <span className="sr-only"> {name}</span>
    </span>
  );
}

function Filters({ view, onChange }: { view: MapView; onChange: (patch: Partial<MapView>) => void }) {
  const { user } = useAuthUser();
  const scope = user ? permissionScope(user.security.permissions, PERMISSIONS.seeSkillMapping) : null;
  const buildings = useBuildings('active');
  const schools = scope === 'district'
    ? (buildings.data?.data ?? []).map((b) => ({ id: b.id, name: b.name }))
    : (user?.buildings ?? []);
  const groups = useGroups({ status: 'active' });
  const coaches = useCoaches(!!user && hasPermission(user.security.permissions, PERMISSIONS.seeCoaches));
  const idOptions = (all: string, list: { id: number; name: string }[]) => [
    { value: '', label: all },
    ...[...list].sort((a, b) => a.name.localeCompare(b.name)).map((x) => ({ value: String(x.id), label: x.name })),
  ];
  const textOptions = (all: string, list: readonly string[], label = (v: string) => v) => [
    { value: '', label: all }, ...list.map((v) => ({ value: v, label: label(v) })),
  ];
  const num = (v: string) => (v ? Number(v) : null);
  return (
    <div className="sm-filters" role="group" aria-label="Filters">
      <SelectField label="School" name="building_id" value={view.building_id ? String(view.building_id) : ''}
        onChange={(v) => onChange({ building_id: num(v) })} options={idOptions('All schools', schools)} />
      <SelectField label="Group" name="group_id" value={view.group_id ? String(view.group_id) : ''}
        onChange={(v) => onChange({ group_id: num(v) })} options={idOptions('All groups', groups.data?.data ?? [])} />
      <SelectField label="Coach" name="coach_id" value={view.coach_id ? String(view.coach_id) : ''}
        onChange={(v) => onChange({ coach_id: num(v) })} options={idOptions('All coaches', coaches.data?.data ?? [])} />
      <SelectField label="Grade level" name="grade_level" value={view.grade_level}
        onChange={(v) => onChange({ grade_level: v })} options={textOptions('All grades', GRADE_LEVELS, (g) => (g === 'PK' || g === 'K' ? g : `Grade ${g}`))} />
      <SelectField label="Subject" name="subject" value={view.subject} onChange={(v) => onChange({ subject: v })} options={textOptions('All subjects', SUBJECTS)} />
      <SelectField label="Position" name="position" value={view.position} onChange={(v) => onChange({ position: v })} options={textOptions('All positions', POSITIONS)} />
    </div>
  );
}

function cellTip(skill: string, cell: SkillMapRow['cells'][string], levels: Levels, locale?: Parameters<typeof formatDay>[1]) {
  const name = levels.find((l) => l.level === cell.level)?.name ?? '';
  return (
    <span className="sm-tip">
      <strong>{skill}: {cell.level} · {name}</strong>
      <span>Rated {formatDay(cell.rated_on, locale)}{cell.rated_by ? ` by ${cell.rated_by}` : ''}</span>
      {cell.note && <span className="sm-tip__note">{cell.note.length > 160 ? `${cell.note.slice(0, 160)}…` : cell.note}</span>}
    </span>
  );
}

interface Column { kind: 'skill' | 'average'; key: string; domain: SkillDomain; skillId?: number; label: string }

export default function SkillMapView({ framework }: { framework: SkillFramework }) {
  const location = useLocation();
  const navigate = useNavigate();
  const locale = useDateLocale();
  const search = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const view = useMemo(() => viewFromSearch(search), [search]);
  const query = useMemo(() => toApiQuery(view), [view]);
  const summaryQuery = useMemo(() => ({ filter: query.filter }), [query]);
  const { data, error, isLoading } = useSkillMap(query);
  const summary = useSkillMapSummary(summaryQuery);
  const [rating, setRating] = useState<{ id: number; name: string } | null>(null);
  const [focus, setFocus] = useState<[number, number]>([0, 0]);
  const gridRef = useRef<HTMLTableElement>(null);

  const go = useCallback((next: MapView, replace = false) => {
    navigate({ pathname: location.pathname, search: viewToSearch(next, search) }, { replace, flushSync: true });
  }, [navigate, location.pathname, search]);
  const change = (patch: Partial<MapView>) => go({ ...view, ...patch, page: 'page' in patch ? patch.page! : 1 });

  const domains = useMemo(() => activeDomains(framework), [framework]);
  const levels = framework.levels;
  const maxLevel = Math.max(1, ...levels.map((l) => l.level));
  const collapsed = new Set(view.collapsed);
  const columns: Column[] = domains.flatMap((d): Column[] => (collapsed.has(d.id)
    ? [{ kind: 'average' as const, key: `d${d.id}`, domain: d, label: `${d.name} (average)` }]
    : d.skills.map((s) => ({ kind: 'skill' as const, key: `s${s.id}`, domain: d, skillId: s.id, label: s.name }))));
  const toggle = (domainId: number) =>
    go({ ...view, collapsed: collapsed.has(domainId) ? view.collapsed.filter((x) => x !== domainId) : [...view.collapsed, domainId] }, true);

  const rows = data?.data ?? [];
  const meta = data?.meta;
  const csv = skillMapCsvUrl({ ...query, collapsed: view.collapsed.length ? view.collapsed : undefined });

  // One tab stop for the grid: arrow keys, Home and End move between cells.
  const onGridKey = (e: KeyboardEvent<HTMLTableElement>) => {
    const [r, c] = focus;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [r - 1, c], ArrowDown: [r + 1, c], ArrowLeft: [r, c - 1], ArrowRight: [r, c + 1], Home: [r, 0], End: [r, columns.length - 1],
    };
    const next = moves[e.key];
    if (!next) return;
    const nr = Math.max(0, Math.min(rows.length - 1, next[0]));
    const nc = Math.max(0, Math.min(columns.length - 1, next[1]));
    const el = gridRef.current?.querySelector<HTMLElement>(`[data-cell="${nr}:${nc}"]`);
    if (el) {
      e.preventDefault();
      setFocus([nr, nc]);
      el.focus();
    }
  };

  const sortOptions = [
    { value: 'name', label: 'Name (A–Z)' },
    { value: '-name', label: 'Name (Z–A)' },
    ...domains.flatMap((d) => [
      { value: `domain:${d.id}`, label: `${d.name}: lowest average first` },
      { value: `-domain:${d.id}`, label: `${d.name}: highest average first` },
    ]),
  ];

  if (domains.length === 0) {
    return <EmptyState title="No skills to map yet">
      <p>The framework has no active skills. {framework.can_edit ? 'Add some on the Framework tab.' : 'Ask your district administrator to add some.'}</p>
    </EmptyState>;
  }

  const countText = meta ? plural(meta.total, 'educator', 'educators') : 'Loading educators…';

  return (
    <section className="stack sm" aria-labelledby="sm-heading">
      <h2 id="sm-heading" className="sr-only">Skill map</h2>
      <Filters view={view} onChange={change} />
      <div className="sm-toolbar">
        <p className="sm-count" aria-live="polite">{countText}</p>
        <SelectField label="Sort by" name="sort" value={view.sort} onChange={(v) => change({ sort: v })} options={sortOptions} className="sm-sort" />
        {hasFilters(view) && (
          <Button variant="ghost" size="sm" onClick={() => go({ ...view, building_id: null, group_id: null, coach_id: null, grade_level: '', subject: '', position: '', page: 1 })}>
            Clear filters
          </Button>
        )}
        <a className="btn btn--secondary btn--sm sm-export" href={csv} download>
          <span className="btn__label">Export CSV</span>
        </a>
      </div>
      <ul className="sm-legend" aria-label="Levels">
        {levels.map((l) => (
          <li key={l.level}><LevelCell level={l.level} levels={levels} maxLevel={maxLevel} /> <span>{l.name}</span></li>
        ))}
        <li><span className="sm-level sm-level--none" aria-hidden="true">–</span> <span>Not rated</span></li>
      </ul>
      {error && !data && <Alert tone="danger" title="The skill map could not load">{error.message}</Alert>}
      {isLoading && !data && <LoadingBlock label="Loading the skill map…" />}
      {data && rows.length === 0 && (
        <EmptyState title="No educators match">
          <p>{hasFilters(view) ? 'Try fewer filters.' : 'There are no active educators in your schools yet.'}</p>
        </EmptyState>
      )}
      {rows.length > 0 && (
        <>
          <div className="sm-scroll" role="region" aria-label="Skill map grid">
            <table className="sm-grid" ref={gridRef} onKeyDown={onGridKey} aria-describedby="sm-grid-help">
              <caption className="sr-only">Current skill levels by educator. Use the arrow keys to move between cells.</caption>
              <thead>
                <tr className="sm-grid__domains">
                  <th scope="col" rowSpan={2} className="sm-grid__corner">Educator</th>
                  {domains.map((d) => {
                    const open = !collapsed.has(d.id);
                    return (
                      <th key={d.id} scope="colgroup" colSpan={open ? d.skills.length : 1} className="sm-grid__domain">
                        <button type="button" className="sm-domain-toggle" aria-expanded={open} onClick={() => toggle(d.id)}>
                          <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false" className={open ? 'sm-chev sm-chev--open' : 'sm-chev'}>
                            <path d="M4 2l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
                          </svg>
                          {d.name}
                          <span className="sr-only">{open ? ', collapse to the average' : ', show its skills'}</span>
                        </button>
                      </th>
                    );
                  })}
                </tr>
                <tr className="sm-grid__skills">
                  {columns.map((c) => (
                    <th key={c.key} scope="col" className={c.kind === 'average' ? 'sm-grid__skill sm-grid__skill--avg' : 'sm-grid__skill'}>
                      <span>{c.kind === 'average' ? 'Average' : c.label}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row, r) => (
                  <tr key={row.staff.id}>
                    <th scope="row" className="sm-grid__who">
                      <span className="sm-who">
                        <span className="sm-who__text">
                          <Link to={`/app/staff/${row.staff.id}`} className="sm-who__name">{row.staff.name}</Link>
                          <span className="sm-who__meta">{row.staff.building ?? 'No school'}</span>
                        </span>
                        <Button variant="ghost" size="sm" className="sm-who__rate" onClick={() => setRating({ id: row.staff.id, name: row.staff.name })}>
                          Rate<span className="sr-only"> skills of {row.staff.name}</span>
                        </Button>
                      </span>
                    </th>
                    {columns.map((c, ci) => {
                      const tabIndex = focus[0] === r && focus[1] === ci ? 0 : -1;
                      const onFocus = () => setFocus([r, ci]);
                      if (c.kind === 'average') {
                        const avg = row.domain_averages[String(c.domain.id)];
                        return (
                          <td key={c.key} className="sm-grid__cell">
                            <span className="sm-avg" tabIndex={tabIndex} data-cell={`${r}:${ci}`} onFocus={onFocus}>
                              {avg === null || avg === undefined ? <><span aria-hidden="true">–</span><span className="sr-only">Not rated</span></> : avg.toFixed(1)}
                            </span>
                          </td>
                        );
                      }
                      const cell = row.cells[String(c.skillId)];
                      return (
                        <td key={c.key} className="sm-grid__cell">
                          {cell ? (
                            <Tooltip content={cellTip(c.label, cell, levels, locale)}>
                              <span className="sm-cell" tabIndex={tabIndex} data-cell={`${r}:${ci}`} onFocus={onFocus}>
                                <LevelCell level={cell.level} levels={levels} maxLevel={maxLevel} />
                              </span>
                            </Tooltip>
                          ) : (
                            <span className="sm-cell" tabIndex={tabIndex} data-cell={`${r}:${ci}`} onFocus={onFocus}>
                              <span className="sm-level sm-level--none" aria-hidden="true">–</span>
                              <span className="sr-only">Not rated</span>
                            </span>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="sm-grid__summary">
                  <th scope="row" className="sm-grid__who">
                    Educators at each level
                    <span className="sm-who__meta">All {summary.data ? formatInteger(summary.data.total) : '…'} filtered</span>
                  </th>
                  {columns.map((c) => {
                    if (c.kind === 'average') return <td key={c.key} className="sm-grid__cell sm-sum" />;
                    const counts = summary.data?.counts[String(c.skillId)] ?? {};
                    return (
                      <td key={c.key} className="sm-grid__cell sm-sum">
                        <ul className="sm-sum__list" aria-label={`${c.label}: educators at each level`}>
                          {levels.map((l) => (
                            <li key={l.level}>
                              <span className="sm-sum__key">{l.level}<span className="sr-only"> {l.name}</span></span>
                              <span className="sm-sum__n">{counts[String(l.level)] ?? 0}</span>
                            </li>
                          ))}
                        </ul>
                      </td>
                    );
                  })}
                </tr>
              </tfoot>
            </table>
          </div>
          <p id="sm-grid-help" className="muted text-sm sm-help">Hover or focus a cell for the date, rater and note. Arrow keys move between cells.</p>

          <ul className="sm-cards" aria-label="Educators">
            {rows.map((row) => (
              <li key={row.staff.id} className="card sm-card">
                <div className="sm-card__head">
                  <div>
                    <Link to={`/app/staff/${row.staff.id}`} className="sm-who__name">{row.staff.name}</Link>
                    <span className="sm-who__meta">{row.staff.building ?? 'No school'}</span>
                  </div>
                  <Button variant="secondary" size="sm" onClick={() => setRating({ id: row.staff.id, name: row.staff.name })}>
                    Rate<span className="sr-only"> skills of {row.staff.name}</span>
                  </Button>
                </div>
                <ul className="sm-card__domains">
                  {domains.map((d) => {
                    const avg = row.domain_averages[String(d.id)];
                    return (
                      <li key={d.id} className="sm-card__domain">
                        <span className="sm-card__domain-name">{d.name}</span>
                        <span className="sm-card__avg">{avg === null || avg === undefined ? 'Not rated' : `Average ${avg.toFixed(1)}`}</span>
                        <ul className="sm-card__chips" aria-label={`${d.name} skills`}>
                          {d.skills.map((s) => {
                            const cell = row.cells[String(s.id)];
                            return (
                              <li key={s.id} title={s.name}>
                                <span className="sr-only">{s.name}: </span>
                                {cell
                                  ? <LevelCell level={cell.level} levels={levels} maxLevel={maxLevel} />
                                  : <><span className="sm-level sm-level--none" aria-hidden="true">–</span><span className="sr-only">Not rated</span></>}
                              </li>
                            );
                          })}
                        </ul>
                      </li>
                    );
                  })}
                </ul>
                <details className="sm-card__details">
                  <summary>Every skill<span className="sr-only"> of {row.staff.name}</span></summary>
                  <ul className="sm-card__skills">
                    {domains.flatMap((d) => d.skills).map((s) => {
                      const cell = row.cells[String(s.id)];
                      return (
                        <li key={s.id}>
                          <span>{s.name}</span>
                          {cell
                            ? <span className="sm-card__level"><LevelCell level={cell.level} levels={levels} maxLevel={maxLevel} /><span className="sm-who__meta">{formatDay(cell.rated_on, locale)}</span></span>
                            : <span className="muted text-sm">Not rated</span>}
                        </li>
                      );
                    })}
                  </ul>
                </details>
              </li>
            ))}
          </ul>
          {meta && <Pager page={meta.page} lastPage={meta.last_page} onChange={(p) => change({ page: p })} />}
        </>
      )}
      {rating && (
        <RateSkillsDialog open onClose={() => setRating(null)} staff={rating} framework={framework} />
      )}
    </section>
  );
}
