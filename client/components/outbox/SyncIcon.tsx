// The sync icon of the header's outbox button and the "Waiting to sync" badge (issue 31), apart from the badge so the
// shell's button does not bring the outbox's rules into every first paint.
export function SyncIcon() {
  return (
    <svg viewBox="0 0 20 20" width="14" height="14" aria-hidden="true" focusable="false">
      <path d="M4 10a6 6 0 0 1 10.2-4.3M16 10a6 6 0 0 1-10.2 4.3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      <path d="M14.5 2.5v3.5H11M5.5 17.5V14H9" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
