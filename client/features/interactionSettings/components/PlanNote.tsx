import { PlanFeatureCard } from '../../../components/PlanUpgradeNotice';
import { defineMessages, t } from '../../../lib/i18n';

const m = defineMessages({
  title: { id: 'interactionSettings.plan.title', defaultMessage: 'Custom fields' },
  tail: { id: 'interactionSettings.plan.tail', defaultMessage: ' each interaction type can ask for its own fields:', description: 'Ends "With the {plan} plan…"; keeps its leading space.' },
  item1: { id: 'interactionSettings.plan.item1', defaultMessage: 'short or long text, numbers with a minimum and maximum, and dates;' },
  item2: { id: 'interactionSettings.plan.item2', defaultMessage: 'single or multiple choice from your own options, and yes/no questions;' },
  item3: { id: 'interactionSettings.plan.item3', defaultMessage: 'rating scales from 1 to 10 with a label for each point;' },
  item4: { id: 'interactionSettings.plan.item4', defaultMessage: 'required or optional, in your order, archived without losing what was recorded.' },
});

/** Without the plan feature `custom-fields`: what the plan that has it adds, instead of a form that would fail. */
export function CustomFieldsPlanNote({ planName }: { planName: string | null }) {
  return (
    <PlanFeatureCard feature="custom-fields" title={t(m.title)} planName={planName} size="sm" className="its-card"
      tail={t(m.tail)} items={[t(m.item1), t(m.item2), t(m.item3), t(m.item4)]} />
  );
}
