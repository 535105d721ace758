// The way into an observation's capture from other screens (the educator's profile, Activity, the dashboard):
// /app/observations/new, prefilled with the educator (and a form) when given.
export function newObservationHref(prefill: { staffId?: number; formId?: number } = {}): string {
  const params = new URLSearchParams();
  if (prefill.staffId) params.set('staff_id', String(prefill.staffId));
  if (prefill.formId) params.set('form_id', String(prefill.formId));
  const qs = params.toString();
  return `/app/observations/new${qs ? `?${qs}` : ''}`;
}
