// The CSV of exactly one table a report shows (REPORT_TABLES[kind]), columns labelled as a person reads
// them; written through server/lib/csv.ts (UTF-8 BOM, CRLF, formula injection neutralised).
import {
  type CoachingTeamReport, type ComparisonReport, type CyclesReport, type InteractionsReport, REPORT_TABLES, type ReportKind,
  type TeacherLevelReport, type WalkthroughsReport,
} from '../../../common/schemas/reports';

export interface ReportOf {
  interactions: InteractionsReport;
  'coaching-cycles': CyclesReport;
  'teacher-level': TeacherLevelReport;
  'coaching-team': CoachingTeamReport;
  comparison: ComparisonReport;
  walkthroughs: WalkthroughsReport;
}

export interface CsvTable { header: string[]; rows: (string | number | null)[][] }

const hours = (minutes: number) => Math.round((minutes / 60) * 10) / 10;
const percent = (share: number | null) => (share === null ? null : `${Math.round(share * 1000) / 10}%`);

/** The table `table` (already validated against REPORT_TABLES[kind]) of a report's answer. */
export function reportTable<K extends ReportKind>(kind: K, report: ReportOf[K], table: string): CsvTable {
  switch (kind) {
    case 'interactions': {
      const r = report as InteractionsReport;
      if (table === 'by_school') {
        return {
          header: ['School', 'Interactions', 'Hours', 'Educators reached', 'Educators on roster'],
          rows: r.by_school.map((s) => [s.name, s.interactions, hours(s.minutes), s.educators_reached, s.roster_size]),
        };
      }
      if (table === 'by_type') {
        return { header: ['Interaction type', 'Interactions', 'Hours'], rows: r.by_type.map((t) => [t.name, t.interactions, hours(t.minutes)]) };
      }
      if (table === 'trend') {
        return {
          header: [r.trend.interval === 'week' ? 'Week of' : 'Month', 'Interactions', 'Hours', 'Educators reached'],
          rows: r.trend.points.map((p) => [r.trend.interval === 'week' ? p.period_start : p.period_start.slice(0, 7), p.interactions, hours(p.minutes), p.educators_reached]),
        };
      }
      if (table === 'action_steps_by_coach' || table === 'action_steps_by_school') {
        const rows = table === 'action_steps_by_coach' ? r.action_steps.by_coach : r.action_steps.by_school;
        return {
          header: [table === 'action_steps_by_coach' ? 'Coach' : 'School', 'Action steps due', 'Done on time', 'Done late', 'Overdue', 'On time'],
          rows: rows.map((x) => [x.name, x.due, x.on_time, x.late, x.overdue, percent(x.on_time_share)]),
        };
      }
      if (table === 'requests_by_coach' || table === 'requests_by_school') {
        const rows = table === 'requests_by_coach' ? r.requests.by_coach : r.requests.by_school;
        return {
          header: [table === 'requests_by_coach' ? 'Coach' : 'School', 'Coaching requests received', 'Accepted', 'Passed on', 'Waiting', 'Withdrawn'],
          rows: rows.map((x) => [x.name, x.received, x.accepted, x.passed, x.waiting, x.withdrawn]),
        };
      }
      return {
        header: ['Coach', 'Interactions', 'Hours', 'Educators reached', 'Educator-initiated'],
        rows: r.by_coach.map((c) => [c.name, c.interactions, hours(c.minutes), c.educators_reached, c.educator_initiated]),
      };
    }
    case 'coaching-cycles': {
      const r = report as CyclesReport;
      if (table === 'funnel') {
        return {
          header: ['Stage', 'Cycles in stage now', 'Cycles that entered', 'Average days', 'Expected days', 'Overdue'],
          rows: r.funnel.map((s) => [s.name, s.now, s.entered, s.average_days, s.expected_days, s.overdue]),
        };
      }
      const rows = table === 'by_school' ? r.by_school : r.by_coach;
      return {
        header: [table === 'by_school' ? 'School' : 'Coach', 'Cycles', 'Active', 'Completed', 'Overdue', 'Goal met', 'Completion rate'],
        rows: rows.map((x) => [x.name, x.cycles, x.active, x.completed, x.overdue, x.met, percent(x.completion_rate)]),
      };
    }
    case 'teacher-level': {
      const r = report as TeacherLevelReport;
      const domains = r.domains;
      return {
        header: [
          'Educator', 'School', 'Interactions', 'Hours', 'Last contact', 'Days since last contact', 'Active cycles', 'Completed cycles',
          ...domains.flatMap((d) => [`${d.name}: first rating`, `${d.name}: latest rating`, `${d.name}: change`]),
          'Below target',
        ],
        rows: r.data.map((row) => [
          row.staff.name, row.school?.name ?? null, row.interactions, hours(row.minutes), row.last_contact_on, row.days_since_last_contact,
          row.cycles_active, row.cycles_completed,
          ...domains.flatMap((d) => {
            const g = row.skill_growth.find((x) => x.domain_id === d.id);
            return [g?.first ?? null, g?.latest ?? null, g?.change ?? null];
          }),
          row.below_target ? 'Yes' : 'No',
        ]),
      };
    }
    case 'coaching-team': {
      const r = report as CoachingTeamReport;
      return {
        header: [
          'Coach', 'Caseload', 'Interactions', 'Coaching hours', 'Other interaction hours', 'Logged time hours', 'Educators reached', 'Active cycles', 'Completed cycles',
          'Action steps due', 'Done on time', 'Done late', 'Overdue', 'On time', 'Coaching requests received', 'Accepted', 'Passed on', 'Waiting', 'Educator-initiated',
        ],
        rows: r.data.map((c) => [
          c.coach.name, c.caseload, c.interactions, hours(c.coaching_minutes), hours(c.other_interaction_minutes), hours(c.activity_minutes),
          c.educators_reached, c.cycles_active, c.cycles_completed,
          c.action_steps.due, c.action_steps.on_time, c.action_steps.late, c.action_steps.overdue, percent(c.action_steps.on_time_share),
          c.requests.received, c.requests.accepted, c.requests.passed, c.requests.waiting, c.educator_initiated,
        ]),
      };
    }
    case 'walkthroughs': {
      const r = report as WalkthroughsReport;
      if (table === 'schools') {
        const lookFors = r.items.filter((i) => i.kind === 'look_for');
        return {
          header: ['School', 'Observations', 'Educators', 'Look-fors seen', ...lookFors.map((i) => i.label)],
          rows: r.schools.map((s) => [s.name, s.observations, s.educators, percent(s.look_for_rate), ...lookFors.map((i) => percent(s.items[String(i.lineage_id)] ?? null))]),
        };
      }
      if (table === 'months') {
        return { header: ['Month', 'Observations', 'Look-fors seen'], rows: r.months.map((m) => [m.month, m.observations, percent(m.look_for_rate)]) };
      }
      return {
        header: ['Section', 'Item', 'Kind', 'Answers', 'Seen', 'Not seen', 'Not applicable', 'Seen (of applicable)', 'Average', 'Distribution'],
        rows: r.items.map((i) => [
          i.section, i.label, i.kind, i.answered, i.seen, i.not_seen, i.not_applicable, percent(i.rate),
          i.average === null ? null : Math.round(i.average * 100) / 100, i.distribution.map((d) => `${d.value}: ${d.count}`).join('; ') || null,
        ]),
      };
    }
    default: {
      const r = report as ComparisonReport;
      return {
        header: ['Measure', r.segments.a.label, r.segments.b.label, 'Difference'],
        rows: r.measures.map((m) => [m.label, m.a, m.b, m.difference]),
      };
    }
  }
}

/** `interactions-by-coach-2026-08-01-to-2026-11-23.csv` */
export function reportFileName(kind: ReportKind, table: string, range: { from: string; to: string }): string {
  const part = REPORT_TABLES[kind].length > 1 || table !== kind ? `-${table.replace(/_/g, '-')}` : '';
  return `${kind}${part}-${range.from}-to-${range.to}.csv`;
}
