// The read log as the educator reads it: person, role and day, the kinds of record as keys; never content,
// never which provider staff member impersonated (they show as "Coachwell support for <the person impersonated>").
import { READ_LOG_KINDS, supportReaderName } from '../../../common/readLogValues';
import type { ReadLogEntryAnswer } from '../../../common/schemas/answers/readLog';
import type { ReadGroupRow } from './queries';

export function presentReadLogEntry(row: ReadGroupRow): ReadLogEntryAnswer {
  const support = row.impersonated !== 0;
  return {
    day: row.day,
    reader: support ? supportReaderName(row.reader_name) : row.reader_name,
    role: row.reader_role,
    support,
    // In one fixed order (observations first), whatever order the rows came in.
    kinds: READ_LOG_KINDS.filter((k) => row.kinds.includes(k)),
  };
}
