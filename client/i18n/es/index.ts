// The Spanish catalogue (issue 33): one JSON file per feature (keys `<feature>.<name>`, the ids of the code's
// defineMessages), and the server's and shared schemas' texts (common/i18n/es). Imported only by
// client/i18n/load.ts, so it is a chunk of its own that English readers never download.
import type { Catalog } from '../../lib/i18n';
import texts from '../../../common/i18n/es';
import app from './app.json';
import outbox from './outbox.json';
import ui from './ui.json';
import account from './account.json';
import auth from './auth.json';
import adminUsers from './adminUsers.json';
import trial from './trial.json';
import support from './support.json';
import articles from './articles.json';
import alerts from './alerts.json';
import adminBilling from './adminBilling.json';
import adminOps from './adminOps.json';
import publicPages from './public.json';
import billing from './billing.json';
import readLog from './readLog.json';
import coachingRequests from './coachingRequests.json';
import staff from './staff.json';
import cycles from './cycles.json';
import skills from './skills.json';
import cycleSettings from './cycleSettings.json';
import actionSteps from './actionSteps.json';
import selfAssessment from './selfAssessment.json';
import site from './site.json';
import activity from './activity.json';
import observations from './observations.json';
import users from './users.json';
import groups from './groups.json';
import coaching from './coaching.json';
import coaches from './coaches.json';
import observationForms from './observationForms.json';
import staffRequests from './staffRequests.json';
import exportImport from './exportImport.json';
import dashboard from './dashboard.json';
import calendarSync from './calendarSync.json';
import reports from './reports.json';
import adminDistricts from './adminDistricts.json';
import interactionSettings from './interactionSettings.json';
import sso from './sso.json';

const catalog: Catalog = {
  messages: {
    ...app,
    ...outbox,
    ...ui,
    ...account,
    ...auth,
    ...adminUsers,
    ...trial,
    ...support,
    ...articles,
    ...alerts,
    ...adminBilling,
    ...adminOps,
    ...publicPages,
    ...billing,
    ...readLog,
    ...coachingRequests,
    ...staff,
    ...cycles,
    ...skills,
    ...cycleSettings,
    ...actionSteps,
    ...selfAssessment,
    ...site,
    ...activity,
    ...observations,
    ...users,
    ...groups,
    ...coaching,
    ...coaches,
    ...observationForms,
    ...staffRequests,
    ...exportImport,
    ...dashboard,
    ...calendarSync,
    ...reports,
    ...adminDistricts,
    ...interactionSettings,
    ...sso,
  },
  texts,
};
export default catalog;
