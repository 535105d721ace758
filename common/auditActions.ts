// Readable audit actions for the admin activity feed: a label (the action filter, the detail) and a
// verb phrase for the feed's sentence ("Sam Ortega (as Ana Ruiz) invited Jordan Ellis in Maple Grove").
// Actions written by recordAudit today; an action not listed reads as its name in words.

interface ActionText {
  label: string;
  /** Past-tense phrase the subject follows ("invited" + " Jordan Ellis"). */
  verb: string;
  /** True when the subject is not named after the verb (e.g. "signed in"). */
  noSubject?: boolean;
}

const a = (label: string, verb: string, noSubject = false): ActionText => ({ label, verb, noSubject });

export const AUDIT_ACTIONS: Record<string, ActionText> = {
  // Sign-in and accounts
  login: a('Signed in', 'signed in', true),
  login_failed: a('Sign-in failed', 'failed to sign in', true),
  logout: a('Signed out', 'signed out', true),
  district_registered: a('District registered', 'registered their district', true),
  password_reset_requested: a('Password reset requested', 'asked to reset their password', true),
  password_reset: a('Password reset', 'reset their password', true),
  password_changed: a('Password changed', 'changed their password', true),
  profile_updated: a('Profile updated', 'updated the profile of'),
  email_change_requested: a('Email change requested', 'asked to change the email of'),
  email_changed: a('Email changed', 'changed the email of'),
  invite_accepted: a('Invitation accepted', 'accepted their invitation', true),
  login_refused: a('Sign-in refused', 'was refused sign-in (district suspended)', true),
  impersonation_started: a('Impersonation started', 'started impersonating'),
  impersonation_stopped: a('Impersonation stopped', 'stopped impersonating'),
  impersonation_refused: a('Impersonation refused', 'was refused impersonating'),
  impersonated_request: a('Request while impersonating', 'made a request while impersonating', true),
  account_migration_requested: a('Login move offered', 'offered to move the login of'),
  account_migrated_out: a('Login moved out', 'moved the login of'),
  account_migrated_in: a('Login moved in', 'moved in the login of'),
  account_migration_failed: a('Login move failed', 'failed to move the login of'),
  // District accounts (admin Districts)
  district_trial_extended: a('Trial extended', 'extended the trial of'),
  district_plan_changed: a('Plan or seats changed', 'changed the plan or seats of'),
  district_suspended: a('District suspended', 'suspended'),
  district_reactivated: a('District reactivated', 'reactivated'),
  // Billing (the district's side)
  billing_contact_updated: a('Billing contact updated', 'updated the billing contact of'),
  quote_created: a('Quote created', 'created the quote'),
  quote_sent: a('Quote sent', 'sent the quote'),
  quote_accepted: a('Quote accepted', 'accepted the quote'),
  quote_declined: a('Quote declined', 'declined the quote'),
  // Billing (provider side)
  quote_activated: a('Quote activated', 'activated the quote'),
  invoice_paid: a('Invoice marked paid', 'marked paid the invoice'),
  invoice_voided: a('Invoice voided', 'voided the invoice'),
  // District users
  user_invited: a('User invited', 'invited'),
  user_updated: a('User updated', 'updated'),
  user_invite_resent: a('Invitation resent', 'resent the invitation of'),
  user_invite_revoked: a('Invitation revoked', 'revoked the invitation of'),
  user_deactivated: a('User deactivated', 'deactivated'),
  user_reactivated: a('User reactivated', 'reactivated'),
  invitation_not_sent: a('Invitation not sent', 'did not send an invitation to'),
  // District and schools
  district_updated: a('District updated', 'updated the district profile of'),
  building_created: a('School added', 'added the school'),
  building_updated: a('School updated', 'updated the school'),
  building_archived: a('School archived', 'archived the school'),
  building_restored: a('School restored', 'restored the school'),
  setup_item_reviewed: a('Setup step reviewed', 'ticked off a setup checklist review for'),
  setup_checklist_dismissed: a('Setup checklist dismissed', 'dismissed the setup checklist of'),
  // Educators, coaches, groups
  staff_created: a('Educator added', 'added the educator'),
  staff_updated: a('Educator updated', 'updated the educator'),
  staff_moved: a('Educator moved', 'moved the educator'),
  staff_deactivated: a('Educator deactivated', 'deactivated the educator'),
  staff_reactivated: a('Educator reactivated', 'reactivated the educator'),
  caseload_assigned: a('Caseload assigned', 'assigned educators to the caseload of'),
  caseload_ended: a('Caseload ended', 'ended an assignment in the caseload of'),
  group_created: a('Group created', 'created the group'),
  group_updated: a('Group updated', 'updated the group'),
  group_deactivated: a('Group deactivated', 'deactivated the group'),
  group_restored: a('Group restored', 'restored the group'),
  group_deleted: a('Group deleted', 'deleted the group'),
  staff_request_created: a('Staff request made', 'asked to add'),
  staff_request_approved: a('Staff request approved', 'approved the staff request for'),
  staff_request_denied: a('Staff request denied', 'denied the staff request for'),
  staff_request_withdrawn: a('Staff request withdrawn', 'withdrew the staff request for'),
  // Interactions and time
  interaction_created: a('Interaction logged', 'logged'),
  interaction_updated: a('Interaction updated', 'updated'),
  interaction_completed: a('Interaction completed', 'completed'),
  interaction_cancelled: a('Interaction cancelled', 'cancelled'),
  interaction_duplicated: a('Interaction duplicated', 'duplicated'),
  interaction_deleted: a('Interaction deleted', 'deleted'),
  activity_created: a('Time logged', 'logged time:'),
  activity_updated: a('Logged time updated', 'updated logged time:'),
  activity_deleted: a('Logged time deleted', 'deleted logged time:'),
  interaction_type_created: a('Interaction type added', 'added the interaction type'),
  interaction_type_updated: a('Interaction type updated', 'updated the interaction type'),
  interaction_type_archived: a('Interaction type archived', 'archived the interaction type'),
  interaction_type_restored: a('Interaction type restored', 'restored the interaction type'),
  interaction_type_moved: a('Interaction type moved', 'moved the interaction type'),
  interaction_field_created: a('Custom field added', 'added the custom field'),
  interaction_field_updated: a('Custom field updated', 'updated the custom field'),
  interaction_field_archived: a('Custom field archived', 'archived the custom field'),
  interaction_field_restored: a('Custom field restored', 'restored the custom field'),
  interaction_field_moved: a('Custom field moved', 'moved the custom field'),
  // Calendar
  calendar_feed_enabled: a('Calendar feed turned on', 'turned on their calendar feed', true),
  calendar_feed_regenerated: a('Calendar feed regenerated', 'regenerated their calendar feed address', true),
  calendar_feed_updated: a('Calendar feed changed', 'changed their calendar feed', true),
  calendar_feed_disabled: a('Calendar feed turned off', 'turned off their calendar feed', true),
  calendar_imported: a('Calendar imported', 'imported events from a calendar file', true),
  // Coaching cycles
  cycle_created: a('Cycle started', 'started the coaching cycle'),
  cycle_updated: a('Cycle updated', 'updated the coaching cycle'),
  cycle_stage_moved: a('Cycle moved', 'moved the coaching cycle'),
  cycle_completed: a('Cycle completed', 'completed the coaching cycle'),
  cycle_cancelled: a('Cycle cancelled', 'cancelled the coaching cycle'),
  cycle_deleted: a('Cycle deleted', 'deleted the coaching cycle'),
  cycle_note_added: a('Cycle note added', 'added a note to the coaching cycle'),
  cycle_note_updated: a('Cycle note updated', 'updated a note of the coaching cycle'),
  cycle_note_deleted: a('Cycle note deleted', 'deleted a note of the coaching cycle'),
  cycle_stage_created: a('Cycle stage added', 'added the cycle stage'),
  cycle_stage_updated: a('Cycle stage updated', 'updated the cycle stage'),
  cycle_stage_archived: a('Cycle stage archived', 'archived the cycle stage'),
  cycle_stage_restored: a('Cycle stage restored', 'restored the cycle stage'),
  cycle_stages_reordered: a('Cycle stages reordered', 'reordered the cycle stages', true),
  cycle_goal_template_created: a('Goal template added', 'added the goal template'),
  cycle_goal_template_updated: a('Goal template updated', 'updated the goal template'),
  cycle_goal_template_archived: a('Goal template archived', 'archived the goal template'),
  cycle_goal_template_restored: a('Goal template restored', 'restored the goal template'),
  cycle_goal_templates_reordered: a('Goal templates reordered', 'reordered the goal templates', true),
  // Skills
  'skill.rated': a('Skills rated', 'rated the skills of'),
  'skill.created': a('Skill added', 'added the skill'),
  'skill.updated': a('Skill updated', 'updated the skill'),
  'skill.archived': a('Skill archived', 'archived the skill'),
  'skill.restored': a('Skill restored', 'restored the skill'),
  'skill.reordered': a('Skill moved', 'moved the skill'),
  'skill-domain.created': a('Skill domain added', 'added the skill domain'),
  'skill-domain.updated': a('Skill domain updated', 'updated the skill domain'),
  'skill-domain.archived': a('Skill domain archived', 'archived the skill domain'),
  'skill-domain.restored': a('Skill domain restored', 'restored the skill domain'),
  'skill-domain.reordered': a('Skill domain moved', 'moved the skill domain'),
  'skill-level.updated': a('Skill levels updated', 'updated the skill levels of'),
  // Imports
  staff_import_uploaded: a('Staff file uploaded', 'uploaded the staff file'),
  staff_import_run: a('Staff import run', 'ran the staff import'),
  users_import_uploaded: a('User file uploaded', 'uploaded the user file'),
  users_import_run: a('User import run', 'ran the user import'),
  // Admin operations
  log_settings_updated: a('Log retention changed', 'changed the log retention', true),
};

