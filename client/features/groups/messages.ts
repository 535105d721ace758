// The spec's alert messages (§8), word for word; alerts are titled 'Uh-oh.' (ERROR_ALERT_TITLE).
import { defineMessages, t } from '../../lib/i18n';

const m = defineMessages({
  alertFetch: { id: 'groups.alertFetch', defaultMessage: 'An error occurred while fetching groups. Please try again later' },
  alertDelete: { id: 'groups.alertDelete', defaultMessage: 'An error occurred while deleting this group. Please try again later' },
  alertDeactivate: { id: 'groups.alertDeactivate', defaultMessage: 'An error occurred while deactivate this group. Please try again later' },
});
const ALERTS = {
  fetch: m.alertFetch,
  delete: m.alertDelete,
  /** Deactivating and restoring share one message (spec §8). */
  deactivate: m.alertDeactivate,
};

/** The spec's English, as the code declares it. */
export const GROUP_ALERTS = {
  fetch: ALERTS.fetch.defaultMessage,
  delete: ALERTS.delete.defaultMessage,
  deactivate: ALERTS.deactivate.defaultMessage,
} as const;

/** An alert in the person's language. */
export const groupAlert = (key: keyof typeof ALERTS): string => t(ALERTS[key]);
