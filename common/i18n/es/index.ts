// The Spanish of the texts written in English in common/ and server/ (common/i18n/text.ts): one JSON file per area,
// keyed by the English text. The server answers through it (server/i18n/translate.ts); the client's Spanish chunk
// includes it for the same messages checked in the browser (client/i18n/es/index.ts).
import type { TextCatalog } from '../text';
import account from './account.json';
import shared from './shared.json';
import auth from './auth.json';
import ui from './ui.json';
import adminUsers from './adminUsers.json';
import support from './support.json';
import articles from './articles.json';
import alerts from './alerts.json';
import adminBilling from './adminBilling.json';
import billing from './billing.json';
import adminOps from './adminOps.json';
import readLog from './readLog.json';
import coachingRequests from './coachingRequests.json';
import staff from './staff.json';
import site from './site.json';
import activity from './activity.json';
import users from './users.json';
import observations from './observations.json';
import cycles from './cycles.json';
import actionSteps from './actionSteps.json';
import observationForms from './observationForms.json';
import groups from './groups.json';
import coaches from './coaches.json';
import staffRequests from './staffRequests.json';
import calendarSync from './calendarSync.json';
import reports from './reports.json';
import adminDistricts from './adminDistricts.json';
import districtDeletion from './districtDeletion.json';
import districtExport from './districtExport.json';
import sso from './sso.json';
import interactionSettings from './interactionSettings.json';
import exportImport from './exportImport.json';
import usStates from './usStates.json';
import auditActions from './auditActions.json';
import fields from './fields.json';
import skills from './skills.json';
import reportsApi from './reportsApi.json';
import imports from './imports.json';
import serverMisc from './serverMisc.json';
import ssoSignIn from './ssoSignIn.json';
import setup from './setup.json';

const texts: TextCatalog = {
  ...shared,
  ...auth,
  ...ui,
  ...adminUsers,
  ...support,
  ...articles,
  ...alerts,
  ...adminBilling,
  ...billing,
  ...adminOps,
  ...account,
  ...readLog,
  ...coachingRequests,
  ...staff,
  ...site,
  ...activity,
  ...users,
  ...observations,
  ...cycles,
  ...actionSteps,
  ...observationForms,
  ...groups,
  ...coaches,
  ...staffRequests,
  ...calendarSync,
  ...reports,
  ...adminDistricts,
  ...districtDeletion,
  ...districtExport,
  ...sso,
  ...interactionSettings,
  ...exportImport,
  ...usStates,
  ...auditActions,
  ...fields,
  ...skills,
  ...reportsApi,
  ...imports,
  ...serverMisc,
  ...ssoSignIn,
  ...setup,
};
export default texts;
