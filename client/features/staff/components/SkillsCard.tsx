// The educator profile's Skills section (skill mapping, issue 10): the current level of each skill of
// the district's framework, each skill's history as a small SVG chart (with the same history as a
// table for anyone who prefers or needs it), and "Rate skills" for users who map skills. Shown when
// the district's plan has skill mapping; an educator sees their own. The educator's own latest
// self-assessment (issue 29) stands beside each current level, labelled "Self": it never changes it.
import type { Locale } from 'date-fns';
import { useState } from 'react';
import { hasFeature } from '../../../../common/permissions';
import type { SkillFramework, SkillRating } from '../../../../common/schemas/skills';
import { Button, ButtonLink } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { formatDay } from '../../../lib/dates';
import { useSkillFramework } from '../../../lib/lookups';
import { useAuthUser, useDateLocale } from '../../../lib/session';
import { levelColour, useEducatorSkills } from '../../../lib/skills';
import { lazyPart } from '../../../lib/lazyPart';
import { defineMessages, t, tRich } from '../../../lib/i18n';

const m = defineMessages({
  chartLabel: { id: 'staff.chartLabel', defaultMessage: '{skill}: {count, plural, one {# rating} other {# ratings}}, from level {from} to level {to}' },
  everyRating: { id: 'staff.everyRating', defaultMessage: 'Every rating, newest first' },
  colDate: { id: 'staff.colDate', defaultMessage: 'Date' },
  colSkill: { id: 'staff.colSkill', defaultMessage: 'Skill' },
  colLevel: { id: 'staff.colLevel', defaultMessage: 'Level' },
  colRatedBy: { id: 'staff.colRatedBy', defaultMessage: 'Rated by' },
  colNote: { id: 'staff.colNote', defaultMessage: 'Note' },
  removedSkill: { id: 'staff.removedSkill', defaultMessage: 'Removed skill' },
  skills: { id: 'staff.skills', defaultMessage: 'Skills' },
  rateSkills: { id: 'staff.rateSkills', defaultMessage: 'Rate skills' },
  rateYourself: { id: 'staff.rateYourself', defaultMessage: 'Rate yourself' },
  loadingSkills: { id: 'staff.loadingSkills', defaultMessage: 'Loading skills…' },
  skillsFailed: { id: 'staff.skillsFailed', defaultMessage: 'Skills could not load: {message}' },
  noRatings: { id: 'staff.noRatings', defaultMessage: 'No skill ratings yet.' },
  selfNoteOwn: { id: 'staff.selfNoteOwn', defaultMessage: '<b>Coach</b> is the current level from coaches\' ratings; <b>Self</b> is your own self-assessment, last given {date}. A self-assessment never changes the current level.' },
  selfNoteOther: { id: 'staff.selfNoteOther', defaultMessage: '<b>Coach</b> is the current level from coaches\' ratings; <b>Self</b> is the educator\'s own self-assessment, last given {date}. A self-assessment never changes the current level.' },
  archivedSuffix: { id: 'staff.archivedSuffix', defaultMessage: '{name} (archived)' },
  archived: { id: 'staff.archived', defaultMessage: '(archived)' },
  whoCoach: { id: 'staff.whoCoach', defaultMessage: 'Coach' },
  whoSelf: { id: 'staff.whoSelf', defaultMessage: 'Self' },
  notRated: { id: 'staff.notRated', defaultMessage: 'Not rated' },
  hideTable: { id: 'staff.hideTable', defaultMessage: 'Hide the history table' },
  showTable: { id: 'staff.showTable', defaultMessage: 'Show the history as a table' },
});

// Loaded when "Rate skills" is chosen: the profile's first paint does not need the form.
const RateSkillsDialog = lazyPart('RateSkillsDialog', () => import('../../../components/skills/RateSkillsDialog').then((m) => m.RateSkillsDialog));
import { Card } from './StaffParts';

const W = 132;
const dayTime = (day: string) => Date.parse(`${day}T00:00:00Z`);
const H = 36;

