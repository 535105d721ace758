// Asking for coaching (issue 29, item 4): the values a screen shows, zod-free (the client imports them
// without loading zod). The request schemas build on them in common/schemas/coachingRequests.ts.

export const COACHING_REQUEST_STATUSES = ['open', 'passed', 'accepted', 'withdrawn'] as const;
export type CoachingRequestStatus = (typeof COACHING_REQUEST_STATUSES)[number];

/** A request still waiting for a coach: open (with its first coaches) or passed on. */
export const WAITING_STATUSES: readonly CoachingRequestStatus[] = ['open', 'passed'];

export const COACHING_REQUEST_STATUS_LABELS: Record<CoachingRequestStatus, string> = {
  open: 'Waiting for a coach',
  passed: 'Passed on',
  accepted: 'Session scheduled',
  withdrawn: 'Withdrawn',
};

export const COACHING_REQUEST_TOPIC_MAX = 150;
export const COACHING_REQUEST_MESSAGE_MAX = 2000;
export const COACHING_REQUEST_TIMES_MAX = 500;
export const COACHING_REQUEST_NOTE_MAX = 1000;
/** Requests one educator may make in a day (the district's day). */
export const COACHING_REQUESTS_PER_DAY = 10;

export const COACHING_REQUEST_MESSAGES = {
  notFound: 'Coaching request not found.',
  educatorsOnly: 'Asking for coaching is for educators: your login is not linked to an educator record. Ask your district administrator to link it.',
  impersonating: 'While impersonating you cannot ask for coaching in this person\'s name.',
  noCoach: 'No coach can take your request yet: you have no coach and your school has none in Coachwell. Ask your principal to assign one.',
  tooMany: `You have made ${COACHING_REQUESTS_PER_DAY} coaching requests today, the most in one day. Your coach has them; you can ask again tomorrow.`,
  notHolder: 'Only a coach whose queue holds this request can accept it or pass it on.',
  notOwner: 'Only the educator who asked can withdraw this request.',
  closed: 'This request is no longer waiting for a coach.',
  startPast: 'Start must be in the future.',
  typeNotFound: 'Choose an interaction type of your district.',
  noType: 'Your district has no interaction type that counts as coaching: choose one.',
  passTarget: 'Choose an active coach of your district other than yourself.',
  passNobody: 'No other coach at this educator\'s school: choose a coach to pass it to.',
  tooManyPasses: 'You have passed on many requests in the last hour. Please wait a while before passing on another.',
} as const;
