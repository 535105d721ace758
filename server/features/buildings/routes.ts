import { Router } from 'express';
import type { Deps } from '../../deps';

export function buildingRoutes(_deps: Deps): Router {
  return Router();
}