/** A skill's ratings over time: one dot per rating, joined in date order; the y axis is the level. */
function HistoryChart({ history, maxLevel, label, range }: { history: SkillRating[]; maxLevel: number; label: string; range: [number, number] }) {
  if (history.length === 0) return null;
  const times = history.map((r) => dayTime(r.rated_on));
  // Every chart of the section shares one time axis (the first rating to the last), so they compare.
  const [min, max] = range;
  const span = Math.max(1, max - min);
  const x = (t: number) => 6 + ((t - min) / span) * (W - 12);
  const y = (level: number) => H - 5 - ((level - 1) / Math.max(1, maxLevel - 1)) * (H - 10);
  const points = history.map((r, i) => `${x(times[i]!).toFixed(1)},${y(r.level).toFixed(1)}`);
  const first = history[0]!;
  const last = history.at(-1)!;
  return (
    <svg className="skills-chart" viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img"
      aria-label={t(m.chartLabel, { skill: label, count: history.length, from: first.level, to: last.level })}>
      {Array.from({ length: maxLevel }, (_, i) => (
        <line key={i} x1="0" x2={W} y1={y(i + 1)} y2={y(i + 1)} className="skills-chart__grid" />
      ))}
      {history.length > 1 && <polyline points={points.join(' ')} className="skills-chart__line" />}
      {history.map((r, i) => (
        <circle key={r.id} cx={x(times[i]!)} cy={y(r.level)} r={i === history.length - 1 ? 3.5 : 2.5} className="skills-chart__dot" />
      ))}
    </svg>
  );
}

function Level({ level, framework }: { level: number; framework: SkillFramework }) {
  const max = Math.max(1, ...framework.levels.map((l) => l.level));
  const colour = levelColour(level, max);
  const name = framework.levels.find((l) => l.level === level)?.name ?? '';
  return (
    <span className="skills-level">
      <span className="skills-level__num" style={{ background: colour.bg, color: colour.fg }}>{level}</span>
      <span className="skills-level__name">{name}</span>
    </span>
  );
}

