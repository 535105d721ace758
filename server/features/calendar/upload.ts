// The one API body that is not JSON: the .ics file of POST /api/calendar-import/preview, read as text
// up to CALENDAR_FILE_MAX_BYTES (mounted by server/app.ts ahead of the JSON parser). A file over the
// limit is a 422 naming the limit; a declared Content-Length over it is refused before a byte is read.
import express, { type RequestHandler } from 'express';
import { CALENDAR_FILE_MAX_BYTES, CALENDAR_MESSAGES } from '../../../common/schemas/calendar';
import { HttpError } from '../../http/errors';

export const CALENDAR_UPLOAD_PATH = '/calendar-import/preview';

const tooBig = (closeConnection: boolean) =>
  new HttpError(422, CALENDAR_MESSAGES.fileTooBig, 'validation_failed', { file: [CALENDAR_MESSAGES.fileTooBig] }, closeConnection ? { Connection: 'close' } : undefined);

const readText = express.text({ type: () => true, limit: CALENDAR_FILE_MAX_BYTES });

export const calendarFileBody: RequestHandler = (req, res, next) => {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > CALENDAR_FILE_MAX_BYTES) return next(tooBig(true));
  readText(req, res, (err?: unknown) => {
    if (err && (err as { type?: string }).type === 'entity.too.large') return next(tooBig(true));
    next(err);
  });
};
