import { Router } from 'express';
import type { Deps } from '../../deps';

export function staffRoutes(_deps: Deps): Router {
  return Router();
}