function HistoryTable({ history, framework, locale }: { history: SkillRating[]; framework: SkillFramework; locale?: Locale }) {
  const skills = new Map(framework.domains.flatMap((d) => d.skills).map((s) => [s.id, s.name]));
  const levels = new Map(framework.levels.map((l) => [l.level, l.name]));
  return (
    <div className="table-wrap skills-table">
      <table className="table">
        <caption className="sr-only">{t(m.everyRating)}</caption>
        <thead><tr><th scope="col">{t(m.colDate)}</th><th scope="col">{t(m.colSkill)}</th><th scope="col">{t(m.colLevel)}</th><th scope="col">{t(m.colRatedBy)}</th><th scope="col">{t(m.colNote)}</th></tr></thead>
        <tbody>
          {[...history].reverse().map((r) => (
            <tr key={r.id}>
              <td>{formatDay(r.rated_on, locale)}</td>
              <td>{skills.get(r.skill_id) ?? t(m.removedSkill)}</td>
              <td>{r.level} · {levels.get(r.level) ?? ''}</td>
              <td>{r.rated_by?.name ?? '—'}</td>
              <td>{r.note ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function SkillsCard({ staff }: { staff: { id: number; name: string } }) {
  const { user } = useAuthUser();
  const locale = useDateLocale();
  const enabled = hasFeature(user?.district?.features ?? [], 'skill-mapping');
  const framework = useSkillFramework(enabled);
  const skills = useEducatorSkills(staff.id, enabled);
  const [rating, setRating] = useState(false);
  const [asTable, setAsTable] = useState(false);

  if (!enabled || skills.error?.status === 403 || framework.error?.status === 403) return null;
  const fw = framework.data;
  const data = skills.data;
  const maxLevel = fw ? Math.max(1, ...fw.levels.map((l) => l.level)) : 4;
  const current = new Map((data?.current ?? []).map((r) => [r.skill_id, r]));
  const self = new Map((data?.self ?? []).map((r) => [r.skill_id, r]));
  const lastSelf = (data?.self ?? []).reduce<string | null>((last, r) => (last === null || r.rated_on > last ? r.rated_on : last), null);
  const historyOf = (skillId: number) => (data?.history ?? []).filter((r) => r.skill_id === skillId);
  const allTimes = (data?.history ?? []).map((r) => dayTime(r.rated_on));
  const range: [number, number] = allTimes.length ? [Math.min(...allTimes), Math.max(...allTimes)] : [0, 1];

  return (
    <Card id="staff-skills" title={t(m.skills)} className="staff-skills"
      action={data?.can_rate && fw
        ? <Button size="sm" onClick={() => setRating(true)}>{t(m.rateSkills)}</Button>
        : data?.can_self_assess ? <ButtonLink size="sm" variant="secondary" to="/app/self-assessment">{t(m.rateYourself)}</ButtonLink> : undefined}>
      {(!fw || !data) && !(skills.error || framework.error) && <Spinner label={t(m.loadingSkills)} />}
      {(skills.error || framework.error) && <p className="muted">{t(m.skillsFailed, { message: (skills.error ?? framework.error)!.message })}</p>}
      {fw && data && (
        <div className="stack stack--sm">
          {data.history.length === 0 && <p className="muted">{t(m.noRatings)}</p>}
          {lastSelf && (
            <p className="muted text-sm skills-self-note">
              {tRich(data.can_self_assess ? m.selfNoteOwn : m.selfNoteOther, { b: (chunks) => <strong>{chunks}</strong>, date: formatDay(lastSelf, locale) })}
            </p>
          )}
          {fw.domains.map((d) => {
            const shown = d.skills.filter((s) => (!s.archived && !d.archived) || current.has(s.id));
            if (shown.length === 0 || (d.archived && !shown.some((s) => current.has(s.id)))) return null;
            return (
              <section key={d.id} className="skills-domain" aria-labelledby={`skills-d-${d.id}`}>
                <h3 id={`skills-d-${d.id}`} className="staff-card__subtitle">{d.archived ? t(m.archivedSuffix, { name: d.name }) : d.name}</h3>
                <ul className="skills-list">
                  {shown.map((s) => {
                    const now = current.get(s.id);
                    const mine = self.get(s.id);
                    return (
                      <li key={s.id} className="skills-row">
                        <span className="skills-row__name">{s.name}{s.archived && <span className="muted"> {t(m.archived)}</span>}</span>
                        {lastSelf ? (
                          <span className="skills-row__levels">
                            <span className="skills-row__now">
                              <span className="skills-row__who">{t(m.whoCoach)}</span>
                              {now ? <><Level level={now.level} framework={fw} /><span className="skills-row__date">{formatDay(now.rated_on, locale)}</span></> : <span className="muted text-sm">{t(m.notRated)}</span>}
                            </span>
                            <span className="skills-row__self">
                              <span className="skills-row__who">{t(m.whoSelf)}</span>
                              {mine ? <Level level={mine.level} framework={fw} /> : <span className="muted text-sm">{t(m.notRated)}</span>}
                            </span>
                          </span>
                        ) : (
                          <span className="skills-row__now">
                            {now ? <><Level level={now.level} framework={fw} /><span className="skills-row__date">{formatDay(now.rated_on, locale)}</span></> : <span className="muted text-sm">{t(m.notRated)}</span>}
                          </span>
                        )}
                        <span className="skills-row__chart"><HistoryChart history={historyOf(s.id)} maxLevel={maxLevel} label={s.name} range={range} /></span>
                      </li>
                    );
                  })}
                </ul>
              </section>
            );
          })}
          {data.history.length > 0 && (
            <div>
              <Button variant="ghost" size="sm" aria-expanded={asTable} onClick={() => setAsTable(!asTable)}>
                {asTable ? t(m.hideTable) : t(m.showTable)}
              </Button>
              {asTable && <HistoryTable history={data.history} framework={fw} locale={locale} />}
            </div>
          )}
        </div>
      )}
      {rating && fw && data && (
        <RateSkillsDialog open onClose={() => setRating(false)} staff={staff} framework={fw} current={data.current} />
      )}
    </Card>
  );
}
