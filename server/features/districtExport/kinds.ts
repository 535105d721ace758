// What a district's full export holds (issue 32, item 1): one entry per kind of record, each a CSV and a JSON file of
// the same rows (server/lib/exportZip.ts), read in keyset batches filtered by the district, with every column named
// and described here (the zip's README is built from this list; kinds.test.ts fails on a column without a description).
// Left out on purpose, and said so in the README: private notes (interactions' and observations' `private_notes`, their
// authors' alone), secrets and sign-in tokens (password hashes, invitation, reset and calendar-feed tokens, sealed
// single sign-on secrets, sessions), and what is computed from the rows below (report rollups, current skill levels).
// The export follows the app's privacy rules (issue 32 review): with the district's `shared_notes_visible_to_admins`
// off (server/access/notesPrivacy.ts) the shared texts (interactions' and observations' notes and next steps, text
// answers of custom fields and observation forms, observation evidence, cycle notes) are exported empty, their columns
// kept; coaching requests never carry the educator's words (coachingRequests/policies.ts: topic and where it stands
// only); observation drafts, their observer's alone, are left out with their answers.
import { type Kysely, sql } from 'kysely';
import { plural } from '../../../common/plural';
import type { DB } from '../../../db/connection';
import { districtRowsById } from '../../../db/dialect';
import { districtSettingsOf } from '../../../common/schemas/site';
import { isNoteFieldKind } from '../../access/notesPrivacy';
import { type ExportRow, keysetBatches } from '../../lib/exportZip';
import type { Locale } from '../../../common/locales';
import { translate } from '../../i18n/translate';

/** The district's privacy rules the export follows, read once when it starts. */
export interface ExportRules {
  /** `shared_notes_visible_to_admins`: off, the shared texts are exported empty. */
  sharedNotesVisible: boolean;
}

export async function exportRulesOf(db: DB, districtId: number): Promise<ExportRules> {
  const row = await db.selectFrom('districts').select('settings').where('id', '=', districtId).executeTakeFirst();
  return { sharedNotesVisible: districtSettingsOf(row?.settings).shared_notes_visible_to_admins };
}

export interface ExportKind {
  /** The entry's file name without extension: `<file>.csv` and `<file>.json`. */
  file: string;
  /** One sentence: what a row is. */
  about: string;
  /** Column names in order, each with its description. */
  columns: readonly (readonly [string, string])[];
  /** The tables it reads the district's rows from (kinds.test.ts: every district table is read or left out). */
  tables: readonly string[];
  batches: (db: DB, districtId: number, rules: ExportRules) => AsyncIterable<ExportRow[]>;
}

// The generic reads below name tables and columns from this file's lists; Kysely's types cannot follow a name
// chosen at run time, so they go through an untyped handle (every query still filters by the district).
const untyped = (db: DB) => db as unknown as Kysely<any>;

/** Descriptions of the columns many kinds share; a kind's own text wins. */
const COMMON: Record<string, string> = {
  id: 'The record\'s number in Coachwell (other files refer to it by this number).',
  created_at: 'When it was created (UTC, ISO 8601).',
  updated_at: 'When it was last changed (UTC, ISO 8601).',
  deleted_at: 'When it was deleted (UTC); empty while it exists. Deleted records are kept and exported.',
  archived_at: 'When it was archived (UTC); empty while in use.',
  staff_id: 'The educator (educators file, id).',
  building_id: 'The school (schools file, id).',
  user_id: 'The login (users file, id).',
  coach_id: 'The coach\'s login (users file, id).',
  interaction_id: 'The interaction (interactions file, id).',
  interaction_type_id: 'The interaction type (interaction_types file, id).',
  cycle_id: 'The coaching cycle (coaching_cycles file, id).',
  skill_id: 'The skill (skills file, id).',
  framework_id: 'The skill framework (skill_frameworks file, id).',
  group_id: 'The group (groups file, id).',
  form_id: 'The observation form (observation_forms file, id).',
  version_id: 'The form version (observation_form_versions file, id).',
  created_by: 'Who created it (users file, id).',
  updated_by: 'Who last changed it (users file, id).',
  sort_order: 'Its place in lists (lowest first).',
  name: 'Its name.',
  description: 'Its description.',
  status: 'Its status.',
  start_date: 'The first day it applies (YYYY-MM-DD).',
  end_date: 'The last day it applied (YYYY-MM-DD); empty while current.',
  client_id: 'The identifier a device gave a record made offline; empty otherwise.',
};

