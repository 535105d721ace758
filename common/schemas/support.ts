// "Contact support" (issue 26): a district person writes to the provider's support address from the
// Support screens. They type a subject and a message; the page they came from travels with it, and the
// server adds who they are and their district (never taken from the request). Request schema, limits,
// messages and the answer, shared by server and client.
import * as z from 'zod/mini';
import { text } from './fields';

export const SUPPORT_SUBJECT_MAX = 150;
export const SUPPORT_MESSAGE_MAX = 5000;
export const SUPPORT_PAGE_MAX = 500;

/** Messages one person may send per hour, and one district per day (security finding 2: email people can make Coachwell send is limited). */
export const SUPPORT_LIMITS = { perUserPerHour: 5, perDistrictPerDay: 30 } as const;

export const SUPPORT_MESSAGES = {
  page: 'Page must be an address in Coachwell, starting with /.',
  districtOnly: 'Contact support is for district accounts. Coachwell staff answer support email directly.',
  impersonating: 'While impersonating you cannot contact support as this person: write to support yourself.',
  tooMany: `You have sent ${SUPPORT_LIMITS.perUserPerHour} messages to support in the last hour (your district may send ${SUPPORT_LIMITS.perDistrictPerDay} a day). Please wait a while before sending another, or email support directly.`,
} as const;

/** An address inside the app: a path from the site's root, no scheme or host, no control characters. */
function isAppPath(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  return value.startsWith('/') && !value.startsWith('//') && !/[\u0000-\u001f\u007f\\]/.test(value);
}

/** POST /api/support-request. */
export const supportRequestSchema = z.object({
  subject: text('Subject', SUPPORT_SUBJECT_MAX),
  message: text('Message', SUPPORT_MESSAGE_MAX),
  // The screen the person was on before opening Support (the client fills it in); absent = not known.
  page: z.pipe(
    z.optional(z.nullable(z.string({ error: SUPPORT_MESSAGES.page }))),
    z.transform((v) => (v ?? '').trim()),
  ).check(z.refine((v) => v === '' || (v.length <= SUPPORT_PAGE_MAX && isAppPath(v)), SUPPORT_MESSAGES.page)),
});

export type SupportRequestInput = z.input<typeof supportRequestSchema>;
export type SupportRequest = z.output<typeof supportRequestSchema>;

/** 201 answer: what the person reads as the confirmation. */
export interface SupportRequestAnswer {
  message: string;
  /** The support address the message went to. */
  sent_to: string;
  /** Where the answer will come: the person's own email. */
  reply_to: string;
}
