// Status and plan badges: the word is always shown (never colour alone).
import { DISTRICT_STATUS_LABELS, type DistrictStatus, type PlanOption } from '../../../../common/schemas/adminDistricts';
import { tText } from '../../../lib/i18n';

const STATUS_TONE: Record<DistrictStatus, string> = { trial: 'badge--info', active: 'badge--success', suspended: 'badge--danger' };

export function DistrictStatusBadge({ status }: { status: DistrictStatus }) {
  return <span className={`badge ${STATUS_TONE[status]}`}>{tText(DISTRICT_STATUS_LABELS[status])}</span>;
}

export function PlanBadge({ plan }: { plan: PlanOption }) {
  return <span className={`badge badge--neutral adm-plan adm-plan--${plan.key}`}>{plan.name}</span>;
}
