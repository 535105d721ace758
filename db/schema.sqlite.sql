-- index account_migrations_to_idx
CREATE INDEX "account_migrations_to_idx" on "account_migrations" ("to_district_id", "accepted_at");

-- index action_step_digests_district_idx
CREATE INDEX "action_step_digests_district_idx" on "action_step_digests" ("district_id", "weekly_email");

-- index action_steps_client_id_unique
CREATE UNIQUE INDEX "action_steps_client_id_unique" on "action_steps" ("district_id", "set_by_user_id", "client_id") where "client_id" is not null;

-- index action_steps_source_idx
CREATE INDEX "action_steps_source_idx" on "action_steps" ("district_id", "source_type", "source_id");

-- index action_steps_staff_idx
CREATE INDEX "action_steps_staff_idx" on "action_steps" ("district_id", "staff_id", "status", "due_on");

-- index action_steps_status_idx
CREATE INDEX "action_steps_status_idx" on "action_steps" ("district_id", "status", "due_on");

-- index activities_import_uid_unique
CREATE UNIQUE INDEX "activities_import_uid_unique" on "activities" ("district_id", "user_id", "import_uid") where "import_uid" is not null;

-- index activities_user_idx
CREATE INDEX "activities_user_idx" on "activities" ("district_id", "user_id", "starts_at");

-- index alert_dismissals_alert_idx
CREATE INDEX "alert_dismissals_alert_idx" on "alert_dismissals" ("alert_id");

-- index alert_targets_alert_idx
CREATE INDEX "alert_targets_alert_idx" on "alert_targets" ("alert_id");

-- index alerts_starts_idx
CREATE INDEX "alerts_starts_idx" on "alerts" ("deleted_at", "starts_at");

-- index article_versions_article_idx
CREATE INDEX "article_versions_article_idx" on "article_versions" ("article_id", "id");

-- index articles_status_category_idx
CREATE INDEX "articles_status_category_idx" on "articles" ("status", "category");

-- index articles_views_idx
CREATE INDEX "articles_views_idx" on "articles" ("status", "view_count");

-- index audit_log_action_idx
CREATE INDEX "audit_log_action_idx" on "audit_log" ("action", "at");

-- index audit_log_actor_idx
CREATE INDEX "audit_log_actor_idx" on "audit_log" ("actor_id", "at");

-- index audit_log_at_idx
CREATE INDEX "audit_log_at_idx" on "audit_log" ("at", "id");

-- index audit_log_district_idx
CREATE INDEX "audit_log_district_idx" on "audit_log" ("district_id", "at");

-- index audit_log_impersonator_idx
CREATE INDEX "audit_log_impersonator_idx" on "audit_log" ("impersonator_id", "at");

-- index audit_log_subject_idx
CREATE INDEX "audit_log_subject_idx" on "audit_log" ("subject_type", "subject_id");

-- index bhr_district_status_idx
CREATE INDEX "bhr_district_status_idx" on "building_history_requests" ("district_id", "status", "created_at");

-- index buildings_district_idx
CREATE INDEX "buildings_district_idx" on "buildings" ("district_id", "name");

-- index calendar_feeds_token_unique
CREATE UNIQUE INDEX "calendar_feeds_token_unique" on "calendar_feeds" ("token_hash");

-- index calendar_feeds_user_unique
CREATE UNIQUE INDEX "calendar_feeds_user_unique" on "calendar_feeds" ("user_id");

-- index calibration_sessions_district_form_idx
CREATE INDEX "calibration_sessions_district_form_idx" on "calibration_sessions" ("district_id", "form_id", "observed_at");

-- index certificate_emails_certificate_idx
CREATE INDEX "certificate_emails_certificate_idx" on "certificate_emails" ("certificate_id");

-- index certificate_emails_due_idx
CREATE INDEX "certificate_emails_due_idx" on "certificate_emails" ("sent_at", "failed_at", "next_attempt_at");

-- index client_errors_at_idx
CREATE INDEX "client_errors_at_idx" on "client_errors" ("at");

-- index client_errors_district_idx
CREATE INDEX "client_errors_district_idx" on "client_errors" ("district_id", "at");

-- index client_errors_user_idx
CREATE INDEX "client_errors_user_idx" on "client_errors" ("user_id", "at");

-- index coach_assignments_coach_idx
CREATE INDEX "coach_assignments_coach_idx" on "coach_assignments" ("district_id", "coach_id", "end_date");

-- index coach_assignments_staff_idx
CREATE INDEX "coach_assignments_staff_idx" on "coach_assignments" ("district_id", "staff_id", "end_date");

-- index coaching_cycle_notes_cycle_idx
CREATE INDEX "coaching_cycle_notes_cycle_idx" on "coaching_cycle_notes" ("cycle_id", "created_at");

-- index coaching_cycle_notes_district_idx
CREATE INDEX "coaching_cycle_notes_district_idx" on "coaching_cycle_notes" ("district_id");

-- index coaching_cycle_skills_district_idx
CREATE INDEX "coaching_cycle_skills_district_idx" on "coaching_cycle_skills" ("district_id");

-- index coaching_cycle_skills_unique
CREATE UNIQUE INDEX "coaching_cycle_skills_unique" on "coaching_cycle_skills" ("cycle_id", "skill_id");

-- index coaching_cycle_staff_staff_idx
CREATE INDEX "coaching_cycle_staff_staff_idx" on "coaching_cycle_staff" ("district_id", "staff_id");

-- index coaching_cycle_staff_unique
CREATE UNIQUE INDEX "coaching_cycle_staff_unique" on "coaching_cycle_staff" ("cycle_id", "staff_id");

-- index coaching_cycle_stage_history_cycle_idx
CREATE INDEX "coaching_cycle_stage_history_cycle_idx" on "coaching_cycle_stage_history" ("cycle_id", "entered_on");

-- index coaching_cycle_stage_history_district_idx
CREATE INDEX "coaching_cycle_stage_history_district_idx" on "coaching_cycle_stage_history" ("district_id");

-- index coaching_cycles_coach_idx
CREATE INDEX "coaching_cycles_coach_idx" on "coaching_cycles" ("district_id", "coach_id", "status");

-- index coaching_cycles_report_idx
CREATE INDEX "coaching_cycles_report_idx" on "coaching_cycles" ("district_id", "start_date", "status");

-- index coaching_cycles_stage_idx
CREATE INDEX "coaching_cycles_stage_idx" on "coaching_cycles" ("district_id", "stage_id", "status");

-- index coaching_request_holders_request_idx
CREATE INDEX "coaching_request_holders_request_idx" on "coaching_request_holders" ("district_id", "request_id");

-- index coaching_request_holders_user_idx
CREATE INDEX "coaching_request_holders_user_idx" on "coaching_request_holders" ("district_id", "user_id", "request_id");

-- index coaching_requests_staff_idx
CREATE INDEX "coaching_requests_staff_idx" on "coaching_requests" ("district_id", "staff_id", "created_at");

-- index coaching_requests_status_idx
CREATE INDEX "coaching_requests_status_idx" on "coaching_requests" ("district_id", "status", "created_at");

-- index cycle_goal_templates_district_idx
CREATE INDEX "cycle_goal_templates_district_idx" on "cycle_goal_templates" ("district_id", "sort_order");

-- index cycle_stages_district_idx
CREATE INDEX "cycle_stages_district_idx" on "cycle_stages" ("district_id", "sort_order");

-- index district_deletion_certificates_purged_idx
CREATE INDEX "district_deletion_certificates_purged_idx" on "district_deletion_certificates" ("purged_at", "id");

-- index district_exports_district_idx
CREATE INDEX "district_exports_district_idx" on "district_exports" ("district_id", "id");

-- index district_exports_one_unfinished_idx
CREATE UNIQUE INDEX "district_exports_one_unfinished_idx" on "district_exports" ("district_id") where status in ('queued', 'running');

-- index district_exports_status_idx
CREATE INDEX "district_exports_status_idx" on "district_exports" ("status", "expires_at");

-- index districts_deletion_due_idx
CREATE INDEX "districts_deletion_due_idx" on "districts" ("deletion_due_at") where "deletion_due_at" is not null;

-- index districts_status_idx
CREATE INDEX "districts_status_idx" on "districts" ("status", "name");

-- index email_changes_user_idx
CREATE INDEX "email_changes_user_idx" on "email_changes" ("user_id");

-- index group_items_group_idx
CREATE INDEX "group_items_group_idx" on "group_items" ("group_id", "item_id");

-- index group_items_item_idx
CREATE INDEX "group_items_item_idx" on "group_items" ("item_id");

-- index groups_district_idx
CREATE INDEX "groups_district_idx" on "groups" ("district_id", "deleted_at", "name");

-- index import_rows_district_idx
CREATE INDEX "import_rows_district_idx" on "import_rows" ("district_id");

-- index import_rows_import_idx
CREATE INDEX "import_rows_import_idx" on "import_rows" ("import_id", "row_number");

-- index import_rows_outcome_idx
CREATE INDEX "import_rows_outcome_idx" on "import_rows" ("import_id", "outcome", "row_number");

-- index imports_district_idx
CREATE INDEX "imports_district_idx" on "imports" ("district_id", "kind", "created_at");

-- index imports_status_idx
CREATE INDEX "imports_status_idx" on "imports" ("status");

-- index interaction_field_values_district_idx
CREATE INDEX "interaction_field_values_district_idx" on "interaction_field_values" ("district_id");

-- index interaction_field_values_unique
CREATE UNIQUE INDEX "interaction_field_values_unique" on "interaction_field_values" ("interaction_id", "field_id");

-- index interaction_fields_district_idx
CREATE INDEX "interaction_fields_district_idx" on "interaction_fields" ("district_id");

-- index interaction_fields_type_idx
CREATE INDEX "interaction_fields_type_idx" on "interaction_fields" ("interaction_type_id", "sort_order");

-- index interaction_groups_group_idx
CREATE INDEX "interaction_groups_group_idx" on "interaction_groups" ("district_id", "group_id");

-- index interaction_groups_interaction_idx
CREATE UNIQUE INDEX "interaction_groups_interaction_idx" on "interaction_groups" ("interaction_id", "group_id");

-- index interaction_participants_interaction_idx
CREATE UNIQUE INDEX "interaction_participants_interaction_idx" on "interaction_participants" ("interaction_id", "staff_id");

-- index interaction_participants_staff_fk_idx
CREATE INDEX "interaction_participants_staff_fk_idx" on "interaction_participants" ("staff_id");

-- index interaction_participants_staff_idx
CREATE INDEX "interaction_participants_staff_idx" on "interaction_participants" ("district_id", "staff_id", "interaction_id");

-- index interaction_skills_district_idx
CREATE INDEX "interaction_skills_district_idx" on "interaction_skills" ("district_id");

-- index interaction_skills_unique
CREATE UNIQUE INDEX "interaction_skills_unique" on "interaction_skills" ("interaction_id", "skill_id");

-- index interaction_types_district_idx
CREATE INDEX "interaction_types_district_idx" on "interaction_types" ("district_id", "sort_order");

-- index interactions_author_idx
CREATE INDEX "interactions_author_idx" on "interactions" ("district_id", "created_by", "starts_at");

-- index interactions_building_cover_idx
CREATE INDEX "interactions_building_cover_idx" on "interactions" ("district_id", "building_id", "starts_at", "status", "deleted_at", "interaction_type_id", "duration_minutes", "coach_id");

-- index interactions_client_id_unique
CREATE UNIQUE INDEX "interactions_client_id_unique" on "interactions" ("district_id", "created_by", "client_id") where "client_id" is not null;

-- index interactions_coach_cover_idx
CREATE INDEX "interactions_coach_cover_idx" on "interactions" ("district_id", "coach_id", "starts_at", "status", "deleted_at", "interaction_type_id", "duration_minutes", "building_id");

-- index interactions_cycle_fk_idx
CREATE INDEX "interactions_cycle_fk_idx" on "interactions" ("coaching_cycle_id") where "coaching_cycle_id" is not null;

-- index interactions_cycle_idx
CREATE INDEX "interactions_cycle_idx" on "interactions" ("district_id", "coaching_cycle_id");

-- index interactions_district_starts_idx
CREATE INDEX "interactions_district_starts_idx" on "interactions" ("district_id", "starts_at");

-- index interactions_import_uid_unique
CREATE UNIQUE INDEX "interactions_import_uid_unique" on "interactions" ("district_id", "coach_id", "import_uid") where "import_uid" is not null;

-- index interactions_report_idx
CREATE INDEX "interactions_report_idx" on "interactions" ("district_id", "starts_at", "status", "deleted_at", "coach_id", "building_id", "interaction_type_id", "duration_minutes");

-- index invoices_district_idx
CREATE INDEX "invoices_district_idx" on "invoices" ("district_id", "issued_on");

-- index observation_answers_item_idx
CREATE INDEX "observation_answers_item_idx" on "observation_answers" ("district_id", "item_id");

-- index observation_form_items_district_idx
CREATE INDEX "observation_form_items_district_idx" on "observation_form_items" ("district_id");

-- index observation_form_items_version_idx
CREATE INDEX "observation_form_items_version_idx" on "observation_form_items" ("version_id", "position");

-- index observation_form_versions_district_idx
CREATE INDEX "observation_form_versions_district_idx" on "observation_form_versions" ("district_id");

-- index observation_form_versions_unique
CREATE UNIQUE INDEX "observation_form_versions_unique" on "observation_form_versions" ("form_id", "version");

-- index observation_forms_district_idx
CREATE INDEX "observation_forms_district_idx" on "observation_forms" ("district_id");

-- index observations_calibration_idx
CREATE INDEX "observations_calibration_idx" on "observations" ("district_id", "calibration_id");

-- index observations_client_id_unique
CREATE UNIQUE INDEX "observations_client_id_unique" on "observations" ("district_id", "observer_id", "client_id") where "client_id" is not null;

-- index observations_district_observed_idx
CREATE INDEX "observations_district_observed_idx" on "observations" ("district_id", "observed_at");

-- index observations_district_staff_idx
CREATE INDEX "observations_district_staff_idx" on "observations" ("district_id", "staff_id", "observed_at");

-- index observations_form_idx
CREATE INDEX "observations_form_idx" on "observations" ("district_id", "form_id", "observed_at");

-- index observations_interaction_idx
CREATE INDEX "observations_interaction_idx" on "observations" ("interaction_id");

-- index observations_observer_idx
CREATE INDEX "observations_observer_idx" on "observations" ("district_id", "observer_id", "status");

-- index provider_sso_links_issuer_subject_idx
CREATE UNIQUE INDEX "provider_sso_links_issuer_subject_idx" on "provider_sso_links" ("issuer", "subject");

-- index provider_sso_links_user_idx
CREATE INDEX "provider_sso_links_user_idx" on "provider_sso_links" ("user_id");

-- index quotes_district_idx
CREATE INDEX "quotes_district_idx" on "quotes" ("district_id", "created_at");

-- index quotes_status_idx
CREATE INDEX "quotes_status_idx" on "quotes" ("status", "created_at");

-- index rate_limits_reset_at_idx
CREATE INDEX "rate_limits_reset_at_idx" on "rate_limits" ("reset_at");

-- index record_reads_day_idx
CREATE INDEX "record_reads_day_idx" on "record_reads" ("day");

-- index record_reads_impersonator_idx
CREATE INDEX "record_reads_impersonator_idx" on "record_reads" ("impersonated_by");

-- index record_reads_once
CREATE UNIQUE INDEX record_reads_once on record_reads
    (district_id, staff_id, day, reader_user_id, kind, coalesce(impersonated_by, 0));

-- index record_reads_reader_idx
CREATE INDEX "record_reads_reader_idx" on "record_reads" ("reader_user_id");

-- index report_observation_answer_months_coach_idx
CREATE INDEX "report_observation_answer_months_coach_idx" on "report_observation_answer_months" ("district_id", "form_id", "coach_id", "month");

-- index report_observation_keys_district_idx
CREATE INDEX "report_observation_keys_district_idx" on "report_observation_keys" ("district_id", "form_id", "month");