/** `'name'` or `'name: its own description'`. */
function cols(...specs: string[]): (readonly [string, string])[] {
  return specs.map((spec) => {
    const at = spec.indexOf(': ');
    const name = at < 0 ? spec : spec.slice(0, at);
    const text = at < 0 ? COMMON[name] : spec.slice(at + 2);
    if (!text) throw new Error(`No description for column ${name}`);
    return [name, text] as const;
  });
}

const names = (columns: readonly (readonly [string, string])[]) => columns.map(([c]) => c);

interface TableOptions {
  /** Columns holding shared texts: exported empty (null) while the district's shared notes are hidden from administrators. */
  sharedTexts?: readonly string[];
  /** Rows the app shows nobody but their owner, left out: `[column, value]` rows with column = value are skipped. */
  skip?: readonly [string, string];
}

/** A district table read as it is: its listed columns, by id, filtered by district_id. */
function table(file: string, source: string, about: string, columns: (readonly [string, string])[], options: TableOptions = {}): ExportKind {
  for (const c of options.sharedTexts ?? []) if (!names(columns).includes(c)) throw new Error(`No column ${c} in ${file}`);
  return {
    file, about, columns, tables: [source],
    batches: (db, districtId, rules) => {
      const select = names(columns).map((c) => (!rules.sharedNotesVisible && options.sharedTexts?.includes(c) ? sql<null>`null`.as(c) : `${source}.${c}`));
      return keysetBatches((after, size) => {
        let q = untyped(db).selectFrom(source).select(select)
          .where(districtRowsById(db, `${source}.district_id`, districtId)).where(`${source}.id`, '>', after);
        if (options.skip) q = q.where(`${source}.${options.skip[0]}`, '<>', options.skip[1]);
        return q.orderBy(`${source}.id`).limit(size).execute() as Promise<{ id: number }[]>;
      });
    },
  };
}

const district: ExportKind = {
  file: 'district',
  about: 'The district itself: one row.',
  tables: ['districts'],
  columns: cols('id: The district\'s number in Coachwell.', 'name', 'slug: The short name in its sign-in address.', 'state: The US state.',
    'timezone: The district\'s clock (IANA name); a person\'s own profile clock may differ.', 'plan: The plan\'s name.', 'status: trial, active or suspended.',
    'seats: Coach seats bought.', 'trial_ends_at: When the trial ends or ended.', 'renews_on: The subscription\'s renewal date.',
    'school_year_start_month: The month (1-12) the school year starts.', 'billing_contact_name: Billing contact.', 'billing_contact_email: Billing contact\'s email.',
    'billing_address: Billing address.', 'tax_exempt_number: Tax exemption number.', 'created_at', 'updated_at'),
  batches: async function* (db, districtId) {
    const row = await db.selectFrom('districts').leftJoin('plans', 'plans.id', 'districts.plan_id')
      .select(['districts.id', 'districts.name', 'districts.slug', 'districts.state', 'districts.timezone', 'plans.name as plan', 'districts.status',
        'districts.seats', 'districts.trial_ends_at', 'districts.renews_on', 'districts.school_year_start_month', 'districts.billing_contact_name',
        'districts.billing_contact_email', 'districts.billing_address', 'districts.tax_exempt_number', 'districts.created_at', 'districts.updated_at'])
      .where('districts.id', '=', districtId).executeTakeFirst();
    if (row) yield [row];
  },
};

const users: ExportKind = {
  file: 'users',
  tables: ['users', 'user_roles', 'user_buildings'],
  about: 'Every login of the district (invited, active and deactivated), with its roles and schools. Password hashes and sign-in tokens are not exported.',
  columns: cols('id', 'name: The person\'s name.', 'email: Their sign-in email.', 'status: invited, active or deactivated.',
    'timezone: Their profile clock (IANA name); empty: the district\'s.', 'date_locale: How dates are written for them.',
    'roles: Their roles, separated by "; ".', 'school_ids: The schools their access is limited to (schools file, ids, "; "); empty: the district.',
    'last_login_at: Their last sign-in (UTC).', 'created_at', 'updated_at'),
  batches: (db, districtId) => withRolesAndSchools(db, keysetBatches((after, size) => db.selectFrom('users')
    .select(['id', 'name', 'email', 'status', 'timezone', 'date_locale', 'last_login_at', 'created_at', 'updated_at'])
    .where(districtRowsById(db, 'users.district_id', districtId)).where('id', '>', after).orderBy('id').limit(size).execute())),
};

