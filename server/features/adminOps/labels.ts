// How the feed names records from their values: the ones read now (queries.ts) and, for a record since
// deleted, the ones its audit row kept (its details).
import { ACTIVITY_CATEGORIES } from '../../../common/schemas/interactions';
import { REPORT_TITLES } from '../../../common/schemas/reports';

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** "“Planning” (45 min)". */
export function activityLabel(category: string, minutes: number | null): string {
  const name = ACTIVITY_CATEGORIES[category as keyof typeof ACTIVITY_CATEGORIES] ?? category;
  return `“${name}”${typeof minutes === 'number' ? ` (${minutes} min)` : ''}`;
}

/** "of the “Interactions” report (weekly)". */
export function reportEmailLabel(report: string, frequency: string | null): string {
  const title = REPORT_TITLES[report as keyof typeof REPORT_TITLES] ?? report;
  return `of the “${title}” report${frequency ? ` (${frequency})` : ''}`;
}

/** The name an audit row kept of its record, for a record no longer there; null when it kept none. */
export function labelFromDetails(subjectType: string, details: Record<string, unknown> | null): string | null {
  if (!details) return null;
  if (subjectType === 'activity' && text(details.category)) return activityLabel(details.category as string, typeof details.minutes === 'number' ? details.minutes : null);
  if (subjectType === 'report_subscription' && text(details.report)) return reportEmailLabel(details.report as string, text(details.frequency));
  if (subjectType === 'import') return text(details.file_name);
  if (subjectType === 'quote' || subjectType === 'invoice') return text(details.number);
  // Only a plain name or title: an edit's { from, to } pairs are not one.
  return text(details.name) ?? text(details.title) ?? text(details.label);
}
