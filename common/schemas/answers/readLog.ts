// The read log answer (GET /api/me/read-log, issue 29 "Who has read about me"): server/features/readLog/presenter.ts.
import * as z from 'zod/mini';
import { READ_LOG_KINDS, type ReadLogEntry } from '../../readLogValues';
import { day, type SameShape } from './shapes';

export const readLogEntryAnswer = z.strictObject({
  day,
  reader: z.string(),
  role: z.string(),
  support: z.boolean(),
  kinds: z.array(z.enum(READ_LOG_KINDS)),
});
export type ReadLogEntryAnswer = z.infer<typeof readLogEntryAnswer>;
export const readLogEntryAnswerMatches: SameShape<ReadLogEntryAnswer, ReadLogEntry> = true;
