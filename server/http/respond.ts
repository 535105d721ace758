import type { Response } from 'express';

/** Sends JSON text already written (a kept answer, lib/keptAnswers.ts) exactly as `res.json` sends its value. */
export function sendJson(res: Response, body: string): void {
  if (!res.get('Content-Type')) res.set('Content-Type', 'application/json');
  res.send(body);
}