-- index report_observation_months_coach_idx
CREATE INDEX "report_observation_months_coach_idx" on "report_observation_months" ("district_id", "form_id", "coach_id", "month");

-- index report_participation_months_building_idx
CREATE INDEX "report_participation_months_building_idx" on "report_participation_months" ("district_id", "building_id", "month");

-- index report_participation_months_coach_idx
CREATE INDEX "report_participation_months_coach_idx" on "report_participation_months" ("district_id", "coach_id", "month");

-- index report_subscriptions_due_idx
CREATE INDEX "report_subscriptions_due_idx" on "report_subscriptions" ("next_run_at", "claimed_at");

-- index report_subscriptions_user_idx
CREATE INDEX "report_subscriptions_user_idx" on "report_subscriptions" ("district_id", "user_id", "id");

-- index security_events_at_idx
CREATE INDEX "security_events_at_idx" on "security_events" ("at");

-- index security_events_district_idx
CREATE INDEX "security_events_district_idx" on "security_events" ("district_id", "at");

-- index security_events_kind_idx
CREATE INDEX "security_events_kind_idx" on "security_events" ("kind", "at");

-- index security_events_user_idx
CREATE INDEX "security_events_user_idx" on "security_events" ("user_id", "at");

-- index self_ratings_district_staff_skill_idx
CREATE INDEX "self_ratings_district_staff_skill_idx" on "self_ratings" ("district_id", "staff_id", "skill_id", "id");

-- index server_errors_at_idx
CREATE INDEX "server_errors_at_idx" on "server_errors" ("at");

-- index server_errors_district_idx
CREATE INDEX "server_errors_district_idx" on "server_errors" ("district_id", "at");

-- index server_errors_impersonator_idx
CREATE INDEX "server_errors_impersonator_idx" on "server_errors" ("impersonator_id");

-- index server_errors_user_idx
CREATE INDEX "server_errors_user_idx" on "server_errors" ("user_id", "at");

-- index sessions_expires_idx
CREATE INDEX "sessions_expires_idx" on "sessions" ("expires_at");

-- index sessions_user_idx
CREATE INDEX "sessions_user_idx" on "sessions" ("user_id");

-- index skill_current_levels_rating_fk_idx
CREATE INDEX "skill_current_levels_rating_fk_idx" on "skill_current_levels" ("rating_id");

-- index skill_domains_district_idx
CREATE INDEX "skill_domains_district_idx" on "skill_domains" ("district_id");

-- index skill_domains_framework_idx
CREATE INDEX "skill_domains_framework_idx" on "skill_domains" ("framework_id", "sort_order");

-- index skill_frameworks_district_idx
CREATE INDEX "skill_frameworks_district_idx" on "skill_frameworks" ("district_id", "active");

-- index skill_levels_district_idx
CREATE INDEX "skill_levels_district_idx" on "skill_levels" ("district_id");

-- index skill_levels_framework_unique
CREATE UNIQUE INDEX "skill_levels_framework_unique" on "skill_levels" ("framework_id", "level");

-- index skill_ratings_interaction_fk_idx
CREATE INDEX "skill_ratings_interaction_fk_idx" on "skill_ratings" ("interaction_id") where "interaction_id" is not null;

-- index skill_ratings_staff_idx
CREATE INDEX "skill_ratings_staff_idx" on "skill_ratings" ("district_id", "staff_id", "skill_id", "rated_on");

-- index skills_district_idx
CREATE INDEX "skills_district_idx" on "skills" ("district_id", "framework_id");

-- index skills_domain_idx
CREATE INDEX "skills_domain_idx" on "skills" ("domain_id", "sort_order");

-- index sqlite_autoindex_account_migrations_1
(automatic);

-- index sqlite_autoindex_article_audience_roles_1
(automatic);

-- index sqlite_autoindex_article_feedback_1
(automatic);

-- index sqlite_autoindex_article_translations_1
(automatic);

-- index sqlite_autoindex_article_views_1
(automatic);

-- index sqlite_autoindex_articles_1
(automatic);

-- index sqlite_autoindex_billing_counters_1
(automatic);

-- index sqlite_autoindex_change_versions_1
(automatic);

-- index sqlite_autoindex_district_deletion_certificates_1
(automatic);

-- index sqlite_autoindex_districts_1
(automatic);

-- index sqlite_autoindex_email_changes_1
(automatic);

-- index sqlite_autoindex_invites_1
(automatic);

-- index sqlite_autoindex_invoices_1
(automatic);

-- index sqlite_autoindex_kysely_migration_1
(automatic);

-- index sqlite_autoindex_kysely_migration_lock_1
(automatic);

-- index sqlite_autoindex_password_resets_1
(automatic);

-- index sqlite_autoindex_permissions_1
(automatic);

-- index sqlite_autoindex_plans_1
(automatic);

-- index sqlite_autoindex_provider_settings_1
(automatic);

-- index sqlite_autoindex_quotes_1
(automatic);

-- index sqlite_autoindex_rate_limits_1
(automatic);

-- index sqlite_autoindex_report_subscriptions_1
(automatic);

-- index sqlite_autoindex_retention_runs_1
(automatic);

-- index sqlite_autoindex_role_permissions_1
(automatic);

-- index sqlite_autoindex_roles_1
(automatic);

-- index sqlite_autoindex_sessions_1
(automatic);

-- index sqlite_autoindex_staff_source_ids_1
(automatic);

-- index sqlite_autoindex_user_buildings_1
(automatic);

-- index sqlite_autoindex_user_roles_1
(automatic);

-- index sso_connections_district_kind_idx
CREATE UNIQUE INDEX "sso_connections_district_kind_idx" on "sso_connections" ("district_id", "kind");

-- index sso_links_connection_idx
CREATE INDEX "sso_links_connection_idx" on "sso_links" ("connection_id");

-- index sso_links_issuer_subject_idx
CREATE UNIQUE INDEX "sso_links_issuer_subject_idx" on "sso_links" ("issuer", "subject");

-- index sso_links_user_idx
CREATE INDEX "sso_links_user_idx" on "sso_links" ("district_id", "user_id");

-- index staff_buildings_building_idx
CREATE INDEX "staff_buildings_building_idx" on "staff_buildings" ("district_id", "building_id", "end_date");

-- index staff_buildings_staff_idx
CREATE INDEX "staff_buildings_staff_idx" on "staff_buildings" ("district_id", "staff_id", "start_date");

-- index staff_district_email_unique
CREATE UNIQUE INDEX "staff_district_email_unique" on "staff" ("district_id", "email") where "email" is not null;

-- index staff_district_employee_unique
CREATE UNIQUE INDEX "staff_district_employee_unique" on "staff" ("district_id", "employee_id") where "employee_id" is not null;

-- index staff_district_name_idx
CREATE INDEX "staff_district_name_idx" on "staff" ("district_id", "last_name", "first_name");

-- index staff_district_status_idx
CREATE INDEX "staff_district_status_idx" on "staff" ("district_id", "status");

-- index staff_source_ids_unique
CREATE UNIQUE INDEX "staff_source_ids_unique" on "staff_source_ids" ("district_id", "source_id");

-- index staff_user_idx
CREATE INDEX "staff_user_idx" on "staff" ("user_id");

-- index users_district_activity_idx
CREATE INDEX "users_district_activity_idx" on "users" ("district_id", "status", "last_login_at");

-- index users_district_email_unique
CREATE UNIQUE INDEX "users_district_email_unique" on "users" ("district_id", "email");

-- index users_district_idx
CREATE INDEX "users_district_idx" on "users" ("district_id", "name");

-- index users_email_active_unique
CREATE UNIQUE INDEX "users_email_active_unique" on "users" ("email") where "status" = 'active';

-- index users_email_idx
CREATE INDEX "users_email_idx" on "users" ("email");

-- index users_provider_email_unique
CREATE UNIQUE INDEX "users_provider_email_unique" on "users" ("email") where "district_id" is null;

-- index zone_months_starts_idx
CREATE UNIQUE INDEX "zone_months_starts_idx" on "zone_months" ("timezone", "starts_at");

-- table account_migrations
CREATE TABLE "account_migrations" ("id" integer primary key autoincrement, "user_id" integer not null references "users" ("id") on delete cascade, "from_district_id" integer references "districts" ("id") on delete cascade, "to_district_id" integer not null references "districts" ("id") on delete cascade, "name" text not null, "roles" text not null, "building_ids" text default '[]' not null, "invited_by" integer references "users" ("id") on delete set null, "token_hash" text not null unique, "expires_at" text not null, "accepted_at" text, "revoked_at" text, "created_at" text not null, "invite_user_id" integer references "users" ("id") on delete cascade);

-- table action_step_digests
CREATE TABLE "action_step_digests" ("user_id" integer primary key references "users" ("id") on delete cascade, "district_id" integer not null references "districts" ("id") on delete cascade, "weekly_email" integer default 1 not null, "last_week" text, "updated_at" text not null);

-- table action_steps
CREATE TABLE "action_steps" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "staff_id" integer not null references "staff" ("id") on delete cascade, "title" text not null, "detail" text, "due_on" text, "set_by_user_id" integer references "users" ("id") on delete set null, "source_type" text, "source_id" integer, "status" text not null, "done_on" text, "note" text, "status_by_user_id" integer references "users" ("id") on delete set null, "status_at" text, "created_at" text not null, "updated_at" text not null, "client_id" text);

-- table activities
CREATE TABLE "activities" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "user_id" integer not null references "users" ("id"), "category" text not null, "starts_at" text not null, "minutes" integer not null, "notes" text, "sequence" integer default 0 not null, "import_uid" text, "created_at" text not null, "updated_at" text not null, "deleted_at" text);

-- table alert_dismissals
CREATE TABLE "alert_dismissals" ("alert_id" integer not null references "alerts" ("id") on delete cascade, "user_id" integer not null references "users" ("id") on delete cascade, "at" text not null, constraint "alert_dismissals_pk" primary key ("user_id", "alert_id")) without rowid;

-- table alert_targets
CREATE TABLE "alert_targets" ("alert_id" integer not null references "alerts" ("id") on delete cascade, "kind" text not null, "value" text not null, constraint "alert_targets_pk" primary key ("kind", "value", "alert_id")) without rowid;

-- table alerts
CREATE TABLE "alerts" ("id" integer primary key autoincrement, "title" text not null, "body" text default '' not null, "level" text not null, "audience" text not null, "starts_at" text not null, "ends_at" text, "created_by" integer references "users" ("id") on delete set null, "updated_by" integer references "users" ("id") on delete set null, "created_at" text not null, "updated_at" text not null, "deleted_at" text);

-- table article_audience_roles
CREATE TABLE "article_audience_roles" ("article_id" integer not null references "articles" ("id") on delete cascade, "role" text not null, constraint "article_audience_roles_pk" primary key ("article_id", "role"));

-- table article_feedback
CREATE TABLE "article_feedback" ("article_id" integer not null references "articles" ("id") on delete cascade, "user_id" integer not null references "users" ("id") on delete cascade, "helpful" integer not null, "at" text not null, constraint "article_feedback_pk" primary key ("article_id", "user_id"));

-- table article_search
CREATE VIRTUAL TABLE article_search using fts5(title, body, starts, tokenize = 'trigram');

-- table article_search_config
CREATE TABLE 'article_search_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table article_search_content
CREATE TABLE 'article_search_content'(id INTEGER PRIMARY KEY, c0, c1, c2);

-- table article_search_data
CREATE TABLE 'article_search_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table article_search_docsize
CREATE TABLE 'article_search_docsize'(id INTEGER PRIMARY KEY, sz BLOB);

-- table article_search_es
CREATE VIRTUAL TABLE article_search_es using fts5(title, body, starts, tokenize = 'trigram');

-- table article_search_es_config
CREATE TABLE 'article_search_es_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table article_search_es_content
CREATE TABLE 'article_search_es_content'(id INTEGER PRIMARY KEY, c0, c1, c2);

-- table article_search_es_data
CREATE TABLE 'article_search_es_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table article_search_es_docsize
CREATE TABLE 'article_search_es_docsize'(id INTEGER PRIMARY KEY, sz BLOB);

-- table article_search_es_idx
CREATE TABLE 'article_search_es_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table article_search_idx
CREATE TABLE 'article_search_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table article_translations
CREATE TABLE "article_translations" ("article_id" integer not null references "articles" ("id") on delete cascade, "locale" text not null, "title" text not null, "body" text not null, "updated_by" integer references "users" ("id") on delete set null, "updated_at" text not null, constraint "article_translations_pk" primary key ("article_id", "locale"));

-- table article_versions
CREATE TABLE "article_versions" ("id" integer primary key autoincrement, "article_id" integer not null references "articles" ("id") on delete cascade, "title" text not null, "slug" text not null, "category" text not null, "audience" text not null, "audience_roles" text default '[]' not null, "body" text not null, "edited_by" integer references "users" ("id") on delete set null, "at" text not null);

-- table article_views
CREATE TABLE "article_views" ("article_id" integer not null references "articles" ("id") on delete cascade, "user_id" integer not null references "users" ("id") on delete cascade, "counted_at" text not null, constraint "article_views_pk" primary key ("article_id", "user_id"));

-- table articles
CREATE TABLE "articles" ("id" integer primary key autoincrement, "title" text not null, "slug" text not null unique, "category" text not null, "audience" text default 'all' not null, "body" text not null, "status" text default 'draft' not null, "published_at" text, "view_count" integer default 0 not null, "helpful_yes" integer default 0 not null, "helpful_no" integer default 0 not null, "created_by" integer references "users" ("id") on delete set null, "updated_by" integer references "users" ("id") on delete set null, "created_at" text not null, "updated_at" text not null);

-- table audit_log
CREATE TABLE "audit_log" ("id" integer primary key autoincrement, "district_id" integer references "districts" ("id") on delete set null, "actor_id" integer references "users" ("id") on delete set null, "impersonator_id" integer references "users" ("id") on delete set null, "action" text not null, "subject_type" text, "subject_id" integer, "ip" text, "user_agent" text, "details" text, "at" text not null);

-- table billing_counters
CREATE TABLE "billing_counters" ("name" text primary key, "value" integer not null);

-- table building_history_requests
CREATE TABLE "building_history_requests" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "staff_id" integer not null references "staff" ("id") on delete cascade, "building_id" integer not null references "buildings" ("id") on delete cascade, "start_date" text not null, "note" text, "status" text default 'pending' not null, "requested_by" integer references "users" ("id") on delete set null, "decided_by" integer references "users" ("id") on delete set null, "decided_at" text, "decision_reason" text, "created_at" text not null, "updated_at" text not null);

-- table buildings
CREATE TABLE "buildings" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "name" text not null, "code" text, "grade_band" text, "created_at" text not null, "updated_at" text not null, "deleted_at" text);

-- table calendar_feeds
CREATE TABLE "calendar_feeds" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "user_id" integer not null references "users" ("id") on delete cascade, "token_hash" text not null, "title_mode" text default 'names' not null, "created_at" text not null, "updated_at" text not null);

-- table calibration_sessions
CREATE TABLE "calibration_sessions" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "form_id" integer not null references "observation_forms" ("id"), "staff_id" integer not null references "staff" ("id") on delete cascade, "building_id" integer references "buildings" ("id") on delete set null, "observed_at" text not null, "title" text not null, "notes" text, "created_by" integer references "users" ("id") on delete set null, "created_at" text not null, "updated_at" text not null, "archived_at" text);

-- table certificate_emails
CREATE TABLE "certificate_emails" ("id" integer primary key autoincrement, "certificate_id" integer not null references "district_deletion_certificates" ("id") on delete cascade, "recipient" text, "locale" text default 'en' not null, "attempts" integer default 0 not null, "next_attempt_at" text, "sent_at" text, "failed_at" text, "last_error" text, "created_at" text not null);

-- table change_versions
CREATE TABLE "change_versions" ("scope" text primary key, "version" integer default 0 not null);

-- table client_errors
CREATE TABLE "client_errors" ("id" integer primary key autoincrement, "user_id" integer references "users" ("id") on delete set null, "district_id" integer references "districts" ("id") on delete set null, "message" text not null, "stack" text, "url" text, "user_agent" text, "at" text not null);

