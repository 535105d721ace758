import { Router } from 'express';
import type { Deps } from '../../deps';

export function coachRoutes(_deps: Deps): Router {
  return Router();
}
