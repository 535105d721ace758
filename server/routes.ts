// Every feature's router, in the order they are mounted under /api (after the session, CSRF and the
// signed-in user are loaded). A new server feature adds one line here.
import type { Router } from 'express';
import type { Deps } from './deps';
import { accountRoutes } from './features/account/routes';
import { actionStepRoutes } from './features/actionSteps/routes';
import { accountMigrationRoutes } from './features/accountMigrations/routes';
import { adminUserRoutes } from './features/adminUsers/routes';
import { articleRoutes } from './features/articles/routes';
import { adminOpsRoutes } from './features/adminOps/routes';
import { alertRoutes } from './features/alerts/routes';
import { adminBillingRoutes } from './features/adminBilling/routes';
import { adminDistrictRoutes } from './features/adminDistricts/routes';
import { authRoutes } from './features/auth/routes';
import { billingRoutes } from './features/billing/routes';
import { buildingRoutes } from './features/buildings/routes';
import { retentionRoutes } from './features/retention/routes';
import { ownExportRoutes } from './features/ownExport/routes';
import { calendarRoutes } from './features/calendar/routes';
import { clientErrorRoutes } from './features/clientErrors/routes';
import { coachRoutes } from './features/coaches/routes';
import { coachingRequestRoutes } from './features/coachingRequests/routes';
import { cycleRoutes } from './features/cycles/routes';
import { educatorHomeRoutes } from './features/educatorHome/routes';
import { groupRoutes } from './features/groups/routes';
import { interactionTypeRoutes } from './features/interactionTypes/routes';
import { interactionRoutes } from './features/interactions/routes';
import { observationFormRouter } from './features/interactions/observations/formRoutes';
import { observationRoutes } from './features/interactions/observations/routes';
import { calibrationRoutes } from './features/interactions/observations/calibrationRoutes';
import { importRoutes } from './features/imports/routes';
import { planRoutes } from './features/plans/routes';
import { readLogRoutes } from './features/readLog/routes';
import { reportPulseRoutes } from './features/reports/pulseRoutes';
import { reportRoutes } from './features/reports/routes';
import { reportSubscriptionRoutes } from './features/reports/subscriptionRoutes';
import { skillRoutes } from './features/skills/routes';
import { ssoConnectionRoutes } from './features/sso/connectionRoutes';
import { ssoSignInRoutes } from './features/sso/signInRoutes';
import { staffRoutes } from './features/staff/routes';
import { staffRequestRoutes } from './features/staffRequests/routes';
import { setupRoutes } from './features/setup/routes';
import { districtExportRoutes } from './features/districtExport/routes';
import { supportRoutes } from './features/support/routes';
import { trialRoutes } from './features/trial/routes';
import { districtUserRoutes } from './features/users/routes';

export const FEATURE_ROUTES: ((deps: Deps) => Router)[] = [
  authRoutes,
  accountRoutes,
  planRoutes,
  clientErrorRoutes,
  buildingRoutes,
  retentionRoutes,
  ownExportRoutes,
  staffRoutes,
  coachRoutes,
  groupRoutes,
  districtUserRoutes,
  staffRequestRoutes,
  accountMigrationRoutes,
  interactionTypeRoutes,
  interactionRoutes,
  observationFormRouter,
  observationRoutes,
  calibrationRoutes,
  calendarRoutes,
  importRoutes,
  cycleRoutes,
  actionStepRoutes,
  skillRoutes,
  educatorHomeRoutes,
  adminUserRoutes,
  // Before the reports router (its /report/:kind would take "pulse").
  reportPulseRoutes,
  reportRoutes,
  reportSubscriptionRoutes,
  articleRoutes,
  supportRoutes,
  adminOpsRoutes,
  alertRoutes,
  adminDistrictRoutes,
  billingRoutes,
  adminBillingRoutes,
  trialRoutes,
  setupRoutes,
  districtExportRoutes,
  readLogRoutes,
  ssoConnectionRoutes,
  ssoSignInRoutes,
  coachingRequestRoutes,
];