-- table coach_assignments
CREATE TABLE "coach_assignments" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "coach_id" integer not null references "users" ("id") on delete cascade, "staff_id" integer not null references "staff" ("id") on delete cascade, "start_date" text not null, "end_date" text, "created_at" text not null, "updated_at" text not null);

-- table coaching_cycle_notes
CREATE TABLE "coaching_cycle_notes" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "cycle_id" integer not null references "coaching_cycles" ("id") on delete cascade, "author_id" integer references "users" ("id"), "body" text not null, "created_at" text not null, "updated_at" text not null, "deleted_at" text);

-- table coaching_cycle_skills
CREATE TABLE "coaching_cycle_skills" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "cycle_id" integer not null references "coaching_cycles" ("id") on delete cascade, "skill_id" integer not null references "skills" ("id") on delete cascade);

-- table coaching_cycle_staff
CREATE TABLE "coaching_cycle_staff" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "cycle_id" integer not null references "coaching_cycles" ("id") on delete cascade, "staff_id" integer not null references "staff" ("id") on delete cascade);

-- table coaching_cycle_stage_history
CREATE TABLE "coaching_cycle_stage_history" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "cycle_id" integer not null references "coaching_cycles" ("id") on delete cascade, "stage_id" integer not null references "cycle_stages" ("id"), "entered_on" text not null, "left_on" text, "moved_by" integer references "users" ("id"));

-- table coaching_cycles
CREATE TABLE "coaching_cycles" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "coach_id" integer not null references "users" ("id"), "title" text not null, "goal" text, "start_date" text not null, "target_end_date" text, "status" text not null, "stage_id" integer references "cycle_stages" ("id"), "stage_entered_on" text, "outcome" text, "reflection" text, "completed_on" text, "created_by" integer references "users" ("id"), "updated_by" integer references "users" ("id"), "created_at" text not null, "updated_at" text not null, "deleted_at" text);

-- table coaching_request_holders
CREATE TABLE "coaching_request_holders" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "request_id" integer not null references "coaching_requests" ("id") on delete cascade, "user_id" integer not null references "users" ("id") on delete cascade, "reason" text not null, "created_at" text not null, "ended_at" text);

-- table coaching_requests
CREATE TABLE "coaching_requests" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "staff_id" integer not null references "staff" ("id") on delete cascade, "requested_by_user_id" integer references "users" ("id") on delete set null, "topic" text not null, "message" text not null, "preferred_times" text, "status" text not null, "interaction_id" integer references "interactions" ("id") on delete set null, "accepted_by_user_id" integer references "users" ("id") on delete set null, "accepted_at" text, "pass_note" text, "passed_by_user_id" integer references "users" ("id") on delete set null, "passed_at" text, "withdrawn_at" text, "created_at" text not null, "updated_at" text not null);

-- table cycle_goal_templates
CREATE TABLE "cycle_goal_templates" ("id" integer primary key autoincrement, "district_id" integer references "districts" ("id") on delete cascade, "title" text not null, "goal" text not null, "sort_order" integer not null, "archived_at" text, "created_at" text not null, "updated_at" text not null);

-- table cycle_stages
CREATE TABLE "cycle_stages" ("id" integer primary key autoincrement, "district_id" integer references "districts" ("id") on delete cascade, "name" text not null, "description" text, "expected_days" integer not null, "sort_order" integer not null, "archived_at" text, "created_at" text not null, "updated_at" text not null);

-- table district_deletion_certificates
CREATE TABLE "district_deletion_certificates" ("id" integer primary key autoincrement, "certificate_number" text not null unique, "purged_district_id" integer not null, "district_name" text not null, "district_timezone" text not null, "scheduled_at" text, "scheduled_by" integer references "users" ("id") on delete set null, "scheduled_by_name" text, "purged_at" text not null, "purged_by" integer references "users" ("id") on delete set null, "purged_by_name" text, "counts" text not null, "files_deleted" integer default 0 not null, "recipients" integer default 0 not null, "pdf" blob not null);

-- table district_exports
CREATE TABLE "district_exports" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "requested_by" integer references "users" ("id") on delete set null, "status" text default 'queued' not null, "rows_done" integer default 0 not null, "kinds_done" integer default 0 not null, "kinds_total" integer default 0 not null, "file_path" text, "size_bytes" integer, "error" text, "created_at" text not null, "started_at" text, "finished_at" text, "expires_at" text, "file_deleted_at" text, "heartbeat_at" text);

-- table district_purges
CREATE TABLE "district_purges" ("district_id" integer primary key, "started_at" text not null, "started_by" integer, "started_by_name" text, "progress" text not null, "runner" text, "heartbeat_at" text);

-- table district_search
CREATE VIRTUAL TABLE district_search using fts5(name, slug, state, starts, tokenize = 'trigram');

-- table district_search_config
CREATE TABLE 'district_search_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table district_search_content
CREATE TABLE 'district_search_content'(id INTEGER PRIMARY KEY, c0, c1, c2, c3);

-- table district_search_data
CREATE TABLE 'district_search_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table district_search_docsize
CREATE TABLE 'district_search_docsize'(id INTEGER PRIMARY KEY, sz BLOB);

-- table district_search_idx
CREATE TABLE 'district_search_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table district_versions
CREATE TABLE "district_versions" ("district_id" integer primary key, "version" integer default 0 not null);

-- table districts
CREATE TABLE "districts" ("id" integer primary key autoincrement, "name" text not null, "slug" text not null unique, "state" text not null, "timezone" text default 'America/Chicago' not null, "plan_id" integer not null references "plans" ("id"), "status" text default 'trial' not null, "trial_ends_at" text, "seats" integer default 0 not null, "school_year_start_month" integer default 8 not null, "settings" text default '{}' not null, "created_at" text not null, "updated_at" text not null, "suspended_at" text, "suspension_reason" text, "status_before_suspension" text, "billing_contact_name" text, "billing_contact_email" text, "billing_address" text, "tax_exempt_number" text, "renews_on" text, "seat_warning_sent_at" text, "seat_warning_seats_used" integer, "deletion_scheduled_at" text, "deletion_due_at" text, "deletion_scheduled_by" integer);

-- table email_changes
CREATE TABLE "email_changes" ("id" integer primary key autoincrement, "user_id" integer not null references "users" ("id") on delete cascade, "new_email" text not null, "token_hash" text not null unique, "expires_at" text not null, "confirmed_at" text, "revoked_at" text, "created_at" text not null);

-- table group_items
CREATE TABLE "group_items" ("id" integer primary key autoincrement, "group_id" integer not null references "groups" ("id") on delete cascade, "item_id" integer not null, "start_date" text not null, "end_date" text);

-- table groups
CREATE TABLE "groups" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "name" text not null, "description" text, "group_of" text not null, "created_at" text not null, "updated_at" text not null, "deleted_at" text);

-- table import_rows
CREATE TABLE "import_rows" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "import_id" integer not null references "imports" ("id") on delete cascade, "row_number" integer not null, "raw" text not null, "outcome" text default 'pending' not null, "errors" text default '[]' not null, "record_id" integer);

-- table imports
CREATE TABLE "imports" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "kind" text not null, "file_name" text not null, "format" text not null, "mode" text default 'add-update' not null, "options" text default '{}' not null, "headers" text not null, "mapping" text default '{}' not null, "status" text not null, "total_rows" integer default 0 not null, "created_count" integer default 0 not null, "updated_count" integer default 0 not null, "unchanged_count" integer default 0 not null, "error_count" integer default 0 not null, "skipped_count" integer default 0 not null, "deactivated_count" integer default 0 not null, "failure" text, "created_by" integer references "users" ("id") on delete set null, "created_at" text not null, "started_at" text, "finished_at" text);

-- table interaction_field_values
CREATE TABLE "interaction_field_values" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "interaction_id" integer not null references "interactions" ("id") on delete cascade, "field_id" integer not null references "interaction_fields" ("id") on delete cascade, "value" text not null);

-- table interaction_fields
CREATE TABLE "interaction_fields" ("id" integer primary key autoincrement, "district_id" integer references "districts" ("id") on delete cascade, "interaction_type_id" integer not null references "interaction_types" ("id") on delete cascade, "label" text not null, "help_text" text, "kind" text not null, "config" text default '{}' not null, "required" integer default 0 not null, "sort_order" integer not null, "archived_at" text, "created_at" text not null, "updated_at" text not null);

-- table interaction_groups
CREATE TABLE "interaction_groups" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "interaction_id" integer not null references "interactions" ("id") on delete cascade, "group_id" integer not null references "groups" ("id") on delete cascade);

-- table interaction_participants
CREATE TABLE "interaction_participants" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "interaction_id" integer not null references "interactions" ("id") on delete cascade, "staff_id" integer not null references "staff" ("id") on delete cascade, "group_id" integer references "groups" ("id") on delete set null);

-- table interaction_skills
CREATE TABLE "interaction_skills" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "interaction_id" integer not null references "interactions" ("id") on delete cascade, "skill_id" integer not null references "skills" ("id") on delete cascade);

-- table interaction_types
CREATE TABLE "interaction_types" ("id" integer primary key autoincrement, "district_id" integer references "districts" ("id") on delete cascade, "name" text not null, "colour" text not null, "default_minutes" integer not null, "counts_as_coaching" integer default 1 not null, "sort_order" integer not null, "archived_at" text, "created_at" text not null, "updated_at" text not null);

-- table interactions
CREATE TABLE "interactions" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "interaction_type_id" integer not null references "interaction_types" ("id"), "coach_id" integer not null references "users" ("id"), "starts_at" text not null, "duration_minutes" integer not null, "status" text not null, "building_id" integer references "buildings" ("id"), "notes" text, "private_notes" text, "next_steps" text, "sequence" integer default 0 not null, "import_uid" text, "created_by" integer references "users" ("id"), "updated_by" integer references "users" ("id"), "created_at" text not null, "updated_at" text not null, "deleted_at" text, "coaching_cycle_id" integer references "coaching_cycles" ("id") on delete set null, "client_id" text);

-- table invites
CREATE TABLE "invites" ("id" integer primary key autoincrement, "user_id" integer not null references "users" ("id") on delete cascade, "token_hash" text not null unique, "expires_at" text not null, "created_at" text not null, "district_id" integer references "districts" ("id") on delete cascade, "invited_by" integer references "users" ("id") on delete set null, "accepted_at" text, "revoked_at" text);

-- table invoices
CREATE TABLE "invoices" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "number" text not null unique, "quote_id" integer references "quotes" ("id") on delete set null, "issued_on" text not null, "due_on" text not null, "period_start" text not null, "period_end" text not null, "line_items" text not null, "amount_cents" integer not null, "po_number" text, "bill_to" text not null, "status" text default 'open' not null, "paid_on" text, "voided_at" text, "void_reason" text, "created_by" integer references "users" ("id") on delete set null, "created_at" text not null, "updated_at" text not null);

-- table observation_answers
CREATE TABLE "observation_answers" ("observation_id" integer not null references "observations" ("id") on delete cascade, "item_id" integer not null references "observation_form_items" ("id"), "district_id" integer not null references "districts" ("id") on delete cascade, "value" text not null, "evidence" text, constraint "observation_answers_pk" primary key ("observation_id", "item_id")) without rowid;

-- table observation_form_items
CREATE TABLE "observation_form_items" ("id" integer primary key autoincrement, "district_id" integer references "districts" ("id") on delete cascade, "version_id" integer not null references "observation_form_versions" ("id") on delete cascade, "lineage_id" integer, "position" integer not null, "section" text, "label" text not null, "kind" text not null, "required" integer default 0 not null, "config" text default '{}' not null, "skill_id" integer references "skills" ("id") on delete set null);

-- table observation_form_versions
CREATE TABLE "observation_form_versions" ("id" integer primary key autoincrement, "district_id" integer references "districts" ("id") on delete cascade, "form_id" integer not null references "observation_forms" ("id") on delete cascade, "version" integer not null, "name" text not null, "description" text, "created_by" integer references "users" ("id") on delete set null, "created_at" text not null);

-- table observation_forms
CREATE TABLE "observation_forms" ("id" integer primary key autoincrement, "district_id" integer references "districts" ("id") on delete cascade, "interaction_type_id" integer not null references "interaction_types" ("id"), "builtin" integer default 0 not null, "current_version_id" integer, "archived_at" text, "created_at" text not null, "updated_at" text not null);

-- table observations
CREATE TABLE "observations" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "form_id" integer not null references "observation_forms" ("id"), "version_id" integer not null references "observation_form_versions" ("id"), "staff_id" integer not null references "staff" ("id") on delete cascade, "observer_id" integer not null references "users" ("id"), "interaction_id" integer references "interactions" ("id") on delete set null, "building_id" integer references "buildings" ("id") on delete set null, "status" text not null, "observed_at" text not null, "duration_minutes" integer not null, "notes" text, "private_notes" text, "next_steps" text, "calibration_id" integer, "share_answers" integer default 0 not null, "share_notes" integer default 0 not null, "shared_at" text, "shared_by" integer references "users" ("id") on delete set null, "acknowledged_at" text, "reflection" text, "created_at" text not null, "updated_at" text not null, "deleted_at" text, "client_id" text);

-- table password_resets
CREATE TABLE "password_resets" ("id" integer primary key autoincrement, "user_id" integer not null references "users" ("id") on delete cascade, "token_hash" text not null unique, "expires_at" text not null, "created_at" text not null, "used_at" text);

-- table permissions
CREATE TABLE "permissions" ("id" integer primary key autoincrement, "name" text not null unique);

-- table plans
CREATE TABLE "plans" ("id" integer primary key autoincrement, "key" text not null unique, "name" text not null, "description" text default '' not null, "price_per_seat_cents" integer not null, "features" text default '[]' not null, "sort_order" integer default 0 not null);

-- table provider_settings
CREATE TABLE "provider_settings" ("key" text primary key, "value" text not null, "updated_by" integer references "users" ("id") on delete set null, "updated_at" text not null);

-- table provider_sso_links
CREATE TABLE "provider_sso_links" ("id" integer primary key autoincrement, "user_id" integer not null references "users" ("id") on delete cascade, "issuer" text not null, "subject" text not null, "email_at_link" text, "created_at" text not null, "last_sign_in_at" text);

-- table quotes
CREATE TABLE "quotes" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "number" text not null unique, "plan_id" integer not null references "plans" ("id"), "plan_name" text not null, "price_per_seat_cents" integer not null, "seats" integer not null, "term_years" integer not null, "notes" text default '' not null, "line_items" text not null, "subtotal_cents" integer not null, "discount_bps" integer not null, "discount_cents" integer not null, "total_cents" integer not null, "status" text default 'draft' not null, "valid_until" text not null, "created_by" integer references "users" ("id") on delete set null, "created_at" text not null, "updated_at" text not null, "sent_at" text, "sent_to" text, "accepted_at" text, "accepted_by" integer references "users" ("id") on delete set null, "po_number" text, "signer_name" text, "signer_title" text, "declined_at" text, "declined_by" integer references "users" ("id") on delete set null, "decline_reason" text, "activated_at" text, "activated_by" integer references "users" ("id") on delete set null);

-- table rate_limits
CREATE TABLE "rate_limits" ("key" text primary key, "count" integer not null, "reset_at" integer not null);

-- table record_reads
CREATE TABLE "record_reads" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "staff_id" integer not null references "staff" ("id") on delete cascade, "reader_user_id" integer not null references "users" ("id") on delete cascade, "reader_role" text not null, "impersonated_by" integer references "users" ("id") on delete cascade, "kind" text not null, "day" text not null);

-- table report_interaction_months
CREATE TABLE "report_interaction_months" ("district_id" integer not null, "month" text not null, "interaction_type_id" integer not null, "building_id" integer not null, "coach_id" integer not null, "n" integer not null, "minutes" integer not null, constraint "report_interaction_months_pk" primary key ("district_id", "month", "interaction_type_id", "building_id", "coach_id")) without rowid;

