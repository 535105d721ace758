// The list view: one row per cycle with the same actions as the board.
import type { CycleSummary } from '../../../../../common/schemas/cycles';
import { Button } from '../../../../components/Button';
import { formatDay } from '../../../../lib/dates';
import { DueBadge, educatorNames, StatusBadge } from '../../../../components/CycleBadges';
import { TableHead } from '../../../../components/Table';
import { defineMessages, t } from '../../../../lib/i18n';

const m = defineMessages({
  caption: { id: 'coaching.cycleList.caption', defaultMessage: 'Coaching cycles' },
  cycle: { id: 'coaching.cycleList.cycle', defaultMessage: 'Cycle' },
  educators: { id: 'coaching.cycleList.educators', defaultMessage: 'Educators' },
  coach: { id: 'coaching.cycleList.coach', defaultMessage: 'Coach' },
  stage: { id: 'coaching.cycleList.stage', defaultMessage: 'Stage' },
  status: { id: 'coaching.cycleList.status', defaultMessage: 'Status' },
  started: { id: 'coaching.cycleList.started', defaultMessage: 'Started' },
  actions: { id: 'coaching.cycleList.actions', defaultMessage: 'Actions' },
  nextLabel: { id: 'coaching.cycleList.nextLabel', defaultMessage: 'Next stage ({stage}): {title}' },
  next: { id: 'coaching.cycleList.next', defaultMessage: 'Next stage' },
});

export function CycleList({ cycles, busyId, onOpen, onAdvance }: {
  cycles: CycleSummary[]; busyId: number | null; onOpen: (id: number) => void; onAdvance: (cycle: CycleSummary) => void;
}) {
  return (
    <div className="table-wrap">
      <table className="table cyc-table">
        <caption className="sr-only">{t(m.caption)}</caption>
        <TableHead columns={[t(m.cycle), t(m.educators), t(m.coach), t(m.stage), t(m.status), t(m.started), { label: t(m.actions), hidden: true }]} />
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
                    aria-label={t(m.nextLabel, { stage: c.next_stage.name, title: c.title })} onClick={() => onAdvance(c)}>
                    {t(m.next)}
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
