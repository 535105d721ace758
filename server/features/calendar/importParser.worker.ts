// The worker thread that reads an uploaded .ics file (importReader.ts starts it): eventsInRange, with a
// CalendarFileError carried back as the task's refusal (its message is the 422's).
import { serveTask, TaskRefusal } from '../../lib/workerTask';
import { CalendarFileError, eventsInRange, type ParsedCalendar } from './importParser';

export interface CalendarReadInput {
  text: string;
  fromMs: number;
  toMs: number;
  zone: string;
}

serveTask((input: CalendarReadInput): ParsedCalendar => {
  try {
    return eventsInRange(input.text, input.fromMs, input.toMs, input.zone);
  } catch (err) {
    if (err instanceof CalendarFileError) throw new TaskRefusal(err.message);
    throw err;
  }
});
