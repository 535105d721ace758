// What purging a district deletes (issue 32, item 3): every table that holds a district's rows, in an order where
// no row is deleted before the rows that point at it (so a foreign key without a cascade never refuses, and every
// statement's count is its own rows, not a cascade's). Each step names its table, how its district's rows are found
// (by `district_id`, or through the district's logins, groups or imports for the tables without one) and the kind
// the certificate counts them under.
//
// A new table holding a district's rows adds a step here: server/features/adminDistricts/purge.test.ts walks the
// schema (SQLite's foreign keys, PostgreSQL's information_schema) after purging the seeded demo district and fails
// on any row left that names the district, its logins or any row that pointed at them.
import { type RawBuilder, sql } from 'kysely';

export const DELETION_KINDS = {
  schools: 'Schools',
  educators: 'Educators and their school history',
  logins: 'User accounts, their roles, schools, invitations, preferences and sessions',
  groups: 'Staff groups and their members',
  caseloads: 'Caseload assignments',
  interactions: 'Interactions with their participants, custom fields, groups and skills',
  activities: 'Activities (logged time)',
  cycles: 'Coaching cycles with their educators, skills, stage moves and notes',
  ratings: 'Skill ratings and self-assessments',
  observations: 'Observations, their answers and calibration sessions',
  actionSteps: 'Action steps',
  requests: 'Coaching requests and school staff requests',
  settings: 'Settings: interaction types and fields, cycle stages and goal templates, skill frameworks, observation forms, single sign-on',
  imports: 'Imports and their rows',
  exports: 'Data exports and retention runs',
  billing: 'Quotes and invoices',
  logs: 'Audit log entries, sign-in security events, error reports and the read log',
  summaries: 'Report summaries',
} as const;
export type DeletionKind = keyof typeof DELETION_KINDS;

export interface PurgeStep {
  table: string;
  kind: DeletionKind;
  /** The district's rows of the table (`id`: the district's id). */
  where: (id: number) => RawBuilder<unknown>;
}

const byDistrict = (column = 'district_id') => (id: number) => sql`${sql.ref(column)} = ${id}`;
/** The district's logins (read while they exist: users go last but one). */
const districtUsers = (id: number) => sql`(select u.id from users u where u.district_id = ${id})`;
const byUser = (column: string) => (id: number) => sql`${sql.ref(column)} in ${districtUsers(id)}`;
const byDistrictOrUser = (...columns: string[]) => (id: number) =>
  sql`(district_id = ${id} or ${sql.join(columns.map((c) => sql`${sql.ref(c)} in ${districtUsers(id)}`), sql` or `)})`;

const step = (table: string, kind: DeletionKind, where: PurgeStep['where'] = byDistrict()): PurgeStep => ({ table, kind, where });

/**
 * The purge, in order. The audit log is not here: purge.ts scrubs the provider's own entries about the district
 * (kept with its id and name only) and deletes every other entry of it before these steps run.
 */
