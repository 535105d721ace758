// Observations' values a screen shows (issue 28): item kinds, look-for answers and their labels, statuses, limits
// and messages, without zod, so the observation screens' first paint does not load the schema library.
// common/schemas/observations.ts builds its schemas on these and re-exports them.
import { planFeatureMessage } from './plans';
import { LONG_TEXT_MAX } from './interactionValues';
import { EDIT_CONFLICT_MESSAGE } from './syncValues';

export const OBSERVATION_ITEM_KINDS = ['look_for', 'rating', 'choice', 'text', 'number'] as const;
export type ObservationItemKind = (typeof OBSERVATION_ITEM_KINDS)[number];
export const OBSERVATION_ITEM_KIND_LABELS: Record<ObservationItemKind, string> = {
  look_for: 'Look-for (seen / not seen)', rating: 'Rating', choice: 'Choice', text: 'Evidence (text)', number: 'Number',
};
export const LOOK_FOR_VALUES = ['yes', 'no', 'na'] as const;
export type LookForValue = (typeof LOOK_FOR_VALUES)[number];
export const LOOK_FOR_LABELS: Record<LookForValue, string> = { yes: 'Seen', no: 'Not seen', na: 'Not applicable' };
export const OBSERVATION_STATUSES = ['draft', 'completed'] as const;
export type ObservationStatus = (typeof OBSERVATION_STATUSES)[number];

export const FORM_NAME_MAX = 120;
export const FORM_DESCRIPTION_MAX = 1000;
export const FORM_ITEMS_MAX = 100;
export const ITEM_LABEL_MAX = 200;
export const ITEM_SECTION_MAX = 80;
export const ITEM_OPTIONS_MAX = 20;
export const ITEM_OPTION_MAX = 80;
export const RATING_SCALE_MIN = 2;
export const RATING_SCALE_MAX = 10;
export const ANSWER_TEXT_MAX = LONG_TEXT_MAX;
export const NUMBER_ANSWER_MAX = 100_000;

export const OBSERVATION_MESSAGES = {
  formNotFound: 'This observation form does not exist.',
  formArchived: 'This observation form is archived. Choose another form.',
  formNameTaken: 'An observation form with this name already exists.',
  formAlreadyArchived: 'This observation form is already archived.',
  formAlreadyActive: 'This observation form is already active.',
  typeNotInDistrict: 'Choose an interaction type from your district.',
  skillNotFound: 'Choose an active skill of your district\'s framework.',
  itemsNeeded: 'Add at least one item.',
  optionsNeeded: 'Add at least two options.',
  optionTwice: 'This option appears twice.',
  itemNotOfForm: 'This item is not on the form.',
  builtinOnly: planFeatureMessage('observation-forms'),
  notFound: 'This observation does not exist.',
  /** 409 `edit_conflict` (issue 31): a PUT whose base_updated_at is not the observation's updated_at. */
  editConflict: EDIT_CONFLICT_MESSAGE,
  educatorNotFound: 'Choose an educator you can see.',
  cannotEdit: 'Only the observer can change this observation.',
  completedStaysCompleted: 'A completed observation cannot go back to draft.',
  draftNotShared: 'Complete the observation before sharing it.',
  notShared: 'This observation has not been shared with you.',
  alreadyAcknowledged: 'You have already acknowledged this observation.',
  answerRequired: (label: string) => `${label} is required.`,
  lookFor: 'Choose seen, not seen or not applicable.',
  rating: (scale: number) => `Choose a whole number from 1 to ${scale}.`,
  choice: 'Choose one of the options.',
  choices: 'Choose from the options.',
  text: `Write at most ${ANSWER_TEXT_MAX} characters.`,
  number: `Enter a number from 0 to ${NUMBER_ANSWER_MAX}.`,
} as const;
