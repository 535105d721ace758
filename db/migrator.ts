import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { DB } from './connection';
import * as m0001 from './migrations/20261121_0001_foundation';
import * as m0002 from './migrations/20261121_0002_people';
import * as m0003 from './migrations/20261122_0003_staff_search';
import * as m0010 from './migrations/20261122_0010_identity_security';
import * as m0020 from './migrations/20261123_0020_interactions';
import * as m0022 from './migrations/20261123_0022_interactions_author_index';
import * as m0040 from './migrations/20261123_0040_cycles_skills';
import * as m0050 from './migrations/20261123_0050_change_versions';
import * as m0060 from './migrations/20261123_0060_imports';
import * as m0061 from './migrations/20261123_0061_skill_framework';
import * as m0070 from './migrations/20261123_0070_report_indexes';
import * as m0071 from './migrations/20261123_0071_report_subscriptions';
import * as m0072 from './migrations/20261123_0072_report_speed';
import * as m0080 from './migrations/20261123_0080_district_admin';
import * as m0081 from './migrations/20261123_0081_ops_logs';
import * as m0082 from './migrations/20261123_0082_alerts';
import * as m0083 from './migrations/20261123_0083_articles';
import * as m0090 from './migrations/20261124_0090_billing';
import * as m0092 from './migrations/20261124_0092_admin_search';
import * as m0100 from './migrations/20261125_0100_rate_limits';
import * as m0110 from './migrations/20261127_0110_district_versions';
import * as m0120 from './migrations/20261127_0120_report_rollups';
import * as m0130 from './migrations/20261128_0130_setup_checklist';
import * as m0140 from './migrations/20261129_0140_interaction_default_school';
import * as m0150 from './migrations/20261129_0150_rollup_resum_speed';
import * as m0151 from './migrations/20261129_0151_articles_for_district_staff';
import * as m0152 from './migrations/20261129_0152_district_versions_at_commit';
import * as m0153 from './migrations/20261129_0153_district_writers_share_a_lock';
import * as m0160 from './migrations/20261130_0160_observations';
import * as m0161 from './migrations/20261201_0161_calibration_sessions';
import * as m0162 from './migrations/20261201_0162_article_observations';
import * as m0163 from './migrations/20261201_0163_observation_district_versions';
import * as m0164 from './migrations/20261202_0164_walkthrough_rollups';
import * as m0168 from './migrations/20261202_0168_read_log';
import * as m0165 from './migrations/20261202_0165_action_steps';
import * as m0166 from './migrations/20261202_0166_self_assessments';
import * as m0167 from './migrations/20261202_0167_coaching_requests';
import * as m0169 from './migrations/20261202_0169_coaching_request_versions';
import * as m0170 from './migrations/20261202_0170_action_step_digest';
import * as m0171 from './migrations/20261202_0171_article_educators_side';
import * as m0172 from './migrations/20261203_0172_sso_connections';
import * as m0173 from './migrations/20261203_0173_article_single_sign_on';
import * as m0174 from './migrations/20261204_0174_client_ids';
import * as m0175 from './migrations/20261204_0175_article_working_offline';
import * as m0176 from './migrations/20261205_0176_district_exports';
import * as m0177 from './migrations/20261205_0177_district_deletion';
import * as m0178 from './migrations/20261205_0178_retention';
import * as m0179 from './migrations/20261205_0179_article_district_data';
import * as m0180 from './migrations/20261206_0180_district_purge_progress';
import * as m0181 from './migrations/20261206_0181_user_locale';
import * as m0182 from './migrations/20261206_0182_article_translations';
import * as m0183 from './migrations/20261206_0183_articles_spanish';
import * as m0184 from './migrations/20261206_0184_reports_article_follow_through';
import * as m0185 from './migrations/20261206_0185_provider_sso_links';
import * as m0186 from './migrations/20261206_0186_certificate_emails';
import * as m0187 from './migrations/20261206_0187_working_offline_next_days';
import * as m0188 from './migrations/20261207_0188_working_offline_observation_conflicts';
import * as m0190 from './migrations/20261209_0190_working_offline_closed_tab_online';

// A static list keeps migrations working under tsx, in the esbuild bundle and in tests alike.
const MIGRATIONS: Record<string, Migration> = {
  '20261121_0001_foundation': m0001,
  '20261121_0002_people': m0002,
  '20261122_0003_staff_search': m0003,
  '20261122_0010_identity_security': m0010,
  '20261123_0020_interactions': m0020,
  '20261123_0022_interactions_author_index': m0022,
  '20261123_0040_cycles_skills': m0040,
  '20261123_0050_change_versions': m0050,
  '20261123_0060_imports': m0060,
  '20261123_0061_skill_framework': m0061,
  '20261123_0070_report_indexes': m0070,
  '20261123_0071_report_subscriptions': m0071,
  '20261123_0072_report_speed': m0072,
  '20261123_0080_district_admin': m0080,
  '20261123_0081_ops_logs': m0081,
  '20261123_0082_alerts': m0082,
  '20261123_0083_articles': m0083,
  '20261124_0090_billing': m0090,
  '20261124_0092_admin_search': m0092,
  '20261125_0100_rate_limits': m0100,
  '20261127_0110_district_versions': m0110,
  '20261127_0120_report_rollups': m0120,
  '20261128_0130_setup_checklist': m0130,
  '20261129_0140_interaction_default_school': m0140,
  '20261129_0150_rollup_resum_speed': m0150,
  '20261129_0151_articles_for_district_staff': m0151,
  '20261129_0152_district_versions_at_commit': m0152,
  '20261129_0153_district_writers_share_a_lock': m0153,
  '20261130_0160_observations': m0160,
  '20261201_0161_calibration_sessions': m0161,
  '20261201_0162_article_observations': m0162,
  '20261201_0163_observation_district_versions': m0163,
  '20261202_0164_walkthrough_rollups': m0164,
  '20261202_0168_read_log': m0168,
  '20261202_0165_action_steps': m0165,
  '20261202_0166_self_assessments': m0166,
  '20261202_0167_coaching_requests': m0167,
  '20261202_0169_coaching_request_versions': m0169,
  '20261202_0170_action_step_digest': m0170,
  '20261202_0171_article_educators_side': m0171,
  '20261203_0172_sso_connections': m0172,
  '20261203_0173_article_single_sign_on': m0173,
  '20261204_0174_client_ids': m0174,
  '20261204_0175_article_working_offline': m0175,
  '20261205_0176_district_exports': m0176,
  '20261205_0177_district_deletion': m0177,
  '20261205_0178_retention': m0178,
  '20261205_0179_article_district_data': m0179,
  '20261206_0180_district_purge_progress': m0180,
  '20261206_0181_user_locale': m0181,
  '20261206_0182_article_translations': m0182,
  '20261206_0183_articles_spanish': m0183,
  '20261206_0184_reports_article_follow_through': m0184,
  '20261206_0185_provider_sso_links': m0185,
  '20261206_0186_certificate_emails': m0186,
  '20261206_0187_working_offline_next_days': m0187,
  '20261207_0188_working_offline_observation_conflicts': m0188,
  '20261209_0190_working_offline_closed_tab_online': m0190,
};

/** Every migration this build knows, by name (the readiness check, GET /api/health/ready, compares them with the database's). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** The one migrator used by start, the CLI and the tests. Throws when a migration fails. */
export async function migrateToLatest(db: DB): Promise<string[]> {
  // Migrations land from parallel branches: one may sort before another that a database already ran
  // (20261123_0072_report_speed after 0080–0083). Each is independent of the others' order, so a missing
  // one is run rather than refused.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
