// The audit log read as sentences (issue 26): every action the server writes has a label (the feed's
// action filter, the badge) and a sentence template ("Dana Ruiz updated the article “Getting started”
// in Maple Grove Schools"). The server builds each entry's sentence (server/features/adminOps/presenter.ts)
// with the record's name resolved when the feed is read, or kept in the row's details for records since
// deleted, or "a deleted article". server/features/adminOps/auditSentences.test.ts reads the server's
// source and fails on an action written without a template here.
import { plural } from './plural';

/** What a sentence may use besides who did it. */
export interface SentenceParts {
  /** The record as a noun phrase: "the article “Getting started”", "Lucas Williams", "a deleted article". */
  subject: string;
  /** The record's name alone, or null when it no longer exists. */
  name: string | null;
  /** A record the row names that no longer exists ("a deleted user"). */
  deleted?: boolean;
  details: Record<string, unknown>;
}

export interface ActionText {
  label: string;
  /** The verb phrase after the person: "updated the article “Getting started”". */
  sentence: (p: SentenceParts) => string;
}

/** `{subject}` in the template stands for the record's noun phrase. */
const a = (label: string, template: string): ActionText => ({ label, sentence: (p) => template.replace('{subject}', p.subject) });
const f = (label: string, sentence: (p: SentenceParts) => string): ActionText => ({ label, sentence });
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** "user_invite_resent" → "User invite resent" (a word list read from a key). */
function words(key: string): string {
  const t = key.replace(/[._-]+/g, ' ').trim();
  return t ? t[0]!.toUpperCase() + t.slice(1) : key;
}

