// The setup checklist contract (issue 26, "A first week that guides"): what GET /api/setup-checklist
// answers a district administrator (`manage settings`) and the items it may hold. Shared by server and client.

/** Every item, in the order a new district does them. `framework` needs skill mapping, `calendar-sync` calendar sync. */
export const SETUP_ITEMS = ['schools', 'educators', 'coaches', 'caseloads', 'interaction-types', 'framework', 'calendar-sync'] as const;
export type SetupItemKey = (typeof SETUP_ITEMS)[number];

/** The items ticked off by the administrator reviewing a screen (the district's rows cannot say it). */
export const SETUP_REVIEW_ITEMS = ['interaction-types', 'framework'] as const satisfies readonly SetupItemKey[];
export type SetupReviewItem = (typeof SETUP_REVIEW_ITEMS)[number];

export const SETUP_MESSAGES = {
  itemNotFound: 'We could not find that checklist item.',
} as const;

export interface SetupItem {
  key: SetupItemKey;
  label: string;
  description: string;
  /** The screen where it is done. */
  href: string;
  done: boolean;
  /** True for an item ticked off by confirming a review (POST /api/setup-checklist/{key}/review). */
  review: boolean;
}

/** GET /api/setup-checklist */
export interface SetupChecklist {
  items: SetupItem[];
  done_count: number;
  total: number;
  /** Every item is done: the dashboard shows no checklist. */
  complete: boolean;
  /** An administrator dismissed it for the district: the dashboard shows no checklist. */
  dismissed: boolean;
}
