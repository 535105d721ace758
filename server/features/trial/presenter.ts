import type { TrialAnswer } from '../../../common/schemas/answers/billing';

export function presentTrial(
  district: { status: string; trial_ends_at: string | null },
  daysLeft: number | null,
  readOnly: boolean,
  ask: { name: string }[],
): TrialAnswer {
  return {
    status: district.status as TrialAnswer['status'],
    trial_ends_at: district.status === 'trial' ? district.trial_ends_at : null,
    days_left: daysLeft,
    read_only: readOnly,
    ask: ask.map((p) => ({ name: p.name })),
  };
}