async function* withRolesAndSchools<R extends { id: number }>(db: DB, pages: AsyncIterable<R[]>): AsyncGenerator<ExportRow[]> {
  for await (const rows of pages) {
    const ids = rows.map((r) => r.id);
    const [roles, schools] = await Promise.all([
      db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id').select(['user_roles.user_id', 'roles.label'])
        .where('user_roles.user_id', 'in', ids).orderBy('roles.id').execute(),
      db.selectFrom('user_buildings').select(['user_id', 'building_id']).where('user_id', 'in', ids).orderBy('building_id').execute(),
    ]);
    const joined = <T>(list: T[], key: (t: T) => number, value: (t: T) => string | number) => {
      const out = new Map<number, string[]>();
      for (const item of list) out.set(key(item), [...(out.get(key(item)) ?? []), String(value(item))]);
      return out;
    };
    const roleOf = joined(roles, (r) => r.user_id, (r) => r.label);
    const schoolOf = joined(schools, (s) => s.user_id, (s) => s.building_id);
    yield rows.map((r) => ({ ...r, roles: (roleOf.get(r.id) ?? []).join('; '), school_ids: (schoolOf.get(r.id) ?? []).join('; ') }));
  }
}

const groupMembers: ExportKind = {
  file: 'group_members',
  tables: ['group_items'],
  about: 'Who belongs to each group, and from when to when.',
  columns: cols('id', 'group_id', 'item_id: The member: an educator (educators file, id) for a group of educators.', 'start_date', 'end_date'),
  batches: (db, districtId) => keysetBatches((after, size) => db.selectFrom('group_items').innerJoin('groups', 'groups.id', 'group_items.group_id')
    .select(['group_items.id', 'group_items.group_id', 'group_items.item_id', 'group_items.start_date', 'group_items.end_date'])
    .where('groups.district_id', '=', districtId).where('group_items.id', '>', after).orderBy('group_items.id').limit(size).execute()),
};

const observationAnswers: ExportKind = {
  file: 'observation_answers',
  tables: ['observation_answers'],
  about: 'Each answer of a completed observation, one row per form item answered (drafts are left out).',
  columns: cols('observation_id: The observation (observations file, id).', 'item_id: The form item (observation_form_items file, id).',
    'value: The answer: a rating, a choice, a yes/no or the text written.', 'evidence: The evidence the observer noted for it.'),
  batches: async function* (db, districtId, rules) {
    for await (const observations of keysetBatches((after, size) => db.selectFrom('observations').select('id')
      .where(districtRowsById(db, 'observations.district_id', districtId)).where('status', '<>', 'draft')
      .where('id', '>', after).orderBy('id').limit(size).execute(), 500)) {
      const rows = await db.selectFrom('observation_answers')
        .leftJoin('observation_form_items', 'observation_form_items.id', 'observation_answers.item_id')
        .select(['observation_answers.observation_id', 'observation_answers.item_id', 'observation_answers.value', 'observation_answers.evidence',
          'observation_form_items.kind'])
        .where('observation_answers.district_id', '=', districtId).where('observation_answers.observation_id', 'in', observations.map((o) => o.id))
        .orderBy('observation_answers.observation_id').orderBy('observation_answers.item_id').execute();
      // Hidden shared texts: a text item's answer and every answer's evidence (observations/presenter.ts does the same).
      if (rows.length) {
        yield rows.map(({ kind, ...r }) => (rules.sharedNotesVisible ? r
          : { ...r, value: kind === 'text' || kind === null ? null : r.value, evidence: null }));
      }
    }
  },
};

const interactionFieldValues: ExportKind = {
  file: 'interaction_field_values',
  tables: ['interaction_field_values'],
  about: 'The custom fields\' answers of each interaction.',
  columns: cols('id', 'interaction_id', 'field_id: The custom field (interaction_fields file, id).', 'value: The answer.'),
  batches: (db, districtId, rules) => keysetBatches(async (after, size) => {
    const rows = await db.selectFrom('interaction_field_values')
      .leftJoin('interaction_fields', 'interaction_fields.id', 'interaction_field_values.field_id')
      .select(['interaction_field_values.id', 'interaction_field_values.interaction_id', 'interaction_field_values.field_id',
        'interaction_field_values.value', 'interaction_fields.kind'])
      .where(districtRowsById(db, 'interaction_field_values.district_id', districtId)).where('interaction_field_values.id', '>', after)
      .orderBy('interaction_field_values.id').limit(size).execute();
    // Hidden shared texts: the free-text fields' answers (interactions/presenter.ts does the same); numbers and choices stay.
    return rows.map(({ kind, ...r }) => (rules.sharedNotesVisible || (kind !== null && !isNoteFieldKind(kind)) ? r : { ...r, value: null }));
  }),
};