export const PURGE_STEPS: readonly PurgeStep[] = [
  // Coaching records, leaves first.
  step('interaction_field_values', 'interactions'),
  step('interaction_participants', 'interactions'),
  step('interaction_groups', 'interactions'),
  step('interaction_skills', 'interactions'),
  step('observation_answers', 'observations'),
  step('skill_current_levels', 'ratings'),
  step('skill_ratings', 'ratings'),
  step('self_ratings', 'ratings'),
  step('coaching_cycle_notes', 'cycles'),
  step('coaching_cycle_stage_history', 'cycles'),
  step('coaching_cycle_skills', 'cycles'),
  step('coaching_cycle_staff', 'cycles'),
  step('coaching_request_holders', 'requests'),
  step('coaching_requests', 'requests'),
  step('action_steps', 'actionSteps'),
  step('observations', 'observations'),
  step('calibration_sessions', 'observations'),
  step('interactions', 'interactions'),
  step('coaching_cycles', 'cycles'),
  step('activities', 'activities'),
  step('record_reads', 'logs', byDistrictOrUser('reader_user_id', 'impersonated_by')),
  // The roster.
  step('coach_assignments', 'caseloads'),
  step('group_items', 'groups', (id) => sql`group_id in (select g.id from groups g where g.district_id = ${id})`),
  step('groups', 'groups'),
  step('building_history_requests', 'requests'),
  step('staff_buildings', 'educators'),
  step('staff_source_ids', 'educators'),
  step('staff', 'educators'),
  // Settings.
  step('observation_form_items', 'settings'),
  step('observation_form_versions', 'settings'),
  step('observation_forms', 'settings'),
  step('interaction_fields', 'settings'),
  step('interaction_types', 'settings'),
  step('cycle_stages', 'settings'),
  step('cycle_goal_templates', 'settings'),
  step('skills', 'settings'),
  step('skill_levels', 'settings'),
  step('skill_domains', 'settings'),
  step('skill_frameworks', 'settings'),
  step('setup_checklist_marks', 'settings'),
  step('sso_links', 'logins'),
  step('sso_connections', 'settings'),
  // Files and runs.
  step('import_rows', 'imports'),
  step('imports', 'imports'),
  step('district_exports', 'exports'),
  step('retention_runs', 'exports'),
  // Billing.
  step('invoices', 'billing'),
  step('quotes', 'billing'),
  // The logins and what hangs on them.
  step('calendar_feeds', 'logins', byDistrictOrUser('user_id')),
  step('report_subscriptions', 'logins', byDistrictOrUser('user_id')),
  step('action_step_digests', 'logins', byDistrictOrUser('user_id')),
  step('invites', 'logins', byDistrictOrUser('user_id')),
  step('account_migrations', 'logins', (id) =>
    sql`(from_district_id = ${id} or to_district_id = ${id} or user_id in ${districtUsers(id)} or invite_user_id in ${districtUsers(id)})`),
  step('password_resets', 'logins', byUser('user_id')),
  step('email_changes', 'logins', byUser('user_id')),
  step('sessions', 'logins', byUser('user_id')),
  step('alert_dismissals', 'logins', byUser('user_id')),
  step('article_views', 'logins', byUser('user_id')),
  step('article_feedback', 'logins', byUser('user_id')),
  step('user_roles', 'logins', byUser('user_id')),
  step('user_buildings', 'logins', byUser('user_id')),
  // Logs of the district's people (the audit log: purge.ts).
  step('security_events', 'logs', byDistrictOrUser('user_id')),
  step('server_errors', 'logs', byDistrictOrUser('user_id', 'impersonator_id')),
  step('client_errors', 'logs', byDistrictOrUser('user_id')),
  // Rate-limit counters keyed by a login's email (http/rateLimit.ts clientKey: "ip|…|email", the email last); they
  // expire anyway. The email is the key's whole last part, its LIKE wildcards escaped: "j_smith@x.org" must not reach
  // "jxsmith@x.org" or "j_smith@x.org.uk" of another district.
  step('rate_limits', 'logs', (id) => sql`exists (select 1 from users u where u.district_id = ${id}
    and rate_limits.key like ${'%|'} || replace(replace(replace(lower(u.email), ${'\\'}, ${'\\\\'}), ${'%'}, ${'\\%'}), ${'_'}, ${'\\_'}) escape ${'\\'})`),
  step('users', 'logins'),
  step('buildings', 'schools'),
  // An alert aimed at the district by id.
  step('alert_targets', 'summaries', (id) => sql`kind = 'district' and value = ${String(id)}`),
  // The reports' rollups (kept by triggers while the rows went; nothing is left to sum).
  step('report_interaction_months', 'summaries'),
  step('report_participation_months', 'summaries'),
  step('report_observation_keys', 'summaries'),
  step('report_observation_months', 'summaries'),
  step('report_observation_answer_months', 'summaries'),
];

/**
 * Tables the purge leaves alone although they name districts or logins, each with its reason (the schema walk of
 * purge.test.ts reads this list).
 */
export const NOT_PURGED: Readonly<Record<string, string>> = {
  district_versions: "a counter of the kept answers' bookkeeping (no data); the district row's own deletion bumps it, on PostgreSQL at the commit",
  district_deletion_certificates: 'the provider’s record of the purge: the district’s id, name and counts only',
  audit_log: "purge.ts: the provider's own entries about the district are kept with its id and name only; every other entry of it goes",
};