-- table report_observation_answer_months
CREATE TABLE "report_observation_answer_months" ("district_id" integer not null, "form_id" integer not null, "month" text not null, "building_id" integer not null, "coach_id" integer not null, "obs_building_id" integer not null, "item_id" integer not null, "value" text not null, "n" integer not null, constraint "report_observation_answer_months_pk" primary key ("district_id", "form_id", "month", "building_id", "coach_id", "obs_building_id", "item_id", "value")) without rowid;

-- table report_observation_keys
CREATE TABLE "report_observation_keys" ("observation_id" integer primary key, "district_id" integer not null, "form_id" integer not null, "month" text not null, "building_id" integer not null, "coach_id" integer not null, "obs_building_id" integer not null, "moved" integer not null, "staff_id" integer not null);

-- table report_observation_months
CREATE TABLE "report_observation_months" ("district_id" integer not null, "form_id" integer not null, "month" text not null, "building_id" integer not null, "coach_id" integer not null, "obs_building_id" integer not null, "moved" integer not null, "staff_id" integer not null, "n" integer not null, constraint "report_observation_months_pk" primary key ("district_id", "form_id", "month", "building_id", "coach_id", "obs_building_id", "moved", "staff_id")) without rowid;

-- table report_participation_months
CREATE TABLE "report_participation_months" ("district_id" integer not null, "month" text not null, "staff_id" integer not null, "building_id" integer not null, "coach_id" integer not null, "n" integer not null, "minutes" integer not null, "last_at" text not null, constraint "report_participation_months_pk" primary key ("district_id", "month", "staff_id", "building_id", "coach_id")) without rowid;

-- table report_subscriptions
CREATE TABLE "report_subscriptions" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "user_id" integer not null references "users" ("id") on delete cascade, "report" text not null, "frequency" text not null, "query" text default '' not null, "unsubscribe_token_hash" text not null unique, "next_run_at" text not null, "last_sent_at" text, "last_skipped_reason" text, "claimed_at" text, "claim_token" text, "created_at" text not null, "updated_at" text not null);

-- table retention_runs
CREATE TABLE "retention_runs" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "night" text not null, "cutoff_day" text not null, "years" integer not null, "status" text not null, "counts" text, "started_at" text not null, "finished_at" text, constraint "retention_runs_district_night" unique ("district_id", "night"));

-- table role_permissions
CREATE TABLE "role_permissions" ("role_id" integer not null references "roles" ("id") on delete cascade, "permission_id" integer not null references "permissions" ("id") on delete cascade, constraint "role_permissions_pk" primary key ("role_id", "permission_id"));

-- table roles
CREATE TABLE "roles" ("id" integer primary key autoincrement, "name" text not null unique, "label" text not null, "area" text not null);

-- table security_events
CREATE TABLE "security_events" ("id" integer primary key autoincrement, "kind" text not null, "ip" text, "user_agent" text, "email" text, "user_id" integer references "users" ("id") on delete set null, "district_id" integer references "districts" ("id") on delete set null, "method" text, "path" text, "details" text, "at" text not null);

-- table self_ratings
CREATE TABLE "self_ratings" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "staff_id" integer not null references "staff" ("id") on delete cascade, "skill_id" integer not null references "skills" ("id") on delete cascade, "level" integer not null, "rated_on" text not null, "rated_by" integer references "users" ("id") on delete set null, "created_at" text not null);

-- table server_errors
CREATE TABLE "server_errors" ("id" integer primary key autoincrement, "message" text not null, "stack" text, "method" text not null, "path" text not null, "status" integer not null, "user_id" integer references "users" ("id") on delete set null, "impersonator_id" integer references "users" ("id") on delete set null, "district_id" integer references "districts" ("id") on delete set null, "request_id" text not null, "ip" text, "user_agent" text, "at" text not null);

-- table sessions
CREATE TABLE "sessions" ("sid" text primary key, "user_id" integer references "users" ("id") on delete cascade, "data" text not null, "expires_at" integer not null, "created_at" text not null);

-- table setup_checklist_marks
CREATE TABLE "setup_checklist_marks" ("district_id" integer not null references "districts" ("id") on delete cascade, "mark" text not null, "user_id" integer references "users" ("id") on delete set null, "at" text not null, constraint "setup_checklist_marks_pk" primary key ("district_id", "mark")) without rowid;

-- table skill_current_levels
CREATE TABLE "skill_current_levels" ("district_id" integer not null references "districts" ("id") on delete cascade, "staff_id" integer not null references "staff" ("id") on delete cascade, "skill_id" integer not null references "skills" ("id") on delete cascade, "rating_id" integer not null references "skill_ratings" ("id") on delete cascade, "level" integer not null, "rated_on" text not null, "rated_by" integer references "users" ("id"), "note" text, constraint "skill_current_levels_pk" primary key ("district_id", "staff_id", "skill_id")) without rowid;

-- table skill_domains
CREATE TABLE "skill_domains" ("id" integer primary key autoincrement, "district_id" integer references "districts" ("id") on delete cascade, "framework_id" integer not null references "skill_frameworks" ("id") on delete cascade, "name" text not null, "description" text, "sort_order" integer not null, "archived_at" text, "created_at" text not null, "updated_at" text not null);

-- table skill_frameworks
CREATE TABLE "skill_frameworks" ("id" integer primary key autoincrement, "district_id" integer references "districts" ("id") on delete cascade, "name" text not null, "description" text, "active" integer default 1 not null, "created_at" text not null, "updated_at" text not null);

-- table skill_levels
CREATE TABLE "skill_levels" ("id" integer primary key autoincrement, "district_id" integer references "districts" ("id") on delete cascade, "framework_id" integer not null references "skill_frameworks" ("id") on delete cascade, "level" integer not null, "name" text not null, "descriptor" text);

-- table skill_ratings
CREATE TABLE "skill_ratings" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "staff_id" integer not null references "staff" ("id") on delete cascade, "skill_id" integer not null references "skills" ("id") on delete cascade, "level" integer not null, "rated_on" text not null, "rated_by" integer references "users" ("id"), "note" text, "interaction_id" integer references "interactions" ("id") on delete set null, "created_at" text not null);

-- table skills
CREATE TABLE "skills" ("id" integer primary key autoincrement, "district_id" integer references "districts" ("id") on delete cascade, "framework_id" integer not null references "skill_frameworks" ("id") on delete cascade, "domain_id" integer not null references "skill_domains" ("id") on delete cascade, "name" text not null, "description" text, "sort_order" integer not null, "archived_at" text, "created_at" text not null, "updated_at" text not null);

-- table sqlite_sequence
CREATE TABLE sqlite_sequence(name,seq);

-- table sso_connections
CREATE TABLE "sso_connections" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "kind" text not null, "issuer" text not null, "client_id" text not null, "client_secret_sealed" text not null, "domains" text default '[]' not null, "password_login" integer default 1 not null, "create_users" integer default 0 not null, "created_by" integer references "users" ("id") on delete set null, "created_at" text not null, "updated_at" text not null, "last_tested_at" text, "last_test_result" text);

-- table sso_links
CREATE TABLE "sso_links" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "user_id" integer not null references "users" ("id") on delete cascade, "connection_id" integer not null references "sso_connections" ("id") on delete cascade, "issuer" text not null, "subject" text not null, "email_at_link" text, "created_at" text not null, "last_sign_in_at" text);

-- table staff
CREATE TABLE "staff" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "first_name" text not null, "last_name" text not null, "email" text, "employee_id" text, "position" text, "grade_levels" text default '[]' not null, "subjects" text default '[]' not null, "hire_date" text, "status" text default 'active' not null, "user_id" integer references "users" ("id") on delete set null, "created_at" text not null, "updated_at" text not null);

-- table staff_buildings
CREATE TABLE "staff_buildings" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "staff_id" integer not null references "staff" ("id") on delete cascade, "building_id" integer not null references "buildings" ("id") on delete cascade, "start_date" text not null, "end_date" text, "created_at" text not null);

-- table staff_search
CREATE VIRTUAL TABLE staff_search using fts5(name, email, employee_id, starts, tokenize = 'trigram');

-- table staff_search_config
CREATE TABLE 'staff_search_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table staff_search_content
CREATE TABLE 'staff_search_content'(id INTEGER PRIMARY KEY, c0, c1, c2, c3);

-- table staff_search_data
CREATE TABLE 'staff_search_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table staff_search_docsize
CREATE TABLE 'staff_search_docsize'(id INTEGER PRIMARY KEY, sz BLOB);

-- table staff_search_idx
CREATE TABLE 'staff_search_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table staff_source_ids
CREATE TABLE "staff_source_ids" ("id" integer primary key autoincrement, "district_id" integer not null references "districts" ("id") on delete cascade, "staff_id" integer not null unique references "staff" ("id") on delete cascade, "source_id" text not null, "created_at" text not null);

-- table user_buildings
CREATE TABLE "user_buildings" ("user_id" integer not null references "users" ("id") on delete cascade, "building_id" integer not null references "buildings" ("id") on delete cascade, constraint "user_buildings_pk" primary key ("user_id", "building_id"));

-- table user_roles
CREATE TABLE "user_roles" ("user_id" integer not null references "users" ("id") on delete cascade, "role_id" integer not null references "roles" ("id") on delete cascade, constraint "user_roles_pk" primary key ("user_id", "role_id"));

-- table user_search
CREATE VIRTUAL TABLE user_search using fts5(name, email, starts, tokenize = 'trigram');

-- table user_search_config
CREATE TABLE 'user_search_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table user_search_content
CREATE TABLE 'user_search_content'(id INTEGER PRIMARY KEY, c0, c1, c2);

-- table user_search_data
CREATE TABLE 'user_search_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table user_search_docsize
CREATE TABLE 'user_search_docsize'(id INTEGER PRIMARY KEY, sz BLOB);

-- table user_search_idx
CREATE TABLE 'user_search_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table users
CREATE TABLE "users" ("id" integer primary key autoincrement, "district_id" integer references "districts" ("id") on delete cascade, "email" text not null, "name" text not null, "password_hash" text, "status" text default 'active' not null, "date_locale" text default 'en-US' not null, "timezone" text default 'America/Chicago' not null, "last_login_at" text, "created_at" text not null, "updated_at" text not null, "locale" text);

-- table zone_months
CREATE TABLE "zone_months" ("timezone" text not null, "month" text not null, "starts_at" text not null, "ends_at" text not null, constraint "zone_months_pk" primary key ("timezone", "month")) without rowid;

-- trigger action_steps_delete_district_version
CREATE TRIGGER action_steps_delete_district_version after delete on action_steps begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger action_steps_insert_district_version
CREATE TRIGGER action_steps_insert_district_version after insert on action_steps begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger action_steps_update_district_version
CREATE TRIGGER action_steps_update_district_version after update on action_steps begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger activities_delete_district_version
CREATE TRIGGER activities_delete_district_version after delete on activities begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger activities_insert_district_version
CREATE TRIGGER activities_insert_district_version after insert on activities begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger activities_update_district_version
CREATE TRIGGER activities_update_district_version after update on activities begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger article_search_delete
CREATE TRIGGER article_search_delete after delete on articles begin
    delete from article_search where rowid = OLD.id;
  end;

-- trigger article_search_es_delete
CREATE TRIGGER article_search_es_delete after delete on article_translations when OLD.locale = 'es' begin
    delete from article_search_es where rowid = OLD.article_id;
  end;

-- trigger article_search_es_insert
CREATE TRIGGER article_search_es_insert after insert on article_translations when NEW.locale = 'es' begin
    insert into article_search_es (rowid, title, body, starts) values (NEW.article_id, NEW.title, NEW.body, '  ' || replace(replace(replace(replace(NEW.title || ' ' || NEW.body, char(10), ' '), char(13), ' '), char(9), ' '), ' ', '  '));
  end;

-- trigger article_search_es_update
CREATE TRIGGER article_search_es_update after update of article_id, locale, title, body on article_translations begin
    delete from article_search_es where OLD.locale = 'es' and rowid = OLD.article_id;
    insert into article_search_es (rowid, title, body, starts) select NEW.article_id, NEW.title, NEW.body, '  ' || replace(replace(replace(replace(NEW.title || ' ' || NEW.body, char(10), ' '), char(13), ' '), char(9), ' '), ' ', '  ') where NEW.locale = 'es';
  end;

-- trigger article_search_insert
CREATE TRIGGER article_search_insert after insert on articles begin
    insert into article_search (rowid, title, body, starts) values (NEW.id, NEW.title, NEW.body, '  ' || replace(replace(replace(replace(NEW.title || ' ' || NEW.body, char(10), ' '), char(13), ' '), char(9), ' '), ' ', '  '));
  end;

-- trigger article_search_update
CREATE TRIGGER article_search_update after update of id, title, body on articles begin
    delete from article_search where rowid = OLD.id;
    insert into article_search (rowid, title, body, starts) values (NEW.id, NEW.title, NEW.body, '  ' || replace(replace(replace(replace(NEW.title || ' ' || NEW.body, char(10), ' '), char(13), ' '), char(9), ' '), ' ', '  '));
  end;

-- trigger buildings_delete_auth_version
CREATE TRIGGER buildings_delete_auth_version after delete on buildings begin
          update change_versions set version = version + 1 where scope = 'auth';
        end;

-- trigger buildings_delete_district_version
CREATE TRIGGER buildings_delete_district_version after delete on buildings begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger buildings_insert_auth_version
CREATE TRIGGER buildings_insert_auth_version after insert on buildings begin
          update change_versions set version = version + 1 where scope = 'auth';
        end;

-- trigger buildings_insert_district_version
CREATE TRIGGER buildings_insert_district_version after insert on buildings begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger buildings_update_auth_version
CREATE TRIGGER buildings_update_auth_version after update on buildings begin
          update change_versions set version = version + 1 where scope = 'auth';
        end;

-- trigger buildings_update_district_version
CREATE TRIGGER buildings_update_district_version after update on buildings begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger calibration_sessions_delete_district_version
CREATE TRIGGER calibration_sessions_delete_district_version after delete on calibration_sessions begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger calibration_sessions_insert_district_version
CREATE TRIGGER calibration_sessions_insert_district_version after insert on calibration_sessions begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger calibration_sessions_update_district_version
CREATE TRIGGER calibration_sessions_update_district_version after update on calibration_sessions begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger coach_assignments_delete_district_version
CREATE TRIGGER coach_assignments_delete_district_version after delete on coach_assignments begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger coach_assignments_delete_staff_version
CREATE TRIGGER coach_assignments_delete_staff_version after delete on coach_assignments begin
          update change_versions set version = version + 1 where scope = 'staff';
        end;

-- trigger coach_assignments_insert_district_version
CREATE TRIGGER coach_assignments_insert_district_version after insert on coach_assignments begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger coach_assignments_insert_staff_version
CREATE TRIGGER coach_assignments_insert_staff_version after insert on coach_assignments begin
          update change_versions set version = version + 1 where scope = 'staff';
        end;

-- trigger coach_assignments_update_district_version
CREATE TRIGGER coach_assignments_update_district_version after update on coach_assignments begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger coach_assignments_update_staff_version
CREATE TRIGGER coach_assignments_update_staff_version after update on coach_assignments begin
          update change_versions set version = version + 1 where scope = 'staff';
        end;

