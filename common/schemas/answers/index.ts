// The answer schemas by the name the OpenAPI document gives them (components/schemas). A feature's
// openapi.ts names one as `answerSchema`; server/openapi/answers.test.ts parses real answers with each.
import { actionStepAnswer, actionStepFollowThroughAnswer } from './actionSteps';
import { adminDistrictAnswer, adminDistrictRowAnswer } from './adminDistricts';
import { adminUserAnswer, districtOptionAnswer } from './adminUsers';
import { districtDeletionCertificateAnswer } from './districtDeletions';
import { districtExportAnswer, districtExportStartedAnswer } from './districtExport';
import { authUserAnswer } from './auth';
import { adminDashboardAnswer, auditEntryAnswer, logDetailAnswer, logEntryAnswer, logSettingsAnswer } from './adminOps';
import { adminAlertAnswer, alertAudienceOptionsAnswer, currentAlertAnswer } from './alerts';
import {
  adminArticleAnswer, adminArticleSummaryAnswer, articleFeedbackAnswer, articleResultAnswer, articleVersionAnswer, articleVersionSummaryAnswer,
  articleViewAnswer,
} from './articles';
import {
  adminDistrictBillingAnswer, adminQuoteRowAnswer, billingSummaryAnswer, invoiceAnswer, invoiceSummaryAnswer, planAnswer, quoteAnswer, quoteSummaryAnswer,
  trialAnswer,
} from './billing';
import { calendarFeedAnswer, calendarImportAnswer, calendarPreviewAnswer } from './calendar';
import { coachAnswer, coachListItemAnswer } from './coaches';
import { coachingRequestAnswer } from './coachingRequests';
import { cycleAnswer, cycleStageAnswer, cycleSummaryAnswer, goalTemplateAnswer } from './cycles';
import { educatorHomeAnswer } from './educatorHome';
import { groupAnswer } from './groups';
import { activityAnswer, defaultSchoolAnswer, interactionAnswer } from './interactions';
import { importAnswer, importPreviewAnswer, importRowAnswer } from './imports';
import {
  accountPreferencesAnswer, emailChangedAnswer, emailChangeSentAnswer, healthAnswer, inviteDetailsAnswer, messageAnswer, migrationDetailsAnswer, migrationResultAnswer,
  passwordResetDoneAnswer, supportRequestSentAnswer,
} from './messages';
import { interactionFieldAnswer, interactionTypeAnswer } from './interactionTypes';
import {
  calibrationAgreementAnswer, calibrationSessionAnswer, calibrationSessionSummaryAnswer, observationAnswer, observationFormAnswer, observationSummaryAnswer,
  observerAnswer, walkthroughsReportAnswer,
} from './observations';
import { readLogEntryAnswer } from './readLog';
import { retentionPreviewAnswer } from './retention';
import { ssoOptionsAnswer, ssoProviderStaffAnswer, ssoRedirectAnswer, ssoSignOutAnswer } from './ssoSignIn';
import { setupChecklistAnswer } from './setup';
import { buildingAnswer, districtProfileAnswer } from './site';
import {
  coachingTeamReportAnswer, comparisonReportAnswer, cyclesReportAnswer, interactionsReportAnswer, reportPulseAnswer, reportSubscriptionAnswer,
  teacherLevelReportAnswer,
} from './reports';
import { educatorSkillsAnswer, skillFrameworkAnswer, skillMapRowAnswer, skillMapSummaryAnswer } from './skills';
import { ssoConnectionAnswer } from './sso';
import { staffDetailAnswer, staffListItemAnswer } from './staff';
import { staffRequestAnswer, staffRequestCandidateAnswer } from './staffRequests';
import { districtUserAnswer, ownUserSettingsAnswer } from './users';

