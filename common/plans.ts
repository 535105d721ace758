// The provider's plans (what /pricing shows and the reference seed writes), which plan first has each
// feature, and the multi-year discount quotes apply (issue 14). Prices are integer US cents per coach
// seat per school year.
import { PLAN_FEATURES, type PlanFeature } from './permissions';

export interface PlanDefinition {
  key: string;
  name: string;
  description: string;
  price_per_seat_cents: number;
  features: PlanFeature[];
  sort_order: number;
}

export const PLANS: PlanDefinition[] = [
  {
    key: 'essentials',
    name: 'Essentials',
    description: 'Log coaching interactions, keep educator rosters and see engagement at a glance.',
    price_per_seat_cents: 60000,
    features: ['csv-import'],
    sort_order: 1,
  },
  {
    key: 'professional',
    name: 'Professional',
    description: 'Everything in Essentials plus coaching cycles, skill mapping, calendar sync and custom fields.',
    price_per_seat_cents: 95000,
    features: ['csv-import', 'coaching-cycles', 'skill-mapping', 'calendar-sync', 'custom-fields', 'observation-forms'],
    sort_order: 2,
  },
  {
    key: 'enterprise',
    name: 'Enterprise',
    description: 'Everything in Professional plus advanced reports, single sign-on and a named success manager.',
    price_per_seat_cents: 140000,
    features: ['csv-import', 'coaching-cycles', 'skill-mapping', 'calendar-sync', 'custom-fields', 'observation-forms', 'advanced-reports', 'sso'],
    sort_order: 3,
  },
];

/** The cheapest plan (first in sort order) that includes a feature. */
export function firstPlanWith(feature: PlanFeature): PlanDefinition {
  const plan = [...PLANS].sort((a, b) => a.sort_order - b.sort_order).find((p) => p.features.includes(feature));
  if (!plan) throw new Error(`No plan includes ${feature}`);
  return plan;
}

/**
 * What a district whose plan lacks a feature is told, by the server (403) and on screen: the feature
 * and the plan that adds it, and whom to ask.
 */
export function planFeatureMessage(feature: PlanFeature): string {
  return `${PLAN_FEATURES[feature]} ${PLAN_FEATURE_VERB[feature]} part of the ${firstPlanWith(feature).name} plan. Ask your district administrator about upgrading.`;
}
const PLAN_FEATURE_VERB: Record<PlanFeature, 'is' | 'are'> = {
  'coaching-cycles': 'are', 'skill-mapping': 'is', 'calendar-sync': 'is', 'advanced-reports': 'are',
  'csv-import': 'is', 'custom-fields': 'are', sso: 'is', 'observation-forms': 'are',
};

/**
 * The provider's multi-year discount on a quote, in basis points of the subtotal by term (school
 * years): none for one year, 5% for two, 10% for three.
 */
export const MULTI_YEAR_DISCOUNT_BPS: Record<number, number> = { 1: 0, 2: 500, 3: 1000 };
export const TERM_YEARS = [1, 2, 3] as const;
export type TermYears = (typeof TERM_YEARS)[number];