/** "user_invite_resent" → "User invite resent" for actions not in the map. */
function words(action: string): string {
  const text = action.replace(/[._-]+/g, ' ').trim();
  return text ? text[0]!.toUpperCase() + text.slice(1) : action;
}

export function auditActionLabel(action: string): string {
  return AUDIT_ACTIONS[action]?.label ?? words(action);
}

/** The actions the feed's filter offers, by label. */
export function auditActionOptions(): { value: string; label: string }[] {
  return Object.entries(AUDIT_ACTIONS)
    .map(([value, t]) => ({ value, label: t.label }))
    .sort((x, y) => x.label.localeCompare(y.label));
}

interface SentenceInput {
  action: string;
  actor: { name: string } | null;
  impersonator: { name: string } | null;
  subject: { type: string; id: number | null; label: string | null } | null;
  district: { name: string } | null;
}

/** A subject without a stored name: "interaction #12". */
function subjectText(subject: SentenceInput['subject']): string {
  if (!subject) return '';
  if (subject.label) return subject.label;
  return `${subject.type.replace(/_/g, ' ')}${subject.id !== null ? ` #${subject.id}` : ''}`;
}

/**
 * The feed's sentence: who (the provider staff member first when impersonating: "Sam Ortega (as Ana
 * Ruiz)"), what, to which record, in which district.
 */
export function auditSentence(entry: SentenceInput): string {
  const who = entry.impersonator && entry.actor && entry.impersonator.name !== entry.actor.name
    ? `${entry.impersonator.name} (as ${entry.actor.name})`
    : entry.actor?.name ?? entry.impersonator?.name ?? 'Someone not signed in';
  const text = AUDIT_ACTIONS[entry.action];
  const verb = text?.verb ?? `did “${words(entry.action).toLowerCase()}”`;
  const subject = text?.noSubject ? '' : subjectText(entry.subject);
  const where = entry.district ? ` in ${entry.district.name}` : '';
  return `${who} ${verb}${subject ? ` ${subject}` : ''}${where}`;
}
