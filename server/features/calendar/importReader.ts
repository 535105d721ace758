// Reading an uploaded .ics file off the main thread (issue 25): ical.js loops forever on some repeat rules
// that can never match, inside one step where no budget of the parser can see it, and a large file costs
// it real time. So every upload is read in a worker thread of its own (server/lib/workerTask.ts) with a
// heap limit and a hard time limit for the whole file; past either, the worker is terminated and the
// person gets a 422 saying what to do. The rest of the server never waits for it.
import path from 'node:path';
import { CALENDAR_MESSAGES, CALENDAR_READ_SECONDS_MAX } from '../../../common/schemas/calendar';
import { runTask, type TaskLimits, TaskRefusal, TaskStopped } from '../../lib/workerTask';
import { CalendarFileError, type ParsedCalendar } from './importParser';
import type { CalendarReadInput } from './importParser.worker';

const WORKER = path.join(import.meta.dirname, 'importParser.worker.ts');

/** A 2 MiB file's parse tree takes some tens of MB; room for that several times over. */
export const CALENDAR_READ_LIMITS: TaskLimits = { timeoutMs: CALENDAR_READ_SECONDS_MAX * 1000, maxOldGenerationSizeMb: 256 };

/** eventsInRange (importParser.ts) in a worker: the same answer, or the same CalendarFileError, or one for a stopped read. */
export async function readCalendarFile(text: string, fromMs: number, toMs: number, zone: string): Promise<ParsedCalendar> {
  try {
    return await runTask<CalendarReadInput, ParsedCalendar>(WORKER, { text, fromMs, toMs, zone }, CALENDAR_READ_LIMITS);
  } catch (err) {
    if (err instanceof TaskRefusal) throw new CalendarFileError(err.message);
    if (err instanceof TaskStopped) throw new CalendarFileError(err.reason === 'timeout' ? CALENDAR_MESSAGES.tooSlowToRead : CALENDAR_MESSAGES.tooBigToRead);
    throw err;
  }
}
