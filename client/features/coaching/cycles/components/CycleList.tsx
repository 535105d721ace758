// The list view: one row per cycle with the same actions as the board.
import type { CycleSummary } from '../../../../../common/schemas/cycles';
import { Button } from '../../../../components/Button';
import { formatDay } from '../../../../lib/dates';
import { DueBadge, educatorNames, StatusBadge } from '../../../../components/CycleBadges';
import { TableHead } from '../../../../components/Table';

export function CycleList({ cycles, busyId, onOpen, onAdvance }: {
  cycles: CycleSummary[]; busyId: number | null; onOpen: (id: number) => void; onAdvance: (cycle: CycleSummary) => void;
}) {
  return (
    <div className="table-wrap">
      <table className="table cyc-table">
        <caption className="sr-only">Coaching cycles</caption>
        <TableHead columns={['Cycle', 'Educators', 'Coach', 'Stage', 'Status', 'Started', { label: 'Actions', hidden: true }]} />
        <tbody>
          {cycles.map((c) => (
            <tr key={c.id}>
              <th scope="row">
                <button type="button" id={`cyc-open-${c.id}`} className="btn-link cyc-table__open" onClick={() => onOpen(c.id)}>{c.title}</button>
              </th>
              <td>{educatorNames(c)}</td>
              <td>{c.coach.name}</td>
              <td>{c.stage?.name ?? '—'}</td>
              <td><div className="cyc-table__badges"><StatusBadge cycle={c} /><DueBadge cycle={c} /></div></td>
              <td className="nowrap">{formatDay(c.start_date)}</td>
              <td>
                {c.can_edit && c.next_stage && (
                  <Button id={`cyc-move-${c.id}`} size="sm" variant="secondary" busy={busyId === c.id}
                    aria-label={`Next stage (${c.next_stage.name}): ${c.title}`} onClick={() => onAdvance(c)}>
                    Next stage
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
