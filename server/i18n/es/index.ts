// The server's messages in Spanish (issue 33), one file per area, keyed by id (server/i18n/messages.ts).
import account from './account.json';
import actionSteps from './actionSteps.json';
import adminDistricts from './adminDistricts.json';
import auth from './auth.json';
import billing from './billing.json';
import coachingRequests from './coachingRequests.json';
import districtExport from './districtExport.json';
import mail from './mail.json';
import observations from './observations.json';
import reports from './reports.json';
import users from './users.json';

export default {
  ...account,
  ...actionSteps,
  ...adminDistricts,
  ...auth,
  ...billing,
  ...coachingRequests,
  ...districtExport,
  ...mail,
  ...observations,
  ...reports,
  ...users,
} as Record<string, string>;
