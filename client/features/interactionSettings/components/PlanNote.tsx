import { PlanComparison, PlanUpgradeNotice } from '../../../components/PlanUpgradeNotice';

/** Without the plan feature `custom-fields`: what the plan that has it adds, instead of a form that would fail. */
export function CustomFieldsPlanNote({ planName }: { planName: string | null }) {
  return (
    <section className="card its-card its-plan" aria-labelledby="its-plan-title">
      <h2 id="its-plan-title" className="card__title its-plan__title">Custom fields</h2>
      <PlanUpgradeNotice feature="custom-fields" size="sm">
        <PlanComparison feature="custom-fields" planName={planName} tail=" each interaction type can ask for its own fields:" />
        <ul className="its-plan__list">
          <li>short or long text, numbers with a minimum and maximum, and dates;</li>
          <li>single or multiple choice from your own options, and yes/no questions;</li>
          <li>rating scales from 1 to 10 with a label for each point;</li>
          <li>required or optional, in your order, archived without losing what was recorded.</li>
        </ul>
      </PlanUpgradeNotice>
    </section>
  );
}
