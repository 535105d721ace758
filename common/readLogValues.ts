// "Who has read about me" (issue 29): the kinds of record the read log names and how a screen says them.
// Zod-free (the client's first paint imports it); the answer schema is common/schemas/answers/readLog.ts.

export const READ_LOG_KINDS = ['observation', 'interaction', 'skill_rating', 'action_step', 'cycle'] as const;
export type ReadLogKind = (typeof READ_LOG_KINDS)[number];

/** The kind as a screen names it, in a sentence ("read your observations and skill ratings"). */
export const READ_LOG_KIND_WORDS: Record<ReadLogKind, string> = {
  observation: 'observations',
  interaction: 'coaching sessions',
  skill_rating: 'skill ratings',
  action_step: 'action steps',
  cycle: 'coaching cycles',
};

/** How a read by provider staff impersonating a district user is named: "Coachwell support for Dana Reyes". */
export function supportReaderName(impersonatedName: string): string {
  return `Coachwell support for ${impersonatedName}`;
}

export const READ_LOG_MESSAGES = {
  /** 403 for GET /api/me/read-log to a login without the educator role. */
  notEducator: 'Who has read about me is for educators: it lists who opened the records about the educator signed in.',
  /** 403 for GET /api/me/read-log when the district turned the educators' view off (Site settings). */
  turnedOff: 'Your district has turned off "Who has read about me". Ask your district administrator if you have questions about who reads your records.',
} as const;

/** One row of GET /api/me/read-log: one reader on one day, the kinds of record they opened about you. */
export interface ReadLogEntry {
  /** YYYY-MM-DD in the district's timezone. */
  day: string;
  /** The person, or "Coachwell support for <the person impersonated>". */
  reader: string;
  /** Their role labels then ("Coach", "Principal (building administrator)"). */
  role: string;
  /** True when Coachwell support read while signed in as `reader`'s login. */
  support: boolean;
  kinds: ReadLogKind[];
}