-- trigger coaching_cycle_notes_delete_district_version
CREATE TRIGGER coaching_cycle_notes_delete_district_version after delete on coaching_cycle_notes begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger coaching_cycle_notes_insert_district_version
CREATE TRIGGER coaching_cycle_notes_insert_district_version after insert on coaching_cycle_notes begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger coaching_cycle_notes_update_district_version
CREATE TRIGGER coaching_cycle_notes_update_district_version after update on coaching_cycle_notes begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger coaching_cycle_skills_delete_district_version
CREATE TRIGGER coaching_cycle_skills_delete_district_version after delete on coaching_cycle_skills begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger coaching_cycle_skills_insert_district_version
CREATE TRIGGER coaching_cycle_skills_insert_district_version after insert on coaching_cycle_skills begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger coaching_cycle_skills_update_district_version
CREATE TRIGGER coaching_cycle_skills_update_district_version after update on coaching_cycle_skills begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger coaching_cycle_staff_delete_district_version
CREATE TRIGGER coaching_cycle_staff_delete_district_version after delete on coaching_cycle_staff begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger coaching_cycle_staff_insert_district_version
CREATE TRIGGER coaching_cycle_staff_insert_district_version after insert on coaching_cycle_staff begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger coaching_cycle_staff_update_district_version
CREATE TRIGGER coaching_cycle_staff_update_district_version after update on coaching_cycle_staff begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger coaching_cycle_stage_history_delete_district_version
CREATE TRIGGER coaching_cycle_stage_history_delete_district_version after delete on coaching_cycle_stage_history begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger coaching_cycle_stage_history_insert_district_version
CREATE TRIGGER coaching_cycle_stage_history_insert_district_version after insert on coaching_cycle_stage_history begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger coaching_cycle_stage_history_update_district_version
CREATE TRIGGER coaching_cycle_stage_history_update_district_version after update on coaching_cycle_stage_history begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger coaching_cycles_delete_district_version
CREATE TRIGGER coaching_cycles_delete_district_version after delete on coaching_cycles begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger coaching_cycles_insert_district_version
CREATE TRIGGER coaching_cycles_insert_district_version after insert on coaching_cycles begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger coaching_cycles_update_district_version
CREATE TRIGGER coaching_cycles_update_district_version after update on coaching_cycles begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger coaching_requests_delete_district_version
CREATE TRIGGER coaching_requests_delete_district_version after delete on coaching_requests begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger coaching_requests_insert_district_version
CREATE TRIGGER coaching_requests_insert_district_version after insert on coaching_requests begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger coaching_requests_update_district_version
CREATE TRIGGER coaching_requests_update_district_version after update on coaching_requests begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger cycle_goal_templates_delete_district_version
CREATE TRIGGER cycle_goal_templates_delete_district_version after delete on cycle_goal_templates begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger cycle_goal_templates_insert_district_version
CREATE TRIGGER cycle_goal_templates_insert_district_version after insert on cycle_goal_templates begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger cycle_goal_templates_update_district_version
CREATE TRIGGER cycle_goal_templates_update_district_version after update on cycle_goal_templates begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger cycle_stages_delete_district_version
CREATE TRIGGER cycle_stages_delete_district_version after delete on cycle_stages begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger cycle_stages_insert_district_version
CREATE TRIGGER cycle_stages_insert_district_version after insert on cycle_stages begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger cycle_stages_update_district_version
CREATE TRIGGER cycle_stages_update_district_version after update on cycle_stages begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger district_search_delete
CREATE TRIGGER district_search_delete after delete on districts begin
    delete from district_search where rowid = OLD.id;
  end;

-- trigger district_search_insert
CREATE TRIGGER district_search_insert after insert on districts begin
    insert into district_search (rowid, name, slug, state, starts) values (NEW.id, NEW.name, NEW.slug, NEW.state, '  ' || replace(replace(replace(replace(NEW.name, '-', ' '), '''', ' '), '’', ' '), ' ', '  ') || '  ' || NEW.slug || '  ' || NEW.state);
  end;

-- trigger district_search_update
CREATE TRIGGER district_search_update after update of id, name, slug, state on districts begin
    delete from district_search where rowid = OLD.id;
    insert into district_search (rowid, name, slug, state, starts) values (NEW.id, NEW.name, NEW.slug, NEW.state, '  ' || replace(replace(replace(replace(NEW.name, '-', ' '), '''', ' '), '’', ' '), ' ', '  ') || '  ' || NEW.slug || '  ' || NEW.state);
  end;

-- trigger districts_delete_auth_version
CREATE TRIGGER districts_delete_auth_version after delete on districts begin
          update change_versions set version = version + 1 where scope = 'auth';
        end;

-- trigger districts_delete_district_version
CREATE TRIGGER districts_delete_district_version after delete on districts begin
          insert into district_versions (district_id, version) select old.id, 1 where old.id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger districts_delete_rollup
CREATE TRIGGER districts_delete_rollup after delete on districts begin
      delete from report_interaction_months where district_id = old.id;
      delete from report_participation_months where district_id = old.id; end;

-- trigger districts_delete_walkthrough_rollup
CREATE TRIGGER districts_delete_walkthrough_rollup after delete on districts begin
      delete from report_observation_answer_months where district_id = old.id;
      delete from report_observation_months where district_id = old.id;
      delete from report_observation_keys where district_id = old.id; end;

-- trigger districts_insert_auth_version
CREATE TRIGGER districts_insert_auth_version after insert on districts begin
          update change_versions set version = version + 1 where scope = 'auth';
        end;

-- trigger districts_insert_district_version
CREATE TRIGGER districts_insert_district_version after insert on districts begin
          insert into district_versions (district_id, version) select new.id, 1 where new.id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger districts_update_auth_version
CREATE TRIGGER districts_update_auth_version after update on districts begin
          update change_versions set version = version + 1 where scope = 'auth';
        end;

-- trigger districts_update_district_version
CREATE TRIGGER districts_update_district_version after update on districts begin
          insert into district_versions (district_id, version) select new.id, 1 where new.id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.id, 1 where old.id is not null and old.id is not new.id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger districts_update_rollup
CREATE TRIGGER districts_update_rollup after update of timezone on districts when old.timezone is not new.timezone begin delete from report_interaction_months where district_id = new.id;
    delete from report_participation_months where district_id = new.id;
    insert into report_interaction_months (district_id, month, interaction_type_id, building_id, coach_id, n, minutes)
    select district_id, month, interaction_type_id, building_id, coach_id, count(*), sum(duration_minutes) from (
      select r.district_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = r.district_id) and zm.starts_at <= r.starts_at and zm.ends_at > r.starts_at
  order by zm.starts_at desc limit 1) as month, r.interaction_type_id,
        coalesce(r.building_id, 0) as building_id, r.coach_id, r.duration_minutes
      from (select * from interactions where district_id = new.id) r where r.status = 'completed' and r.deleted_at is null
    ) x where month is not null
    group by district_id, month, interaction_type_id, building_id, coach_id
    on conflict (district_id, month, interaction_type_id, building_id, coach_id) do update
      set n = report_interaction_months.n + excluded.n, minutes = report_interaction_months.minutes + excluded.minutes;
  insert into report_participation_months (district_id, month, staff_id, building_id, coach_id, n, minutes, last_at)
    select district_id, month, staff_id, building_id, coach_id, count(*), sum(duration_minutes), max(starts_at) from (
      select i.district_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = i.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month, p.staff_id,
        coalesce(i.building_id, 0) as building_id, i.coach_id, i.duration_minutes, i.starts_at
      from (select p.interaction_id, p.staff_id from (select * from interactions where district_id = new.id) s join interaction_participants p on p.interaction_id = s.id) p join interactions i on i.id = p.interaction_id where i.status = 'completed' and i.deleted_at is null
    ) x where month is not null
    group by district_id, month, staff_id, building_id, coach_id
    on conflict (district_id, month, staff_id, building_id, coach_id) do update
      set n = report_participation_months.n + excluded.n, minutes = report_participation_months.minutes + excluded.minutes,
        last_at = case when excluded.last_at > report_participation_months.last_at then excluded.last_at else report_participation_months.last_at end; end;

-- trigger districts_update_walkthrough_rollup
CREATE TRIGGER districts_update_walkthrough_rollup after update of timezone on districts when old.timezone is not new.timezone
      begin delete from report_observation_answer_months where district_id = new.id;
    delete from report_observation_months where district_id = new.id;
    delete from report_observation_keys where district_id = new.id;
    insert into report_observation_answer_months (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value, n)
      select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id, a.item_id, case when it.kind = 'text' and a.value <> 'null' then '""' else a.value end, -1 * count(*)
      from (select k.* from report_observation_keys k where k.observation_id in (select ob.id from observations ob where ob.district_id = new.id)
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id in (select ob.id from observations ob where ob.district_id = new.id) and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) k join observation_answers a on a.observation_id = k.observation_id join observation_form_items it on it.id = a.item_id
      where true group by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value) do update set n = report_observation_answer_months.n + excluded.n;
    insert into report_observation_months (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id, n)
      select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id, k.moved, k.staff_id, -1 * count(*) from (select k.* from report_observation_keys k where k.observation_id in (select ob.id from observations ob where ob.district_id = new.id)
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id in (select ob.id from observations ob where ob.district_id = new.id) and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) k where true group by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id) do update set n = report_observation_months.n + excluded.n;
    delete from report_observation_answer_months where n = 0 and (district_id, form_id, month, building_id, coach_id, obs_building_id) in (select l.district_id, l.form_id, l.month, l.building_id, l.coach_id, l.obs_building_id from (select k.* from report_observation_keys k where k.observation_id in (select ob.id from observations ob where ob.district_id = new.id)
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id in (select ob.id from observations ob where ob.district_id = new.id) and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) l);
    delete from report_observation_months where n = 0 and (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id) in (select l.district_id, l.form_id, l.month, l.building_id, l.coach_id, l.obs_building_id, l.moved, l.staff_id from (select k.* from report_observation_keys k where k.observation_id in (select ob.id from observations ob where ob.district_id = new.id)
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id in (select ob.id from observations ob where ob.district_id = new.id) and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) l);
    delete from report_observation_keys where observation_id in (select l.observation_id from (select k.* from report_observation_keys k where k.observation_id in (select ob.id from observations ob where ob.district_id = new.id)
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id in (select ob.id from observations ob where ob.district_id = new.id) and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) l);
    insert into report_observation_answer_months (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value, n)
      select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id, a.item_id, case when it.kind = 'text' and a.value <> 'null' then '""' else a.value end, 1 * count(*)
      from (select c.* from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id in (select ob.id from observations ob where ob.district_id = new.id) and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where not exists (select 1 from report_observation_keys k where k.observation_id = c.observation_id)) k join observation_answers a on a.observation_id = k.observation_id join observation_form_items it on it.id = a.item_id
      where true group by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value) do update set n = report_observation_answer_months.n + excluded.n;
    insert into report_observation_months (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id, n)
      select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id, k.moved, k.staff_id, 1 * count(*) from (select c.* from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id in (select ob.id from observations ob where ob.district_id = new.id) and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where not exists (select 1 from report_observation_keys k where k.observation_id = c.observation_id)) k where true group by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id) do update set n = report_observation_months.n + excluded.n;
    insert into report_observation_keys (observation_id, district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id)
      select a.observation_id, a.district_id, a.form_id, a.month, a.building_id, a.coach_id, a.obs_building_id, a.moved, a.staff_id from (select c.* from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id in (select ob.id from observations ob where ob.district_id = new.id) and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where not exists (select 1 from report_observation_keys k where k.observation_id = c.observation_id)) a where true; end;

-- trigger group_items_delete_district_version
CREATE TRIGGER group_items_delete_district_version after delete on group_items begin
          insert into district_versions (district_id, version) select (select p.district_id from groups p where p.id = old.group_id), 1 where (select p.district_id from groups p where p.id = old.group_id) is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger group_items_delete_staff_version
CREATE TRIGGER group_items_delete_staff_version after delete on group_items begin
          update change_versions set version = version + 1 where scope = 'staff';
        end;

-- trigger group_items_insert_district_version
CREATE TRIGGER group_items_insert_district_version after insert on group_items begin
          insert into district_versions (district_id, version) select (select p.district_id from groups p where p.id = new.group_id), 1 where (select p.district_id from groups p where p.id = new.group_id) is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger group_items_insert_staff_version
CREATE TRIGGER group_items_insert_staff_version after insert on group_items begin
          update change_versions set version = version + 1 where scope = 'staff';
        end;

-- trigger group_items_update_district_version
CREATE TRIGGER group_items_update_district_version after update on group_items begin
          insert into district_versions (district_id, version) select (select p.district_id from groups p where p.id = new.group_id), 1 where (select p.district_id from groups p where p.id = new.group_id) is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select (select p.district_id from groups p where p.id = old.group_id), 1 where (select p.district_id from groups p where p.id = old.group_id) is not null and (select p.district_id from groups p where p.id = old.group_id) is not (select p.district_id from groups p where p.id = new.group_id)
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger group_items_update_staff_version
CREATE TRIGGER group_items_update_staff_version after update on group_items begin
          update change_versions set version = version + 1 where scope = 'staff';
        end;

-- trigger groups_delete_district_version
CREATE TRIGGER groups_delete_district_version after delete on groups begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger groups_delete_staff_version
CREATE TRIGGER groups_delete_staff_version after delete on groups begin
          update change_versions set version = version + 1 where scope = 'staff';
        end;

-- trigger groups_insert_district_version
CREATE TRIGGER groups_insert_district_version after insert on groups begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger groups_insert_staff_version
CREATE TRIGGER groups_insert_staff_version after insert on groups begin
          update change_versions set version = version + 1 where scope = 'staff';
        end;

-- trigger groups_update_district_version
CREATE TRIGGER groups_update_district_version after update on groups begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger groups_update_staff_version
CREATE TRIGGER groups_update_staff_version after update on groups begin
          update change_versions set version = version + 1 where scope = 'staff';
        end;

-- trigger interaction_field_values_delete_district_version
CREATE TRIGGER interaction_field_values_delete_district_version after delete on interaction_field_values begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger interaction_field_values_insert_district_version
CREATE TRIGGER interaction_field_values_insert_district_version after insert on interaction_field_values begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger interaction_field_values_update_district_version
CREATE TRIGGER interaction_field_values_update_district_version after update on interaction_field_values begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger interaction_fields_delete_district_version
CREATE TRIGGER interaction_fields_delete_district_version after delete on interaction_fields begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger interaction_fields_insert_district_version
CREATE TRIGGER interaction_fields_insert_district_version after insert on interaction_fields begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger interaction_fields_update_district_version
CREATE TRIGGER interaction_fields_update_district_version after update on interaction_fields begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger interaction_groups_delete_district_version
CREATE TRIGGER interaction_groups_delete_district_version after delete on interaction_groups begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger interaction_groups_insert_district_version
CREATE TRIGGER interaction_groups_insert_district_version after insert on interaction_groups begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger interaction_groups_update_district_version
CREATE TRIGGER interaction_groups_update_district_version after update on interaction_groups begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger interaction_participants_delete_district_version
CREATE TRIGGER interaction_participants_delete_district_version after delete on interaction_participants begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger interaction_participants_delete_rollup
CREATE TRIGGER interaction_participants_delete_rollup after delete on interaction_participants when exists (select 1 from districts where id = old.district_id)
      begin delete from report_participation_months where district_id in (old.district_id) and month in ((select (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = i.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) from interactions i where i.id = old.interaction_id))
      and staff_id in (old.staff_id) and building_id in ((select coalesce(i.building_id, 0) from interactions i where i.id = old.interaction_id)) and coach_id in ((select i.coach_id from interactions i where i.id = old.interaction_id));
    insert into report_participation_months (district_id, month, staff_id, building_id, coach_id, n, minutes, last_at)
      select i.district_id, zm.month, p.staff_id, coalesce(i.building_id, 0), i.coach_id, count(*), sum(i.duration_minutes), max(i.starts_at)
      from interaction_participants p
      join interactions i on i.id = p.interaction_id
      join districts d on d.id = i.district_id
      join zone_months zm on zm.timezone = d.timezone and zm.month in ((select (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = i.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) from interactions i where i.id = old.interaction_id))
      where p.district_id in (old.district_id) and p.staff_id in (old.staff_id)
        and i.coach_id in ((select i.coach_id from interactions i where i.id = old.interaction_id)) and coalesce(i.building_id, 0) in ((select coalesce(i.building_id, 0) from interactions i where i.id = old.interaction_id))
        and i.starts_at >= (zm.starts_at || '') and i.starts_at < (zm.ends_at || '')
        and i.status = 'completed' and i.deleted_at is null 
      group by i.district_id, zm.month, p.staff_id, coalesce(i.building_id, 0), i.coach_id; end;