export const AUDIT_ACTIONS: Record<string, ActionText> = {
  // Sign-in and accounts
  login: f('Signed in', (p) => (p.details.area === 'admin'
    ? text(p.details.provider) ? `signed in to the admin area with their company account (${text(p.details.provider)})`
      : p.details.break_glass === true ? 'signed in to the admin area with their password while Coachwell staff use single sign-on (break-glass)' : 'signed in to the admin area'
    : text(p.details.provider) ? `signed in with their school account (${text(p.details.provider)})`
      : p.details.break_glass === true ? 'signed in with their password while the district uses single sign-on (break-glass)' : 'signed in')),
  login_failed: f('Sign-in failed', (p) => `failed to sign in${text(p.details.email) ? ` as ${text(p.details.email)}` : ''}`),
  logout: a('Signed out', 'signed out'),
  district_registered: a('District registered', 'registered their district'),
  password_reset_requested: a('Password reset requested', 'asked to reset their password'),
  password_reset: a('Password reset', 'reset their password'),
  password_changed: a('Password changed', 'changed their password'),
  profile_updated: a('Profile updated', 'updated the profile of {subject}'),
  email_change_requested: a('Email change requested', 'asked to change the email of {subject}'),
  email_changed: a('Email changed', 'changed the email of {subject}'),
  account_preferences_updated: f('Email preferences changed', (p) =>
    `turned ${p.details.action_step_digest === false ? 'off' : 'on'} the weekly action-step email of ${p.subject}`),
  invite_accepted: a('Invitation accepted', 'accepted their invitation'),
  login_refused: f('Sign-in refused', (p) => (p.details.reason === 'password_sign_in_off'
    ? p.details.area === 'admin' ? 'was refused a password sign-in because Coachwell staff sign in with their company account'
      : 'was refused a password sign-in because the district uses single sign-on'
    : text(p.details.provider) && p.details.area === 'admin' ? `was refused sign-in to the admin area with their company account (${text(p.details.provider)}): ${text(p.details.reason) ?? 'refused'}`
    : text(p.details.provider) ? `was refused sign-in with their school account (${text(p.details.provider)}): ${text(p.details.reason) ?? 'refused'}`
      : p.details.reason === 'district_scheduled_for_deletion' ? 'was refused sign-in because the district is scheduled for deletion'
        : 'was refused sign-in because the district is suspended')),
  sso_linked: f('School account linked', (p) => (p.details.area === 'admin'
    ? `linked their company account (${text(p.details.provider) ?? 'single sign-on'}) on first sign-in`
    : `linked their school account (${text(p.details.provider) ?? 'single sign-on'}) on first sign-in`)),
  sso_user_created: f('Login created by single sign-on', (p) => `was given an educator login on first sign-in with their school account (${text(p.details.provider) ?? 'single sign-on'})`),
  impersonation_started: a('Impersonation started', 'started impersonating {subject}'),
  impersonation_stopped: a('Impersonation stopped', 'stopped impersonating {subject}'),
  impersonation_refused: f('Impersonation refused', (p) => `was refused impersonating ${p.deleted ? 'a user who does not exist' : p.subject}`),
  impersonated_request: {
    label: 'Request while impersonating',
    // One request: a read reads "viewed a screen"; runs of reads are worded by readsSentence below.
    sentence: (p) => {
      const method = text(p.details.method) ?? 'GET';
      const where = text(p.details.screen) ?? text(p.details.path) ?? 'a page';
      return method === 'GET' || method === 'HEAD' ? `viewed ${where}` : `sent a change (${method} ${text(p.details.path) ?? 'a request'})`;
    },
  },
  account_migration_requested: a('Login move offered', 'offered to move the login of {subject}'),
  account_migrated_out: a('Login moved out', 'moved the login of {subject} to another district'),
  account_migrated_in: a('Login moved in', 'moved the login of {subject} into this district'),
  account_migration_failed: a('Login move failed', 'could not move the login of {subject}'),
  support_request_sent: f('Support message sent', (p) => `sent a message to support${text(p.details.subject) ? `: “${text(p.details.subject)}”` : ''}`),
  // District accounts (admin Districts)
  district_trial_extended: a('Trial extended', 'extended the trial of {subject}'),
  district_plan_changed: a('Plan or seats changed', 'changed the plan or seats of {subject}'),
  district_suspended: a('District suspended', 'suspended {subject}'),
  district_reactivated: a('District reactivated', 'reactivated {subject}'),
  // Deleting a district (issue 32)
  district_deletion_scheduled: a('District deletion scheduled', 'scheduled the deletion of {subject}'),
  district_deletion_restored: a('District deletion cancelled', 'restored {subject}, cancelling its scheduled deletion'),
  district_purged: f('District deleted', (p) => `deleted ${p.subject} and all its data`
    + `${text(p.details.certificate) ? `; certificate ${text(p.details.certificate)}` : ''}`),
  // Billing (the district's side)
  billing_contact_updated: a('Billing contact updated', 'updated the billing contact of {subject}'),
  quote_created: a('Quote created', 'created {subject}'),
  quote_sent: a('Quote sent', 'sent {subject}'),
  quote_accepted: a('Quote accepted', 'accepted {subject}'),
  quote_declined: a('Quote declined', 'declined {subject}'),
  // Billing (provider side)
  quote_activated: a('Quote activated', 'activated {subject}'),
  invoice_paid: a('Invoice marked paid', 'marked {subject} paid'),
  invoice_voided: a('Invoice voided', 'voided {subject}'),
  // District users and the provider's staff
  user_invited: a('User invited', 'invited {subject}'),
  user_updated: a('User updated', 'updated the user {subject}'),
  user_invite_resent: a('Invitation resent', 'resent the invitation of {subject}'),
  user_invite_revoked: a('Invitation revoked', 'revoked the invitation of {subject}'),
  user_deactivated: a('User deactivated', 'deactivated the login of {subject}'),
  user_reactivated: a('User reactivated', 'reactivated the login of {subject}'),
  invitation_not_sent: a('Invitation not sent', 'could not send an invitation to {subject}'),
  staff_invited: a('Coachwell staff invited', 'invited {subject} to the Coachwell staff'),
  staff_role_changed: f('Coachwell staff role changed', (p) => {
    const role = p.details.role as { to?: unknown } | undefined;
    return `changed the role of ${p.subject}${text(role?.to) ? ` to ${words(text(role?.to)!).toLowerCase()}` : ''}`;
  }),
  // District and schools
  district_updated: a('District updated', 'updated the district profile of {subject}'),
  own_data_exported: a('Own data downloaded', 'downloaded their own data (Download my data)'),
  retention_run: f('Retention run', (p) => {
    const counts = (p.details.counts ?? {}) as Record<string, unknown>;
    const n = (k: string) => (typeof counts[k] === 'number' ? counts[k] : 0);
    return `deleted coaching records dated before ${text(p.details.cutoff_day) ?? 'the cut-off'} under the retention setting of ${p.subject}: `
      + `${plural(n('interactions'), 'interaction', 'interactions')}, ${plural(n('observations'), 'observation', 'observations')}, `
      + `${plural(n('skill_ratings'), 'skill rating', 'skill ratings')} and other records`;
  }),
  building_created: a('School added', 'added {subject}'),
  building_updated: a('School updated', 'updated {subject}'),
  building_archived: a('School archived', 'archived {subject}'),
  building_restored: a('School restored', 'restored {subject}'),
  setup_item_reviewed: f('Setup step reviewed', (p) => `ticked off “${words(text(p.details.item) ?? 'a review')}” on the setup checklist`),
  setup_checklist_dismissed: a('Setup checklist dismissed', 'dismissed the setup checklist'),
  // A district's full export (issue 32).
  district_export_requested: a('District export started', 'started a full export of the data of {subject}'),
  district_export_downloaded: a('District export downloaded', 'downloaded the full export of the data of {subject}'),
  'sso_connection.created': a('Sign-in connection added', 'added {subject}'),
  'sso_connection.updated': f('Sign-in connection changed', (p) => {
    const to = (p.details.password_login as { to?: unknown } | undefined)?.to;
    return `changed ${p.subject}${to === false ? ', turning password sign-in off' : to === true ? ', turning password sign-in back on' : ''}`;
  }),
  'sso_connection.deleted': a('Sign-in connection removed', 'removed {subject}'),
  // Educators, coaches, groups
  staff_created: a('Educator added', 'added {subject}'),
  staff_updated: a('Educator updated', 'updated {subject}'),
  staff_moved: a('Educator moved', 'moved {subject} to another school'),
  staff_deactivated: a('Educator deactivated', 'deactivated {subject}'),
  staff_reactivated: a('Educator reactivated', 'reactivated {subject}'),
  caseload_assigned: f('Caseload assigned', (p) => {
    const n = Array.isArray(p.details.assignments) ? p.details.assignments.length : 0;
    return n > 0 ? `assigned ${plural(n, 'educator', 'educators')} to the caseload of ${p.subject}` : `assigned educators to the caseload of ${p.subject}`;
  }),
  caseload_ended: a('Caseload ended', 'ended an assignment in the caseload of {subject}'),
  group_created: a('Group created', 'created {subject}'),
  group_updated: a('Group updated', 'updated {subject}'),
  group_deactivated: a('Group deactivated', 'deactivated {subject}'),
  group_restored: a('Group restored', 'restored {subject}'),
  group_deleted: a('Group deleted', 'deleted {subject}'),
  staff_request_created: a('Staff request made', 'made {subject}'),
  staff_request_approved: a('Staff request approved', 'approved {subject}'),
  staff_request_denied: a('Staff request denied', 'denied {subject}'),
  staff_request_withdrawn: a('Staff request withdrawn', 'withdrew {subject}'),
  // Asking for coaching (issue 29)
  coaching_request_created: a('Coaching requested', 'made {subject}'),
  coaching_request_accepted: a('Coaching request accepted', 'accepted {subject} and scheduled a session'),
  coaching_request_passed: a('Coaching request passed on', 'passed on {subject}'),
  coaching_request_withdrawn: a('Coaching request withdrawn', 'withdrew {subject}'),
  // Interactions and time
  interaction_created: a('Interaction logged', 'logged {subject}'),
  interaction_updated: a('Interaction updated', 'updated {subject}'),
  interaction_completed: a('Interaction completed', 'completed {subject}'),
  interaction_cancelled: a('Interaction cancelled', 'cancelled {subject}'),
  interaction_duplicated: a('Interaction duplicated', 'made a copy: {subject}'),
  interaction_deleted: a('Interaction deleted', 'deleted {subject}'),
  activity_created: a('Time logged', 'logged {subject}'),
  activity_updated: a('Logged time updated', 'updated {subject}'),
  activity_deleted: a('Logged time deleted', 'deleted {subject}'),
  interaction_type_created: a('Interaction type added', 'added {subject}'),
  interaction_type_updated: a('Interaction type updated', 'updated {subject}'),
  interaction_type_archived: a('Interaction type archived', 'archived {subject}'),
  interaction_type_restored: a('Interaction type restored', 'restored {subject}'),
  interaction_type_moved: a('Interaction type moved', 'moved {subject}'),
  interaction_field_created: a('Custom field added', 'added {subject}'),
  interaction_field_updated: a('Custom field updated', 'updated {subject}'),
  interaction_field_archived: a('Custom field archived', 'archived {subject}'),
  interaction_field_restored: a('Custom field restored', 'restored {subject}'),
  interaction_field_moved: a('Custom field moved', 'moved {subject}'),
  // Observation forms
  'observation_form.created': a('Observation form added', 'added {subject}'),
  'observation_form.updated': f('Observation form updated', (p) => (p.details.new_version === true && typeof p.details.version === 'number'
    ? `updated ${p.subject}, saved as version ${p.details.version}` : `updated ${p.subject}`)),
  'observation_form.archived': a('Observation form archived', 'archived {subject}'),
  'observation_form.restored': a('Observation form restored', 'restored {subject}'),
  // Observations
  'observation.created': a('Observation draft started', 'started a draft of {subject}'),
  'observation.updated': a('Observation updated', 'updated {subject}'),
  'observation.completed': a('Observation completed', 'completed {subject}'),
  'observation.deleted': a('Observation deleted', 'deleted {subject}'),
  'observation.shared': f('Observation shared', (p) => `shared ${p.subject} with the educator`),
  'observation.acknowledged': a('Observation acknowledged', 'acknowledged {subject}'),
  'calibration_session.created': a('Calibration session set up', 'set up {subject}'),
  'calibration_session.archived': a('Calibration session archived', 'archived {subject}'),
  'calibration_session.restored': a('Calibration session restored', 'restored {subject}'),
  'action_step.created': a('Action step added', 'added {subject}'),
  'action_step.updated': a('Action step changed', 'changed {subject}'),
  'action_step.completed': a('Action step done', 'marked {subject} done'),
  'action_step.reopened': a('Action step reopened', 'reopened {subject}'),
  'action_step.dropped': a('Action step dropped', 'dropped {subject}'),
  // Calendar
  calendar_feed_enabled: a('Calendar feed turned on', 'turned on their calendar feed'),
  calendar_feed_regenerated: a('Calendar feed regenerated', 'made a new address for their calendar feed'),
  calendar_feed_updated: a('Calendar feed changed', 'changed their calendar feed'),
  calendar_feed_disabled: a('Calendar feed turned off', 'turned off their calendar feed'),
  calendar_imported: a('Calendar imported', 'imported events from a calendar file'),
  // Coaching cycles
  cycle_created: a('Cycle started', 'started {subject}'),
  cycle_updated: a('Cycle updated', 'updated {subject}'),
  cycle_stage_moved: a('Cycle moved', 'moved {subject} to another stage'),
  cycle_completed: a('Cycle completed', 'completed {subject}'),
  cycle_cancelled: a('Cycle cancelled', 'cancelled {subject}'),
  cycle_deleted: a('Cycle deleted', 'deleted {subject}'),
  cycle_note_added: a('Cycle note added', 'added a note to {subject}'),
  cycle_note_updated: a('Cycle note updated', 'edited a note of {subject}'),
  cycle_note_deleted: a('Cycle note deleted', 'deleted a note of {subject}'),
  cycle_stage_created: a('Cycle stage added', 'added {subject}'),
  cycle_stage_updated: a('Cycle stage updated', 'updated {subject}'),
  cycle_stage_archived: a('Cycle stage archived', 'archived {subject}'),
  cycle_stage_restored: a('Cycle stage restored', 'restored {subject}'),
  cycle_stages_reordered: a('Cycle stages reordered', 'reordered the cycle stages'),
  cycle_goal_template_created: a('Goal template added', 'added {subject}'),
  cycle_goal_template_updated: a('Goal template updated', 'updated {subject}'),
  cycle_goal_template_archived: a('Goal template archived', 'archived {subject}'),
  cycle_goal_template_restored: a('Goal template restored', 'restored {subject}'),
  cycle_goal_templates_reordered: a('Goal templates reordered', 'reordered the goal templates'),
  // Skills
  'skill.rated': a('Skills rated', 'rated the skills of {subject}'),
  'skill.self-assessed': a('Self-assessment given', 'gave a self-assessment as {subject}'),
  'skill.created': a('Skill added', 'added {subject}'),
  'skill.updated': a('Skill updated', 'updated {subject}'),
  'skill.archived': a('Skill archived', 'archived {subject}'),
  'skill.restored': a('Skill restored', 'restored {subject}'),
  'skill.reordered': a('Skill moved', 'moved {subject}'),
  'skill-domain.created': a('Skill domain added', 'added {subject}'),
  'skill-domain.updated': a('Skill domain updated', 'updated {subject}'),
  'skill-domain.archived': a('Skill domain archived', 'archived {subject}'),
  'skill-domain.restored': a('Skill domain restored', 'restored {subject}'),
  'skill-domain.reordered': a('Skill domain moved', 'moved {subject}'),
  'skill-level.updated': a('Skill levels updated', 'updated the skill levels of {subject}'),
  // Imports
  staff_import_uploaded: a('Staff file uploaded', 'uploaded {subject} to import educators'),
  staff_import_run: a('Staff import run', 'imported educators from {subject}'),
  users_import_uploaded: a('User file uploaded', 'uploaded {subject} to import users'),
  users_import_run: a('User import run', 'imported users from {subject}'),
  // Report emails
  report_subscription_created: a('Report email subscribed', 'subscribed to {subject}'),
  report_subscription_removed: a('Report email removed', 'removed {subject}'),
  report_subscription_unsubscribed: a('Report email unsubscribed', 'unsubscribed from {subject} by its email link'),
  report_subscription_dropped: a('Report email stopped', 'had {subject} stopped (the person may no longer read it)'),
  // Alerts and the knowledge base (the provider's)
  alert_created: a('Alert created', 'created {subject}'),
  alert_updated: a('Alert updated', 'updated {subject}'),
  alert_deleted: a('Alert deleted', 'deleted {subject}'),
  article_created: a('Article created', 'created {subject}'),
  article_updated: a('Article updated', 'updated {subject}'),
  article_published: a('Article published', 'published {subject}'),
  article_unpublished: a('Article unpublished', 'unpublished {subject}'),
  article_deleted: a('Article deleted', 'deleted {subject}'),
  article_translation_saved: a('Article translation saved', 'saved the Spanish version of {subject}'),
  article_translation_removed: a('Article translation removed', 'removed the Spanish version of {subject}'),
  // Admin operations
  log_settings_updated: f('Log retention changed', (p) => {
    const days = p.details.retention_days as { to?: unknown } | undefined;
    return typeof days?.to === 'number' ? `changed the log retention to ${plural(days.to, 'day', 'days')}` : 'changed the log retention';
  }),
};

