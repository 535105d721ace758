// The import screens' counted sentences, as ICU plurals (client/lib/i18n).
import { defineMessages, t } from '../../lib/i18n';

const m = defineMessages({
  summaryStaff: { id: 'exportImport.runSummary.staff', defaultMessage: '{created, number} new and {updated, number} updated educators.' },
  summaryStaffSkipped: { id: 'exportImport.runSummary.staffSkipped', defaultMessage: '{created, number} new and {updated, number} updated educators; {errors, plural, one {# row with errors is skipped} other {# rows with errors are skipped}}.' },
  summaryUsers: { id: 'exportImport.runSummary.users', defaultMessage: '{created, number} new and {updated, number} updated logins.' },
  summaryUsersSkipped: { id: 'exportImport.runSummary.usersSkipped', defaultMessage: '{created, number} new and {updated, number} updated logins; {errors, plural, one {# row with errors is skipped} other {# rows with errors are skipped}}.' },
  rows: { id: 'exportImport.rowCount', defaultMessage: '{count, plural, one {# row} other {# rows}}' },
  notStaff: { id: 'exportImport.notStaffLeftOut', defaultMessage: '{count, plural, one {, # person who is not staff left out} other {, # people who are not staff left out}}' },
});

/** The run dialog's summary: "1 new and 0 updated educators; 1 row with errors is skipped." */
export function runSummary(c: { new: number; updated: number; errors: number }, kind: 'staff' | 'users'): string {
  const message = kind === 'staff' ? (c.errors > 0 ? m.summaryStaffSkipped : m.summaryStaff) : (c.errors > 0 ? m.summaryUsersSkipped : m.summaryUsers);
  return t(message, { created: c.new, updated: c.updated, errors: c.errors });
}

/** "1 row" / "1,200 rows" (an upload's or an import's size). */
export const rowCount = (n: number) => t(m.rows, { count: n });

/** ", 1 person who is not staff left out" after an upload's size (nothing when none). */
export const notStaffLeftOut = (n: number) => (n > 0 ? t(m.notStaff, { count: n }) : '');
