// The interactions' fixed value lists and labels, without zod, so a screen that only shows interactions
// (the dashboard, an educator's page, the Activity agenda) does not load the schema library on its first
// paint: common/schemas/interactionTypes.ts and common/schemas/interactions.ts build their schemas from
// these and re-export them.

import { EDIT_CONFLICT_MESSAGE } from './syncValues';

/**
 * The accessible palette: each colour is dark enough for white text and distinct in hue and
 * lightness; a type's name is always shown beside its colour, so colour is never the only cue.
 */
export const INTERACTION_COLOURS = {
  blue: { label: 'Blue', hex: '#1d4ed8' },
  green: { label: 'Green', hex: '#15803d' },
  purple: { label: 'Purple', hex: '#7e22ce' },
  orange: { label: 'Orange', hex: '#c2410c' },
  teal: { label: 'Teal', hex: '#0f766e' },
  magenta: { label: 'Magenta', hex: '#be185d' },
  brown: { label: 'Brown', hex: '#92400e' },
  gray: { label: 'Gray', hex: '#4b5563' },
  red: { label: 'Red', hex: '#b91c1c' },
  indigo: { label: 'Indigo', hex: '#4338ca' },
} as const;
export type InteractionColour = keyof typeof INTERACTION_COLOURS;
export const INTERACTION_COLOUR_KEYS = Object.keys(INTERACTION_COLOURS) as InteractionColour[];

export const FIELD_KINDS = {
  short_text: 'Short text',
  long_text: 'Long text',
  number: 'Number',
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  yes_no: 'Yes / no',
  date: 'Date',
  rating: 'Rating',
} as const;
export type FieldKind = keyof typeof FIELD_KINDS;
export const FIELD_KIND_KEYS = Object.keys(FIELD_KINDS) as FieldKind[];
/** Custom field kinds whose values are free text: hidden with the notes (see Interaction). */
export const NOTE_FIELD_KINDS: readonly FieldKind[] = ['short_text', 'long_text'];

export const LONG_TEXT_MAX = 5000;
export const DURATION_MAX_MINUTES = 12 * 60;

export const INTERACTION_STATUSES = ['scheduled', 'completed', 'cancelled', 'no-show'] as const;
export type InteractionStatus = (typeof INTERACTION_STATUSES)[number];
export const INTERACTION_STATUS_LABELS: Record<InteractionStatus, string> = {
  scheduled: 'Scheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
  'no-show': 'No-show',
};

export const SCHOOL_REQUIRED_MESSAGE = 'Choose the school where this interaction took place.';

export const ACTIVITY_CATEGORIES = {
  planning: 'Planning',
  'pd-delivered': 'PD delivered',
  'pd-attended': 'PD attended',
  meeting: 'Meeting',
  'data-review': 'Data review',
  'admin-duty': 'Admin duty',
  travel: 'Travel',
  other: 'Other',
} as const;
export type ActivityCategory = keyof typeof ACTIVITY_CATEGORIES;
export const ACTIVITY_CATEGORY_KEYS = Object.keys(ACTIVITY_CATEGORIES) as ActivityCategory[];

/** The interactions' error messages (the API's, and the outbox's 'already completed', issue 31). */
export const INTERACTION_MESSAGES = {
  notFound: 'This interaction does not exist.',
  typeArchived: 'This interaction type is archived. Choose another type.',
  typeNotInDistrict: 'Choose an interaction type from your district.',
  coachNotAllowed: 'You can log interactions only as yourself.',
  coachNotInDistrict: 'Choose a coach from your district.',
  buildingNotInDistrict: 'Choose a school from your district.',
  participantNotFound: 'Choose educators you can see.',
  groupNotFound: 'Choose groups from your district.',
  fieldNotOfType: 'This field does not belong to the interaction type.',
  alreadyCompleted: 'This interaction is already completed.',
  alreadyCancelled: 'This interaction is already cancelled.',
  cannotEdit: 'Only the coach who logged this interaction or a district administrator can change it.',
  fieldRequired: (label: string) => `${label} is required.`,
  cycleNotFound: 'Choose a coaching cycle of this coach or of educators you can see.',
  skillNotFound: 'Choose active skills of your district\'s framework.',
  /** 409 `edit_conflict` (issue 31): a PUT whose base_updated_at is not the interaction's updated_at. */
  editConflict: EDIT_CONFLICT_MESSAGE,
} as const;
