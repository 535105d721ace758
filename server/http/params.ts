import type { Request } from 'express';
import { notFound } from './errors';

/**
 * A numeric route parameter (`/group/:id`). Anything but a positive whole number names no record, so
 * it answers the same 404 as an id that does not exist (never a 422 or a 500).
 */
export function routeId(req: Request, name = 'id', message?: string): number {
  const raw = String(req.params[name] ?? '');
  const id = /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw notFound(message);
  return id;
}
