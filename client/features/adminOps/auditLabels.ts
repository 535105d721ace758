// The audit actions' labels (common/auditActions.ts) in the reader's language (issue 33): the Activity feed's badge
// and its action filter. The labels are texts of common/, so their Spanish lives in one place, keyed by the English
// label (common/i18n/es/auditActions.json); an action added to AUDIT_ACTIONS without its Spanish shows its English
// label (auditLabels.test.ts fails on that).
import { AUDIT_ACTIONS, auditActionLabel } from '../../../common/auditActions';
import { currentLocale, FORMAT_LOCALES, tText } from '../../lib/i18n';

/** An audit action's label in the reader's language ("Signed in"); an unknown action as words from its key. */
export function actionLabel(action: string): string {
  return tText(auditActionLabel(action));
}

/** The actions the feed's filter offers, by label in the reader's language. */
export function actionOptions(): { value: string; label: string }[] {
  const collator = new Intl.Collator(FORMAT_LOCALES[currentLocale()]);
  return Object.keys(AUDIT_ACTIONS)
    .map((value) => ({ value, label: actionLabel(value) }))
    .sort((x, y) => collator.compare(x.label, y.label) || x.value.localeCompare(y.value));
}
