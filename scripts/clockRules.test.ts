// Issue 26, "Clocks": every instant on every screen is shown on the signed-in person's profile clock, and
// every "today" is the person's day on that clock. Checked on every .ts/.tsx file of client/ (tests and
// browser tests aside) but the few helpers that do it (ALLOWED):
// - instants go through useInstantFormat (client/lib/session.ts: `when.date(iso)`, `when.dateTime(iso)`),
//   or formatDate(wallClock(iso, timeZone)) / formatDate(dayAsDate(day)); formatRelative ("3 hours ago")
//   needs no clock. Never toLocaleDateString/toLocaleTimeString, Intl.DateTimeFormat, formatDateTime, a
//   Date's own toLocaleString, date-fns' format, or formatDate/formatDay of an instant (`*_at`, `at`) or of
//   a Date that is not a wall clock or a day;
// - today is useToday() (client/lib/session.ts) or todayIn(zone) with a zone: never todayIn() (the
//   device's calendar), toISOString().slice(0, 10) (UTC's day), or new Date().getFullYear() and the like;
// - a day picked or shown as an instant (staff group member dates) converts on the profile clock:
//   utcToLocalDate/localDateToUtc always with a zone (alone they take the browser's), and the browser's
//   zone only as the fallback of the person's (`user.timezone || browserTimeZone()`), never by itself.
// Every finding names file:line and the rule. The checker is a pure function tested on fake sources below.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The helpers that format instants and find today themselves. */
// client/app/warmIntl.ts shows nothing: it loads the browser's zone rules (the likeliest profile zone) into the cached
// formatters before the profile is known, for speed only (issue 35).
export const ALLOWED = new Set(['client/lib/format.ts', 'client/lib/dates.ts', 'client/lib/zonedTime.ts', 'client/lib/session.ts', 'client/app/warmIntl.ts']);

/** Calls whose Date is a wall clock or a calendar day, safe to hand to formatDate. */
const SAFE_DATES = /\b(wallClock|dayAsDate|localDateAsDate)\(/;
/** Names of instants in this code base: created_at, last_login_at, entry.at, Date.now(), new Date(). */
const INSTANT = /\b\w+_at\b|\.at\b|\bDate\.now\(|\bnew Date\(\s*\)/;
const DATE_OPTIONS = /\b(timeZone|dateStyle|timeStyle|weekday|hour|minute|second|month|year|day)\b/;

/** The text of a call's arguments: from the '(' at `open` to its matching ')'. */
function argsAt(code: string, open: number): string {
  let depth = 0;
  for (let k = open; k < code.length; k++) {
    if (code[k] === '(') depth++;
    else if (code[k] === ')' && --depth === 0) return code.slice(open + 1, k);
  }
  return code.slice(open + 1);
}

/** The first argument of an argument list (to the first comma at depth 0). */
function firstArg(args: string): string {
  let depth = 0;
  for (let k = 0; k < args.length; k++) {
    const c = args[k]!;
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ',' && depth === 0) return args.slice(0, k).trim();
  }
  return args.trim();
}

/** The source with comments blanked (same lines), so a comment naming a rule is no finding. */
function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' '))
    .replace(/(^|[\s;{}(),])\/\/.*$/gm, (m, before: string) => before + ' '.repeat(m.length - before.length));
}

export interface Finding {
  line: number;
  rule: string;
}