/** Every kind, in the zip's order. */
export const EXPORT_KINDS: readonly ExportKind[] = [
  district,
  table('schools', 'buildings', 'The district\'s schools (deleted ones too).', cols('id', 'name', 'code: The school\'s own code.',
    'grade_band: Its grades.', 'created_at', 'updated_at', 'deleted_at')),
  table('educators', 'staff', 'Every educator (staff member) of the district, active and inactive.', cols('id', 'first_name: First name.',
    'last_name: Last name.', 'email: Email.', 'employee_id: The district\'s employee number.', 'position: Position.',
    'grade_levels: Grade levels taught (JSON list).', 'subjects: Subjects taught (JSON list).', 'hire_date: Hire date.', 'status: active or inactive.',
    'user_id: Their own login, when they have one (users file, id).', 'created_at', 'updated_at')),
  table('educator_schools', 'staff_buildings', 'Each educator\'s school history: which school, from when to when.',
    cols('id', 'staff_id', 'building_id', 'start_date', 'end_date', 'created_at')),
  table('educator_source_ids', 'staff_source_ids', 'The ids other systems (OneRoster, the student information system) give educators.',
    cols('id', 'staff_id', 'source_id: The other system\'s id.', 'created_at')),
  table('school_history_requests', 'building_history_requests', 'Requests by schools to add an educator\'s school history, and their decisions.',
    cols('id', 'staff_id', 'building_id', 'start_date', 'note: The request\'s note.', 'status: pending, approved or declined.',
      'requested_by: Who asked (users file, id).', 'decided_by: Who decided (users file, id).', 'decided_at: When (UTC).', 'decision_reason: Why.', 'created_at', 'updated_at')),
  users,
  table('groups', 'groups', 'Groups of educators.', cols('id', 'name', 'description', 'group_of: What the group holds (educators).', 'created_at', 'updated_at', 'deleted_at')),
  groupMembers,
  table('caseloads', 'coach_assignments', 'Coaches\' caseloads: which coach is assigned to which educator, from when to when.',
    cols('id', 'coach_id', 'staff_id', 'start_date', 'end_date', 'created_at', 'updated_at')),
  table('interaction_types', 'interaction_types', 'The kinds of interaction the district logs.', cols('id', 'name', 'colour: Its colour on calendars.',
    'default_minutes: Its default length in minutes.', 'counts_as_coaching: 1 when it counts as coaching in the reports.', 'sort_order', 'archived_at', 'created_at', 'updated_at')),
  table('interaction_fields', 'interaction_fields', 'The custom fields of each interaction type.', cols('id', 'interaction_type_id', 'label: The field\'s label.',
    'help_text: Its help text.', 'kind: text, number, choice, …', 'config: Its options (JSON).', 'required: 1 when required.', 'sort_order', 'archived_at', 'created_at', 'updated_at')),
  table('interactions', 'interactions', 'Every interaction (coaching conversation, observation, meeting), deleted ones too. Private notes are left out.',
    cols('id', 'interaction_type_id', 'coach_id', 'starts_at: When it starts (UTC).', 'duration_minutes: Its length in minutes.',
      'status: scheduled, completed, cancelled or no-show.', 'building_id', 'notes: The shared notes.', 'next_steps: The next steps written.',
      'coaching_cycle_id: The coaching cycle it belongs to (coaching_cycles file, id).', 'import_uid: The calendar event it was imported from.',
      'created_by', 'updated_by', 'created_at', 'updated_at', 'deleted_at', 'client_id'), { sharedTexts: ['notes', 'next_steps'] }),
  table('interaction_participants', 'interaction_participants', 'Who took part in each interaction.', cols('id', 'interaction_id', 'staff_id',
    'group_id: The group they came with, when added as a group.')),
  table('interaction_groups', 'interaction_groups', 'Groups added to an interaction.', cols('id', 'interaction_id', 'group_id')),
  interactionFieldValues,
  table('interaction_skills', 'interaction_skills', 'The skills an interaction worked on.', cols('id', 'interaction_id', 'skill_id')),
  table('activities', 'activities', 'Time logged that is not an interaction ("Log time").', cols('id', 'user_id', 'category: The kind of work.',
    'starts_at: When (UTC).', 'minutes: How long.', 'notes: Its notes.', 'import_uid: The calendar event it was imported from.', 'created_at', 'updated_at', 'deleted_at')),
  table('cycle_stages', 'cycle_stages', 'The stages of the district\'s coaching cycles.', cols('id', 'name', 'description', 'expected_days: How long a cycle is expected to stay.',
    'sort_order', 'archived_at', 'created_at', 'updated_at')),
  table('cycle_goal_templates', 'cycle_goal_templates', 'Goal templates offered when a cycle starts.', cols('id', 'title: Its title.', 'goal: The goal\'s text.',
    'sort_order', 'archived_at', 'created_at', 'updated_at')),
  table('coaching_cycles', 'coaching_cycles', 'Coaching cycles, deleted ones too.', cols('id', 'coach_id', 'title: Its title.', 'goal: Its goal.',
    'start_date: Its first day.', 'target_end_date: The day it should end.', 'status: active, completed or cancelled.', 'stage_id: Its stage (cycle_stages file, id).',
    'stage_entered_on: When it entered that stage.', 'outcome: Its outcome.', 'reflection: The reflection written at its end.', 'completed_on: When it was completed.',
    'created_by', 'updated_by', 'created_at', 'updated_at', 'deleted_at')),
  table('coaching_cycle_educators', 'coaching_cycle_staff', 'The educators of each cycle.', cols('id', 'cycle_id', 'staff_id')),
  table('coaching_cycle_skills', 'coaching_cycle_skills', 'The skills each cycle focuses on.', cols('id', 'cycle_id', 'skill_id')),
  table('coaching_cycle_stage_history', 'coaching_cycle_stage_history', 'Each cycle\'s moves between stages.', cols('id', 'cycle_id',
    'stage_id: The stage (cycle_stages file, id).', 'entered_on: The day it entered the stage.', 'left_on: The day it left; empty while there.',
    'moved_by: Who moved it (users file, id).')),
  table('coaching_cycle_notes', 'coaching_cycle_notes', 'The notes written on each cycle.', cols('id', 'cycle_id', 'author_id: Who wrote it (users file, id).',
    'body: The note.', 'created_at', 'updated_at', 'deleted_at'), { sharedTexts: ['body'] }),
  table('skill_frameworks', 'skill_frameworks', 'The district\'s skill frameworks.', cols('id', 'name', 'description', 'active: 1 for the one in use.', 'created_at', 'updated_at')),
  table('skill_levels', 'skill_levels', 'Each framework\'s levels.', cols('id', 'framework_id', 'level: The level\'s number.', 'name', 'descriptor: What it means.')),
  table('skill_domains', 'skill_domains', 'Each framework\'s domains.', cols('id', 'framework_id', 'name', 'description', 'sort_order', 'archived_at', 'created_at', 'updated_at')),
  table('skills', 'skills', 'Each framework\'s skills.', cols('id', 'framework_id', 'domain_id: The domain (skill_domains file, id).', 'name', 'description', 'sort_order',
    'archived_at', 'created_at', 'updated_at')),
  table('skill_ratings', 'skill_ratings', 'Every rating of an educator on a skill (all kept; the latest is the current level).', cols('id', 'staff_id', 'skill_id',
    'level: The level given.', 'rated_on: The day.', 'rated_by: Who rated (users file, id).', 'note: The rating\'s note.',
    'interaction_id: The interaction or observation it came from, if any (interactions file, id).', 'created_at')),
  table('self_assessments', 'self_ratings', 'Educators\' ratings of themselves.', cols('id', 'staff_id', 'skill_id', 'level: The level they chose.', 'rated_on: The day.',
    'rated_by: Their login (users file, id).', 'created_at')),
  table('observation_forms', 'observation_forms', 'The district\'s observation forms.', cols('id', 'interaction_type_id', 'builtin: 1 for the built-in walkthrough.',
    'current_version_id: Its current version (observation_form_versions file, id).', 'archived_at', 'created_at', 'updated_at')),
  table('observation_form_versions', 'observation_form_versions', 'Each version of each form.', cols('id', 'form_id', 'version: Its number.', 'name', 'description',
    'created_by', 'created_at')),
  table('observation_form_items', 'observation_form_items', 'The items of each form version.', cols('id', 'version_id',
    'lineage_id: The same item across versions.', 'position: Its place.', 'section: Its section heading.', 'label: Its text.', 'kind: rating, choice, yes/no, text, …',
    'required: 1 when required.', 'config: Its options (JSON).', 'skill_id: The skill a rating item rates.')),
  table('observations', 'observations', 'Every completed observation, deleted ones too. Drafts and private notes are left out.', cols('id', 'form_id', 'version_id', 'staff_id',
    'observer_id: The observer (users file, id).', 'interaction_id: The interaction it wrote when completed.', 'building_id', 'status: draft or completed.',
    'observed_at: When (UTC).', 'duration_minutes: How long.', 'notes: The shared notes.', 'next_steps: The next steps.',
    'calibration_id: The calibration session it belongs to (calibration_sessions file, id).', 'share_answers: 1 when the answers are shared with the educator.',
    'share_notes: 1 when the notes are shared.', 'shared_at: When it was shared (UTC).', 'shared_by: Who shared it (users file, id).',
    'acknowledged_at: When the educator acknowledged it (UTC).', 'reflection: The educator\'s reflection.', 'created_at', 'updated_at', 'deleted_at', 'client_id'),
  { sharedTexts: ['notes', 'next_steps'], skip: ['status', 'draft'] }),
  observationAnswers,
  table('calibration_sessions', 'calibration_sessions', 'Observer calibration sessions.', cols('id', 'form_id', 'staff_id', 'building_id', 'observed_at: When (UTC).',
    'title: Its title.', 'notes: Its notes.', 'created_by', 'created_at', 'updated_at', 'archived_at')),
  table('action_steps', 'action_steps', 'Action steps set for educators.', cols('id', 'staff_id', 'title: The step.', 'detail: More about it.', 'due_on: When it is due.',
    'set_by_user_id: Who set it (users file, id).', 'source_type: What it came from (interaction, observation or cycle).', 'source_id: That record\'s id.',
    'status: open, done or dropped.', 'done_on: When it was done.', 'note: The educator\'s note.', 'status_by_user_id: Who last changed its status (users file, id).',
    'status_at: When (UTC).', 'created_at', 'updated_at', 'client_id')),
  table('coaching_requests', 'coaching_requests', 'Educators\' requests for coaching: the topic and where each stands (the educator\'s words are left out).',
    cols('id', 'staff_id', 'requested_by_user_id: Who asked (users file, id).', 'topic: The topic.', 'status: open, accepted, withdrawn, …',
    'interaction_id: The interaction booked for it.', 'accepted_by_user_id: Who accepted (users file, id).', 'accepted_at: When (UTC).',
    'passed_by_user_id: Who passed it on (users file, id).', 'passed_at: When (UTC).',
    'withdrawn_at: When withdrawn (UTC).', 'created_at', 'updated_at')),
  table('coaching_request_holders', 'coaching_request_holders', 'Who held each coaching request, and why.', cols('id', 'request_id: The request (coaching_requests file, id).',
    'user_id', 'reason: Why they held it.', 'created_at', 'ended_at: When they stopped holding it (UTC).')),
  table('imports', 'imports', 'Staff and user imports: the file\'s name and columns, the mapping chosen and the outcome.', cols('id', 'kind: staff or users.',
    'file_name: The file uploaded.', 'format: csv or OneRoster.', 'mode: add-update or full-sync.', 'options: The options chosen (JSON).', 'headers: The file\'s columns (JSON).',
    'mapping: Which column went to which field (JSON).', 'status', 'total_rows: Rows in the file.', 'created_count: Created.', 'updated_count: Updated.',
    'unchanged_count: Unchanged.', 'error_count: Failed.', 'skipped_count: Skipped.', 'deactivated_count: Deactivated (full sync).', 'failure: Why it failed.',
    'created_by', 'created_at', 'started_at: When it ran (UTC).', 'finished_at: When it finished (UTC).')),
  table('import_rows', 'import_rows', 'Each row of each import as read from the file, and what became of it.', cols('id', 'import_id: The import (imports file, id).',
    'row_number: Its line in the file.', 'raw: The row as read (JSON).', 'outcome: created, updated, unchanged, error or skipped.', 'errors: Its errors (JSON).',
    'record_id: The record it created or updated.')),
  table('report_subscriptions', 'report_subscriptions', 'Scheduled report emails.', cols('id', 'user_id', 'report: The report.', 'frequency: How often.',
    'query: Its filters (JSON).', 'next_run_at: Its next email (UTC).', 'last_sent_at: Its last email (UTC).', 'created_at', 'updated_at')),
  table('sso_connections', 'sso_connections', 'Single sign-on connections (the client secret is not exported).', cols('id', 'kind: The provider.', 'issuer: The provider\'s address.',
    'client_id: The client id given by the provider.', 'domains: Email domains allowed (JSON).', 'password_login: 1 while password sign-in stays on.',
    'create_users: 1 when a first sign-in may create an educator login.', 'created_by', 'created_at', 'updated_at')),
  table('quotes', 'quotes', 'Quotes for the district\'s subscription.', cols('id', 'number: The quote\'s number.', 'plan_name: The plan quoted.',
    'price_per_seat_cents: Price per seat (cents).', 'seats: Seats.', 'term_years: Years.', 'notes: Notes.', 'line_items: Its lines (JSON).',
    'subtotal_cents: Subtotal (cents).', 'discount_bps: Discount (hundredths of a percent).', 'discount_cents: Discount (cents).', 'total_cents: Total (cents).',
    'status: draft, sent, accepted, declined, …', 'valid_until: Valid until.', 'sent_at: When sent (UTC).', 'sent_to: Sent to.', 'accepted_at: When accepted (UTC).',
    'po_number: Purchase order number.', 'signer_name: Who signed.', 'signer_title: Their title.', 'declined_at: When declined (UTC).', 'decline_reason: Why.',
    'activated_at: When activated (UTC).', 'created_at', 'updated_at')),
  table('invoices', 'invoices', 'Invoices of the district.', cols('id', 'number: The invoice number.', 'quote_id: The quote it bills (quotes file, id).', 'issued_on: Issued on.',
    'due_on: Due on.', 'period_start: Billed period from.', 'period_end: Billed period to.', 'line_items: Its lines (JSON).', 'amount_cents: Amount (cents).',
    'po_number: Purchase order number.', 'bill_to: Billed to (JSON).', 'status: open, paid or void.', 'paid_on: Paid on.', 'voided_at: When voided (UTC).',
    'void_reason: Why.', 'created_at', 'updated_at')),
  table('retention_runs', 'retention_runs', 'Each night the district\'s retention setting removed old coaching records: the cut-off and what went.',
    cols('id', 'night: The district\'s date of the night.', 'cutoff_day: Records dated before this day were removed.', 'years: The setting then (school years kept).',
      'status: running, done or failed.', 'counts: What was removed per kind (JSON).', 'started_at: When it started (UTC).', 'finished_at: When it finished (UTC).')),
  table('read_log', 'record_reads', 'Who read records about each educator, one row per reader, educator, kind and day.', cols('id', 'staff_id',
    'reader_user_id: The reader (users file, id).', 'reader_role: Their role then.', 'impersonated_by: Coachwell staff behind an impersonated read (their login id).',
    'kind: What was read.', 'day: The day (YYYY-MM-DD).')),
  table('audit_log', 'audit_log', 'The district\'s audit log: every change, who made it, when and from where.', cols('id',
    'actor_id: Who acted (users file, id).', 'impersonator_id: Coachwell staff acting as them, if any (their login id).', 'action: What was done.',
    'subject_type: The kind of record.', 'subject_id: The record\'s id.', 'ip: The IP address.', 'user_agent: The browser.', 'details: What changed (JSON).',
    'at: When (UTC).')),
];

