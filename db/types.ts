// The Kysely Database interface, one table type each. Timestamps are ISO-8601 UTC strings.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = string;
type CreatedAt = ColumnType<Timestamp, Timestamp | undefined, never>;
/** A record's client id (migration 20261204_0174): given when it is made (absent: none), never changed. */
type ClientId = ColumnType<string | null, string | null | undefined, never>;

export interface PlansTable {
  id: Generated<number>;
  key: string;
  name: string;
  description: string;
  price_per_seat_cents: number;
  features: string; // JSON array of plan feature keys
  sort_order: number;
}

export interface DistrictsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  state: string;
  timezone: string;
  plan_id: number;
  status: 'trial' | 'active' | 'suspended';
  trial_ends_at: Timestamp | null;
  seats: number;
  school_year_start_month: number;
  settings: string; // JSON object
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** Suspension (migration 20261123_0080): when, why, and the status reactivating restores. */
  suspended_at: Timestamp | null;
  suspension_reason: string | null;
  status_before_suspension: 'trial' | 'active' | null;
  /** Billing (migration 20261124_0090). */
  billing_contact_name: string | null;
  billing_contact_email: string | null;
  billing_address: string | null;
  tax_exempt_number: string | null;
  /** YYYY-MM-DD: the end of the paid term (last day of a school year). */
  renews_on: string | null;
  seat_warning_sent_at: Timestamp | null;
  seat_warning_seats_used: number | null;
  /** Deletion (issue 32, migration 20261205_0177): scheduled when, purged from when on, by which provider login. */
  deletion_scheduled_at: Timestamp | null;
  deletion_due_at: Timestamp | null;
  deletion_scheduled_by: number | null;
}

