// The spec's alert messages (§8), word for word; alerts are titled 'Uh-oh.' (ERROR_ALERT_TITLE).
export const GROUP_ALERTS = {
  fetch: 'An error occurred while fetching groups. Please try again later',
  delete: 'An error occurred while deleting this group. Please try again later',
  /** Deactivating and restoring share one message (spec §8). */
  deactivate: 'An error occurred while deactivate this group. Please try again later',
} as const;