/**
 * The district's tables no file holds, each with its reason (kinds.test.ts fails on a district table that is neither
 * read by a kind above nor listed here).
 */
export const LEFT_OUT_TABLES: Readonly<Record<string, string>> = {
  sessions: 'sign-in sessions (secrets)',
  invites: 'invitation tokens (secrets); the invited logins are in users',
  password_resets: 'password-reset tokens (secrets)',
  email_changes: 'email-change tokens (secrets)',
  calendar_feeds: 'calendar feed tokens (secrets)',
  sso_links: 'single sign-on links of logins to a provider\'s subject (sign-in secrets)',
  account_migrations: 'invitations to move a login between districts (tokens)',
  skill_current_levels: 'computed: the latest skill rating of each educator and skill (skill_ratings)',
  report_interaction_months: 'computed report totals', report_participation_months: 'computed report totals',
  report_observation_keys: 'computed report totals', report_observation_months: 'computed report totals',
  report_observation_answer_months: 'computed report totals', district_versions: 'a change counter', district_version_bumps: 'a change counter (PostgreSQL)',
  setup_checklist_marks: 'the setup checklist\'s marks', action_step_digests: 'email preferences of the weekly email',
  district_exports: 'the list of these exports',
  district_purges: 'the progress of a deletion under way (an exported district is not being deleted)',
  client_errors: 'Coachwell\'s technical logs', server_errors: 'Coachwell\'s technical logs', security_events: 'Coachwell\'s technical logs',
};

