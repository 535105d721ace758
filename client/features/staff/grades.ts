// Grade levels as people write them ("K, 1-3", "9–12", "Pre-K") ⇄ the grade keys of the contract.
import { GRADE_LEVELS } from '../../../common/staffValues';
import { defineMessages, t } from '../../lib/i18n';

const m = defineMessages({
  gradePreK: { id: 'staff.gradePreK', defaultMessage: 'Pre-K' },
  gradeK: { id: 'staff.gradeK', defaultMessage: 'Kindergarten' },
  gradeN: { id: 'staff.gradeN', defaultMessage: 'Grade {grade}' },
});

export type GradeLevel = (typeof GRADE_LEVELS)[number];

const GRADE_ALIASES: Record<string, GradeLevel> = {
  pk: 'PK', prek: 'PK', prekindergarten: 'PK', tk: 'PK', transitionalkindergarten: 'PK', preschool: 'PK',
  k: 'K', kg: 'K', kinder: 'K', kindergarten: 'K', '0': 'K', '00': 'K',
};

/** One grade as written ("K", "kindergarten", "3rd", "Grade 10", "09") → its key, or null. */
export function gradeKey(raw: string): GradeLevel | null {
  const token = raw.toLowerCase().replace(/grades?|gr\.?(?=\s*\d)/g, '').replace(/[^a-z0-9]/g, '');
  if (token in GRADE_ALIASES) return GRADE_ALIASES[token]!;
  const number = token.match(/^0?(\d{1,2})(st|nd|rd|th)?$/);
  if (number) {
    const key = String(Number(number[1]));
    if ((GRADE_LEVELS as readonly string[]).includes(key)) return key as GradeLevel;
  }
  return null;
}

/** Sorts and de-duplicates grade keys in school order (PK, K, 1 … 12). */
export function sortGrades(grades: readonly string[]): GradeLevel[] {
  const order = GRADE_LEVELS as readonly string[];
  return [...new Set(grades)].filter((g) => order.includes(g)).sort((a, b) => order.indexOf(a) - order.indexOf(b)) as GradeLevel[];
}

/**
 * Parses a grade list like "K, 1-3", "PK–2; 5", "9 to 12", "All" into keys; words it cannot read
 * are returned in `unknown` so the caller can say which ones.
 */
export function parseGrades(text: string): { grades: GradeLevel[]; unknown: string[] } {
  const grades: GradeLevel[] = [];
  const unknown: string[] = [];
  const cleaned = text.trim();
  if (!cleaned) return { grades, unknown };
  for (const part of cleaned.split(/[,;/&|+]|\band\b/i).map((p) => p.trim()).filter(Boolean)) {
    if (/^all( grades)?$/i.test(part)) {
      grades.push(...GRADE_LEVELS);
      continue;
    }
    const whole = gradeKey(part);
    if (whole) {
      grades.push(whole);
      continue;
    }
    const range = part.replace(/\bpre[\s-]?k(indergarten)?\b/gi, 'PK').split(/\s*(?:-|–|—|\bto\b|\bthrough\b|\bthru\b)\s*/i).filter(Boolean);
    if (range.length === 2) {
      const from = gradeKey(range[0]!);
      const to = gradeKey(range[1]!);
      if (from && to) {
        const a = GRADE_LEVELS.indexOf(from);
        const b = GRADE_LEVELS.indexOf(to);
        grades.push(...GRADE_LEVELS.slice(Math.min(a, b), Math.max(a, b) + 1));
        continue;
      }
    }
    const single = range.length === 1 ? gradeKey(range[0]!) : null;
    if (single) grades.push(single);
    else unknown.push(part);
  }
  return { grades: sortGrades(grades), unknown };
}

/** Keys → compact text: runs of three or more become ranges ("K–2, 5", "9–12"); none → "". */
export function formatGrades(grades: readonly string[]): string {
  const keys = sortGrades(grades);
  const parts: string[] = [];
  let i = 0;
  while (i < keys.length) {
    let j = i;
    while (j + 1 < keys.length && GRADE_LEVELS.indexOf(keys[j + 1]!) === GRADE_LEVELS.indexOf(keys[j]!) + 1) j++;
    if (j - i >= 2) parts.push(`${keys[i]}–${keys[j]}`);
    else parts.push(...keys.slice(i, j + 1));
    i = j + 1;
  }
  return parts.join(', ');
}

/** Option label for a grade key in pickers and filters. */
export function gradeLabel(key: string): string {
  if (key === 'PK') return t(m.gradePreK);
  if (key === 'K') return t(m.gradeK);
  return t(m.gradeN, { grade: key });
}
