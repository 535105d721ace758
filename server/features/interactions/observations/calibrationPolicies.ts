// Who may use calibration sessions (issue 28, item 5). Calibrating is observing: whoever may observe an
// educator (`see activity`, naming the educator within their `see educators` scope) may set up a session of
// that educator's lesson and observe in it; sessions are read under `see activity`'s scope (district
// administrators all of them). Educators reading only their own coaching (`see educators.self`) have no
// calibration (403). Plan feature `observation-forms` (403 with the plan's message without it).
import type { Request } from 'express';
import { requireFeature } from '../../../access/guards';
import { forbidden } from '../../../http/errors';
import type { Reader } from '../policies';
import { observationReader, observationWriter } from './policies';
import type { Writer } from './service';

export function calibrationReader(req: Request): Reader {
  const reader = observationReader(req);
  if (!reader.logs) throw forbidden();
  requireFeature(reader.auth, 'observation-forms');
  return reader;
}

export function calibrationWriter(req: Request): Writer {
  const writer = observationWriter(req);
  requireFeature(writer.auth, 'observation-forms');
  return writer;
}

/** Its creator, or a district-wide reader, archives and restores a session. */
export function canArchiveSession(reader: Reader, row: { created_by: number | null }): boolean {
  return reader.visibility.kind === 'district' || row.created_by === reader.auth.user.id;
}
