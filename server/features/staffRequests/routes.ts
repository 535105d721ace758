import { Router } from 'express';
import type { Deps } from '../../deps';

export function staffRequestRoutes(_deps: Deps): Router {
  return Router();
}