export interface BuildingsTable {
  id: Generated<number>;
  district_id: number;
  name: string;
  code: string | null;
  grade_band: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface UsersTable {
  id: Generated<number>;
  district_id: number | null;
  email: string; // stored lower-case; one ACTIVE login per email, one row per email per district
  name: string;
  password_hash: string | null;
  status: 'invited' | 'active' | 'disabled';
  date_locale: string;
  /** Interface language (issue 33): 'en' | 'es'; null = the district's (districts.settings `language`). */
  locale: string | null;
  timezone: string;
  last_login_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  label: string;
  area: 'app' | 'admin';
}

export interface PermissionsTable {
  id: Generated<number>;
  name: string;
}

export interface RolePermissionsTable {
  role_id: number;
  permission_id: number;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface UserBuildingsTable {
  user_id: number;
  building_id: number;
}

/** Counters bumped by triggers on every write to the tables of a scope (migration 20261123_0050). */
export interface ChangeVersionsTable {
  scope: 'auth' | 'staff';
  version: number;
}

export interface SessionsTable {
  sid: string;
  user_id: number | null;
  data: string;
  expires_at: number; // epoch ms, for cheap pruning
  created_at: CreatedAt;
}

export interface InvitesTable {
  id: Generated<number>;
  district_id: number | null;
  user_id: number;
  invited_by: number | null;
  token_hash: string;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface AuditLogTable {
  id: Generated<number>;
  district_id: number | null;
  actor_id: number | null;
  impersonator_id: number | null;
  action: string;
  subject_type: string | null;
  subject_id: number | null;
  ip: string | null;
  user_agent: string | null;
  details: string | null; // JSON
  at: Timestamp;
}

export interface ClientErrorsTable {
  id: Generated<number>;
  user_id: number | null;
  district_id: number | null;
  message: string;
  stack: string | null;
  url: string | null;
  user_agent: string | null;
  at: Timestamp;
}

export interface StaffTable {
  id: Generated<number>;
  district_id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  employee_id: string | null;
  position: string | null;
  grade_levels: string; // JSON array of grade keys: "PK", "K", "1" … "12"
  subjects: string; // JSON array of subject names
  hire_date: string | null; // YYYY-MM-DD
  status: 'active' | 'inactive';
  user_id: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** Building history: one row per stay of an educator at a school; end_date null while current. */
export interface StaffBuildingsTable {
  id: Generated<number>;
  district_id: number;
  staff_id: number;
  building_id: number;
  start_date: string; // YYYY-MM-DD
  end_date: string | null;
  created_at: CreatedAt;
}

export interface CoachAssignmentsTable {
  id: Generated<number>;
  district_id: number;
  coach_id: number; // users.id of a user with the coach role
  staff_id: number;
  start_date: string;
  end_date: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface GroupsTable {
  id: Generated<number>;
  district_id: number;
  name: string;
  description: string | null;
  group_of: string; // 'App\\Models\\Staff' marks a staff group
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface GroupItemsTable {
  id: Generated<number>;
  group_id: number;
  item_id: number;
  start_date: Timestamp; // UTC instant, converted by the client from the picked local date
  end_date: Timestamp | null;
}

export interface BuildingHistoryRequestsTable {
  id: Generated<number>;
  district_id: number;
  staff_id: number;
  building_id: number;
  start_date: string;
  note: string | null;
  status: 'pending' | 'approved' | 'denied';
  requested_by: number | null;
  decided_by: number | null;
  decided_at: Timestamp | null;
  decision_reason: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface AccountMigrationsTable {
  id: Generated<number>;
  user_id: number;
  from_district_id: number | null;
  to_district_id: number;
  name: string;
  roles: string; // JSON array of role names in the new district
  building_ids: string; // JSON array
  invited_by: number | null;
  token_hash: string;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: CreatedAt;
  /** The invited row of the new district that becomes the person's login on acceptance. */
  invite_user_id: number | null;
}

/** A pending change of a login's email: confirmed by following the link sent to the new address. */
export interface EmailChangesTable {
  id: Generated<number>;
  user_id: number;
  new_email: string;
  token_hash: string;
  expires_at: Timestamp;
  confirmed_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: CreatedAt;
}

/** An interaction type; district_id null = one of the provider's defaults, copied into every district. */
export interface InteractionTypesTable {
  id: Generated<number>;
  district_id: number | null;
  name: string;
  colour: string; // a key of INTERACTION_COLOURS (common/schemas/interactionTypes.ts)
  default_minutes: number;
  counts_as_coaching: number; // 0 | 1
  sort_order: number;
  archived_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A custom field of an interaction type (plan feature `custom-fields`). */
export interface InteractionFieldsTable {
  id: Generated<number>;
  district_id: number | null;
  interaction_type_id: number;
  label: string;
  help_text: string | null;
  kind: string; // a FIELD_KINDS value
  config: string; // JSON: { options?, min?, max?, scale?, labels? }
  required: number; // 0 | 1
  sort_order: number;
  archived_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface InteractionsTable {
  id: Generated<number>;
  district_id: number;
  interaction_type_id: number;
  coach_id: number;
  starts_at: Timestamp;
  duration_minutes: number;
  status: 'scheduled' | 'completed' | 'cancelled' | 'no-show';
  building_id: number | null;
  notes: string | null;
  private_notes: string | null; // only ever answered to its author (created_by)
  next_steps: string | null;
  sequence: Generated<number>;
  import_uid: string | null;
  created_by: number | null;
  updated_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
  coaching_cycle_id: number | null;
  /** The device's UUID of a record made offline (issue 31): one per (district, created_by); never changes. */
  client_id: ClientId;
}

/** The educators of an interaction, groups expanded to their members on its date. */
export interface InteractionParticipantsTable {
  id: Generated<number>;
  district_id: number;
  interaction_id: number;
  staff_id: number;
  group_id: number | null;
}

export interface InteractionGroupsTable {
  id: Generated<number>;
  district_id: number;
  interaction_id: number;
  group_id: number;
}

export interface InteractionFieldValuesTable {
  id: Generated<number>;
  district_id: number;
  interaction_id: number;
  field_id: number;
  value: string; // JSON
}

/** A user's non-interaction time ("Log time"). */
export interface ActivitiesTable {
  id: Generated<number>;
  district_id: number;
  user_id: number;
  category: string; // an ACTIVITY_CATEGORIES key
  starts_at: Timestamp;
  minutes: number;
  notes: string | null;
  sequence: Generated<number>;
  import_uid: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

/** A personal ICS subscription: the token is stored hashed; no row = sync turned off. */
export interface CalendarFeedsTable {
  id: Generated<number>;
  district_id: number;
  user_id: number;
  token_hash: string;
  title_mode: 'names' | 'type';
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SkillFrameworksTable {
  id: Generated<number>;
  district_id: number | null; // null: the provider's default framework
  name: string;
  description: string | null;
  active: number; // 0 | 1: one active framework per district
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SkillLevelsTable {
  id: Generated<number>;
  district_id: number | null;
  framework_id: number;
  level: number; // 1..N
  name: string;
  descriptor: string | null;
}

export interface SkillDomainsTable {
  id: Generated<number>;
  district_id: number | null;
  framework_id: number;
  name: string;
  description: string | null;
  sort_order: number;
  archived_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SkillsTable {
  id: Generated<number>;
  district_id: number | null;
  framework_id: number;
  domain_id: number;
  name: string;
  description: string | null;
  sort_order: number;
  archived_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** An observation form (issue 28); district_id null: one of the provider's defaults. Its questions live in versions. */
export interface ObservationFormsTable {
  id: Generated<number>;
  district_id: number | null;
  interaction_type_id: number;
  builtin: number; // 0 | 1: the built-in walkthrough, the one form a plan without observation forms keeps
  current_version_id: number | null;
  archived_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A form as it was: an observation keeps the version it was made with. */
export interface ObservationFormVersionsTable {
  id: Generated<number>;
  district_id: number | null;
  form_id: number;
  version: number;
  name: string;
  description: string | null;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface ObservationFormItemsTable {
  id: Generated<number>;
  district_id: number | null;
  version_id: number;
  /** The id of this item in the version that first had it: the same question across versions. */
  lineage_id: number | null;
  position: number;
  section: string | null;
  label: string;
  kind: 'look_for' | 'rating' | 'choice' | 'text' | 'number';
  required: number; // 0 | 1
  config: string; // JSON: choice { options, multiple }; rating { scale }
  skill_id: number | null;
}

export interface ObservationsTable {
  id: Generated<number>;
  district_id: number;
  form_id: number;
  version_id: number;
  staff_id: number;
  observer_id: number;
  /** The interaction written when completed; null for a draft. */
  interaction_id: number | null;
  building_id: number | null;
  status: 'draft' | 'completed';
  observed_at: Timestamp;
  duration_minutes: number;
  notes: string | null;
  private_notes: string | null;
  next_steps: string | null;
  calibration_id: number | null;
  share_answers: number; // 0 | 1
  share_notes: number; // 0 | 1
  shared_at: Timestamp | null;
  shared_by: number | null;
  acknowledged_at: Timestamp | null;
  reflection: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
  /** The device's UUID of a record made offline (issue 31): one per (district, observer_id); never changes. */
  client_id: ClientId;
}

/** A calibration session (issue 28): one lesson that several observers observe with the same form, to compare their answers. */
export interface CalibrationSessionsTable {
  id: Generated<number>;
  district_id: number;
  form_id: number;
  staff_id: number;
  building_id: number | null;
  observed_at: Timestamp;
  title: string;
  notes: string | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  archived_at: Timestamp | null;
}

/** An action step (issue 29): one educator's next step, set by their coach or by themself, followed through to done or dropped. */
export interface ActionStepsTable {
  id: Generated<number>;
  district_id: number;
  /** The owner educator. */
  staff_id: number;
  title: string;
  detail: string | null;
  due_on: string | null; // YYYY-MM-DD
  set_by_user_id: number | null;
  /** null: set by a coach on the educator's profile, from no record. */
  source_type: 'interaction' | 'observation' | 'cycle' | 'own' | null;
  source_id: number | null;
  status: 'open' | 'done' | 'dropped';
  done_on: string | null; // YYYY-MM-DD
  /** The educator's note: what they tried, how it went. */
  note: string | null;
  status_by_user_id: number | null;
  status_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** The device's UUID of a record made offline (issue 31): one per (district, set_by_user_id); never changes. */
  client_id: ClientId;
}

/** A coaching request (issue 29): an educator asks for support; coaches hold it in their queue until one accepts (scheduling a session) or passes it on. */
export interface CoachingRequestsTable {
  id: Generated<number>;
  district_id: number;
  /** The educator who asks. */
  staff_id: number;
  requested_by_user_id: number | null;
  topic: string;
  message: string;
  preferred_times: string | null;
  status: 'open' | 'passed' | 'accepted' | 'withdrawn';
  /** The scheduled interaction made on acceptance. */
  interaction_id: number | null;
  accepted_by_user_id: number | null;
  accepted_at: Timestamp | null;
  pass_note: string | null;
  passed_by_user_id: number | null;
  passed_at: Timestamp | null;
  withdrawn_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A coach whose queue holds a coaching request; `ended_at` set when it left their queue. */
export interface CoachingRequestHoldersTable {
  id: Generated<number>;
  district_id: number;
  request_id: number;
  user_id: number;
  reason: 'coach' | 'school' | 'passed';
  created_at: CreatedAt;
  ended_at: Timestamp | null;
}

/** The kinds of sign-in connection a district may have (issue 30). */
export type SsoKind = 'google' | 'microsoft' | 'clever' | 'classlink' | 'oidc';

/** A district's single sign-on connection (issue 30), one per kind. The client secret is sealed (server/lib/secretBox.ts). */
export interface SsoConnectionsTable {
  id: Generated<number>;
  district_id: number;
  kind: SsoKind;
  /** The OpenID discovery base (its /.well-known/openid-configuration). */
  issuer: string;
  client_id: string;
  /** secretBox's seal of the client secret; never answered, logged or audited. */
  client_secret_sealed: string;
  /** JSON array of lower-case email domains. */
  domains: ColumnType<string, string | undefined, string>;
  /** 1: the district's users may still sign in with a password; 0: single sign-on only. */
  password_login: ColumnType<number, number | undefined, number>;
  /** 1: a first sign-in of an unknown email in an allowed domain may create an educator login. */
  create_users: ColumnType<number, number | undefined, number>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  last_tested_at: Timestamp | null;
  /** What the last "Test connection" said, in words. */
  last_test_result: string | null;
}

/** A login tied to a provider's subject (issuer + subject, unique): survives an email change at the provider. */
export interface SsoLinksTable {
  id: Generated<number>;
  district_id: number;
  user_id: number;
  connection_id: number;
  issuer: string;
  subject: string;
  email_at_link: string | null;
  created_at: CreatedAt;
  last_sign_in_at: Timestamp | null;
}

/** A deletion certificate's email to one recipient, retried by the hourly deletion job (issue 32). */
export interface CertificateEmailsTable {
  id: Generated<number>;
  certificate_id: number;
  /** Cleared once sent or given up. */
  recipient: string | null;
  locale: string;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp | null;
  sent_at: Timestamp | null;
  failed_at: Timestamp | null;
  last_error: string | null;
  created_at: CreatedAt;
}

/** A Coachwell staff login tied to the provider's own sign-in subject (issuer + subject, unique; no district). */
export interface ProviderSsoLinksTable {
  id: Generated<number>;
  user_id: number;
  issuer: string;
  subject: string;
  email_at_link: string | null;
  created_at: CreatedAt;
  last_sign_in_at: Timestamp | null;
}

export interface ObservationAnswersTable {
  observation_id: number;
  item_id: number;
  district_id: number;
  value: string; // JSON
  evidence: string | null;
}

/** Every rating kept; the current level is the latest (rated_on, then id). */
export interface SkillRatingsTable {
  id: Generated<number>;
  district_id: number;
  staff_id: number;
  skill_id: number;
  level: number;
  rated_on: string; // YYYY-MM-DD
  rated_by: number | null;
  note: string | null;
  interaction_id: number | null;
  created_at: CreatedAt;
}

/**
 * An educator's rating of themself (issue 29, self-assessment): every one kept, the latest per skill by id.
 * A table of its own so it never reaches skill_current_levels, the heat map's levels or the reports.
 */
export interface SelfRatingsTable {
  id: Generated<number>;
  district_id: number;
  staff_id: number;
  skill_id: number;
  level: number;
  rated_on: string; // YYYY-MM-DD, the district's day
  rated_by: number | null;
  created_at: CreatedAt;
}

/** The latest rating per (educator, skill), kept in step by the rating commands. */
export interface SkillCurrentLevelsTable {
  district_id: number;
  staff_id: number;
  skill_id: number;
  rating_id: number;
  level: number;
  rated_on: string;
  /** The rater and note of the rating behind the cell (migration 0061), so the heat map reads this table only. */
  rated_by: number | null;
  note: string | null;
}

export interface CycleStagesTable {
  id: Generated<number>;
  district_id: number | null; // null: the provider's default stages
  name: string;
  description: string | null;
  expected_days: number;
  sort_order: number;
  archived_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface CycleGoalTemplatesTable {
  id: Generated<number>;
  district_id: number | null;
  title: string;
  goal: string;
  sort_order: number;
  archived_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface CoachingCyclesTable {
  id: Generated<number>;
  district_id: number;
  coach_id: number;
  title: string;
  goal: string | null;
  start_date: string;
  target_end_date: string | null;
  status: 'planned' | 'active' | 'completed' | 'cancelled';
  stage_id: number | null;
  stage_entered_on: string | null;
  outcome: 'met' | 'partly-met' | 'not-met' | null;
  reflection: string | null;
  completed_on: string | null;
  created_by: number | null;
  updated_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface CoachingCycleStaffTable {
  id: Generated<number>;
  district_id: number;
  cycle_id: number;
  staff_id: number;
}

export interface CoachingCycleSkillsTable {
  id: Generated<number>;
  district_id: number;
  cycle_id: number;
  skill_id: number;
}

export interface CoachingCycleStageHistoryTable {
  id: Generated<number>;
  district_id: number;
  cycle_id: number;
  stage_id: number;
  entered_on: string;
  left_on: string | null;
  moved_by: number | null;
}

export interface CoachingCycleNotesTable {
  id: Generated<number>;
  district_id: number;
  cycle_id: number;
  author_id: number | null;
  body: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

/** An interaction's focus skills. */
export interface InteractionSkillsTable {
  id: Generated<number>;
  district_id: number;
  interaction_id: number;
  skill_id: number;
}

/** One upload of a staff or users CSV (or OneRoster set): uploaded, previewed, run. */
export interface ImportsTable {
  id: Generated<number>;
  district_id: number;
  kind: 'staff' | 'users';
  file_name: string;
  format: 'csv' | 'oneroster-1.1' | 'oneroster-1.2';
  mode: 'add-update' | 'full-sync';
  options: string; // JSON { skip_invalid, create_missing_schools, send_invites }
  headers: string; // JSON array of the file's column headers
  mapping: string; // JSON { header: field }
  status: 'pending' | 'running' | 'completed' | 'failed' | 'interrupted';
  total_rows: number;
  created_count: number;
  updated_count: number;
  unchanged_count: number;
  error_count: number;
  skipped_count: number;
  deactivated_count: number;
  failure: string | null;
  created_by: number | null;
  created_at: CreatedAt;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
}

/** An educator's OneRoster sourcedId (or another system's id): imports match on it; unique per district. */
export interface StaffSourceIdsTable {
  id: Generated<number>;
  district_id: number;
  staff_id: number;
  source_id: string;
  created_at: CreatedAt;
}

export interface ImportRowsTable {
  id: Generated<number>;
  district_id: number;
  import_id: number;
  row_number: number; // as a spreadsheet shows it: the header is row 1
  raw: string; // JSON array of cells, in the order of imports.headers
  outcome: 'pending' | 'created' | 'updated' | 'unchanged' | 'error' | 'skipped';
  errors: string; // JSON array of { column, message }
  record_id: number | null;
}

/** Scheduled report emails (issue 11): one row per subscription, the job itself (next_run_at). */
export interface ReportSubscriptionsTable {
  id: Generated<number>;
  district_id: number;
  user_id: number;
  report: string; // a ReportKind
  frequency: 'weekly' | 'monthly';
  query: string; // the report view's query string without '?'
  unsubscribe_token_hash: string;
  next_run_at: Timestamp;
  last_sent_at: Timestamp | null;
  last_skipped_reason: string | null;
  claimed_at: Timestamp | null;
  claim_token: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

// Help articles (migration 20261123_0083_articles): the provider's content, no district_id.
export interface ArticlesTable {
  id: Generated<number>;
  title: string;
  slug: string; // unique
  category: string; // a key of ARTICLE_CATEGORIES
  audience: 'all' | 'roles';
  body: string; // Markdown
  status: 'draft' | 'published';
  published_at: Timestamp | null;
  view_count: Generated<number>;
  helpful_yes: Generated<number>;
  helpful_no: Generated<number>;
  created_by: number | null;
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ArticleAudienceRolesTable {
  article_id: number;
  role: string; // a district role name
}

export interface ArticleVersionsTable {
  id: Generated<number>;
  article_id: number;
  title: string;
  slug: string;
  category: string;
  audience: 'all' | 'roles';
  audience_roles: string; // JSON array of role names
  body: string;
  edited_by: number | null;
  at: Timestamp;
}

/** An article's text in another language (issue 33; migration 20261206_0182): the provider's, no district. */
export interface ArticleTranslationsTable {
  article_id: number;
  locale: 'es';
  title: string;
  body: string; // Markdown
  updated_by: number | null; // null: Coachwell's own text (a migration's)
  updated_at: Timestamp;
}

export interface ArticleFeedbackTable {
  article_id: number;
  user_id: number;
  helpful: number; // 1 | 0
  at: Timestamp;
}

export interface ArticleViewsTable {
  article_id: number;
  user_id: number;
  counted_at: Timestamp;
}

/** Admin operations (migration 20261123_0081): 500s of the API, kept whether or not Sentry is configured. */
export interface ServerErrorsTable {
  id: Generated<number>;
  message: string;
  stack: string | null;
  method: string;
  path: string;
  status: number;
  user_id: number | null;
  impersonator_id: number | null;
  district_id: number | null;
  request_id: string;
  ip: string | null;
  user_agent: string | null;
  at: Timestamp;
}

/** Failed sign-ins, rate-limit refusals and CSRF refusals (migration 20261123_0081). */
export interface SecurityEventsTable {
  id: Generated<number>;
  kind: string; // failed-sign-in | rate-limited | csrf-refused
  ip: string | null;
  user_agent: string | null;
  email: string | null;
  user_id: number | null;
  district_id: number | null;
  method: string | null;
  path: string | null;
  details: string | null; // JSON
  at: Timestamp;
}

/** The provider's own settings, one JSON value per key (e.g. log_retention_days). */
export interface ProviderSettingsTable {
  key: string;
  value: string; // JSON
  updated_by: number | null;
  updated_at: Timestamp;
}

// Alerts (migration 20261123_0082_alerts): the provider's announcements, their audience and dismissals.
export interface BillingCountersTable {
  name: string; // 'quote-2026', 'invoice-2026'
  value: number;
}

export interface QuotesTable {
  id: Generated<number>;
  district_id: number;
  number: string;
  plan_id: number;
  plan_name: string;
  price_per_seat_cents: number;
  seats: number;
  term_years: number;
  notes: string;
  line_items: string; // JSON LineItem[] (common/money.ts)
  subtotal_cents: number;
  discount_bps: number;
  discount_cents: number;
  total_cents: number;
  status: 'draft' | 'sent' | 'accepted' | 'declined';
  valid_until: string; // YYYY-MM-DD
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  sent_at: Timestamp | null;
  sent_to: string | null;
  accepted_at: Timestamp | null;
  accepted_by: number | null;
  po_number: string | null;
  signer_name: string | null;
  signer_title: string | null;
  declined_at: Timestamp | null;
  declined_by: number | null;
  decline_reason: string | null;
  activated_at: Timestamp | null;
  activated_by: number | null;
}

export interface InvoicesTable {
  id: Generated<number>;
  district_id: number;
  number: string;
  quote_id: number | null;
  issued_on: string; // YYYY-MM-DD
  due_on: string;
  period_start: string;
  period_end: string;
  line_items: string; // JSON LineItem[]
  amount_cents: number;
  po_number: string | null;
  bill_to: string; // JSON BillTo (common/schemas/billing.ts)
  status: 'open' | 'paid' | 'void';
  paid_on: string | null;
  voided_at: Timestamp | null;
  void_reason: string | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface AlertsTable {
  id: Generated<number>;
  title: string;
  body: string; // Markdown
  level: 'info' | 'warning' | 'critical';
  audience: 'everyone' | 'plan' | 'districts' | 'roles';
  starts_at: Timestamp;
  ends_at: Timestamp | null;
  created_by: number | null;
  updated_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface AlertTargetsTable {
  alert_id: number;
  kind: 'everyone' | 'plan' | 'district' | 'role';
  /** '*' for everyone, a plan key, a district id as text or a role name. */
  value: string;
}

export interface AlertDismissalsTable {
  alert_id: number;
  user_id: number;
  at: Timestamp;
}

/** Fixed-window rate-limit counters shared by every process (migration 20261125_0100; server/http/rateLimit.ts). */
export interface RateLimitsTable {
  key: string;
  count: number;
  /** When the window ends: epoch milliseconds. */
  reset_at: number;
}

/** One change counter per district (migration 20261127_0110; server/lib/keptAnswers.ts). */
export interface DistrictVersionsTable {
  district_id: number;
  version: Generated<number>;
}

/** The months of a timezone as instants, 2000-01 … 2060-12 (db/zoneMonths.ts). */
export interface ZoneMonthsTable {
  timezone: string;
  month: string; // YYYY-MM
  starts_at: string;
  ends_at: string;
}

/** Counted interactions per month of the district's zone, type, school (0: none) and coach; kept by triggers (db/reportRollups.ts). */
export interface ReportInteractionMonthsTable {
  district_id: number;
  month: string;
  interaction_type_id: number;
  building_id: number;
  coach_id: number;
  n: number;
  minutes: number;
}

/** Counted interactions' participants per month, educator, school (0: none) and coach; kept by triggers. */
export interface ReportParticipationMonthsTable {
  district_id: number;
  month: string;
  staff_id: number;
  building_id: number;
  coach_id: number;
  n: number;
  minutes: number;
  last_at: string;
}

/** The walkthrough report's ledger: a counted observation's group key (migration 20261202_0164; db/walkthroughRollups.ts); kept by triggers. */
export interface ReportObservationKeysTable {
  observation_id: number;
  district_id: number;
  form_id: number;
  /** YYYY-MM of the interaction's start in the district's timezone */
  month: string;
  /** the interaction's school (0: none) */
  building_id: number;
  coach_id: number;
  /** the observation's school (0: none) */
  obs_building_id: number;
  /** 1 when the observation's time is not its interaction's */
  moved: number;
  staff_id: number;
}

/** Counted observations per form, month, school, coach, observation's school, moved and educator; kept by triggers. */
export interface ReportObservationMonthsTable {
  district_id: number;
  form_id: number;
  month: string;
  building_id: number;
  coach_id: number;
  obs_building_id: number;
  moved: number;
  staff_id: number;
  n: number;
}

/** Counted observations' answers per form, month, school, coach, observation's school, item and value (text: '""' or 'null'); kept by triggers. */
export interface ReportObservationAnswerMonthsTable {
  district_id: number;
  form_id: number;
  month: string;
  building_id: number;
  coach_id: number;
  obs_building_id: number;
  item_id: number;
  value: string;
  n: number;
}

/** The setup checklist's marks a district's rows cannot say (migration 20261128_0130; server/features/setup). */
export interface SetupChecklistMarksTable {
  district_id: number;
  mark: 'interaction-types' | 'framework' | 'dismissed';
  user_id: number | null;
  at: Timestamp;
}

/** The kinds of record the read log names (issue 29, "Who has read about me"). */
export type ReadKind = 'observation' | 'interaction' | 'skill_rating' | 'action_step' | 'cycle';

/**
 * The read log (migration 20261202_0168): a reader opened records of one kind about one educator on one day of
 * the district's timezone; at most one row per reader (login and impersonator), educator, kind and day; kept two years.
 */
/**
 * The weekly action-step digest, per login (migration 20261202_0170): no row reads as the defaults (email on,
 * no week written yet).
 */
export interface ActionStepDigestsTable {
  user_id: number;
  district_id: number;
  /** 1: the weekly email is sent (the default); 0: the login turned it off on Account Settings. */
  weekly_email: Generated<number>;
  /** The Monday (YYYY-MM-DD, on the login's own clock: its profile timezone, else the district's) of the last week whose digest was written for this login. */
  last_week: string | null;
  updated_at: Timestamp;
}

export interface RecordReadsTable {
  id: Generated<number>;
  district_id: number;
  /** The educator read about. */
  staff_id: number;
  /** The district login that read (the one impersonated, when provider staff did). */
  reader_user_id: number;
  /** The reader's role labels at the time ("Coach", "Principal (building administrator)"). */
  reader_role: string;
  /** The provider staff member impersonating the reader, else null. */
  impersonated_by: number | null;
  kind: ReadKind;
  /** YYYY-MM-DD in the district's timezone. */
  day: string;
}

export type DistrictExportStatus = 'queued' | 'running' | 'ready' | 'failed';

/** A district's full export (issue 32): the background job's row, its zip under the data folder's exports/. */
export interface DistrictExportsTable {
  id: Generated<number>;
  district_id: number;
  requested_by: number | null;
  status: ColumnType<DistrictExportStatus, DistrictExportStatus | undefined, DistrictExportStatus>;
  /** Rows written so far (every kind), after each batch. */
  rows_done: ColumnType<number, number | undefined, number>;
  kinds_done: ColumnType<number, number | undefined, number>;
  kinds_total: ColumnType<number, number | undefined, number>;
  /** The zip's path, relative to the data folder (exports/…); null until the job starts writing. */
  file_path: string | null;
  size_bytes: number | null;
  /** A failure's message, in words for the administrator. */
  error: string | null;
  created_at: CreatedAt;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  /** A ready file's end: finished_at + 7 days. */
  expires_at: Timestamp | null;
  /** When the hourly prune removed the expired file. */
  file_deleted_at: Timestamp | null;
  /** Written every 15 s while the job runs (a stale one: its process died). */
  heartbeat_at: Timestamp | null;
}

/**
 * A district's purge under way (issue 32, migration 20261206_0180): when and by whom it started (null: the scheduled
 * job; the name kept for the certificate), its progress (JSON: counts per kind, files, recipients, scheduled_by_name),
 * the runner holding it and its last heartbeat. Deleted in the purge's last transaction.
 */
export interface DistrictPurgesTable {
  district_id: number;
  started_at: Timestamp;
  started_by: number | null;
  started_by_name: string | null;
  progress: string;
  runner: string | null;
  heartbeat_at: Timestamp | null;
}

/** The provider's record of a purged district (issue 32, migration 20261205_0177): not a district table, it survives the purge. */
export interface DistrictDeletionCertificatesTable {
  id: Generated<number>;
  certificate_number: string;
  purged_district_id: number;
  district_name: string;
  district_timezone: string;
  scheduled_at: Timestamp | null;
  scheduled_by: number | null;
  scheduled_by_name: string | null;
  purged_at: Timestamp;
  /** null: the scheduled deletion job. */
  purged_by: number | null;
  purged_by_name: string | null;
  /** JSON: [{ kind, label, count }]. */
  counts: string;
  files_deleted: number;
  recipients: number;
  pdf: Buffer;
}

/** One night's retention run of a district (issue 32, migration 20261205_0178): claimed once across processes. */
export interface RetentionRunsTable {
  id: Generated<number>;
  district_id: number;
  /** The district's local date of the night (YYYY-MM-DD). */
  night: string;
  /** Records dated before this day (the district's calendar) were removed. */
  cutoff_day: string;
  years: number;
  status: 'running' | 'done' | 'failed';
  /** JSON: what the run removed per kind (common/retention.ts RetentionCounts), once done. */
  counts: string | null;
  started_at: Timestamp;
  finished_at: Timestamp | null;
}

export interface Database {
  plans: PlansTable;
  billing_counters: BillingCountersTable;
  quotes: QuotesTable;
  invoices: InvoicesTable;
  districts: DistrictsTable;
  district_deletion_certificates: DistrictDeletionCertificatesTable;
  district_purges: DistrictPurgesTable;
  district_exports: DistrictExportsTable;
  buildings: BuildingsTable;
  users: UsersTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  user_buildings: UserBuildingsTable;
  sessions: SessionsTable;
  change_versions: ChangeVersionsTable;
  district_versions: DistrictVersionsTable;
  zone_months: ZoneMonthsTable;
  report_interaction_months: ReportInteractionMonthsTable;
  report_participation_months: ReportParticipationMonthsTable;
  report_observation_keys: ReportObservationKeysTable;
  report_observation_months: ReportObservationMonthsTable;
  report_observation_answer_months: ReportObservationAnswerMonthsTable;
  invites: InvitesTable;
  password_resets: PasswordResetsTable;
  audit_log: AuditLogTable;
  client_errors: ClientErrorsTable;
  staff: StaffTable;
  staff_buildings: StaffBuildingsTable;
  coach_assignments: CoachAssignmentsTable;
  groups: GroupsTable;
  group_items: GroupItemsTable;
  building_history_requests: BuildingHistoryRequestsTable;
  account_migrations: AccountMigrationsTable;
  email_changes: EmailChangesTable;
  interaction_types: InteractionTypesTable;
  interaction_fields: InteractionFieldsTable;
  interactions: InteractionsTable;
  interaction_participants: InteractionParticipantsTable;
  interaction_groups: InteractionGroupsTable;
  interaction_field_values: InteractionFieldValuesTable;
  activities: ActivitiesTable;
  calendar_feeds: CalendarFeedsTable;
  skill_frameworks: SkillFrameworksTable;
  skill_levels: SkillLevelsTable;
  skill_domains: SkillDomainsTable;
  skills: SkillsTable;
  skill_ratings: SkillRatingsTable;
  skill_current_levels: SkillCurrentLevelsTable;
  self_ratings: SelfRatingsTable;
  cycle_stages: CycleStagesTable;
  cycle_goal_templates: CycleGoalTemplatesTable;
  coaching_cycles: CoachingCyclesTable;
  coaching_cycle_staff: CoachingCycleStaffTable;
  coaching_cycle_skills: CoachingCycleSkillsTable;
  coaching_cycle_stage_history: CoachingCycleStageHistoryTable;
  coaching_cycle_notes: CoachingCycleNotesTable;
  interaction_skills: InteractionSkillsTable;
  imports: ImportsTable;
  import_rows: ImportRowsTable;
  staff_source_ids: StaffSourceIdsTable;
  report_subscriptions: ReportSubscriptionsTable;
  articles: ArticlesTable;
  article_audience_roles: ArticleAudienceRolesTable;
  article_versions: ArticleVersionsTable;
  article_translations: ArticleTranslationsTable;
  article_feedback: ArticleFeedbackTable;
  article_views: ArticleViewsTable;
  server_errors: ServerErrorsTable;
  security_events: SecurityEventsTable;
  provider_settings: ProviderSettingsTable;
  alerts: AlertsTable;
  alert_targets: AlertTargetsTable;
  alert_dismissals: AlertDismissalsTable;
  setup_checklist_marks: SetupChecklistMarksTable;
  record_reads: RecordReadsTable;
  retention_runs: RetentionRunsTable;
  action_step_digests: ActionStepDigestsTable;
  observation_forms: ObservationFormsTable;
  observation_form_versions: ObservationFormVersionsTable;
  observation_form_items: ObservationFormItemsTable;
  observations: ObservationsTable;
  observation_answers: ObservationAnswersTable;
  calibration_sessions: CalibrationSessionsTable;
  action_steps: ActionStepsTable;
  coaching_requests: CoachingRequestsTable;
  coaching_request_holders: CoachingRequestHoldersTable;
  sso_connections: SsoConnectionsTable;
  sso_links: SsoLinksTable;
  provider_sso_links: ProviderSsoLinksTable;
  certificate_emails: CertificateEmailsTable;
  rate_limits: RateLimitsTable;
}

export type District = Selectable<DistrictsTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Plan = Selectable<PlansTable>;