-- trigger interaction_participants_insert_district_version
CREATE TRIGGER interaction_participants_insert_district_version after insert on interaction_participants begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger interaction_participants_insert_rollup
CREATE TRIGGER interaction_participants_insert_rollup after insert on interaction_participants begin insert into report_participation_months (district_id, month, staff_id, building_id, coach_id, n, minutes, last_at)
    select district_id, month, staff_id, building_id, coach_id, count(*), sum(duration_minutes), max(starts_at) from (
      select i.district_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = i.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month, p.staff_id,
        coalesce(i.building_id, 0) as building_id, i.coach_id, i.duration_minutes, i.starts_at
      from (select new.interaction_id as interaction_id, new.staff_id as staff_id) p join interactions i on i.id = p.interaction_id where i.status = 'completed' and i.deleted_at is null
    ) x where month is not null
    group by district_id, month, staff_id, building_id, coach_id
    on conflict (district_id, month, staff_id, building_id, coach_id) do update
      set n = report_participation_months.n + excluded.n, minutes = report_participation_months.minutes + excluded.minutes,
        last_at = case when excluded.last_at > report_participation_months.last_at then excluded.last_at else report_participation_months.last_at end; end;

-- trigger interaction_participants_update_district_version
CREATE TRIGGER interaction_participants_update_district_version after update on interaction_participants begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger interaction_participants_update_rollup
CREATE TRIGGER interaction_participants_update_rollup after update on interaction_participants
      when old.interaction_id is not new.interaction_id or old.staff_id is not new.staff_id or old.district_id is not new.district_id
      begin delete from report_participation_months where district_id in (old.district_id, new.district_id) and month in ((select (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = i.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) from interactions i where i.id = old.interaction_id), (select (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = i.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) from interactions i where i.id = new.interaction_id))
      and staff_id in (old.staff_id, new.staff_id) and building_id in ((select coalesce(i.building_id, 0) from interactions i where i.id = old.interaction_id), (select coalesce(i.building_id, 0) from interactions i where i.id = new.interaction_id)) and coach_id in ((select i.coach_id from interactions i where i.id = old.interaction_id), (select i.coach_id from interactions i where i.id = new.interaction_id));
    insert into report_participation_months (district_id, month, staff_id, building_id, coach_id, n, minutes, last_at)
      select i.district_id, zm.month, p.staff_id, coalesce(i.building_id, 0), i.coach_id, count(*), sum(i.duration_minutes), max(i.starts_at)
      from interaction_participants p
      join interactions i on i.id = p.interaction_id
      join districts d on d.id = i.district_id
      join zone_months zm on zm.timezone = d.timezone and zm.month in ((select (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = i.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) from interactions i where i.id = old.interaction_id), (select (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = i.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) from interactions i where i.id = new.interaction_id))
      where p.district_id in (old.district_id, new.district_id) and p.staff_id in (old.staff_id, new.staff_id)
        and i.coach_id in ((select i.coach_id from interactions i where i.id = old.interaction_id), (select i.coach_id from interactions i where i.id = new.interaction_id)) and coalesce(i.building_id, 0) in ((select coalesce(i.building_id, 0) from interactions i where i.id = old.interaction_id), (select coalesce(i.building_id, 0) from interactions i where i.id = new.interaction_id))
        and i.starts_at >= (zm.starts_at || '') and i.starts_at < (zm.ends_at || '')
        and i.status = 'completed' and i.deleted_at is null 
      group by i.district_id, zm.month, p.staff_id, coalesce(i.building_id, 0), i.coach_id; end;

-- trigger interaction_skills_delete_district_version
CREATE TRIGGER interaction_skills_delete_district_version after delete on interaction_skills begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger interaction_skills_insert_district_version
CREATE TRIGGER interaction_skills_insert_district_version after insert on interaction_skills begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger interaction_skills_update_district_version
CREATE TRIGGER interaction_skills_update_district_version after update on interaction_skills begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger interaction_types_delete_district_version
CREATE TRIGGER interaction_types_delete_district_version after delete on interaction_types begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger interaction_types_insert_district_version
CREATE TRIGGER interaction_types_insert_district_version after insert on interaction_types begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger interaction_types_update_district_version
CREATE TRIGGER interaction_types_update_district_version after update on interaction_types begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger interactions_delete_district_version
CREATE TRIGGER interactions_delete_district_version after delete on interactions begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger interactions_delete_rollup
CREATE TRIGGER interactions_delete_rollup before delete on interactions when exists (select 1 from districts where id = old.district_id)
      begin delete from report_interaction_months where district_id in (old.district_id) and month in ((select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = old.district_id) and zm.starts_at <= old.starts_at and zm.ends_at > old.starts_at
  order by zm.starts_at desc limit 1))
      and interaction_type_id in (old.interaction_type_id) and building_id in (coalesce(old.building_id, 0)) and coach_id in (old.coach_id);
    insert into report_interaction_months (district_id, month, interaction_type_id, building_id, coach_id, n, minutes)
      select i.district_id, zm.month, i.interaction_type_id, coalesce(i.building_id, 0), i.coach_id, count(*), sum(i.duration_minutes)
      from zone_months zm
      join districts d on d.timezone = zm.timezone
      join interactions i on i.district_id = d.id and i.starts_at >= (zm.starts_at || '') and i.starts_at < (zm.ends_at || '')
      where zm.month in ((select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = old.district_id) and zm.starts_at <= old.starts_at and zm.ends_at > old.starts_at
  order by zm.starts_at desc limit 1)) and d.id in (old.district_id) and i.coach_id in (old.coach_id)
        and i.interaction_type_id in (old.interaction_type_id) and coalesce(i.building_id, 0) in (coalesce(old.building_id, 0))
        and i.status = 'completed' and i.deleted_at is null and i.id <> old.id
      group by i.district_id, zm.month, i.interaction_type_id, coalesce(i.building_id, 0), i.coach_id;
    delete from report_participation_months where district_id in (old.district_id) and month in ((select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = old.district_id) and zm.starts_at <= old.starts_at and zm.ends_at > old.starts_at
  order by zm.starts_at desc limit 1))
      and staff_id in (select p.staff_id from interaction_participants p where p.interaction_id = old.id) and building_id in (coalesce(old.building_id, 0)) and coach_id in (old.coach_id);
    insert into report_participation_months (district_id, month, staff_id, building_id, coach_id, n, minutes, last_at)
      select i.district_id, zm.month, p.staff_id, coalesce(i.building_id, 0), i.coach_id, count(*), sum(i.duration_minutes), max(i.starts_at)
      from interaction_participants p
      join interactions i on i.id = p.interaction_id
      join districts d on d.id = i.district_id
      join zone_months zm on zm.timezone = d.timezone and zm.month in ((select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = old.district_id) and zm.starts_at <= old.starts_at and zm.ends_at > old.starts_at
  order by zm.starts_at desc limit 1))
      where p.district_id in (old.district_id) and p.staff_id in (select p.staff_id from interaction_participants p where p.interaction_id = old.id)
        and i.coach_id in (old.coach_id) and coalesce(i.building_id, 0) in (coalesce(old.building_id, 0))
        and i.starts_at >= (zm.starts_at || '') and i.starts_at < (zm.ends_at || '')
        and i.status = 'completed' and i.deleted_at is null and i.id <> old.id
      group by i.district_id, zm.month, p.staff_id, coalesce(i.building_id, 0), i.coach_id; end;

-- trigger interactions_delete_walkthrough_rollup
CREATE TRIGGER interactions_delete_walkthrough_rollup after delete on interactions begin insert into report_observation_answer_months (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value, n)
      select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id, a.item_id, case when it.kind = 'text' and a.value <> 'null' then '""' else a.value end, -1 * count(*)
      from (select k.* from report_observation_keys k where k.observation_id in (select ob.id from observations ob where ob.interaction_id = old.id)
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id in (select ob.id from observations ob where ob.interaction_id = old.id) and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) k join observation_answers a on a.observation_id = k.observation_id join observation_form_items it on it.id = a.item_id
      where true group by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value) do update set n = report_observation_answer_months.n + excluded.n;
    insert into report_observation_months (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id, n)
      select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id, k.moved, k.staff_id, -1 * count(*) from (select k.* from report_observation_keys k where k.observation_id in (select ob.id from observations ob where ob.interaction_id = old.id)
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id in (select ob.id from observations ob where ob.interaction_id = old.id) and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) k where true group by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id) do update set n = report_observation_months.n + excluded.n;
    delete from report_observation_answer_months where n = 0 and (district_id, form_id, month, building_id, coach_id, obs_building_id) in (select l.district_id, l.form_id, l.month, l.building_id, l.coach_id, l.obs_building_id from (select k.* from report_observation_keys k where k.observation_id in (select ob.id from observations ob where ob.interaction_id = old.id)
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id in (select ob.id from observations ob where ob.interaction_id = old.id) and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) l);
    delete from report_observation_months where n = 0 and (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id) in (select l.district_id, l.form_id, l.month, l.building_id, l.coach_id, l.obs_building_id, l.moved, l.staff_id from (select k.* from report_observation_keys k where k.observation_id in (select ob.id from observations ob where ob.interaction_id = old.id)
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id in (select ob.id from observations ob where ob.interaction_id = old.id) and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) l);
    delete from report_observation_keys where observation_id in (select l.observation_id from (select k.* from report_observation_keys k where k.observation_id in (select ob.id from observations ob where ob.interaction_id = old.id)
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id in (select ob.id from observations ob where ob.interaction_id = old.id) and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) l);
    insert into report_observation_answer_months (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value, n)
      select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id, a.item_id, case when it.kind = 'text' and a.value <> 'null' then '""' else a.value end, 1 * count(*)
      from (select c.* from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id in (select ob.id from observations ob where ob.interaction_id = old.id) and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where not exists (select 1 from report_observation_keys k where k.observation_id = c.observation_id)) k join observation_answers a on a.observation_id = k.observation_id join observation_form_items it on it.id = a.item_id
      where true group by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value) do update set n = report_observation_answer_months.n + excluded.n;
    insert into report_observation_months (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id, n)
      select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id, k.moved, k.staff_id, 1 * count(*) from (select c.* from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id in (select ob.id from observations ob where ob.interaction_id = old.id) and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where not exists (select 1 from report_observation_keys k where k.observation_id = c.observation_id)) k where true group by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id) do update set n = report_observation_months.n + excluded.n;
    insert into report_observation_keys (observation_id, district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id)
      select a.observation_id, a.district_id, a.form_id, a.month, a.building_id, a.coach_id, a.obs_building_id, a.moved, a.staff_id from (select c.* from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id in (select ob.id from observations ob where ob.interaction_id = old.id) and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where not exists (select 1 from report_observation_keys k where k.observation_id = c.observation_id)) a where true; end;

-- trigger interactions_insert_district_version
CREATE TRIGGER interactions_insert_district_version after insert on interactions begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger interactions_insert_rollup
CREATE TRIGGER interactions_insert_rollup after insert on interactions begin insert into report_interaction_months (district_id, month, interaction_type_id, building_id, coach_id, n, minutes)
    select district_id, month, interaction_type_id, building_id, coach_id, count(*), sum(duration_minutes) from (
      select r.district_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = r.district_id) and zm.starts_at <= r.starts_at and zm.ends_at > r.starts_at
  order by zm.starts_at desc limit 1) as month, r.interaction_type_id,
        coalesce(r.building_id, 0) as building_id, r.coach_id, r.duration_minutes
      from (select new.id as id, new.district_id as district_id, new.starts_at as starts_at, new.coach_id as coach_id, new.building_id as building_id, new.interaction_type_id as interaction_type_id, new.duration_minutes as duration_minutes, new.status as status, new.deleted_at as deleted_at) r where r.status = 'completed' and r.deleted_at is null
    ) x where month is not null
    group by district_id, month, interaction_type_id, building_id, coach_id
    on conflict (district_id, month, interaction_type_id, building_id, coach_id) do update
      set n = report_interaction_months.n + excluded.n, minutes = report_interaction_months.minutes + excluded.minutes;
  insert into report_participation_months (district_id, month, staff_id, building_id, coach_id, n, minutes, last_at)
    select district_id, month, staff_id, building_id, coach_id, count(*), sum(duration_minutes), max(starts_at) from (
      select i.district_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = i.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month, p.staff_id,
        coalesce(i.building_id, 0) as building_id, i.coach_id, i.duration_minutes, i.starts_at
      from (select p.interaction_id, p.staff_id from (select new.id as id, new.district_id as district_id, new.starts_at as starts_at, new.coach_id as coach_id, new.building_id as building_id, new.interaction_type_id as interaction_type_id, new.duration_minutes as duration_minutes, new.status as status, new.deleted_at as deleted_at) s join interaction_participants p on p.interaction_id = s.id) p join interactions i on i.id = p.interaction_id where i.status = 'completed' and i.deleted_at is null
    ) x where month is not null
    group by district_id, month, staff_id, building_id, coach_id
    on conflict (district_id, month, staff_id, building_id, coach_id) do update
      set n = report_participation_months.n + excluded.n, minutes = report_participation_months.minutes + excluded.minutes,
        last_at = case when excluded.last_at > report_participation_months.last_at then excluded.last_at else report_participation_months.last_at end; end;

-- trigger interactions_update_district_version
CREATE TRIGGER interactions_update_district_version after update on interactions begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger interactions_update_rollup
CREATE TRIGGER interactions_update_rollup after update on interactions when old.starts_at is not new.starts_at or old.status is not new.status or old.deleted_at is not new.deleted_at or old.interaction_type_id is not new.interaction_type_id or old.building_id is not new.building_id or old.coach_id is not new.coach_id or old.duration_minutes is not new.duration_minutes or old.district_id is not new.district_id begin delete from report_interaction_months where district_id in (old.district_id, new.district_id) and month in ((select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = old.district_id) and zm.starts_at <= old.starts_at and zm.ends_at > old.starts_at
  order by zm.starts_at desc limit 1), (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = new.district_id) and zm.starts_at <= new.starts_at and zm.ends_at > new.starts_at
  order by zm.starts_at desc limit 1))
      and interaction_type_id in (old.interaction_type_id, new.interaction_type_id) and building_id in (coalesce(old.building_id, 0), coalesce(new.building_id, 0)) and coach_id in (old.coach_id, new.coach_id);
    insert into report_interaction_months (district_id, month, interaction_type_id, building_id, coach_id, n, minutes)
      select i.district_id, zm.month, i.interaction_type_id, coalesce(i.building_id, 0), i.coach_id, count(*), sum(i.duration_minutes)
      from zone_months zm
      join districts d on d.timezone = zm.timezone
      join interactions i on i.district_id = d.id and i.starts_at >= (zm.starts_at || '') and i.starts_at < (zm.ends_at || '')
      where zm.month in ((select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = old.district_id) and zm.starts_at <= old.starts_at and zm.ends_at > old.starts_at
  order by zm.starts_at desc limit 1), (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = new.district_id) and zm.starts_at <= new.starts_at and zm.ends_at > new.starts_at
  order by zm.starts_at desc limit 1)) and d.id in (old.district_id, new.district_id) and i.coach_id in (old.coach_id, new.coach_id)
        and i.interaction_type_id in (old.interaction_type_id, new.interaction_type_id) and coalesce(i.building_id, 0) in (coalesce(old.building_id, 0), coalesce(new.building_id, 0))
        and i.status = 'completed' and i.deleted_at is null 
      group by i.district_id, zm.month, i.interaction_type_id, coalesce(i.building_id, 0), i.coach_id;
    delete from report_participation_months where district_id in (old.district_id, new.district_id) and month in ((select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = old.district_id) and zm.starts_at <= old.starts_at and zm.ends_at > old.starts_at
  order by zm.starts_at desc limit 1), (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = new.district_id) and zm.starts_at <= new.starts_at and zm.ends_at > new.starts_at
  order by zm.starts_at desc limit 1))
      and staff_id in (select p.staff_id from interaction_participants p where p.interaction_id = old.id) and building_id in (coalesce(old.building_id, 0), coalesce(new.building_id, 0)) and coach_id in (old.coach_id, new.coach_id);
    insert into report_participation_months (district_id, month, staff_id, building_id, coach_id, n, minutes, last_at)
      select i.district_id, zm.month, p.staff_id, coalesce(i.building_id, 0), i.coach_id, count(*), sum(i.duration_minutes), max(i.starts_at)
      from interaction_participants p
      join interactions i on i.id = p.interaction_id
      join districts d on d.id = i.district_id
      join zone_months zm on zm.timezone = d.timezone and zm.month in ((select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = old.district_id) and zm.starts_at <= old.starts_at and zm.ends_at > old.starts_at
  order by zm.starts_at desc limit 1), (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = new.district_id) and zm.starts_at <= new.starts_at and zm.ends_at > new.starts_at
  order by zm.starts_at desc limit 1))
      where p.district_id in (old.district_id, new.district_id) and p.staff_id in (select p.staff_id from interaction_participants p where p.interaction_id = old.id)
        and i.coach_id in (old.coach_id, new.coach_id) and coalesce(i.building_id, 0) in (coalesce(old.building_id, 0), coalesce(new.building_id, 0))
        and i.starts_at >= (zm.starts_at || '') and i.starts_at < (zm.ends_at || '')
        and i.status = 'completed' and i.deleted_at is null 
      group by i.district_id, zm.month, p.staff_id, coalesce(i.building_id, 0), i.coach_id; end;

