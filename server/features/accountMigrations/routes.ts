import { Router } from 'express';
import type { Deps } from '../../deps';

export function accountMigrationRoutes(_deps: Deps): Router {
  return Router();
}