export const ANSWER_SCHEMAS = {
  DistrictExport: districtExportAnswer,
  DistrictExportStarted: districtExportStartedAnswer,
  Group: groupAnswer,
  Building: buildingAnswer,
  DistrictProfile: districtProfileAnswer,
  RetentionPreview: retentionPreviewAnswer,
  InteractionType: interactionTypeAnswer,
  InteractionField: interactionFieldAnswer,
  StaffRequest: staffRequestAnswer,
  DistrictUser: districtUserAnswer,
  AdminAlert: adminAlertAnswer,
  CurrentAlert: currentAlertAnswer,
  QuoteSummary: quoteSummaryAnswer,
  Quote: quoteAnswer,
  InvoiceSummary: invoiceSummaryAnswer,
  Invoice: invoiceAnswer,
  StaffListItem: staffListItemAnswer,
  StaffDetail: staffDetailAnswer,
  Interaction: interactionAnswer,
  Activity: activityAnswer,
  DefaultSchool: defaultSchoolAnswer,
  CycleStage: cycleStageAnswer,
  GoalTemplate: goalTemplateAnswer,
  CycleSummary: cycleSummaryAnswer,
  Cycle: cycleAnswer,
  SkillFramework: skillFrameworkAnswer,
  EducatorSkills: educatorSkillsAnswer,
  SkillMapRow: skillMapRowAnswer,
  SkillMapSummary: skillMapSummaryAnswer,
  InteractionsReport: interactionsReportAnswer,
  CyclesReport: cyclesReportAnswer,
  TeacherLevelReport: teacherLevelReportAnswer,
  CoachingTeamReport: coachingTeamReportAnswer,
  ComparisonReport: comparisonReportAnswer,
  ReportPulse: reportPulseAnswer,
  ReportSubscription: reportSubscriptionAnswer,
  AdminArticleSummary: adminArticleSummaryAnswer,
  AdminArticle: adminArticleAnswer,
  ArticleVersionSummary: articleVersionSummaryAnswer,
  ArticleVersion: articleVersionAnswer,
  ArticleResult: articleResultAnswer,
  ArticleView: articleViewAnswer,
  ArticleFeedback: articleFeedbackAnswer,
  AdminDistrictRow: adminDistrictRowAnswer,
  AdminDistrict: adminDistrictAnswer,
  DistrictDeletionCertificate: districtDeletionCertificateAnswer,
  AdminUser: adminUserAnswer,
  DistrictOption: districtOptionAnswer,
  AdminQuoteRow: adminQuoteRowAnswer,
  AdminDistrictBilling: adminDistrictBillingAnswer,
  BillingSummary: billingSummaryAnswer,
  Plan: planAnswer,
  CoachListItem: coachListItemAnswer,
  Coach: coachAnswer,
  AuthUser: authUserAnswer,
  AdminDashboard: adminDashboardAnswer,
  AuditEntry: auditEntryAnswer,
  LogEntry: logEntryAnswer,
  LogDetail: logDetailAnswer,
  LogSettings: logSettingsAnswer,
  Import: importAnswer,
  ImportPreview: importPreviewAnswer,
  ImportRow: importRowAnswer,
  CalendarFeed: calendarFeedAnswer,
  CalendarPreview: calendarPreviewAnswer,
  CalendarImport: calendarImportAnswer,
  AlertAudienceOptions: alertAudienceOptionsAnswer,
  Message: messageAnswer,
  PasswordResetDone: passwordResetDoneAnswer,
  EmailChangeSent: emailChangeSentAnswer,
  EmailChanged: emailChangedAnswer,
  AccountPreferences: accountPreferencesAnswer,
  InviteDetails: inviteDetailsAnswer,
  MigrationDetails: migrationDetailsAnswer,
  MigrationResult: migrationResultAnswer,
  SupportRequestSent: supportRequestSentAnswer,
  Health: healthAnswer,
  Trial: trialAnswer,
  SetupChecklist: setupChecklistAnswer,
  EducatorHome: educatorHomeAnswer,
  OwnUserSettings: ownUserSettingsAnswer,
  StaffRequestCandidate: staffRequestCandidateAnswer,
  ObservationForm: observationFormAnswer,
  ObservationSummary: observationSummaryAnswer,
  Observation: observationAnswer,
  Observer: observerAnswer,
  CalibrationSessionSummary: calibrationSessionSummaryAnswer,
  CalibrationSession: calibrationSessionAnswer,
  CalibrationAgreement: calibrationAgreementAnswer,
  WalkthroughsReport: walkthroughsReportAnswer,
  ActionStep: actionStepAnswer,
  ActionStepFollowThrough: actionStepFollowThroughAnswer,
  CoachingRequest: coachingRequestAnswer,
  ReadLogEntry: readLogEntryAnswer,
  SsoRedirect: ssoRedirectAnswer,
  SsoOptions: ssoOptionsAnswer,
  SsoProviderStaff: ssoProviderStaffAnswer,
  SsoSignOut: ssoSignOutAnswer,
  SsoConnection: ssoConnectionAnswer,
} as const;
export type AnswerName = keyof typeof ANSWER_SCHEMAS;