-- trigger interactions_update_walkthrough_rollup
CREATE TRIGGER interactions_update_walkthrough_rollup after update on interactions when old.district_id is not new.district_id or old.starts_at is not new.starts_at or old.status is not new.status or old.deleted_at is not new.deleted_at or old.building_id is not new.building_id or old.coach_id is not new.coach_id
      begin insert into report_observation_answer_months (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value, n)
      select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id, a.item_id, case when it.kind = 'text' and a.value <> 'null' then '""' else a.value end, -1 * count(*)
      from (select k.* from report_observation_keys k where k.observation_id in (select ob.id from observations ob where ob.interaction_id = new.id)
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id in (select ob.id from observations ob where ob.interaction_id = new.id) and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) k join observation_answers a on a.observation_id = k.observation_id join observation_form_items it on it.id = a.item_id
      where true group by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value) do update set n = report_observation_answer_months.n + excluded.n;
    insert into report_observation_months (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id, n)
      select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id, k.moved, k.staff_id, -1 * count(*) from (select k.* from report_observation_keys k where k.observation_id in (select ob.id from observations ob where ob.interaction_id = new.id)
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id in (select ob.id from observations ob where ob.interaction_id = new.id) and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) k where true group by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id) do update set n = report_observation_months.n + excluded.n;
    delete from report_observation_answer_months where n = 0 and (district_id, form_id, month, building_id, coach_id, obs_building_id) in (select l.district_id, l.form_id, l.month, l.building_id, l.coach_id, l.obs_building_id from (select k.* from report_observation_keys k where k.observation_id in (select ob.id from observations ob where ob.interaction_id = new.id)
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id in (select ob.id from observations ob where ob.interaction_id = new.id) and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) l);
    delete from report_observation_months where n = 0 and (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id) in (select l.district_id, l.form_id, l.month, l.building_id, l.coach_id, l.obs_building_id, l.moved, l.staff_id from (select k.* from report_observation_keys k where k.observation_id in (select ob.id from observations ob where ob.interaction_id = new.id)
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id in (select ob.id from observations ob where ob.interaction_id = new.id) and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) l);
    delete from report_observation_keys where observation_id in (select l.observation_id from (select k.* from report_observation_keys k where k.observation_id in (select ob.id from observations ob where ob.interaction_id = new.id)
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id in (select ob.id from observations ob where ob.interaction_id = new.id) and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) l);
    insert into report_observation_answer_months (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value, n)
      select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id, a.item_id, case when it.kind = 'text' and a.value <> 'null' then '""' else a.value end, 1 * count(*)
      from (select c.* from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id in (select ob.id from observations ob where ob.interaction_id = new.id) and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where not exists (select 1 from report_observation_keys k where k.observation_id = c.observation_id)) k join observation_answers a on a.observation_id = k.observation_id join observation_form_items it on it.id = a.item_id
      where true group by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value) do update set n = report_observation_answer_months.n + excluded.n;
    insert into report_observation_months (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id, n)
      select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id, k.moved, k.staff_id, 1 * count(*) from (select c.* from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id in (select ob.id from observations ob where ob.interaction_id = new.id) and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where not exists (select 1 from report_observation_keys k where k.observation_id = c.observation_id)) k where true group by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id) do update set n = report_observation_months.n + excluded.n;
    insert into report_observation_keys (observation_id, district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id)
      select a.observation_id, a.district_id, a.form_id, a.month, a.building_id, a.coach_id, a.obs_building_id, a.moved, a.staff_id from (select c.* from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id in (select ob.id from observations ob where ob.interaction_id = new.id) and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where not exists (select 1 from report_observation_keys k where k.observation_id = c.observation_id)) a where true; end;

-- trigger observation_answers_delete_district_version
CREATE TRIGGER observation_answers_delete_district_version after delete on observation_answers begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger observation_answers_delete_walkthrough_rollup
CREATE TRIGGER observation_answers_delete_walkthrough_rollup after delete on observation_answers begin insert into report_observation_answer_months (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value, n)
      select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id, old.item_id, case when it.kind = 'text' and old.value <> 'null' then '""' else old.value end, -1
      from report_observation_keys k join observation_form_items it on it.id = old.item_id where k.observation_id = old.observation_id
      on conflict (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value) do update set n = report_observation_answer_months.n + excluded.n;
    delete from report_observation_answer_months where n = 0 and item_id = old.item_id
      and (district_id, form_id, month, building_id, coach_id, obs_building_id) in (select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id from report_observation_keys k where k.observation_id = old.observation_id); end;

-- trigger observation_answers_insert_district_version
CREATE TRIGGER observation_answers_insert_district_version after insert on observation_answers begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger observation_answers_insert_walkthrough_rollup
CREATE TRIGGER observation_answers_insert_walkthrough_rollup after insert on observation_answers begin insert into report_observation_answer_months (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value, n)
      select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id, new.item_id, case when it.kind = 'text' and new.value <> 'null' then '""' else new.value end, 1
      from report_observation_keys k join observation_form_items it on it.id = new.item_id where k.observation_id = new.observation_id
      on conflict (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value) do update set n = report_observation_answer_months.n + excluded.n; end;

-- trigger observation_answers_update_district_version
CREATE TRIGGER observation_answers_update_district_version after update on observation_answers begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger observation_answers_update_walkthrough_rollup
CREATE TRIGGER observation_answers_update_walkthrough_rollup after update on observation_answers
      when old.observation_id is not new.observation_id or old.item_id is not new.item_id or old.value is not new.value
      begin insert into report_observation_answer_months (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value, n)
      select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id, old.item_id, case when it.kind = 'text' and old.value <> 'null' then '""' else old.value end, -1
      from report_observation_keys k join observation_form_items it on it.id = old.item_id where k.observation_id = old.observation_id
      on conflict (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value) do update set n = report_observation_answer_months.n + excluded.n;
    delete from report_observation_answer_months where n = 0 and item_id = old.item_id
      and (district_id, form_id, month, building_id, coach_id, obs_building_id) in (select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id from report_observation_keys k where k.observation_id = old.observation_id); insert into report_observation_answer_months (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value, n)
      select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id, new.item_id, case when it.kind = 'text' and new.value <> 'null' then '""' else new.value end, 1
      from report_observation_keys k join observation_form_items it on it.id = new.item_id where k.observation_id = new.observation_id
      on conflict (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value) do update set n = report_observation_answer_months.n + excluded.n; end;

-- trigger observation_form_items_delete_district_version
CREATE TRIGGER observation_form_items_delete_district_version after delete on observation_form_items begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger observation_form_items_insert_district_version
CREATE TRIGGER observation_form_items_insert_district_version after insert on observation_form_items begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger observation_form_items_update_district_version
CREATE TRIGGER observation_form_items_update_district_version after update on observation_form_items begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger observation_form_versions_delete_district_version
CREATE TRIGGER observation_form_versions_delete_district_version after delete on observation_form_versions begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger observation_form_versions_insert_district_version
CREATE TRIGGER observation_form_versions_insert_district_version after insert on observation_form_versions begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger observation_form_versions_update_district_version
CREATE TRIGGER observation_form_versions_update_district_version after update on observation_form_versions begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger observation_forms_delete_district_version
CREATE TRIGGER observation_forms_delete_district_version after delete on observation_forms begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger observation_forms_insert_district_version
CREATE TRIGGER observation_forms_insert_district_version after insert on observation_forms begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger observation_forms_update_district_version
CREATE TRIGGER observation_forms_update_district_version after update on observation_forms begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger observations_delete_district_version
CREATE TRIGGER observations_delete_district_version after delete on observations begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger observations_delete_walkthrough_rollup
CREATE TRIGGER observations_delete_walkthrough_rollup after delete on observations begin insert into report_observation_answer_months (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value, n)
      select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id, a.item_id, case when it.kind = 'text' and a.value <> 'null' then '""' else a.value end, -1 * count(*)
      from (select k.* from report_observation_keys k where k.observation_id = old.id
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id = old.id and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) k join observation_answers a on a.observation_id = k.observation_id join observation_form_items it on it.id = a.item_id
      where true group by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value) do update set n = report_observation_answer_months.n + excluded.n;
    insert into report_observation_months (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id, n)
      select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id, k.moved, k.staff_id, -1 * count(*) from (select k.* from report_observation_keys k where k.observation_id = old.id
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id = old.id and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) k where true group by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id) do update set n = report_observation_months.n + excluded.n;
    delete from report_observation_answer_months where n = 0 and (district_id, form_id, month, building_id, coach_id, obs_building_id) in (select l.district_id, l.form_id, l.month, l.building_id, l.coach_id, l.obs_building_id from (select k.* from report_observation_keys k where k.observation_id = old.id
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id = old.id and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) l);
    delete from report_observation_months where n = 0 and (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id) in (select l.district_id, l.form_id, l.month, l.building_id, l.coach_id, l.obs_building_id, l.moved, l.staff_id from (select k.* from report_observation_keys k where k.observation_id = old.id
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id = old.id and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) l);
    delete from report_observation_keys where observation_id in (select l.observation_id from (select k.* from report_observation_keys k where k.observation_id = old.id
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id = old.id and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) l);
    insert into report_observation_answer_months (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value, n)
      select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id, a.item_id, case when it.kind = 'text' and a.value <> 'null' then '""' else a.value end, 1 * count(*)
      from (select c.* from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id = old.id and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where not exists (select 1 from report_observation_keys k where k.observation_id = c.observation_id)) k join observation_answers a on a.observation_id = k.observation_id join observation_form_items it on it.id = a.item_id
      where true group by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value) do update set n = report_observation_answer_months.n + excluded.n;
    insert into report_observation_months (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id, n)
      select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id, k.moved, k.staff_id, 1 * count(*) from (select c.* from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id = old.id and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where not exists (select 1 from report_observation_keys k where k.observation_id = c.observation_id)) k where true group by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id) do update set n = report_observation_months.n + excluded.n;
    insert into report_observation_keys (observation_id, district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id)
      select a.observation_id, a.district_id, a.form_id, a.month, a.building_id, a.coach_id, a.obs_building_id, a.moved, a.staff_id from (select c.* from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id = old.id and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where not exists (select 1 from report_observation_keys k where k.observation_id = c.observation_id)) a where true; end;

-- trigger observations_insert_district_version
CREATE TRIGGER observations_insert_district_version after insert on observations begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger observations_insert_walkthrough_rollup
CREATE TRIGGER observations_insert_walkthrough_rollup after insert on observations when new.interaction_id is not null begin insert into report_observation_answer_months (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value, n)
      select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id, a.item_id, case when it.kind = 'text' and a.value <> 'null' then '""' else a.value end, -1 * count(*)
      from (select k.* from report_observation_keys k where k.observation_id = new.id
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id = new.id and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) k join observation_answers a on a.observation_id = k.observation_id join observation_form_items it on it.id = a.item_id
      where true group by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value) do update set n = report_observation_answer_months.n + excluded.n;
    insert into report_observation_months (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id, n)
      select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id, k.moved, k.staff_id, -1 * count(*) from (select k.* from report_observation_keys k where k.observation_id = new.id
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id = new.id and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) k where true group by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id) do update set n = report_observation_months.n + excluded.n;
    delete from report_observation_answer_months where n = 0 and (district_id, form_id, month, building_id, coach_id, obs_building_id) in (select l.district_id, l.form_id, l.month, l.building_id, l.coach_id, l.obs_building_id from (select k.* from report_observation_keys k where k.observation_id = new.id
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id = new.id and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) l);
    delete from report_observation_months where n = 0 and (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id) in (select l.district_id, l.form_id, l.month, l.building_id, l.coach_id, l.obs_building_id, l.moved, l.staff_id from (select k.* from report_observation_keys k where k.observation_id = new.id
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id = new.id and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) l);
    delete from report_observation_keys where observation_id in (select l.observation_id from (select k.* from report_observation_keys k where k.observation_id = new.id
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id = new.id and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) l);
    insert into report_observation_answer_months (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value, n)
      select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id, a.item_id, case when it.kind = 'text' and a.value <> 'null' then '""' else a.value end, 1 * count(*)
      from (select c.* from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id = new.id and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where not exists (select 1 from report_observation_keys k where k.observation_id = c.observation_id)) k join observation_answers a on a.observation_id = k.observation_id join observation_form_items it on it.id = a.item_id
      where true group by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value) do update set n = report_observation_answer_months.n + excluded.n;
    insert into report_observation_months (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id, n)
      select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id, k.moved, k.staff_id, 1 * count(*) from (select c.* from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id = new.id and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where not exists (select 1 from report_observation_keys k where k.observation_id = c.observation_id)) k where true group by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id) do update set n = report_observation_months.n + excluded.n;
    insert into report_observation_keys (observation_id, district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id)
      select a.observation_id, a.district_id, a.form_id, a.month, a.building_id, a.coach_id, a.obs_building_id, a.moved, a.staff_id from (select c.* from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id = new.id and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where not exists (select 1 from report_observation_keys k where k.observation_id = c.observation_id)) a where true; end;

