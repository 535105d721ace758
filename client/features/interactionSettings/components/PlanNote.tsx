import type { ReactNode } from 'react';
import { INTERACTION_TYPE_MESSAGES } from '../../../../common/schemas/interactionTypes';

/** Without the plan feature `custom-fields`: what the Professional plan adds, instead of a form that would fail. */
export function CustomFieldsPlanNote({ planName, action, canManage }: { planName: string | null; action: ReactNode; canManage: boolean }) {
  return (
    <section className="card its-card its-plan" aria-labelledby="its-plan-title">
      <h2 id="its-plan-title" className="card__title its-plan__title">Custom fields</h2>
      <p>
        {canManage
          ? 'Custom interaction fields are part of the Professional plan. Upgrade to record your own fields on every interaction.'
          : INTERACTION_TYPE_MESSAGES.customFieldsPlan}
      </p>
      <p className="muted text-sm">
        {planName ? `Your district is on the ${planName} plan. ` : ''}With the Professional plan each interaction type can ask for its own fields:
      </p>
      <ul className="its-plan__list">
        <li>short or long text, numbers with a minimum and maximum, and dates;</li>
        <li>single or multiple choice from your own options, and yes/no questions;</li>
        <li>rating scales from 1 to 10 with a label for each point;</li>
        <li>required or optional, in your order, archived without losing what was recorded.</li>
      </ul>
      {action && <div>{action}</div>}
    </section>
  );
}
