// Follow-through on the Interactions report (issue 29): action steps due in the range, done on time, late or
// overdue, and coaching requests educators made (educator-initiated coaching), each in all, by coach and by
// school, with the CSV of each table. Counting rules: common/schemas/reports.ts (FollowThroughFigures,
// RequestFigures) and docs/guide/reports.md.
import type { FollowThroughFigures, InteractionsReport, RequestFigures } from '../../../../common/schemas/reports';
import { counted, int, percent } from '../format';
import { type Column, Headline, ReportTable } from './ReportParts';

type Named = { id: number | null; name: string };

const stepColumns = <T extends Named & FollowThroughFigures>(first: string): Column<T>[] => [
  { key: 'name', label: first, sortValue: (r) => r.name, render: (r) => r.name },
  { key: 'due', label: 'Steps due', numeric: true, sortValue: (r) => r.due, render: (r) => int(r.due) },
  { key: 'on_time', label: 'Done on time', numeric: true, sortValue: (r) => r.on_time, render: (r) => int(r.on_time) },
  { key: 'late', label: 'Done late', numeric: true, sortValue: (r) => r.late, render: (r) => int(r.late) },
  { key: 'overdue', label: 'Overdue', numeric: true, sortValue: (r) => r.overdue, render: (r) => int(r.overdue) },
  { key: 'share', label: 'On time', numeric: true, sortValue: (r) => r.on_time_share, render: (r) => percent(r.on_time_share) },
];

const requestColumns = <T extends Named & RequestFigures>(first: string, received: string): Column<T>[] => [
  { key: 'name', label: first, sortValue: (r) => r.name, render: (r) => r.name },
  { key: 'received', label: received, numeric: true, sortValue: (r) => r.received, render: (r) => int(r.received) },
  { key: 'accepted', label: 'Accepted', numeric: true, sortValue: (r) => r.accepted, render: (r) => int(r.accepted) },
  { key: 'passed', label: 'Passed on', numeric: true, sortValue: (r) => r.passed, render: (r) => int(r.passed) },
  { key: 'waiting', label: 'Waiting', numeric: true, sortValue: (r) => r.waiting, render: (r) => int(r.waiting) },
  { key: 'withdrawn', label: 'Withdrawn', numeric: true, sortValue: (r) => r.withdrawn, render: (r) => int(r.withdrawn) },
];

/** The figures beside the coaching targets: on-time share, overdue steps, requests and the sessions they led to. */
export function FollowThroughHeadline({ data }: { data: InteractionsReport }) {
  const s = data.action_steps.headline;
  const r = data.requests.headline;
  const settled = s.on_time + s.late + s.overdue;
  return (
    <section className="report-follow-through" aria-labelledby="report-follow-through-title">
      <h2 id="report-follow-through-title" className="report-follow-through__title">Follow-through and educator-initiated coaching</h2>
      <Headline label="Follow-through figures" figures={[
        { key: 'on-time', label: 'Action steps done on time', value: percent(s.on_time_share),
          sub: settled ? `${int(s.on_time)} of ${counted(settled, 'step done or overdue', 'steps done or overdue')}` : counted(s.due, 'step due', 'steps due') },
        { key: 'overdue', label: 'Overdue action steps', value: int(s.overdue), sub: `of ${counted(s.due, 'step due', 'steps due')} in this range` },
        { key: 'requests', label: 'Coaching requests', value: int(r.received), sub: `${int(r.accepted)} accepted, ${int(r.waiting)} waiting` },
        { key: 'initiated', label: 'Educator-initiated interactions', value: int(data.headline.educator_initiated), sub: 'completed sessions from accepted requests' },
      ]} />
    </section>
  );
}

/** The four tables: action steps and requests, by coach and by school. */
export function FollowThroughTables({ data, csv }: { data: InteractionsReport; csv: (table: string) => string }) {
  const noSteps = 'No action steps were due in this range.';
  const noRequests = 'No coaching requests were made in this range.';
  return (
    <>
      <ReportTable title="Action steps by coach" caption="Action steps due in the range, by coach (their caseload)" columns={stepColumns('Coach')}
        rows={data.action_steps.by_coach} rowKey={(r) => r.id} csv={csv('action_steps_by_coach')} empty={noSteps} />
      <ReportTable title="Action steps by school" caption="Action steps due in the range, by the educator's school" columns={stepColumns('School')}
        rows={data.action_steps.by_school} rowKey={(r) => r.id ?? 'none'} csv={csv('action_steps_by_school')} empty={noSteps}
        footer={(
          <p className="report-table__how text-sm muted">
            <strong>How this is counted:</strong> Action steps due in the range, dropped steps left out. On time means done on or before
            the due day; overdue means still open after it. The on-time share is of the steps done or overdue; steps not yet due and steps
            without a due day are not in it. By coach: the steps of the educators in their caseload.
          </p>
        )} />
      <ReportTable title="Coaching requests by coach" caption="Coaching requests made in the range, by coach (their queue)" columns={requestColumns('Coach', 'Received')}
        rows={data.requests.by_coach} rowKey={(r) => r.id} csv={csv('requests_by_coach')} empty={noRequests} />
      <ReportTable title="Coaching requests by school" caption="Coaching requests made in the range, by the educator's school" columns={requestColumns('School', 'Requests')}
        rows={data.requests.by_school} rowKey={(r) => r.id ?? 'none'} csv={csv('requests_by_school')} empty={noRequests}
        footer={(
          <p className="report-table__how text-sm muted">
            <strong>How this is counted:</strong> Requests educators made in the range, as they stand now. By coach: requests that reached
            their queue, that they accepted, that left their queue passed on, and that wait there now. Educator-initiated interactions are
            the completed sessions that accepting a request scheduled.
          </p>
        )} />
    </>
  );
}