-- trigger observations_update_district_version
CREATE TRIGGER observations_update_district_version after update on observations begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger observations_update_walkthrough_rollup
CREATE TRIGGER observations_update_walkthrough_rollup after update on observations when old.district_id is not new.district_id or old.form_id is not new.form_id or old.staff_id is not new.staff_id or old.interaction_id is not new.interaction_id or old.building_id is not new.building_id or old.status is not new.status or old.observed_at is not new.observed_at or old.calibration_id is not new.calibration_id or old.deleted_at is not new.deleted_at
      begin insert into report_observation_answer_months (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value, n)
      select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id, a.item_id, case when it.kind = 'text' and a.value <> 'null' then '""' else a.value end, -1 * count(*)
      from (select k.* from report_observation_keys k where k.observation_id = new.id
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id = new.id and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) k join observation_answers a on a.observation_id = k.observation_id join observation_form_items it on it.id = a.item_id
      where true group by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value) do update set n = report_observation_answer_months.n + excluded.n;
    insert into report_observation_months (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id, n)
      select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id, k.moved, k.staff_id, -1 * count(*) from (select k.* from report_observation_keys k where k.observation_id = new.id
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id = new.id and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) k where true group by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id) do update set n = report_observation_months.n + excluded.n;
    delete from report_observation_answer_months where n = 0 and (district_id, form_id, month, building_id, coach_id, obs_building_id) in (select l.district_id, l.form_id, l.month, l.building_id, l.coach_id, l.obs_building_id from (select k.* from report_observation_keys k where k.observation_id = new.id
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id = new.id and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) l);
    delete from report_observation_months where n = 0 and (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id) in (select l.district_id, l.form_id, l.month, l.building_id, l.coach_id, l.obs_building_id, l.moved, l.staff_id from (select k.* from report_observation_keys k where k.observation_id = new.id
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id = new.id and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) l);
    delete from report_observation_keys where observation_id in (select l.observation_id from (select k.* from report_observation_keys k where k.observation_id = new.id
    and not exists (select 1 from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id = new.id and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where c.observation_id = k.observation_id and c.district_id = k.district_id and c.form_id = k.form_id and c.month = k.month and c.building_id = k.building_id and c.coach_id = k.coach_id and c.obs_building_id = k.obs_building_id and c.moved = k.moved and c.staff_id = k.staff_id)) l);
    insert into report_observation_answer_months (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value, n)
      select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id, a.item_id, case when it.kind = 'text' and a.value <> 'null' then '""' else a.value end, 1 * count(*)
      from (select c.* from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id = new.id and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where not exists (select 1 from report_observation_keys k where k.observation_id = c.observation_id)) k join observation_answers a on a.observation_id = k.observation_id join observation_form_items it on it.id = a.item_id
      where true group by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (district_id, form_id, month, building_id, coach_id, obs_building_id, item_id, value) do update set n = report_observation_answer_months.n + excluded.n;
    insert into report_observation_months (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id, n)
      select k.district_id, k.form_id, k.month, k.building_id, k.coach_id, k.obs_building_id, k.moved, k.staff_id, 1 * count(*) from (select c.* from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id = new.id and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where not exists (select 1 from report_observation_keys k where k.observation_id = c.observation_id)) k where true group by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id) do update set n = report_observation_months.n + excluded.n;
    insert into report_observation_keys (observation_id, district_id, form_id, month, building_id, coach_id, obs_building_id, moved, staff_id)
      select a.observation_id, a.district_id, a.form_id, a.month, a.building_id, a.coach_id, a.obs_building_id, a.moved, a.staff_id from (select c.* from (select x.* from (
      select o.id as observation_id, o.district_id, o.form_id, (select zm.month from zone_months zm
  where zm.timezone = (select d.timezone from districts d where d.id = o.district_id) and zm.starts_at <= i.starts_at and zm.ends_at > i.starts_at
  order by zm.starts_at desc limit 1) as month,
        coalesce(i.building_id, 0) as building_id, i.coach_id, coalesce(o.building_id, 0) as obs_building_id,
        case when o.observed_at = i.starts_at then 0 else 1 end as moved, o.staff_id
      from observations o join interactions i on i.id = o.interaction_id
      where o.id = new.id and o.status = 'completed' and o.deleted_at is null and o.calibration_id is null
        and i.district_id = o.district_id and i.status = 'completed' and i.deleted_at is null
    ) x where x.month is not null) c where not exists (select 1 from report_observation_keys k where k.observation_id = c.observation_id)) a where true; end;

-- trigger permissions_delete_auth_version
CREATE TRIGGER permissions_delete_auth_version after delete on permissions begin
          update change_versions set version = version + 1 where scope = 'auth';
        end;

-- trigger permissions_insert_auth_version
CREATE TRIGGER permissions_insert_auth_version after insert on permissions begin
          update change_versions set version = version + 1 where scope = 'auth';
        end;

-- trigger permissions_update_auth_version
CREATE TRIGGER permissions_update_auth_version after update on permissions begin
          update change_versions set version = version + 1 where scope = 'auth';
        end;

-- trigger plans_delete_auth_version
CREATE TRIGGER plans_delete_auth_version after delete on plans begin
          update change_versions set version = version + 1 where scope = 'auth';
        end;

-- trigger plans_insert_auth_version
CREATE TRIGGER plans_insert_auth_version after insert on plans begin
          update change_versions set version = version + 1 where scope = 'auth';
        end;

-- trigger plans_update_auth_version
CREATE TRIGGER plans_update_auth_version after update on plans begin
          update change_versions set version = version + 1 where scope = 'auth';
        end;

-- trigger retention_runs_delete_district_version
CREATE TRIGGER retention_runs_delete_district_version after delete on retention_runs begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger retention_runs_insert_district_version
CREATE TRIGGER retention_runs_insert_district_version after insert on retention_runs begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger retention_runs_update_district_version
CREATE TRIGGER retention_runs_update_district_version after update on retention_runs begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger role_permissions_delete_auth_version
CREATE TRIGGER role_permissions_delete_auth_version after delete on role_permissions begin
          update change_versions set version = version + 1 where scope = 'auth';
        end;

-- trigger role_permissions_insert_auth_version
CREATE TRIGGER role_permissions_insert_auth_version after insert on role_permissions begin
          update change_versions set version = version + 1 where scope = 'auth';
        end;

-- trigger role_permissions_update_auth_version
CREATE TRIGGER role_permissions_update_auth_version after update on role_permissions begin
          update change_versions set version = version + 1 where scope = 'auth';
        end;

-- trigger roles_delete_auth_version
CREATE TRIGGER roles_delete_auth_version after delete on roles begin
          update change_versions set version = version + 1 where scope = 'auth';
        end;

-- trigger roles_insert_auth_version
CREATE TRIGGER roles_insert_auth_version after insert on roles begin
          update change_versions set version = version + 1 where scope = 'auth';
        end;

-- trigger roles_update_auth_version
CREATE TRIGGER roles_update_auth_version after update on roles begin
          update change_versions set version = version + 1 where scope = 'auth';
        end;

-- trigger self_ratings_delete_district_version
CREATE TRIGGER self_ratings_delete_district_version after delete on self_ratings begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger self_ratings_insert_district_version
CREATE TRIGGER self_ratings_insert_district_version after insert on self_ratings begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger self_ratings_update_district_version
CREATE TRIGGER self_ratings_update_district_version after update on self_ratings begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger skill_current_levels_delete_district_version
CREATE TRIGGER skill_current_levels_delete_district_version after delete on skill_current_levels begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger skill_current_levels_insert_district_version
CREATE TRIGGER skill_current_levels_insert_district_version after insert on skill_current_levels begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger skill_current_levels_update_district_version
CREATE TRIGGER skill_current_levels_update_district_version after update on skill_current_levels begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger skill_domains_delete_district_version
CREATE TRIGGER skill_domains_delete_district_version after delete on skill_domains begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger skill_domains_insert_district_version
CREATE TRIGGER skill_domains_insert_district_version after insert on skill_domains begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger skill_domains_update_district_version
CREATE TRIGGER skill_domains_update_district_version after update on skill_domains begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger skill_frameworks_delete_district_version
CREATE TRIGGER skill_frameworks_delete_district_version after delete on skill_frameworks begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger skill_frameworks_insert_district_version
CREATE TRIGGER skill_frameworks_insert_district_version after insert on skill_frameworks begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger skill_frameworks_update_district_version
CREATE TRIGGER skill_frameworks_update_district_version after update on skill_frameworks begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger skill_levels_delete_district_version
CREATE TRIGGER skill_levels_delete_district_version after delete on skill_levels begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger skill_levels_insert_district_version
CREATE TRIGGER skill_levels_insert_district_version after insert on skill_levels begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger skill_levels_update_district_version
CREATE TRIGGER skill_levels_update_district_version after update on skill_levels begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger skill_ratings_delete_district_version
CREATE TRIGGER skill_ratings_delete_district_version after delete on skill_ratings begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger skill_ratings_insert_district_version
CREATE TRIGGER skill_ratings_insert_district_version after insert on skill_ratings begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger skill_ratings_update_district_version
CREATE TRIGGER skill_ratings_update_district_version after update on skill_ratings begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger skills_delete_district_version
CREATE TRIGGER skills_delete_district_version after delete on skills begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger skills_insert_district_version
CREATE TRIGGER skills_insert_district_version after insert on skills begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger skills_update_district_version
CREATE TRIGGER skills_update_district_version after update on skills begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger staff_buildings_delete_district_version
CREATE TRIGGER staff_buildings_delete_district_version after delete on staff_buildings begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger staff_buildings_delete_staff_version
CREATE TRIGGER staff_buildings_delete_staff_version after delete on staff_buildings begin
          update change_versions set version = version + 1 where scope = 'staff';
        end;

-- trigger staff_buildings_insert_district_version
CREATE TRIGGER staff_buildings_insert_district_version after insert on staff_buildings begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger staff_buildings_insert_staff_version
CREATE TRIGGER staff_buildings_insert_staff_version after insert on staff_buildings begin
          update change_versions set version = version + 1 where scope = 'staff';
        end;

-- trigger staff_buildings_update_district_version
CREATE TRIGGER staff_buildings_update_district_version after update on staff_buildings begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger staff_buildings_update_staff_version
CREATE TRIGGER staff_buildings_update_staff_version after update on staff_buildings begin
          update change_versions set version = version + 1 where scope = 'staff';
        end;

-- trigger staff_delete_district_version
CREATE TRIGGER staff_delete_district_version after delete on staff begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger staff_delete_staff_version
CREATE TRIGGER staff_delete_staff_version after delete on staff begin
          update change_versions set version = version + 1 where scope = 'staff';
        end;

-- trigger staff_insert_district_version
CREATE TRIGGER staff_insert_district_version after insert on staff begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger staff_insert_staff_version
CREATE TRIGGER staff_insert_staff_version after insert on staff begin
          update change_versions set version = version + 1 where scope = 'staff';
        end;

-- trigger staff_search_delete
CREATE TRIGGER staff_search_delete after delete on staff begin
    delete from staff_search where rowid = OLD.id;
  end;

-- trigger staff_search_insert
CREATE TRIGGER staff_search_insert after insert on staff begin
    insert into staff_search (rowid, name, email, employee_id, starts) values (NEW.id, NEW.first_name || ' ' || NEW.last_name, NEW.email, NEW.employee_id, '  ' || replace(replace(replace(replace(NEW.first_name || ' ' || NEW.last_name, '-', ' '), '''', ' '), '’', ' '), ' ', '  ')
  || '  ' || coalesce(NEW.email, '') || '  ' || coalesce(NEW.employee_id, ''));
  end;

-- trigger staff_search_update
CREATE TRIGGER staff_search_update after update of id, first_name, last_name, email, employee_id on staff begin
    delete from staff_search where rowid = OLD.id;
    insert into staff_search (rowid, name, email, employee_id, starts) values (NEW.id, NEW.first_name || ' ' || NEW.last_name, NEW.email, NEW.employee_id, '  ' || replace(replace(replace(replace(NEW.first_name || ' ' || NEW.last_name, '-', ' '), '''', ' '), '’', ' '), ' ', '  ')
  || '  ' || coalesce(NEW.email, '') || '  ' || coalesce(NEW.employee_id, ''));
  end;

-- trigger staff_update_district_version
CREATE TRIGGER staff_update_district_version after update on staff begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger staff_update_staff_version
CREATE TRIGGER staff_update_staff_version after update on staff begin
          update change_versions set version = version + 1 where scope = 'staff';
        end;

-- trigger user_buildings_delete_auth_version
CREATE TRIGGER user_buildings_delete_auth_version after delete on user_buildings begin
          update change_versions set version = version + 1 where scope = 'auth';
        end;

-- trigger user_buildings_delete_district_version
CREATE TRIGGER user_buildings_delete_district_version after delete on user_buildings begin
          insert into district_versions (district_id, version) select (select p.district_id from users p where p.id = old.user_id), 1 where (select p.district_id from users p where p.id = old.user_id) is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger user_buildings_insert_auth_version
CREATE TRIGGER user_buildings_insert_auth_version after insert on user_buildings begin
          update change_versions set version = version + 1 where scope = 'auth';
        end;

-- trigger user_buildings_insert_district_version
CREATE TRIGGER user_buildings_insert_district_version after insert on user_buildings begin
          insert into district_versions (district_id, version) select (select p.district_id from users p where p.id = new.user_id), 1 where (select p.district_id from users p where p.id = new.user_id) is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger user_buildings_update_auth_version
CREATE TRIGGER user_buildings_update_auth_version after update on user_buildings begin
          update change_versions set version = version + 1 where scope = 'auth';
        end;

-- trigger user_buildings_update_district_version
CREATE TRIGGER user_buildings_update_district_version after update on user_buildings begin
          insert into district_versions (district_id, version) select (select p.district_id from users p where p.id = new.user_id), 1 where (select p.district_id from users p where p.id = new.user_id) is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select (select p.district_id from users p where p.id = old.user_id), 1 where (select p.district_id from users p where p.id = old.user_id) is not null and (select p.district_id from users p where p.id = old.user_id) is not (select p.district_id from users p where p.id = new.user_id)
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger user_roles_delete_auth_version
CREATE TRIGGER user_roles_delete_auth_version after delete on user_roles begin
          update change_versions set version = version + 1 where scope = 'auth';
        end;

-- trigger user_roles_delete_district_version
CREATE TRIGGER user_roles_delete_district_version after delete on user_roles begin
          insert into district_versions (district_id, version) select (select p.district_id from users p where p.id = old.user_id), 1 where (select p.district_id from users p where p.id = old.user_id) is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger user_roles_insert_auth_version
CREATE TRIGGER user_roles_insert_auth_version after insert on user_roles begin
          update change_versions set version = version + 1 where scope = 'auth';
        end;

-- trigger user_roles_insert_district_version
CREATE TRIGGER user_roles_insert_district_version after insert on user_roles begin
          insert into district_versions (district_id, version) select (select p.district_id from users p where p.id = new.user_id), 1 where (select p.district_id from users p where p.id = new.user_id) is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger user_roles_update_auth_version
CREATE TRIGGER user_roles_update_auth_version after update on user_roles begin
          update change_versions set version = version + 1 where scope = 'auth';
        end;

-- trigger user_roles_update_district_version
CREATE TRIGGER user_roles_update_district_version after update on user_roles begin
          insert into district_versions (district_id, version) select (select p.district_id from users p where p.id = new.user_id), 1 where (select p.district_id from users p where p.id = new.user_id) is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select (select p.district_id from users p where p.id = old.user_id), 1 where (select p.district_id from users p where p.id = old.user_id) is not null and (select p.district_id from users p where p.id = old.user_id) is not (select p.district_id from users p where p.id = new.user_id)
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger user_search_delete
CREATE TRIGGER user_search_delete after delete on users begin
    delete from user_search where rowid = OLD.id;
  end;

-- trigger user_search_insert
CREATE TRIGGER user_search_insert after insert on users begin
    insert into user_search (rowid, name, email, starts) values (NEW.id, NEW.name, NEW.email, '  ' || replace(replace(replace(replace(NEW.name, '-', ' '), '''', ' '), '’', ' '), ' ', '  ') || '  ' || NEW.email);
  end;

-- trigger user_search_update
CREATE TRIGGER user_search_update after update of id, name, email on users begin
    delete from user_search where rowid = OLD.id;
    insert into user_search (rowid, name, email, starts) values (NEW.id, NEW.name, NEW.email, '  ' || replace(replace(replace(replace(NEW.name, '-', ' '), '''', ' '), '’', ' '), ' ', '  ') || '  ' || NEW.email);
  end;

-- trigger users_delete_auth_version
CREATE TRIGGER users_delete_auth_version after delete on users begin
          update change_versions set version = version + 1 where scope = 'auth';
        end;

-- trigger users_delete_district_version
CREATE TRIGGER users_delete_district_version after delete on users begin
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger users_insert_auth_version
CREATE TRIGGER users_insert_auth_version after insert on users begin
          update change_versions set version = version + 1 where scope = 'auth';
        end;

-- trigger users_insert_district_version
CREATE TRIGGER users_insert_district_version after insert on users begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
        end;

-- trigger users_update_auth_version
CREATE TRIGGER users_update_auth_version after update on users begin
          update change_versions set version = version + 1 where scope = 'auth';
        end;

-- trigger users_update_district_version
CREATE TRIGGER users_update_district_version after update on users begin
          insert into district_versions (district_id, version) select new.district_id, 1 where new.district_id is not null
          on conflict (district_id) do update set version = version + 1;
          insert into district_versions (district_id, version) select old.district_id, 1 where old.district_id is not null and old.district_id is not new.district_id
          on conflict (district_id) do update set version = version + 1;
        end;