/** The clock rules broken by one file's source. */
export function clockFindings(source: string): Finding[] {
  const code = withoutComments(source);
  const found: Finding[] = [];
  const lineOf = (at: number) => code.slice(0, at).split('\n').length;
  const each = (re: RegExp, check: (m: RegExpExecArray) => string | null) => {
    for (const m of code.matchAll(new RegExp(re.source, 'g'))) {
      const rule = check(m as RegExpExecArray);
      if (rule) found.push({ line: lineOf(m.index!), rule });
    }
  };
  each(/\.toLocale(Date|Time)String\(/, () => 'an instant formatted on the browser clock (toLocaleDateString/TimeString): use useInstantFormat');
  each(/\.toLocaleString\(/, (m) => {
    const args = argsAt(code, m.index! + m[0].length - 1);
    return args.trim() === '' || DATE_OPTIONS.test(args) ? 'a Date formatted by toLocaleString: use useInstantFormat' : null;
  });
  each(/\bIntl\.DateTimeFormat\b/, () => 'Intl.DateTimeFormat on a screen: use useInstantFormat or the zoned helpers of client/lib');
  each(/(?<![\w.$])formatDateTime\(/, () => 'formatDateTime uses the browser clock: use useInstantFormat().dateTime');
  each(/import\s*\{([^}]*)\}\s*from\s*'date-fns'/, (m) =>
    /(^|,)\s*(format|lightFormat|intlFormat|formatISO)\s*(,|$|as)/.test(m[1]!) ? "date-fns' format on a screen: use useInstantFormat or client/lib/format" : null);
  each(/(?<![\w.$])(formatDate|formatDay)\(/, (m) => {
    const arg = firstArg(argsAt(code, m.index! + m[0].length - 1));
    // An instant turned into a day of a named zone first (a trial's last day in the district's zone) is a day.
    if (m[1] === 'formatDay') return INSTANT.test(arg) && !/^(zonedDay|utcToLocalDate)\(/.test(arg) ? `formatDay of an instant (${arg}): use useInstantFormat().date` : null;
    if (SAFE_DATES.test(arg) && !/^new Date/.test(arg)) return null;
    const name = /^[\w$]+$/.test(arg) ? arg : null;
    if (name && new RegExp(`\\b${name}\\s*=\\s*[^;\\n]*${SAFE_DATES.source}`).test(code)) return null;
    return `formatDate of ${arg}, not a wall clock or a day: use useInstantFormat().date, or formatDate(wallClock(…)) / formatDate(dayAsDate(…))`;
  });
  each(/(?<![\w.$])todayIn\(\s*\)/, () => "todayIn() is the device's calendar: use useToday() (the profile clock)");
  each(/\.toISOString\(\)\s*\.\s*(slice|substring|substr)\(\s*0\s*,\s*10\s*\)|\.toISOString\(\)\s*\.\s*split\(\s*'T'\s*\)/, () =>
    "an ISO string's first 10 characters are UTC's day: use useToday(), or addDays/dayBefore of client/lib for day arithmetic");
  each(/\bnew Date\(\s*\)\s*\.\s*get(FullYear|Month|Date|Day|Hours)\(/, () => "the device's clock: use useToday() (the profile clock)");
  each(/(?<![\w.$])(utcToLocalDate|localDateToUtc)\(/, (m) => {
    const args = argsAt(code, m.index! + m[0].length - 1);
    return firstArg(args) === args.trim() ? `${m[1]} without a zone converts on the browser's clock: pass the profile zone (useInstantFormat().timeZone)` : null;
  });
  each(/(?<![\w.$])browserTimeZone\(\s*\)/, (m) => (/(\|\||\?\?)\s*$/.test(code.slice(0, m.index)) ? null
    : "the browser's zone by itself: use the profile zone (useInstantFormat().timeZone, or user.timezone || browserTimeZone())"));
  return found;
}

function clientFiles(dir: string, root: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'e2e' && entry.name !== 'node_modules') clientFiles(full, root, out);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      out.push(path.relative(root, full).split(path.sep).join('/'));
    }
  }
  return out;
}

describe('clock rules (issue 26)', () => {
  it('every screen shows instants on the profile clock and finds today on it', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const findings = clientFiles(path.join(root, 'client'), root)
      .filter((file) => !ALLOWED.has(file))
      .flatMap((file) => clockFindings(readFileSync(path.join(root, file), 'utf8')).map((f) => `${file}:${f.line} ${f.rule}`));
    expect(findings).toEqual([]);
  });

  it('finds each way of formatting an instant on another clock', () => {
    const rules = (source: string) => clockFindings(source).map((f) => f.line);
    expect(rules("const a = new Date(x).toLocaleDateString();\nconst b = d.toLocaleTimeString('en-US');")).toEqual([1, 2]);
    expect(rules("new Date(x).toLocaleString();\nn.toLocaleString('en-US');\nd.toLocaleString('en-US', { timeZone: 'UTC' });")).toEqual([1, 3]);
    expect(rules("new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(d);")).toEqual([1]);
    expect(rules('<time title={formatDateTime(entry.at, locale)}>{when.dateTime(entry.at)}</time>')).toEqual([1]);
    expect(rules("import { format, addDays } from 'date-fns';\nimport type { Locale } from 'date-fns';")).toEqual([1]);
    expect(rules('formatDay(q.created_at, locale);\nformatDay(q.valid_until, locale);\nformatDay(utcToLocalDate(iso, zone));')).toEqual([1]);
    expect(rules('formatDate(user.invite.expires_at, locale);\nformatDate(new Date(), locale);\nformatDate(new Date(`${v}T12:00`));')).toEqual([1, 2, 3]);
    expect(rules('formatDate(row, locale);')).toEqual([1]);
    expect(rules("formatDay(zonedDay(d.trial_ends_at, d.timezone), locale);")).toEqual([]);
  });

  it('lets wall clocks, days and the hook through', () => {
    const ok = [
      "formatDate(wallClock(i.starts_at, timeZone), locale, 'p');",
      "formatDate(dayAsDate(state.from), locale, 'MMM d');",
      'const wall = wallClock(instant, timeZone);\nformatDate(wall, locale);',
      'const when = i ? wallClock(i.starts_at, timeZone) : null;\nformatDate(when, locale);',
      'when.date(a.updated_at); when.dateTime(entry.at); formatRelative(entry.at, locale);',
      "seats.toLocaleString('en-US'); n.toLocaleString('en-US', { maximumFractionDigits: 1 });",
      '// formatDateTime(x) and new Date().getFullYear() in a comment',
      'const today = useToday(); todayIn(timeZone); todayIn(user?.district?.timezone);',
    ];
    for (const source of ok) expect(clockFindings(source), source).toEqual([]);
  });

  it("finds each way of taking today off a clock other than the person's", () => {
    const rules = (source: string) => clockFindings(source).map((f) => f.line);
    expect(rules("todayIn();\nnew Date().toISOString().slice(0, 10);\nd.toISOString().split('T')[0];\nnew Date().getFullYear();")).toEqual([1, 2, 3, 4]);
  });

  it("finds a picked day converted on the browser's clock, and lets the profile zone through", () => {
    const rules = (source: string) => clockFindings(source).map((f) => f.line);
    expect(rules([
      'localDateAsDate(utcToLocalDate(item.start_date));',
      "start_date: localDateToUtc(m.start) ?? '',",
      'const timeZone = browserTimeZone();',
      'draft(utcToLocalDate(item.end_date, timeZone)); localDateToUtc(m.end, when.timeZone);',
      'const zone = user?.timezone || browserTimeZone(); const z = tz ?? browserTimeZone();',
      "import { browserTimeZone, utcToLocalDate } from '../../lib/dates';",
    ].join('\n'))).toEqual([1, 2, 3]);
  });
});
