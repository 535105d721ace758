import { Router } from 'express';
import type { Deps } from '../../deps';

export function groupRoutes(_deps: Deps): Router {
  return Router();
}
