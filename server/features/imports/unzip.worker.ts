// The worker thread that unpacks an uploaded zip (sources.ts starts it): unzipCsvFiles, with its refusal
// carried back as the task's ('tooLarge' or 'badZip').
import { serveTask, TaskRefusal } from '../../lib/workerTask';
import { unzipCsvFiles, type UnzippedFile, ZipRefused } from './unzip';

export interface UnzipInput {
  zip: Uint8Array;
  maxBytes: number;
}

serveTask((input: UnzipInput): UnzippedFile[] => {
  try {
    return unzipCsvFiles(input.zip, input.maxBytes);
  } catch (err) {
    if (err instanceof ZipRefused) throw new TaskRefusal(err.reason);
    throw err;
  }
});
