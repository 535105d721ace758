// The board: one column per stage (archived stages only while a cycle still sits in them), each cycle a
// card with its educators, coach, due state in words and the one-action "Move to next stage" button.
import type { CycleStage, CycleSummary } from '../../../../../common/schemas/cycles';
import { Button } from '../../../../components/Button';
import { DueBadge, educatorNames, StatusBadge } from '../../../../components/CycleBadges';
import { defineMessages, t } from '../../../../lib/i18n';

const m = defineMessages({
  noEducators: { id: 'coaching.board.noEducators', defaultMessage: 'No educators' },
  coach: { id: 'coaching.board.coach', defaultMessage: 'Coach: {name}' },
  moveLabel: { id: 'coaching.board.moveLabel', defaultMessage: 'Move to next stage ({stage}): {title}' },
  move: { id: 'coaching.board.move', defaultMessage: 'Move to next stage' },
  archived: { id: 'coaching.board.archived', defaultMessage: '{name} (archived)' },
  cycles: { id: 'coaching.board.cycles', defaultMessage: '{count, plural, one {cycle} other {cycles}}' },
  days: { id: 'coaching.board.days', defaultMessage: '{count, plural, one {# day} other {# days}} expected' },
  empty: { id: 'coaching.board.empty', defaultMessage: 'No cycles in this stage.' },
});

interface Props {
  cycles: CycleSummary[];
  stages: CycleStage[];
  busyId: number | null;
  onOpen: (id: number) => void;
  onAdvance: (cycle: CycleSummary) => void;
}

export function CycleCard({ cycle, busy, onOpen, onAdvance }: { cycle: CycleSummary; busy: boolean; onOpen: () => void; onAdvance: () => void }) {
  return (
    <article className={['cyc-card', cycle.due === 'overdue' && 'cyc-card--overdue'].filter(Boolean).join(' ')} aria-labelledby={`cyc-open-${cycle.id}`}>
      <h4 className="cyc-card__title">
        <button type="button" id={`cyc-open-${cycle.id}`} className="btn-link cyc-card__open" onClick={onOpen}>{cycle.title}</button>
      </h4>
      <p className="cyc-card__who">{educatorNames(cycle) || t(m.noEducators)}</p>
      <p className="cyc-card__meta">{t(m.coach, { name: cycle.coach.name })}</p>
      <div className="cyc-card__badges">
        {cycle.status !== 'active' && <StatusBadge cycle={cycle} />}
        <DueBadge cycle={cycle} />
      </div>
      {cycle.can_edit && cycle.next_stage && (
        <Button
          id={`cyc-move-${cycle.id}`}
          size="sm"
          variant="secondary"
          className="cyc-card__move"
          busy={busy}
          aria-label={t(m.moveLabel, { stage: cycle.next_stage.name, title: cycle.title })}
          onClick={onAdvance}
        >
          {t(m.move)}
        </Button>
      )}
    </article>
  );
}

export function CycleBoard({ cycles, stages, busyId, onOpen, onAdvance }: Props) {
  const columns = stages.filter((s) => !s.archived || cycles.some((c) => c.stage?.id === s.id));
  return (
    <div className="cyc-board">
      {columns.map((stage, i) => {
        const inStage = cycles.filter((c) => c.stage?.id === stage.id);
        return (
          <section key={stage.id} className="cyc-column" aria-labelledby={`cyc-col-${stage.id}`}>
            <h3 id={`cyc-col-${stage.id}`} className="cyc-column__title">
              <span className="disc cyc-column__step" aria-hidden="true">{stage.archived ? '–' : i + 1}</span>
              <span className="cyc-column__name">{stage.archived ? t(m.archived, { name: stage.name }) : stage.name}</span>
              <span className="cyc-column__count">
                {inStage.length}<span className="sr-only"> {t(m.cycles, { count: inStage.length })}</span>
              </span>
            </h3>
            <p className="cyc-column__days">{t(m.days, { count: stage.expected_days })}</p>
            {inStage.length === 0 ? (
              <p className="cyc-column__empty">{t(m.empty)}</p>
            ) : (
              <ul className="cyc-column__list">
                {inStage.map((c) => (
                  <li key={c.id}>
                    <CycleCard cycle={c} busy={busyId === c.id} onOpen={() => onOpen(c.id)} onAdvance={() => onAdvance(c)} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
