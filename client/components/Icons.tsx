// Small stroke icons shown beside a button's words (the button's label centres them, styles.css).

/** "+" before an add or log action: Log interaction, Add educators. */
export function PlusIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M10 4v12M4 10h12" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}