export function auditActionLabel(action: string): string {
  return AUDIT_ACTIONS[action]?.label ?? words(action);
}

/** The actions the feed's filter offers, by label. */
export function auditActionOptions(): { value: string; label: string }[] {
  return Object.entries(AUDIT_ACTIONS)
    .map(([value, t]) => ({ value, label: t.label }))
    .sort((x, y) => x.label.localeCompare(y.label) || x.value.localeCompare(y.value));
}

/** A read: a screen's data fetched while impersonating (runs of them become one entry of the feed). */
/** An audit row's stored details as an object (null when absent or not a JSON object). */
export function parseAuditDetails(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function isAuditRead(action: string, details: Record<string, unknown> | null): boolean {
  return action === 'impersonated_request' && (details?.method === 'GET' || details?.method === 'HEAD');
}

/** How each kind of record is named in a sentence. */
interface SubjectKind {
  noun: string;
  /** person: the name alone; titled: the noun and the name in quotes; named: the noun and the name. */
  style: 'person' | 'titled' | 'named';
}
const s = (noun: string, style: SubjectKind['style']): SubjectKind => ({ noun, style });

export const AUDIT_SUBJECTS: Record<string, SubjectKind> = {
  user: s('user', 'person'),
  coach: s('coach', 'person'),
  district: s('district', 'person'),
  staff: s('educator', 'named'),
  building: s('school', 'named'),
  group: s('group', 'titled'),
  article: s('article', 'titled'),
  alert: s('alert', 'titled'),
  interaction: s('interaction', 'named'),
  activity: s('time entry', 'named'),
  interaction_type: s('interaction type', 'titled'),
  interaction_field: s('custom field', 'titled'),
  observation_form: s('observation form', 'titled'),
  observation: s('observation', 'titled'),
  calibration_session: s('calibration session', 'titled'),
  action_step: s('action step', 'titled'),
  coaching_cycle: s('coaching cycle', 'titled'),
  cycle_stage: s('cycle stage', 'titled'),
  cycle_goal_template: s('goal template', 'titled'),
  skill: s('skill', 'titled'),
  skill_domain: s('skill domain', 'titled'),
  skill_framework: s('framework', 'titled'),
  quote: s('quote', 'named'),
  invoice: s('invoice', 'named'),
  import: s('file', 'titled'),
  report_subscription: s('report email', 'named'),
  building_history_request: s('school staff request', 'named'),
  coaching_request: s('coaching request', 'named'),
  sso_connection: s('sign-in connection', 'titled'),
};

/**
 * Turns each English part of a sentence into the reader's language (issue 33: the server passes
 * `(english) => translate(locale, english)`, its catalogue holding the parts as patterns: "updated {subject}",
 * "the article “{name}”", " in {district}"). English: the parts as they are.
 */
export type SentenceTranslator = (english: string) => string;
const asWritten: SentenceTranslator = (english) => english;

/** The record as a noun phrase: "the article “Getting started”", "Lucas Williams", "a deleted article". */
export function subjectPhrase(subject: { type: string; label: string | null } | null, tr: SentenceTranslator = asWritten): string {
  if (!subject) return tr('a record');
  const kind = AUDIT_SUBJECTS[subject.type] ?? s(subject.type.replace(/_/g, ' '), 'named');
  if (subject.label === null) return tr(`a deleted ${kind.noun}`);
  if (kind.style === 'person') return subject.label;
  if (kind.style === 'titled') return tr(`the ${kind.noun} “${subject.label}”`);
  return tr(`the ${kind.noun} ${subject.label}`);
}

export interface SentenceInput {
  action: string;
  actor: { name: string } | null;
  impersonator: { name: string } | null;
  subject: { type: string; id: number | null; label: string | null } | null;
  district: { id: number; name: string } | null;
  details: Record<string, unknown> | null;
}

/** Who acted: "Dana Ruiz", or "Sam Lee (impersonating Priya Shah)". */
export function auditWho(entry: SentenceInput, tr: SentenceTranslator = asWritten): string {
  // A request made while impersonating is recorded under the staff member, the district user as its subject.
  if (entry.action === 'impersonated_request' && entry.impersonator) {
    return tr(`${entry.impersonator.name} (impersonating ${entry.subject?.label ?? tr('a deleted user')})`);
  }
  if (entry.impersonator && entry.actor && entry.impersonator.name !== entry.actor.name) {
    return tr(`${entry.impersonator.name} (impersonating ${entry.actor.name})`);
  }
  // Runs no person starts (issue 32: the district's nightly retention run) name themselves.
  if (!entry.actor && !entry.impersonator && entry.action === 'retention_run') return tr('The nightly retention run');
  if (!entry.actor && !entry.impersonator && entry.action === 'district_purged') return tr('The scheduled deletion job');
  return entry.actor?.name ?? entry.impersonator?.name ?? tr('Someone not signed in');
}

/** " in Maple Grove Schools", unless the record is the district itself. */
function where(entry: SentenceInput, tr: SentenceTranslator): string {
  if (!entry.district) return '';
  if (entry.subject?.type === 'district' && entry.subject.id === entry.district.id && entry.action !== 'impersonated_request') return '';
  return tr(` in ${entry.district.name}`);
}

/**
 * The feed's sentence for one audit row. An action without a template still reads (its name in words). `tr`
 * translates each part (the subject, the verb phrase with the subject in it, who, where).
 */
export function auditSentence(entry: SentenceInput, tr: SentenceTranslator = asWritten): string {
  const template = AUDIT_ACTIONS[entry.action];
  const parts: SentenceParts = {
    subject: subjectPhrase(entry.subject, tr), name: entry.subject?.label ?? null, deleted: !!entry.subject && entry.subject.label === null, details: entry.details ?? {},
  };
  const what = template ? template.sentence(parts) : `did “${words(entry.action).toLowerCase()}” to ${parts.subject}`;
  return `${auditWho(entry, tr)} ${tr(what)}${where(entry, tr)}`;
}

/**
 * A run of reads as one sentence: "Sam Lee (impersonating Priya Shah) viewed 9 screens in Maple Grove
 * Schools" (screens: the distinct screens the reads came from; requests without one count as requests).
 */
export function readsSentence(entry: SentenceInput, reads: { screen: string | null }[], tr: SentenceTranslator = asWritten): string {
  const screens = new Set(reads.map((r) => r.screen).filter((x): x is string => x !== null)).size;
  const what = screens > 0 ? `viewed ${plural(screens, 'screen', 'screens')}` : `read data ${plural(reads.length, 'time', 'times')}`;
  return `${auditWho(entry, tr)} ${tr(what)}${where(entry, tr)}`;
}
