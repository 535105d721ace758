// Each route's title (routeTable.ts, in English as spec §2 names them) in the person's language: the document title
// and the prerendered pages' <title> (issue 33). One message per distinct English title; app.test.ts checks that
// every route has one.
import { defineMessages, t } from '../lib/i18n';

const m = defineMessages({
  home: { id: 'app.title.home', defaultMessage: 'Home' },
  pricing: { id: 'app.title.pricing', defaultMessage: 'Pricing' },
  policy: { id: 'app.title.policy', defaultMessage: 'Policy' },
  migrateAccount: { id: 'app.title.migrateAccount', defaultMessage: 'Migrate Account' },
  forbidden: { id: 'app.title.forbidden', defaultMessage: 'Forbidden' },
  register: { id: 'app.title.register', defaultMessage: 'Register' },
  login: { id: 'app.title.login', defaultMessage: 'Login' },
  passwordReset: { id: 'app.title.passwordReset', defaultMessage: 'Password Reset' },
  resetPassword: { id: 'app.title.resetPassword', defaultMessage: 'Reset Password' },
  acceptInvite: { id: 'app.title.acceptInvite', defaultMessage: 'Accept Invite' },
  confirmEmail: { id: 'app.title.confirmEmail', defaultMessage: 'Confirm Email' },
  dashboard: { id: 'app.title.dashboard', defaultMessage: 'Dashboard' },
  educators: { id: 'app.title.educators', defaultMessage: 'Educators' },
  addEducators: { id: 'app.title.addEducators', defaultMessage: 'Add Educators' },
  groups: { id: 'app.title.groups', defaultMessage: 'Groups' },
  viewEducator: { id: 'app.title.viewEducator', defaultMessage: 'View Educator' },
  editEducator: { id: 'app.title.editEducator', defaultMessage: 'Edit Educator' },
  coaches: { id: 'app.title.coaches', defaultMessage: 'Coaches' },
  viewCoach: { id: 'app.title.viewCoach', defaultMessage: 'View Coach' },
  coaching: { id: 'app.title.coaching', defaultMessage: 'Coaching' },
  selfAssessment: { id: 'app.title.selfAssessment', defaultMessage: 'Self-assessment' },
  askForCoaching: { id: 'app.title.askForCoaching', defaultMessage: 'Ask for coaching' },
  whoHasReadAboutMe: { id: 'app.title.whoHasReadAboutMe', defaultMessage: 'Who has read about me' },
  actionSteps: { id: 'app.title.actionSteps', defaultMessage: 'Action steps' },
  activity: { id: 'app.title.activity', defaultMessage: 'Activity' },
  calendarSync: { id: 'app.title.calendarSync', defaultMessage: 'Calendar sync' },
  observations: { id: 'app.title.observations', defaultMessage: 'Observations' },
  newObservation: { id: 'app.title.newObservation', defaultMessage: 'New observation' },
  calibration: { id: 'app.title.calibration', defaultMessage: 'Calibration' },
  calibrationSession: { id: 'app.title.calibrationSession', defaultMessage: 'Calibration session' },
  observation: { id: 'app.title.observation', defaultMessage: 'Observation' },
  editObservation: { id: 'app.title.editObservation', defaultMessage: 'Edit observation' },
  reports: { id: 'app.title.reports', defaultMessage: 'Reports' },
  coachingCyclesReport: { id: 'app.title.coachingCyclesReport', defaultMessage: 'Coaching cycles report' },
  teacherLevelReport: { id: 'app.title.teacherLevelReport', defaultMessage: 'Teacher-level report' },
  coachingTeamReport: { id: 'app.title.coachingTeamReport', defaultMessage: 'Coaching team report' },
  comparisonReport: { id: 'app.title.comparisonReport', defaultMessage: 'Comparison report' },
  walkthroughReport: { id: 'app.title.walkthroughReport', defaultMessage: 'Walkthrough report' },
  accountSettings: { id: 'app.title.accountSettings', defaultMessage: 'Account Settings' },
  siteSettings: { id: 'app.title.siteSettings', defaultMessage: 'Site settings' },
  exportAndImport: { id: 'app.title.exportAndImport', defaultMessage: 'Export and import' },
  staffCsvImports: { id: 'app.title.staffCsvImports', defaultMessage: 'Staff CSV Imports' },
  userSettings: { id: 'app.title.userSettings', defaultMessage: 'User settings' },
  createUser: { id: 'app.title.createUser', defaultMessage: 'Create user' },
  editUser: { id: 'app.title.editUser', defaultMessage: 'Edit user' },
  billing: { id: 'app.title.billing', defaultMessage: 'Billing' },
  quotes: { id: 'app.title.quotes', defaultMessage: 'Quotes' },
  quote: { id: 'app.title.quote', defaultMessage: 'Quote' },
  invoice: { id: 'app.title.invoice', defaultMessage: 'Invoice' },
  interactionSettings: { id: 'app.title.interactionSettings', defaultMessage: 'Interaction settings' },
  coachingCycleSettings: { id: 'app.title.coachingCycleSettings', defaultMessage: 'Coaching cycle settings' },
  observationForms: { id: 'app.title.observationForms', defaultMessage: 'Observation forms' },
  singleSignOn: { id: 'app.title.singleSignOn', defaultMessage: 'Single sign-on' },
  schoolStaffRequests: { id: 'app.title.schoolStaffRequests', defaultMessage: 'School staff requests' },
  supportKnowledgeBase: { id: 'app.title.supportKnowledgeBase', defaultMessage: 'Support knowledge base' },
  supportArticle: { id: 'app.title.supportArticle', defaultMessage: 'Support Article' },
  districts: { id: 'app.title.districts', defaultMessage: 'Districts' },
  districtView: { id: 'app.title.districtView', defaultMessage: 'District view' },
  userCsvImport: { id: 'app.title.userCsvImport', defaultMessage: 'User CSV Import' },
  users: { id: 'app.title.users', defaultMessage: 'Users' },
  adminActivity: { id: 'app.title.adminActivity', defaultMessage: 'Admin activity' },
  alerts: { id: 'app.title.alerts', defaultMessage: 'Alerts' },
  articles: { id: 'app.title.articles', defaultMessage: 'Articles' },
  newArticle: { id: 'app.title.newArticle', defaultMessage: 'New article' },
  editArticle: { id: 'app.title.editArticle', defaultMessage: 'Edit article' },
  logs: { id: 'app.title.logs', defaultMessage: 'Logs' },
  adminSettings: { id: 'app.title.adminSettings', defaultMessage: 'Admin settings' },
  adminUserSettings: { id: 'app.title.adminUserSettings', defaultMessage: 'Admin user settings' },
  pageNotFound: { id: 'app.title.pageNotFound', defaultMessage: 'Page not found' },
});

const BY_ENGLISH = new Map(Object.values(m).map((message) => [message.defaultMessage, message]));

/** The route's title in the person's language (a title without a message stays as written). */
export function routeTitle(route: { title: string }): string {
  const message = BY_ENGLISH.get(route.title);
  return message ? t(message) : route.title;
}

/** Whether a title has its message (for the route table's test). */
export function hasTitleMessage(title: string): boolean {
  return BY_ENGLISH.has(title);
}
