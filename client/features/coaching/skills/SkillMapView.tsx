// The "Skill map" tab of /app/coaching: the heat map of the educators in the caller's scope (rows)
// against the framework's active skills grouped by domain (columns). Domains collapse to their
// average; each cell shows the level as colour AND number, with date, rater and note on hover and
// focus (arrow keys move between cells, one tab stop for the grid). Sticky header row and first column,
// a summary row (how many educators stand at each level, over the whole filtered set), filters and
// sort in the URL, CSV export of the same view; at phone width one card per educator instead. "Show
// self-assessment" (layer=self in the URL) shows each educator's own latest self rating instead of the
// coaches' current level: the same grid, cards, summary and CSV (issue 29).
//
// Kept small for a phone (issue 35): only the grid OR the cards is rendered (useMediaQuery, not CSS
// hiding), a page is SKILL_MAP_PAGE educators, a cell is one element with its level (the tooltip with
// date, rater and note is mounted only on the focused and the hovered cell), rows re-render only when
// their own focus or hover changes (the date language, loaded late, reaches only the tooltips), and a card's "Every skill" list is built when it is opened.
import { memo, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { hasPermission, permissionScope, PERMISSIONS } from '../../../../common/permissions';
import type { SkillDomain, SkillFramework, SkillMapRow, SkillMapSummary } from '../../../../common/schemas/skills';
import type { SkillMapLayer } from '../../../../common/skillValues';
import { GRADE_LEVELS, POSITIONS, SUBJECTS } from '../../../../common/staffValues';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { CheckboxField, SelectField } from '../../../components/Field';
import { FilterBar } from '../../../components/FilterBar';
import { Pager } from '../../../components/Pager';
import { RateSkillsDialog } from '../../../components/skills/RateSkillsDialog';
import { LoadingBlock } from '../../../components/Spinner';
import { Tooltip } from '../../../components/Tooltip';
import { formatDay } from '../../../lib/dates';
import { formatInteger } from '../../../lib/format';
import { activeDomains, useBuildings, useCoaches, useGroups } from '../../../lib/lookups';
import { useMediaQuery } from '../../../lib/media';
import { useAuthUser, useDateLocale } from '../../../lib/session';
import { levelColour } from '../../../lib/skills';
import { skillMapCsvUrl, useSkillMap, useSkillMapSummary } from './api';
import { activeFilterCount, hasFilters, type MapView, toApiQuery, viewFromSearch, viewToSearch } from './mapQuery';
import { defineMessages, t, tRich, tText } from '../../../lib/i18n';

const m = defineMessages({
  filter: { id: 'coaching.map.filter', defaultMessage: 'Filter the skill map' },
  school: { id: 'coaching.map.school', defaultMessage: 'School' },
  allSchools: { id: 'coaching.map.allSchools', defaultMessage: 'All schools' },
  group: { id: 'coaching.map.group', defaultMessage: 'Group' },
  allGroups: { id: 'coaching.map.allGroups', defaultMessage: 'All groups' },
  coach: { id: 'coaching.map.coach', defaultMessage: 'Coach' },
  allCoaches: { id: 'coaching.map.allCoaches', defaultMessage: 'All coaches' },
  grade: { id: 'coaching.map.grade', defaultMessage: 'Grade level' },
  allGrades: { id: 'coaching.map.allGrades', defaultMessage: 'All grades' },
  gradeN: { id: 'coaching.map.gradeN', defaultMessage: 'Grade {grade}' },
  subject: { id: 'coaching.map.subject', defaultMessage: 'Subject' },
  allSubjects: { id: 'coaching.map.allSubjects', defaultMessage: 'All subjects' },
  position: { id: 'coaching.map.position', defaultMessage: 'Position' },
  allPositions: { id: 'coaching.map.allPositions', defaultMessage: 'All positions' },
  selfAssessed: { id: 'coaching.map.selfAssessed', defaultMessage: 'Self-assessed {date}' },
  rated: { id: 'coaching.map.rated', defaultMessage: 'Rated {date}' },
  ratedBy: { id: 'coaching.map.ratedBy', defaultMessage: 'Rated {date} by {name}' },
  noSchool: { id: 'coaching.map.noSchool', defaultMessage: 'No school' },
  rate: { id: 'coaching.map.rate', defaultMessage: 'Rate<sr> skills of {name}</sr>' },
  notRated: { id: 'coaching.map.notRated', defaultMessage: 'Not rated' },
  atEachLevel: { id: 'coaching.map.atEachLevel', defaultMessage: 'Educators at each level' },
  allFiltered: { id: 'coaching.map.allFiltered', defaultMessage: 'All {count} filtered' },
  skillAtEachLevel: { id: 'coaching.map.skillAtEachLevel', defaultMessage: '{skill}: educators at each level' },
  grid: { id: 'coaching.map.grid', defaultMessage: 'Skill map grid' },
  captionSelf: { id: 'coaching.map.captionSelf', defaultMessage: 'Self-assessed skill levels by educator. Use the arrow keys to move between cells.' },
  captionCoach: { id: 'coaching.map.captionCoach', defaultMessage: 'Current skill levels by educator. Use the arrow keys to move between cells.' },
  educator: { id: 'coaching.map.educator', defaultMessage: 'Educator' },
  collapse: { id: 'coaching.map.collapse', defaultMessage: ', collapse to the average' },
  expand: { id: 'coaching.map.expand', defaultMessage: ', show its skills' },
  average: { id: 'coaching.map.average', defaultMessage: 'Average' },
  helpSelf: { id: 'coaching.map.helpSelf', defaultMessage: 'Hover or focus a cell for the date of the self-assessment. Arrow keys move between cells.' },
  helpCoach: { id: 'coaching.map.helpCoach', defaultMessage: 'Hover or focus a cell for the date, rater and note. Arrow keys move between cells.' },
  everySkill: { id: 'coaching.map.everySkill', defaultMessage: 'Every skill<sr> of {name}</sr>' },
  educators: { id: 'coaching.map.educators', defaultMessage: 'Educators' },
  averageN: { id: 'coaching.map.averageN', defaultMessage: 'Average {value}' },
  domainSkills: { id: 'coaching.map.domainSkills', defaultMessage: '{domain} skills' },
  skillNotRated: { id: 'coaching.map.skillNotRated', defaultMessage: '{skill}: not rated' },
  skillPrefix: { id: 'coaching.map.skillPrefix', defaultMessage: '{skill}: ' },
  domainAverage: { id: 'coaching.map.domainAverage', defaultMessage: '{domain} (average)' },
  sortNameAsc: { id: 'coaching.map.sortNameAsc', defaultMessage: 'Name (A–Z)' },
  sortNameDesc: { id: 'coaching.map.sortNameDesc', defaultMessage: 'Name (Z–A)' },
  sortLowest: { id: 'coaching.map.sortLowest', defaultMessage: '{domain}: lowest average' },
  sortHighest: { id: 'coaching.map.sortHighest', defaultMessage: '{domain}: highest average' },
  noSkills: { id: 'coaching.map.noSkills', defaultMessage: 'No skills to map yet' },
  noSkillsEdit: { id: 'coaching.map.noSkillsEdit', defaultMessage: 'The framework has no active skills. Add some on the Framework tab.' },
  noSkillsAsk: { id: 'coaching.map.noSkillsAsk', defaultMessage: 'The framework has no active skills. Ask your district administrator to add some.' },
  count: { id: 'coaching.map.count', defaultMessage: '{count, plural, one {# educator} other {# educators}}' },
  loadingEducators: { id: 'coaching.map.loadingEducators', defaultMessage: 'Loading educators…' },
  heading: { id: 'coaching.map.heading', defaultMessage: 'Skill map' },
  ownSelf: { id: 'coaching.map.ownSelf', defaultMessage: ', each at their own self-assessment' },
  sortBy: { id: 'coaching.map.sortBy', defaultMessage: 'Sort by' },
  exportCsv: { id: 'coaching.map.exportCsv', defaultMessage: 'Export CSV' },
  showSelf: { id: 'coaching.map.showSelf', defaultMessage: 'Show self-assessment' },
  levels: { id: 'coaching.map.levels', defaultMessage: 'Levels' },
  loadFailed: { id: 'coaching.map.loadFailed', defaultMessage: 'The skill map could not load' },
  loading: { id: 'coaching.map.loading', defaultMessage: 'Loading the skill map…' },
  noMatch: { id: 'coaching.map.noMatch', defaultMessage: 'No educators match' },
  fewer: { id: 'coaching.map.fewer', defaultMessage: 'Try fewer filters.' },
  noEducators: { id: 'coaching.map.noEducators', defaultMessage: 'There are no active educators in your schools yet.' },
});
const srOnly = (chunks: React.ReactNode[]) => <span className="sr-only">{chunks}</span>;

type Levels = SkillFramework['levels'];
type Cell = SkillMapRow['cells'][string];

/** The grid from this width; below it, one card per educator (the grid would scroll sideways). */
export const SKILL_GRID_FROM = '(min-width: 700px)';

const levelName = (levels: Levels, level: number) => levels.find((l) => l.level === level)?.name ?? '';

/** A level: colour AND number, never colour alone; the level's name for screen readers. */
function LevelChip({ level, levels, maxLevel }: { level: number; levels: Levels; maxLevel: number }) {
  const colour = levelColour(level, maxLevel);
  return (
    <span className="sm-level" style={{ background: colour.bg, color: colour.fg }}>
      {level}
      <span className="sr-only"> {levelName(levels, level)}</span>
    </span>
  );
}

function Filters({ view, onChange, onClear }: { view: MapView; onChange: (patch: Partial<MapView>) => void; onClear: () => void }) {
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
  // Each select is as wide as its longest option (sm-filter-bar in coaching.css): a chosen school or
  // position is never cut off; the bar wraps instead, and folds behind "Filters" on a phone.
  return (
    <FilterBar label={t(m.filter)} className="sm-filter-bar" columns="none" active={hasFilters(view)} onClear={onClear}
      foldCount={activeFilterCount(view)}>
      <SelectField label={t(m.school)} name="building_id" value={view.building_id ? String(view.building_id) : ''}
        onChange={(v) => onChange({ building_id: num(v) })} options={idOptions(t(m.allSchools), schools)} />
      <SelectField label={t(m.group)} name="group_id" value={view.group_id ? String(view.group_id) : ''}
        onChange={(v) => onChange({ group_id: num(v) })} options={idOptions(t(m.allGroups), groups.data?.data ?? [])} />
      <SelectField label={t(m.coach)} name="coach_id" value={view.coach_id ? String(view.coach_id) : ''}
        onChange={(v) => onChange({ coach_id: num(v) })} options={idOptions(t(m.allCoaches), coaches.data?.data ?? [])} />
      <SelectField label={t(m.grade)} name="grade_level" value={view.grade_level}
        onChange={(v) => onChange({ grade_level: v })} options={textOptions(t(m.allGrades), GRADE_LEVELS, (g) => (g === 'PK' || g === 'K' ? g : t(m.gradeN, { grade: g })))} />
      <SelectField label={t(m.subject)} name="subject" value={view.subject} onChange={(v) => onChange({ subject: v })} options={textOptions(t(m.allSubjects), SUBJECTS, tText)} />
      <SelectField label={t(m.position)} name="position" value={view.position} onChange={(v) => onChange({ position: v })} options={textOptions(t(m.allPositions), POSITIONS, tText)} />
    </FilterBar>
  );
}

/** A cell's details (the tooltip): mounted only on the focused and the hovered cell, so the date
 *  language loading (useDateLocale) re-renders those, not every row. */
function CellTip({ skill, cell, levels, layer }: { skill: string; cell: Cell; levels: Levels; layer: SkillMapLayer }) {
  const locale = useDateLocale();
  return (
    <span className="sm-tip">
      <strong>{skill}: {cell.level} · {levelName(levels, cell.level)}</strong>
      <span>{layer === 'self' ? t(m.selfAssessed, { date: formatDay(cell.rated_on, locale) }) : cell.rated_by ? t(m.ratedBy, { date: formatDay(cell.rated_on, locale), name: cell.rated_by }) : t(m.rated, { date: formatDay(cell.rated_on, locale) })}</span>
      {cell.note && <span className="sm-tip__note">{cell.note.length > 160 ? `${cell.note.slice(0, 160)}…` : cell.note}</span>}
    </span>
  );
}

interface Column { kind: 'skill' | 'average'; key: string; domain: SkillDomain; skillId?: number; label: string }

interface GridRowProps {
  row: SkillMapRow;
  r: number;
  columns: Column[];
  levels: Levels;
  maxLevel: number;
  /** The column of this row's roving tab stop, or -1 when the tab stop is on another row. */
  focusCol: number;
  /** The column of the cell under the pointer in this row, or -1. */
  hoverCol: number;
  onRate: (staff: { id: number; name: string }) => void;
  onCellFocus: (r: number, c: number) => void;
  layer: SkillMapLayer;
}

/** One educator's row. Memoised: moving the focus or the pointer re-renders the rows it leaves and enters. */
const GridRow = memo(function GridRow({ row, r, columns, levels, maxLevel, focusCol, hoverCol, onRate, onCellFocus, layer }: GridRowProps) {
  return (
    <tr>
      <th scope="row" className="sm-grid__who">
        <span className="sm-who">
          <span className="sm-who__text">
            <Link to={`/app/staff/${row.staff.id}`} className="sm-who__name">{row.staff.name}</Link>
            <span className="sm-who__meta">{row.staff.building ?? t(m.noSchool)}</span>
          </span>
          <Button variant="ghost" size="sm" className="sm-who__rate" onClick={() => onRate({ id: row.staff.id, name: row.staff.name })}>
            {tRich(m.rate, { name: row.staff.name, sr: srOnly })}
          </Button>
        </span>
      </th>
      {columns.map((c, ci) => {
        const props = { tabIndex: focusCol === ci ? 0 : -1, 'data-cell': `${r}:${ci}`, onFocus: () => onCellFocus(r, ci) };
        if (c.kind === 'average') {
          const avg = row.domain_averages[String(c.domain.id)];
          return (
            <td key={c.key} className="sm-grid__cell">
              {avg === null || avg === undefined
                ? <span className="sm-avg" {...props}><span aria-hidden="true">–</span><span className="sr-only">{t(m.notRated)}</span></span>
                : <span className="sm-avg" {...props}>{avg.toFixed(1)}</span>}
            </td>
          );
        }
        const cell = row.cells[String(c.skillId)];
        if (!cell) {
          return (
            <td key={c.key} className="sm-grid__cell">
              <span className="sm-level sm-level--none sm-cell" {...props}><span aria-hidden="true">–</span><span className="sr-only">{t(m.notRated)}</span></span>
            </td>
          );
        }
        const colour = levelColour(cell.level, maxLevel);
        const chip = (
          <span className="sm-level sm-cell" style={{ background: colour.bg, color: colour.fg }} {...props}>
            {cell.level}<span className="sr-only"> {levelName(levels, cell.level)}</span>
          </span>
        );
        // The details as a tooltip on the focused cell (always there, so arrow keys land on a cell that
        // already has its description) and on the hovered one.
        const tip = focusCol === ci || hoverCol === ci;
        return (
          <td key={c.key} className="sm-grid__cell">
            {tip ? <Tooltip content={<CellTip skill={c.label} cell={cell} levels={levels} layer={layer} />} initiallyOpen={hoverCol === ci && focusCol !== ci}>{chip}</Tooltip> : chip}
          </td>
        );
      })}
    </tr>
  );
});

function SummaryRow({ columns, levels, summary }: { columns: Column[]; levels: Levels; summary: SkillMapSummary | undefined }) {
  return (
    <tr className="sm-grid__summary">
      <th scope="row" className="sm-grid__who">
        {t(m.atEachLevel)}
        <span className="sm-who__meta">{t(m.allFiltered, { count: summary ? formatInteger(summary.total) : '…' })}</span>
      </th>
      {columns.map((c) => {
        if (c.kind === 'average') return <td key={c.key} className="sm-grid__cell sm-sum" />;
        const counts = summary?.counts[String(c.skillId)] ?? {};
        return (
          <td key={c.key} className="sm-grid__cell sm-sum">
            <ul className="sm-sum__list" aria-label={t(m.skillAtEachLevel, { skill: c.label })}>
              {levels.map((l) => (
                <li key={l.level}>
                  <span className="sm-sum__key">{l.level}<span className="sr-only"> {l.name}</span></span> {counts[String(l.level)] ?? 0}
                </li>
              ))}
            </ul>
          </td>
        );
      })}
    </tr>
  );
}

interface GridProps {
  rows: SkillMapRow[];
  domains: SkillDomain[];
  columns: Column[];
  collapsed: Set<number>;
  levels: Levels;
  maxLevel: number;
  summary: SkillMapSummary | undefined;
  onToggle: (domainId: number) => void;
  onRate: (staff: { id: number; name: string }) => void;
  layer: SkillMapLayer;
}

function SkillGrid({ rows, domains, columns, collapsed, levels, maxLevel, summary, onToggle, onRate, layer }: GridProps) {
  const [focus, setFocus] = useState<[number, number]>([0, 0]);
  const [hover, setHover] = useState<[number, number] | null>(null);
  const gridRef = useRef<HTMLTableElement>(null);
  const onCellFocus = useCallback((r: number, c: number) => setFocus((f) => (f[0] === r && f[1] === c ? f : [r, c])), []);
  // A page of fewer rows keeps the tab stop on the grid.
  const [fr, fc] = [Math.min(focus[0], rows.length - 1), Math.min(focus[1], columns.length - 1)];

  // One tab stop for the grid: arrow keys, Home and End move between cells. The move is rendered first
  // (flushSync) so the cell focused already carries its tooltip as its description.
  const onGridKey = (e: KeyboardEvent<HTMLTableElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowUp: [fr - 1, fc], ArrowDown: [fr + 1, fc], ArrowLeft: [fr, fc - 1], ArrowRight: [fr, fc + 1], Home: [fr, 0], End: [fr, columns.length - 1],
    };
    const next = moves[e.key];
    if (!next || !(e.target as Element).closest('[data-cell]')) return;
    const nr = Math.max(0, Math.min(rows.length - 1, next[0]));
    const nc = Math.max(0, Math.min(columns.length - 1, next[1]));
    e.preventDefault();
    flushSync(() => setFocus([nr, nc]));
    gridRef.current?.querySelector<HTMLElement>(`[data-cell="${nr}:${nc}"]`)?.focus();
  };
  const onPointer = (e: MouseEvent<HTMLTableSectionElement>) => {
    const at = (e.target as Element).closest<HTMLElement>('[data-cell]')?.dataset.cell?.split(':').map(Number);
    if (at && (hover?.[0] !== at[0] || hover[1] !== at[1])) setHover([at[0]!, at[1]!]);
  };

  return (
    <>
      <div className="sm-scroll" role="region" aria-label={t(m.grid)}>
        <table className="sm-grid" ref={gridRef} onKeyDown={onGridKey} aria-describedby="sm-grid-help">
          <caption className="sr-only">
            {t(layer === 'self' ? m.captionSelf : m.captionCoach)}
          </caption>
          <thead>
            <tr className="sm-grid__domains">
              <th scope="col" rowSpan={2} className="sm-grid__corner">{t(m.educator)}</th>
              {domains.map((d) => {
                const open = !collapsed.has(d.id);
                return (
                  <th key={d.id} scope="colgroup" colSpan={open ? d.skills.length : 1} className="sm-grid__domain">
                    <button type="button" className="sm-domain-toggle" aria-expanded={open} onClick={() => onToggle(d.id)}>
                      <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false" className={open ? 'sm-chev sm-chev--open' : 'sm-chev'}>
                        <path d="M4 2l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
                      </svg>
                      <span>{d.name}</span>
                      <span className="sr-only">{t(open ? m.collapse : m.expand)}</span>
                    </button>
                  </th>
                );
              })}
            </tr>
            <tr className="sm-grid__skills">
              {columns.map((c) => (
                <th key={c.key} scope="col" className={c.kind === 'average' ? 'sm-grid__skill sm-grid__skill--avg' : 'sm-grid__skill'}>
                  <span className="sm-grid__label">{c.kind === 'average' ? t(m.average) : c.label}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody onMouseOver={onPointer} onMouseLeave={() => setHover(null)}>
            {rows.map((row, r) => (
              <GridRow key={row.staff.id} row={row} r={r} columns={columns} levels={levels} maxLevel={maxLevel}
                focusCol={fr === r ? fc : -1} hoverCol={hover && hover[0] === r ? hover[1] : -1} onRate={onRate} onCellFocus={onCellFocus} layer={layer} />
            ))}
          </tbody>
          <tfoot>
            <SummaryRow columns={columns} levels={levels} summary={summary} />
          </tfoot>
        </table>
      </div>
      <p id="sm-grid-help" className="muted text-sm sm-help">
        {t(layer === 'self' ? m.helpSelf : m.helpCoach)}
      </p>
    </>
  );
}

/** "Every skill" of a card: the list is built when the details open (most cards are never opened). */
function EverySkill({ row, domains, levels, maxLevel }: { row: SkillMapRow; domains: SkillDomain[]; levels: Levels; maxLevel: number }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="sm-card__details" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{tRich(m.everySkill, { name: row.staff.name, sr: srOnly })}</summary>
      {open && <SkillList row={row} domains={domains} levels={levels} maxLevel={maxLevel} />}
    </details>
  );
}

function SkillList({ row, domains, levels, maxLevel }: { row: SkillMapRow; domains: SkillDomain[]; levels: Levels; maxLevel: number }) {
  const locale = useDateLocale();
  return (
    <ul className="sm-card__skills">
      {domains.flatMap((d) => d.skills).map((s) => {
        const cell = row.cells[String(s.id)];
        return (
          <li key={s.id}>
            <span>{s.name}</span>
            {cell
              ? <span className="sm-card__level"><LevelChip level={cell.level} levels={levels} maxLevel={maxLevel} /><span className="sm-who__meta">{formatDay(cell.rated_on, locale)}</span></span>
              : <span className="muted text-sm">{t(m.notRated)}</span>}
          </li>
        );
      })}
    </ul>
  );
}

function SkillCards({ rows, domains, levels, maxLevel, onRate }: Pick<GridProps, 'rows' | 'domains' | 'levels' | 'maxLevel' | 'onRate'>) {
  return (
    <ul className="sm-cards" aria-label={t(m.educators)}>
      {rows.map((row) => (
        <li key={row.staff.id} className="card sm-card">
          <div className="sm-card__head">
            <div>
              <Link to={`/app/staff/${row.staff.id}`} className="sm-who__name">{row.staff.name}</Link>
              <span className="sm-who__meta">{row.staff.building ?? t(m.noSchool)}</span>
            </div>
            <Button variant="secondary" size="sm" onClick={() => onRate({ id: row.staff.id, name: row.staff.name })}>
              {tRich(m.rate, { name: row.staff.name, sr: srOnly })}
            </Button>
          </div>
          <ul className="sm-card__domains">
            {domains.map((d) => {
              const avg = row.domain_averages[String(d.id)];
              return (
                <li key={d.id} className="sm-card__domain">
                  <span className="sm-card__domain-name">{d.name}</span>
                  <span className="sm-card__avg">{avg === null || avg === undefined ? t(m.notRated) : t(m.averageN, { value: avg.toFixed(1) })}</span>
                  <ul className="sm-card__chips" aria-label={t(m.domainSkills, { domain: d.name })}>
                    {d.skills.map((s) => {
                      const cell = row.cells[String(s.id)];
                      if (!cell) return <li key={s.id} className="sm-level sm-level--none" title={s.name}><span className="sr-only">{t(m.skillNotRated, { skill: s.name })}</span><span aria-hidden="true">–</span></li>;
                      const colour = levelColour(cell.level, maxLevel);
                      return (
                        <li key={s.id} className="sm-level" title={s.name} style={{ background: colour.bg, color: colour.fg }}>
                          <span className="sr-only">{t(m.skillPrefix, { skill: s.name })}</span>{cell.level}<span className="sr-only"> {levelName(levels, cell.level)}</span>
                        </li>
                      );
                    })}
                  </ul>
                </li>
              );
            })}
          </ul>
          <EverySkill row={row} domains={domains} levels={levels} maxLevel={maxLevel} />
        </li>
      ))}
    </ul>
  );
}

export default function SkillMapView({ framework }: { framework: SkillFramework }) {
  const location = useLocation();
  const navigate = useNavigate();
  const wide = useMediaQuery(SKILL_GRID_FROM);
  const search = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const view = useMemo(() => viewFromSearch(search), [search]);
  const query = useMemo(() => toApiQuery(view), [view]);
  const summaryQuery = useMemo(() => ({ filter: query.filter, layer: query.layer }), [query]);
  const answer = useSkillMap(query);
  const { error } = answer;
  // The cards and the grid render from a deferred copy (as the Educators list): SWR's update is synchronous, and a
  // page of twenty educators' skills at once was a long task of 100–170 ms on a slow phone (issue 35); deferred,
  // React renders it in slices.
  const data = useDeferredValue(answer.data);
  // The summary row is the grid's only: a phone does not ask for it.
  const summary = useSkillMapSummary(wide ? summaryQuery : null);
  const [rating, setRating] = useState<{ id: number; name: string } | null>(null);
  const onRate = useCallback((staff: { id: number; name: string }) => setRating(staff), []);

  const go = useCallback((next: MapView, replace = false) => {
    navigate({ pathname: location.pathname, search: viewToSearch(next, search) }, { replace, flushSync: true });
  }, [navigate, location.pathname, search]);
  const change = (patch: Partial<MapView>) => go({ ...view, ...patch, page: 'page' in patch ? patch.page! : 1 });

  const domains = useMemo(() => activeDomains(framework), [framework]);
  const levels = framework.levels;
  const maxLevel = Math.max(1, ...levels.map((l) => l.level));
  const collapsed = useMemo(() => new Set(view.collapsed), [view.collapsed]);
  const columns: Column[] = useMemo(() => domains.flatMap((d): Column[] => (collapsed.has(d.id)
    ? [{ kind: 'average' as const, key: `d${d.id}`, domain: d, label: t(m.domainAverage, { domain: d.name }) }]
    : d.skills.map((s) => ({ kind: 'skill' as const, key: `s${s.id}`, domain: d, skillId: s.id, label: s.name })))), [domains, collapsed]);
  const toggle = (domainId: number) =>
    go({ ...view, collapsed: collapsed.has(domainId) ? view.collapsed.filter((x) => x !== domainId) : [...view.collapsed, domainId] }, true);

  const rows = data?.data ?? [];
  const meta = data?.meta;
  const csv = skillMapCsvUrl({ ...query, collapsed: view.collapsed.length ? view.collapsed : undefined });

  const sortOptions = [
    { value: 'name', label: t(m.sortNameAsc) },
    { value: '-name', label: t(m.sortNameDesc) },
    ...domains.flatMap((d) => [
      { value: `domain:${d.id}`, label: t(m.sortLowest, { domain: d.name }) },
      { value: `-domain:${d.id}`, label: t(m.sortHighest, { domain: d.name }) },
    ]),
  ];

  if (domains.length === 0) {
    return <EmptyState title={t(m.noSkills)}>
      <p>{t(framework.can_edit ? m.noSkillsEdit : m.noSkillsAsk)}</p>
    </EmptyState>;
  }

  const countText = meta ? t(m.count, { count: meta.total }) : t(m.loadingEducators);

  return (
    <section className="stack sm" aria-labelledby="sm-heading">
      <h2 id="sm-heading" className="sr-only">{t(m.heading)}</h2>
      <Filters view={view} onChange={change}
        onClear={() => go({ ...view, building_id: null, group_id: null, coach_id: null, grade_level: '', subject: '', position: '', page: 1 })} />
      <div className="sm-toolbar">
        <p className="sm-count" aria-live="polite">
          {countText}{view.layer === 'self' && <span className="sm-count__layer">{t(m.ownSelf)}</span>}
        </p>
        <SelectField label={t(m.sortBy)} name="sort" value={view.sort} onChange={(v) => change({ sort: v })} options={sortOptions} className="sm-sort" />
        <a className="btn btn--secondary btn--sm sm-export" href={csv} download>
          <span className="btn__label">{t(m.exportCsv)}</span>
        </a>
      </div>
      <div className="sm-layer-row">
        <CheckboxField label={t(m.showSelf)} name="layer" className="sm-layer" checked={view.layer === 'self'}
          onChange={(on) => change({ layer: on ? 'self' : 'coach' })} />
        {wide && (
          <ul className="sm-legend" aria-label={t(m.levels)}>
            {levels.map((l) => (
              <li key={l.level}><LevelChip level={l.level} levels={levels} maxLevel={maxLevel} /> <span>{l.name}</span></li>
            ))}
            <li><span className="sm-level sm-level--none" aria-hidden="true">–</span> <span>{t(m.notRated)}</span></li>
          </ul>
        )}
      </div>
      {error && !data && <Alert tone="danger" title={t(m.loadFailed)}>{error.message}</Alert>}
      {/* (the deferred copy trails the answer by a render: the loading block stays until the rows take its place) */}
      {!data && !error && <LoadingBlock label={t(m.loading)} />}
      {data && rows.length === 0 && (
        <EmptyState title={t(m.noMatch)}>
          <p>{t(hasFilters(view) ? m.fewer : m.noEducators)}</p>
        </EmptyState>
      )}
      {rows.length > 0 && (
        <>
          {wide
            ? <SkillGrid rows={rows} domains={domains} columns={columns} collapsed={collapsed} levels={levels} maxLevel={maxLevel}
                summary={summary.data} onToggle={toggle} onRate={onRate} layer={view.layer} />
            : <SkillCards rows={rows} domains={domains} levels={levels} maxLevel={maxLevel} onRate={onRate} />}
          {meta && <Pager page={meta.page} lastPage={meta.last_page} onChange={(p) => change({ page: p })} />}
        </>
      )}
      {rating && (
        <RateSkillsDialog open onClose={() => setRating(null)} staff={rating} framework={framework} />
      )}
    </section>
  );
}
