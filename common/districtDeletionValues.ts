// Deleting a district (issue 32): the values the screens show, zod-free (common/schemas/districtDeletion.ts re-exports
// them with the request schemas), so a screen that shows them does not load zod.

/** Days between scheduling a district's deletion and the job purging it. */
export const DELETION_GRACE_DAYS = 30;

export const DISTRICT_DELETION_MESSAGES = {
  providerOnly: "Only Coachwell's own staff, signed in as themselves, can delete a district.",
  adminOnly: 'Only a provider administrator can schedule, restore or delete a district.',
  alreadyScheduled: 'This district is already scheduled for deletion.',
  notScheduled: 'This district is not scheduled for deletion. Schedule its deletion first; it can be deleted at once only then.',
  notScheduledRestore: 'This district is not scheduled for deletion, so there is nothing to restore.',
  confirmNameRequired: "Type the district's name to confirm.",
  confirmNameText: "The district's name must be text.",
  confirmNameMismatch: "That is not the district's name. Type it exactly as shown, including capitals and spaces.",
  certificateNotFound: 'We could not find that deletion certificate.',
  purgingRestore: 'This district is already being deleted, so it can no longer be restored.',
  purgeUnderWay: 'This district is already being deleted. Its certificate will be under Deleted districts when it is done.',
  purgingAccount: 'This district is being deleted, so its plan, trial and status can no longer change.',
} as const;

/**
 * What a district's people are told at sign-in while its deletion is scheduled (POST /api/auth/login answers 403
 * with it; single sign-on lands on the same words): the day it will be deleted and whom to contact.
 */
export function districtScheduledForDeletionMessage(day: string | null): string {
  return `Your district's Coachwell account is scheduled for deletion${day ? ` on ${day}` : ''}. `
    + 'To keep it, your district administrator can contact support@coachwell.example before then.';
}

/** "December 29, 2026": the day a deletion is due, on the district's calendar. */
export function deletionDay(dueAt: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(dueAt));
  } catch {
    return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(dueAt));
  }
}

/** Who purged a district when no staff member did (the certificate, the list). */
export const DELETION_JOB_LABEL = 'the scheduled deletion job';