/** The README's sentence on private notes (the district export leaves them out). */
export const PRIVATE_NOTES_TEXT = 'Private notes are left out. Private notes belong to their authors; each person\'s own export holds theirs.';

/** The README's sentence when the district's shared notes are hidden from administrators (the columns are exported empty). */
export const SHARED_TEXTS_HIDDEN_TEXT = 'Shared notes are empty: the district\'s setting "Shared notes visible to administrators" is off, so, '
  + 'as in Coachwell, they are left to their authors, the coach and the educators (interactions\' and observations\' notes and next steps, '
  + 'custom fields\' and observation forms\' text answers, observation evidence and coaching cycle notes; their columns are kept, empty).';

/** The README's sentence on coaching requests (administrators never read the educator's words in Coachwell). */
export const REQUEST_WORDS_TEXT = 'Coaching requests\' message, preferred times and pass-on note: the educator\'s words are for the coaches '
  + 'who hold the request; administrators see the topic and where it stands, as in Coachwell.';

/** The README's sentence on observation drafts. */
export const DRAFTS_TEXT = 'Observation drafts and their answers: a draft is its observer\'s alone until completed.';

/** What the README says is not in the export, and why. */
const LEFT_OUT = [
  PRIVATE_NOTES_TEXT + ' (interactions\' and observations\' private notes)',
  REQUEST_WORDS_TEXT,
  DRAFTS_TEXT,
  'Secrets and sign-in tokens: password hashes, sessions, invitation, password-reset and email-change tokens, calendar feed tokens, '
    + 'single sign-on client secrets and sign-in links.',
  'What Coachwell computes from the files here: report totals per month, each educator\'s current skill level (the latest skill rating), '
    + 'the district\'s setup checklist marks and email preferences.',
  'Coachwell\'s technical logs (errors and security events; the audit log is included) and the list of these exports.',
];

