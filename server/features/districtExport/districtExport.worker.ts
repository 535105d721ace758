// The district export's worker thread (job.ts starts it with runTask, server/lib/workerTask.ts): writes the zip
// (writer.ts writeInWorker) on a database connection of its own, the same database the server uses (SQLite: the same
// file, read beside the server's connection thanks to WAL; PostgreSQL: a pool of two connections), and posts its
// progress. Its heap is capped (job.ts EXPORT_WORKER_LIMITS): past it V8 stops this thread, never the server.
import { serveTask } from '../../lib/workerTask';
import { type ExportProgress, type ExportWorkerInput, type ExportWritten, writeInWorker } from './writer';

serveTask<ExportWorkerInput, ExportWritten, ExportProgress>(writeInWorker);
