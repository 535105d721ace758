import { Router } from 'express';
import type { Deps } from '../../deps';

export function districtUserRoutes(_deps: Deps): Router {
  return Router();
}