/** The zip's README.md: every file and column, and what is left out. `counts` holds each file's row count. */
export function exportReadme(
  districtName: string, createdAt: string, counts: ReadonlyMap<string, number>, rules: ExportRules, locale: Locale = 'en',
): string {
  // In the reader's language (issue 33), translated by its English (server/i18n/texts/es/exports.json); file and
  // column names stay English (they are re-imported).
  const tr = (english: string) => translate(locale, english);
  const lines = [
    tr(`# ${districtName}: all district data`),
    '',
    tr(`Exported from Coachwell on ${createdAt} (UTC).`),
    '',
    tr('Each kind of record is in two files with the same rows: `<kind>.csv` (UTF-8 with a byte order mark, a header row, every cell quoted; '
      + 'a cell starting with = + - or @ has a \' put before it so no spreadsheet runs it as a formula) and `<kind>.json` '
      + '(a JSON array of objects with the same columns, values exactly as stored). Records refer to each other by their `id`. Times '
      + 'ending in `_at` are UTC (ISO 8601); dates are YYYY-MM-DD.'),
    '',
    tr('## Not in this export'),
    '',
    ...(rules.sharedNotesVisible ? [] : [SHARED_TEXTS_HIDDEN_TEXT]).concat(LEFT_OUT).map((text) => `- ${tr(text)}`),
    '',
    tr('## Files'),
    '',
  ];
  for (const kind of EXPORT_KINDS) {
    lines.push(`### ${kind.file}.csv, ${kind.file}.json ${tr(`(${plural(counts.get(kind.file) ?? 0, 'row', 'rows')})`)}`, '', tr(kind.about), '');
    for (const [name, text] of kind.columns) lines.push(`- \`${name}\`: ${tr(text)}`);
    lines.push('');
  }
  return lines.join('\n');
}
