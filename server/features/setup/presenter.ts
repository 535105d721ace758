// GET /api/setup-checklist: the items of the district's plan, each with its screen and whether it is done.
import { hasFeature } from '../../../common/permissions';
import type { SetupChecklistAnswer } from '../../../common/schemas/answers/setup';
import type { SetupItem, SetupItemKey } from '../../../common/schemas/setup';
import type { SetupFacts } from './queries';
import type { Locale } from '../../../common/locales';
import { translate } from '../../i18n/translate';

const ITEMS: Record<SetupItemKey, Omit<SetupItem, 'key' | 'done'>> = {
  schools: { label: 'Add your schools', description: 'The schools your educators and coaches work in.', href: '/app/settings/site', review: false },
  educators: { label: 'Import or add educators', description: 'Add educators one by one or import your roster from a CSV file.', href: '/app/staff/create', review: false },
  coaches: { label: 'Invite your coaches', description: 'Each coach gets an email to set a password and sign in.', href: '/app/settings/user/new', review: false },
  caseloads: { label: 'Set caseloads', description: 'Assign educators to each coach from the coach’s page.', href: '/app/coaches', review: false },
  'interaction-types': { label: 'Review interaction types', description: 'The kinds of coaching your coaches log and their usual length.', href: '/app/settings/interaction', review: true },
  framework: { label: 'Review the skill framework', description: 'The domains, skills and levels coaches rate educators on.', href: '/app/coaching?tab=framework', review: true },
  'calendar-sync': { label: 'Turn on calendar sync', description: 'Show coaching interactions in Google, Outlook or Apple calendars.', href: '/app/activity/calendar-sync', review: false },
};

function isDone(key: SetupItemKey, facts: SetupFacts): boolean {
  switch (key) {
    case 'schools': return facts.schools;
    case 'educators': return facts.educators;
    case 'coaches': return facts.coaches;
    case 'caseloads': return facts.caseloads;
    case 'calendar-sync': return facts.calendarFeeds;
    // Reviewed when an administrator says so, or already in use (an established district's checklist
    // does not ask to review what its coaches log and rate with every day).
    case 'interaction-types': return facts.marks.has(key) || facts.interactions;
    case 'framework': return facts.marks.has(key) || facts.skillRatings;
  }
}

/** The items this district's plan has: the framework needs skill mapping, calendar sync its feature. */
export function setupItemsOf(features: readonly string[]): SetupItemKey[] {
  return (Object.keys(ITEMS) as SetupItemKey[]).filter((key) =>
    (key !== 'framework' || hasFeature(features, 'skill-mapping')) && (key !== 'calendar-sync' || hasFeature(features, 'calendar-sync')));
}

/** The checklist; its items' names and descriptions in the reader's language (issue 33). */
export function presentChecklist(features: readonly string[], facts: SetupFacts, locale: Locale): SetupChecklistAnswer {
  const items = setupItemsOf(features).map((key) => ({ key, ...ITEMS[key], done: isDone(key, facts) }));
  const doneCount = items.filter((i) => i.done).length;
  return {
    items: items.map(({ key, label, description, href, done, review }) => ({
      key, label: translate(locale, label), description: translate(locale, description), href, done, review,
    })),
    done_count: doneCount,
    total: items.length,
    complete: doneCount === items.length,
    dismissed: facts.marks.has('dismissed'),
  };
}
