import { PlanFeatureCard } from '../../../components/PlanUpgradeNotice';

/** Without the plan feature `custom-fields`: what the plan that has it adds, instead of a form that would fail. */
export function CustomFieldsPlanNote({ planName }: { planName: string | null }) {
  return (
    <PlanFeatureCard feature="custom-fields" title="Custom fields" planName={planName} size="sm" className="its-card"
      tail=" each interaction type can ask for its own fields:" items={[
        'short or long text, numbers with a minimum and maximum, and dates;',
        'single or multiple choice from your own options, and yes/no questions;',
        'rating scales from 1 to 10 with a label for each point;',
        'required or optional, in your order, archived without losing what was recorded.',
      ]} />
  );
}
