// Skill mapping answers: explicit field whitelists from rows (common/schemas/skills.ts shapes).
import type { EducatorSkillsAnswer, SkillFrameworkAnswer, SkillMapRowAnswer, SkillMapSummaryAnswer } from '../../../common/schemas/answers/skills';
import type { SkillCell, SkillRating } from '../../../common/schemas/skills';
import type { CellRow, FrameworkParts, FrameworkRow, MapRow, RatingRow, SelfRatingRow } from './queries';

export function presentFramework(framework: FrameworkRow, parts: FrameworkParts, canEdit: boolean): SkillFrameworkAnswer {
  return {
    id: framework.id,
    name: framework.name,
    description: framework.description,
    levels: parts.levels.map((l) => ({ level: l.level, name: l.name, descriptor: l.descriptor })),
    domains: parts.domains.map((d) => ({
      id: d.id, name: d.name, description: d.description, sort_order: d.sort_order, archived: d.archived_at !== null,
      skills: parts.skills.filter((s) => s.domain_id === d.id).map((s) => ({
        id: s.id, domain_id: s.domain_id, name: s.name, description: s.description, sort_order: s.sort_order, archived: s.archived_at !== null,
      })),
    })),
    can_edit: canEdit,
  };
}

export function presentRating(r: RatingRow): SkillRating {
  return {
    id: r.id, skill_id: r.skill_id, level: r.level, rated_on: r.rated_on,
    rated_by: r.rated_by !== null ? { id: r.rated_by, name: r.rated_by_name ?? '' } : null,
    note: r.note, interaction_id: r.interaction_id, created_at: r.created_at,
  };
}

export function presentEducatorSkills(
  staff: { id: number; first_name: string; last_name: string }, current: RatingRow[], history: RatingRow[], self: SelfRatingRow[],
  may: { canRate: boolean; canSelfAssess: boolean },
): EducatorSkillsAnswer {
  return {
    staff: { id: staff.id, name: `${staff.first_name} ${staff.last_name}` },
    current: current.map(presentRating),
    history: history.map(presentRating),
    self: self.map((r) => ({ skill_id: r.skill_id, level: r.level, rated_on: r.rated_on })),
    can_rate: may.canRate,
    can_self_assess: may.canSelfAssess,
  };
}

/** Rounded to one decimal. */
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

export function presentMapRows(
  rows: MapRow[], cells: CellRow[], buildings: Map<number, string>, columns: { domainId: number; skills: { id: number }[] }[],
): SkillMapRowAnswer[] {
  const byStaff = new Map<number, Map<number, CellRow>>();
  for (const c of cells) {
    let m = byStaff.get(c.staff_id);
    if (!m) byStaff.set(c.staff_id, (m = new Map()));
    m.set(c.skill_id, c);
  }
  return rows.map((r) => {
    const own = byStaff.get(r.id) ?? new Map<number, CellRow>();
    const out: Record<string, SkillCell> = {};
    const averages: Record<string, number | null> = {};
    for (const col of columns) {
      let sum = 0;
      let n = 0;
      for (const s of col.skills) {
        const c = own.get(s.id);
        if (!c) continue;
        out[String(s.id)] = { level: c.level, rated_on: c.rated_on, rated_by: c.rated_by_name ?? null, note: c.note };
        sum += c.level;
        n += 1;
      }
      averages[String(col.domainId)] = n ? oneDecimal(sum / n) : null;
    }
    return {
      staff: { id: r.id, name: `${r.first_name} ${r.last_name}`, building: buildings.get(r.id) ?? null, position: r.position },
      cells: out,
      domain_averages: averages,
    };
  });
}

export function presentSummary(counts: { skill_id: number; level: number; n: number }[], total: number): SkillMapSummaryAnswer {
  const out: Record<string, Record<string, number>> = {};
  for (const c of counts) (out[String(c.skill_id)] ??= {})[String(c.level)] = Number(c.n);
  return { total, counts: out };
}
