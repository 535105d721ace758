// A person's own export (issue 32, item 2): what Coachwell holds about the signed-in person and what they wrote, one
// kind per file (server/lib/exportZip.ts writes each as CSV and JSON). Every query filters by the person's district
// (null for provider staff, who have only their account) and by the person: their login (`userId`) for what they wrote,
// their linked staff record(s) (`staffIds`) for what is about them as an educator.
// What is about them is what they may see today (the rules of server/access/notesPrivacy.ts and the observations'
// sight): interactions they took part in with their shared texts, never another author's private notes; completed
// observations of them that were shared with them, with answers and texts only as shared; their ratings, action steps,
// cycles and the read log (only while the district lets educators see it: Site settings, `educator_read_log_visible`). Private notes are in the files of what they wrote, and only there.
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/types';
import { AUDIT_ACTIONS } from '../../../common/auditActions';
import { seesSharedTexts } from '../../access/notesPrivacy';
import { EXPORT_BATCH_SIZE, type ExportRow, keysetBatches } from '../../lib/exportZip';

type Db = Kysely<Database>;

export interface Person {
  userId: number;
  districtId: number | null;
  /** The educator records linked to the login (usually one; none for most coaches and administrators). */
  staffIds: number[];
  /** The district's setting `educator_read_log_visible` (the read log's own answer is 403 when off): false, read_log is empty. */
  readLogVisible: boolean;
}

export interface OwnKind {
  /** The file's name without .csv/.json. */
  name: string;
  about: string;
  columns: [name: string, meaning: string][];
  rows: (db: Db, p: Person) => AsyncIterable<ExportRow[]>;
}

const NONE = [0];
const staffOf = (p: Person) => (p.staffIds.length ? p.staffIds : NONE);
const district = (p: Person) => p.districtId ?? -1;

/** No rows at all. */
async function* none(): AsyncGenerator<ExportRow[]> {}

/** One batch of rows when the set is small by nature (one person's profile, roles, preferences). */
async function* once(read: () => Promise<ExportRow[]>): AsyncGenerator<ExportRow[]> {
  yield await read();
}

const fullName = (r: { first_name: string | null; last_name: string | null }) => `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim();

/** Participants' names per interaction of a batch ("Ana Alvarez; Ben Brooks"). */
async function participantsOf(db: Db, p: Person, ids: number[]): Promise<Map<number, { names: string[]; userIds: (number | null)[] }>> {
  const out = new Map<number, { names: string[]; userIds: (number | null)[] }>();
  if (!ids.length) return out;
  const rows = await db.selectFrom('interaction_participants as ip').innerJoin('staff as s', 's.id', 'ip.staff_id')
    .select(['ip.interaction_id', 's.first_name', 's.last_name', 's.user_id'])
    .where('ip.district_id', '=', district(p)).where('ip.interaction_id', 'in', ids).orderBy('s.last_name').orderBy('s.first_name').execute();
  for (const r of rows) {
    const entry = out.get(r.interaction_id) ?? { names: [], userIds: [] };
    entry.names.push(fullName(r));
    entry.userIds.push(r.user_id);
    out.set(r.interaction_id, entry);
  }
  return out;
}

/** Custom field values per interaction of a batch ("Focus: Questioning; Grade: 5"). */
async function fieldsOf(db: Db, p: Person, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!ids.length) return out;
  const rows = await db.selectFrom('interaction_field_values as v').innerJoin('interaction_fields as f', 'f.id', 'v.field_id')
    .select(['v.interaction_id', 'f.label', 'v.value']).where('v.district_id', '=', district(p)).where('v.interaction_id', 'in', ids)
    .orderBy('f.sort_order').orderBy('f.id').execute();
  for (const r of rows) {
    let value: unknown = r.value;
    try { value = JSON.parse(r.value); } catch { /* kept as stored */ }
    const text = Array.isArray(value) ? value.join(', ') : String(value ?? '');
    out.set(r.interaction_id, [out.get(r.interaction_id), `${r.label}: ${text}`].filter(Boolean).join('; '));
  }
  return out;
}

function interactionsQuery(db: Db, p: Person) {
  return db.selectFrom('interactions as i')
    .innerJoin('interaction_types as t', 't.id', 'i.interaction_type_id')
    .leftJoin('buildings as b', 'b.id', 'i.building_id')
    .innerJoin('users as c', 'c.id', 'i.coach_id')
    .select([
      'i.id', 'i.starts_at', 'i.duration_minutes', 'i.status', 't.name as type', 'b.name as school', 'c.name as coach', 'i.coach_id', 'i.created_by',
      'i.notes', 'i.next_steps', 'i.private_notes', 'i.created_at', 'i.updated_at', 'i.deleted_at',
    ])
    .where('i.district_id', '=', district(p));
}

const INTERACTION_COLUMNS: [string, string][] = [
  ['id', 'The interaction\'s number in Coachwell.'],
  ['starts_at', 'When it started (UTC, ISO 8601).'],
  ['duration_minutes', 'How long it lasted.'],
  ['status', 'scheduled, completed, cancelled or no-show.'],
  ['type', 'The interaction type.'],
  ['school', 'The school it was held at, if any.'],
  ['coach', 'The coach.'],
  ['educators', 'The educators who took part.'],
  ['custom_fields', 'The district\'s own fields: label and value.'],
  ['notes', 'The shared notes.'],
  ['next_steps', 'The next steps.'],
];

export const OWN_KINDS: OwnKind[] = [
  {
    name: 'profile',
    about: 'Your login: name, email, status, timezone and date language, when it was made and last used, and your district.',
    columns: [
      ['id', 'Your login\'s number.'], ['name', 'Your name.'], ['email', 'Your email address (your sign-in name).'], ['status', 'active, invited or disabled.'],
      ['timezone', 'Your profile timezone (empty: the district\'s).'], ['date_language', 'The language dates are shown in.'],
      ['district', 'Your district (empty for Coachwell staff).'], ['created_at', 'When the login was made (UTC).'], ['last_login_at', 'Your last sign-in (UTC).'],
    ],
    rows: (db, p) => once(async () => {
      const rows = await db.selectFrom('users as u').leftJoin('districts as d', 'd.id', 'u.district_id')
        .select(['u.id', 'u.name', 'u.email', 'u.status', 'u.timezone', 'u.date_locale as date_language', 'd.name as district', 'u.created_at', 'u.last_login_at'])
        .where('u.id', '=', p.userId).execute();
      return rows;
    }),
  },
  {
    name: 'roles_and_schools',
    about: 'Your roles in Coachwell and the schools your login is assigned to.',
    columns: [['kind', 'role or school.'], ['name', 'The role\'s or the school\'s name.']],
    rows: (db, p) => once(async () => {
      const roles = await db.selectFrom('user_roles as ur').innerJoin('roles as r', 'r.id', 'ur.role_id').select('r.name').where('ur.user_id', '=', p.userId).orderBy('r.name').execute();
      const schools = await db.selectFrom('user_buildings as ub').innerJoin('buildings as b', 'b.id', 'ub.building_id').select('b.name')
        .where('ub.user_id', '=', p.userId).where('b.district_id', '=', district(p)).orderBy('b.name').execute();
      return [...roles.map((r) => ({ kind: 'role', name: r.name })), ...schools.map((s) => ({ kind: 'school', name: s.name }))];
    }),
  },
  {
    name: 'preferences',
    about: 'Your settings: the weekly action-step email, your calendar feed (whether it is on; its secret address is not exported) and the report emails you subscribed to.',
    columns: [['setting', 'What it is.'], ['value', 'Its value.'], ['since', 'When it was set (UTC), where known.']],
    rows: (db, p) => once(async () => {
      const digest = await db.selectFrom('action_step_digests').select(['weekly_email', 'updated_at']).where('user_id', '=', p.userId).executeTakeFirst();
      const feed = await db.selectFrom('calendar_feeds').select(['title_mode', 'created_at']).where('user_id', '=', p.userId).where('district_id', '=', district(p)).executeTakeFirst();
      const subscriptions = await db.selectFrom('report_subscriptions').select(['report', 'frequency', 'query', 'created_at'])
        .where('user_id', '=', p.userId).where('district_id', '=', district(p)).orderBy('id').execute();
      return [
        { setting: 'Weekly action-step email', value: digest && digest.weekly_email === 0 ? 'off' : 'on', since: digest?.updated_at ?? null },
        { setting: 'Calendar feed', value: feed ? `on (event titles: ${feed.title_mode})` : 'off', since: feed?.created_at ?? null },
        ...subscriptions.map((s) => ({ setting: `Report email: ${s.report}`, value: `${s.frequency}${s.query ? ` (${s.query})` : ''}`, since: s.created_at })),
      ];
    }),
  },
  {
    name: 'sessions',
    about: 'Your signed-in sessions Coachwell keeps now (each ends when it expires or you sign out).',
    columns: [['created_at', 'When the session started (UTC).'], ['expires_at', 'When it expires unless used (UTC).']],
    rows: (db, p) => once(async () => (await db.selectFrom('sessions').select(['created_at', 'expires_at']).where('user_id', '=', p.userId).orderBy('created_at').execute())
      .map((s) => ({ created_at: s.created_at, expires_at: new Date(Number(s.expires_at)).toISOString() }))),
  },
  {
    name: 'account_log',
    about: 'What the audit log records that you did: each sign-in and sign-out and every change, with the address and browser it came from. Changes made by Coachwell '
      + 'support while signed in as you say so, without support\'s own address and browser.',
    columns: [
      ['at', 'When (UTC).'], ['action', 'The action\'s key.'], ['what', 'The action in words.'], ['record_type', 'The kind of record it was about.'],
      ['record_id', 'That record\'s number.'], ['by_coachwell_support', 'yes when Coachwell support did it while signed in as you.'],
      ['ip', 'The network address (empty when Coachwell support did it).'], ['browser', 'The browser\'s user agent (empty when Coachwell support did it).'],
    ],
    rows: (db, p) => keysetBatches(async (after, size) => (await db.selectFrom('audit_log')
      .select(['id', 'at', 'action', 'subject_type', 'subject_id', 'impersonator_id', 'ip', 'user_agent'])
      .where('actor_id', '=', p.userId).where('id', '>', after).orderBy('id').limit(size).execute())
      .map((r) => ({
        id: r.id, at: r.at, action: r.action, what: AUDIT_ACTIONS[r.action]?.label ?? r.action, record_type: r.subject_type, record_id: r.subject_id,
        // The address and browser of an action support made while signed in as the person are support's, not theirs.
        by_coachwell_support: r.impersonator_id ? 'yes' : 'no', ip: r.impersonator_id ? null : r.ip, browser: r.impersonator_id ? null : r.user_agent,
      }))),
  },
  {
    name: 'interactions_you_logged',
    about: 'Interactions you logged or coached, with their notes and next steps, and your private notes on the ones you logged (private notes are only ever yours). Deleted '
      + 'ones that Coachwell still holds are included with the day they were deleted.',
    columns: [...INTERACTION_COLUMNS, ['private_notes', 'Your private notes (only on interactions you logged).'], ['logged_by_you', 'yes when you logged it.'],
      ['created_at', 'When it was logged (UTC).'], ['updated_at', 'Its last change (UTC).'], ['deleted_at', 'When it was deleted (UTC), if it was.']],
    rows: (db, p) => keysetBatches(async (after, size) => {
      const rows = await interactionsQuery(db, p)
        .where((eb) => eb.or([eb('i.created_by', '=', p.userId), eb('i.coach_id', '=', p.userId)]))
        .where('i.id', '>', after).orderBy('i.id').limit(size).execute();
      const ids = rows.map((r) => r.id);
      const [people, fields] = await Promise.all([participantsOf(db, p, ids), fieldsOf(db, p, ids)]);
      return rows.map((r) => ({
        ...r, educators: people.get(r.id)?.names.join('; ') ?? '', custom_fields: fields.get(r.id) ?? '',
        // Private notes are their author's alone: a coach who did not log the interaction does not get them.
        private_notes: r.created_by === p.userId ? r.private_notes : null,
        logged_by_you: r.created_by === p.userId ? 'yes' : 'no',
      }));
    }),
  },
  {
    name: 'interactions_about_you',
    about: 'Interactions you took part in as an educator, with the shared notes and next steps you may read. Other people\'s private notes are never included.',
    columns: INTERACTION_COLUMNS,
    rows: (db, p) => keysetBatches(async (after, size) => {
      const rows = await interactionsQuery(db, p)
        .where('i.deleted_at', 'is', null)
        .where((eb) => eb.exists(eb.selectFrom('interaction_participants as ip').select('ip.id')
          .whereRef('ip.interaction_id', '=', 'i.id').where('ip.staff_id', 'in', staffOf(p))))
        .where('i.id', '>', after).orderBy('i.id').limit(size).execute();
      const ids = rows.map((r) => r.id);
      const [people, fields] = await Promise.all([participantsOf(db, p, ids), fieldsOf(db, p, ids)]);
      return rows.map((r) => {
        // The notes-privacy rule (access/notesPrivacy.ts): an educator who took part always reads the shared texts.
        const sees = seesSharedTexts({ userId: p.userId, sharedNotesVisible: false },
          { authorId: r.created_by, coachId: r.coach_id, participantUserIds: people.get(r.id)?.userIds ?? [p.userId] });
        return {
          id: r.id, starts_at: r.starts_at, duration_minutes: r.duration_minutes, status: r.status, type: r.type, school: r.school, coach: r.coach,
          educators: people.get(r.id)?.names.join('; ') ?? '', custom_fields: sees ? fields.get(r.id) ?? '' : '',
          notes: sees ? r.notes : null, next_steps: sees ? r.next_steps : null,
        };
      });
    }),
  },
  {
    name: 'logged_time',
    about: 'Time you logged that was not an interaction ("Log time"): category, when, how long and your notes.',
    columns: [['id', 'Its number.'], ['category', 'The category.'], ['starts_at', 'When (UTC).'], ['minutes', 'How long.'], ['notes', 'Your notes.'], ['deleted_at', 'When it was deleted (UTC), if it was.']],
    rows: (db, p) => keysetBatches((after, size) => db.selectFrom('activities').select(['id', 'category', 'starts_at', 'minutes', 'notes', 'deleted_at'])
      .where('district_id', '=', district(p)).where('user_id', '=', p.userId).where('id', '>', after).orderBy('id').limit(size).execute()),
  },
  {
    name: 'observations_you_made',
    about: 'Observations you made as the observer (drafts too), with their notes, your private notes, next steps and the educator\'s reflection. Their answers are in observation_answers_you_gave.',
    columns: [
      ['id', 'The observation\'s number.'], ['observed_at', 'When (UTC).'], ['status', 'draft or completed.'], ['form', 'The observation form.'], ['educator', 'The educator observed.'],
      ['duration_minutes', 'How long.'], ['notes', 'The notes.'], ['private_notes', 'Your private notes.'], ['next_steps', 'Next steps.'],
      ['shared_at', 'When you shared it with the educator (UTC).'], ['reflection', 'The educator\'s reflection.'], ['deleted_at', 'When it was deleted (UTC), if it was.'],
    ],
    rows: (db, p) => keysetBatches((after, size) => db.selectFrom('observations as o').innerJoin('observation_forms as f', 'f.id', 'o.form_id')
      .innerJoin('observation_form_versions as v', 'v.id', 'o.version_id').innerJoin('staff as s', 's.id', 'o.staff_id')
      .select(['o.id', 'o.observed_at', 'o.status', 'v.name as form', 's.first_name', 's.last_name', 'o.duration_minutes', 'o.notes', 'o.private_notes', 'o.next_steps',
        'o.shared_at', 'o.reflection', 'o.deleted_at'])
      .where('o.district_id', '=', district(p)).where('o.observer_id', '=', p.userId).where('o.id', '>', after).orderBy('o.id').limit(size).execute()
      .then((rows) => rows.map(({ first_name: first, last_name: last, ...r }) => ({ ...r, educator: fullName({ first_name: first, last_name: last }) })))),
  },
  {
    name: 'observation_answers_you_gave',
    about: 'Your answers on the observations you made: one row per item.',
    columns: [['observation_id', 'The observation (observations_you_made).'], ['item', 'The form\'s item.'], ['value', 'Your answer (JSON).'], ['evidence', 'The evidence you noted.']],
    rows: (db, p) => answerBatches(db, p),
  },
  {
    name: 'observations_about_you',
    about: 'Completed observations of you that the observer shared with you, with the answers and notes as far as they shared them. Observations '
      + 'not shared with you are not included, as in Coachwell. The observer\'s private notes are never included.',
    columns: [['id', 'The observation\'s number.'], ['observed_at', 'When (UTC).'], ['form', 'The observation form.'], ['observer', 'Who observed.'],
      ['shared_at', 'When it was shared with you (UTC).'], ['answers', 'The answers (JSON: item → answer) when the observer shared them.'],
      ['notes', 'The notes when the observer shared them.'], ['next_steps', 'Next steps when the observer shared the notes.'], ['reflection', 'Your reflection.'], ['acknowledged_at', 'When you acknowledged it (UTC).']],
    rows: (db, p) => keysetBatches(async (after, size) => {
      const rows = await db.selectFrom('observations as o').innerJoin('observation_form_versions as v', 'v.id', 'o.version_id').innerJoin('users as u', 'u.id', 'o.observer_id')
        .select(['o.id', 'o.observed_at', 'v.name as form', 'u.name as observer', 'o.shared_at', 'o.share_answers', 'o.share_notes', 'o.notes', 'o.next_steps', 'o.reflection', 'o.acknowledged_at'])
        .where('o.district_id', '=', district(p)).where('o.staff_id', 'in', staffOf(p)).where('o.status', '=', 'completed').where('o.deleted_at', 'is', null)
        // As the app (interactions/observations/queries.ts, a participant): only observations shared with the educator.
        .where('o.shared_at', 'is not', null)
        .where('o.calibration_id', 'is', null).where('o.id', '>', after).orderBy('o.id').limit(size).execute();
      // The observations' sight for the educator observed: answers and texts only as the observer shared them.
      const answersShared = rows.filter((r) => r.share_answers === 1).map((r) => r.id);
      const answers = answersShared.length ? await db.selectFrom('observation_answers as a').innerJoin('observation_form_items as it', 'it.id', 'a.item_id')
        .select(['a.observation_id', 'it.label', 'a.value']).where('a.district_id', '=', district(p)).where('a.observation_id', 'in', answersShared).orderBy('it.position').execute() : [];
      return rows.map((r) => {
        const mine = answers.filter((a) => a.observation_id === r.id);
        return {
          id: r.id, observed_at: r.observed_at, form: r.form, observer: r.observer, shared_at: r.shared_at,
          answers: r.share_answers === 1 ? JSON.stringify(Object.fromEntries(mine.map((a) => [a.label, JSON.parse(a.value) as unknown]))) : null,
          notes: r.share_notes === 1 ? r.notes : null, next_steps: r.share_notes === 1 ? r.next_steps : null,
          reflection: r.reflection, acknowledged_at: r.acknowledged_at,
        };
      });
    }),
  },
  {
    name: 'calibration_sessions_you_made',
    about: 'Calibration sessions you set up: one lesson several observers observed with the same form.',
    columns: [['id', 'The session\'s number.'], ['title', 'Title.'], ['observed_at', 'When the lesson was (UTC).'], ['educator', 'The educator observed.'],
      ['notes', 'Your notes.'], ['archived_at', 'When it was archived (UTC), if it was.']],
    rows: (db, p) => keysetBatches(async (after, size) => (await db.selectFrom('calibration_sessions as c').innerJoin('staff as s', 's.id', 'c.staff_id')
      .select(['c.id', 'c.title', 'c.observed_at', 's.first_name', 's.last_name', 'c.notes', 'c.archived_at'])
      .where('c.district_id', '=', district(p)).where('c.created_by', '=', p.userId).where('c.id', '>', after).orderBy('c.id').limit(size).execute())
      .map(({ first_name: first, last_name: last, ...r }) => ({ ...r, educator: fullName({ first_name: first, last_name: last }) }))),
  },
  {
    name: 'coaching_cycles',
    about: 'Coaching cycles you coach or started, and the ones you take part in as an educator.',
    columns: [['id', 'The cycle\'s number.'], ['your_part', 'coach or educator.'], ['title', 'Title.'], ['goal', 'Goal.'], ['status', 'planned, active, completed or cancelled.'],
      ['start_date', 'Start day.'], ['target_end_date', 'Target end day.'], ['completed_on', 'Completed on.'], ['outcome', 'met, partly-met or not-met.'], ['reflection', 'The closing reflection.']],
    rows: (db, p) => keysetBatches(async (after, size) => (await db.selectFrom('coaching_cycles as c')
      .select(['c.id', 'c.coach_id', 'c.created_by', 'c.title', 'c.goal', 'c.status', 'c.start_date', 'c.target_end_date', 'c.completed_on', 'c.outcome', 'c.reflection'])
      .where('c.district_id', '=', district(p)).where('c.deleted_at', 'is', null)
      .where((eb) => eb.or([eb('c.coach_id', '=', p.userId), eb('c.created_by', '=', p.userId),
        eb.exists(eb.selectFrom('coaching_cycle_staff as cs').select('cs.id').whereRef('cs.cycle_id', '=', 'c.id').where('cs.staff_id', 'in', staffOf(p)))]))
      .where('c.id', '>', after).orderBy('c.id').limit(size).execute())
      .map(({ coach_id: coach, created_by: by, ...r }) => ({ ...r, your_part: coach === p.userId || by === p.userId ? 'coach' : 'educator' }))),
  },
  {
    name: 'cycle_notes_you_wrote',
    about: 'Notes you wrote on coaching cycles.',
    columns: [['id', 'The note\'s number.'], ['cycle_id', 'The cycle (coaching_cycles).'], ['cycle', 'The cycle\'s title.'], ['body', 'The note.'], ['created_at', 'When (UTC).'], ['deleted_at', 'When it was deleted (UTC), if it was.']],
    rows: (db, p) => keysetBatches((after, size) => db.selectFrom('coaching_cycle_notes as n').innerJoin('coaching_cycles as c', 'c.id', 'n.cycle_id')
      .select(['n.id', 'n.cycle_id', 'c.title as cycle', 'n.body', 'n.created_at', 'n.deleted_at'])
      .where('n.district_id', '=', district(p)).where('n.author_id', '=', p.userId).where('n.id', '>', after).orderBy('n.id').limit(size).execute()),
  },
  {
    name: 'action_steps',
    about: 'Action steps you set for educators, and your own action steps as an educator, with your notes on them.',
    columns: [['id', 'The step\'s number.'], ['your_part', 'set by you, or yours (you are the educator).'], ['educator', 'The educator.'], ['title', 'Title.'], ['detail', 'Detail.'],
      ['due_on', 'Due day.'], ['status', 'open, done or dropped.'], ['done_on', 'Done on.'], ['note', 'The educator\'s note.'], ['created_at', 'When it was set (UTC).']],
    rows: (db, p) => keysetBatches(async (after, size) => (await db.selectFrom('action_steps as a').innerJoin('staff as s', 's.id', 'a.staff_id')
      .select(['a.id', 'a.staff_id', 'a.set_by_user_id', 's.first_name', 's.last_name', 'a.title', 'a.detail', 'a.due_on', 'a.status', 'a.done_on', 'a.note', 'a.created_at'])
      .where('a.district_id', '=', district(p))
      .where((eb) => eb.or([eb('a.set_by_user_id', '=', p.userId), eb('a.staff_id', 'in', staffOf(p))]))
      .where('a.id', '>', after).orderBy('a.id').limit(size).execute())
      .map(({ staff_id: staffId, set_by_user_id: setBy, first_name: first, last_name: last, ...r }) => ({
        ...r, educator: fullName({ first_name: first, last_name: last }), your_part: p.staffIds.includes(staffId) ? 'yours' : 'set by you',
      }))),
  },
  {
    name: 'coaching_requests',
    about: 'Coaching you asked for (topic, message, preferred times and what became of each request), and the requests you accepted or passed on with your note.',
    columns: [['id', 'The request\'s number.'], ['your_part', 'asked by you, accepted by you or passed on by you.'], ['topic', 'Topic.'], ['message', 'The educator\'s message.'],
      ['preferred_times', 'Preferred times.'], ['status', 'open, passed, accepted or withdrawn.'], ['created_at', 'When it was asked (UTC).'],
      ['accepted_at', 'When a coach accepted it (UTC).'], ['withdrawn_at', 'When it was withdrawn (UTC).'], ['pass_note', 'Your note when you passed it on.']],
    rows: (db, p) => keysetBatches(async (after, size) => (await db.selectFrom('coaching_requests')
      .select(['id', 'staff_id', 'requested_by_user_id', 'accepted_by_user_id', 'passed_by_user_id', 'topic', 'message', 'preferred_times', 'status', 'created_at',
        'accepted_at', 'withdrawn_at', 'pass_note'])
      .where('district_id', '=', district(p))
      .where((eb) => eb.or([eb('requested_by_user_id', '=', p.userId), eb('staff_id', 'in', staffOf(p)), eb('accepted_by_user_id', '=', p.userId),
        eb('passed_by_user_id', '=', p.userId)]))
      .where('id', '>', after).orderBy('id').limit(size).execute())
      .map(({ staff_id: staffId, requested_by_user_id: askedBy, accepted_by_user_id: acceptedBy, passed_by_user_id: passedBy, pass_note: note, ...r }) => ({
        ...r,
        your_part: askedBy === p.userId || p.staffIds.includes(staffId) ? 'asked by you' : acceptedBy === p.userId ? 'accepted by you' : 'passed on by you',
        // The pass note is its writer's: only the coach who passed it on gets it here.
        pass_note: passedBy === p.userId ? note : null,
      }))),
  },
  {
    name: 'skill_ratings',
    about: 'Skill ratings you gave educators, your ratings as an educator (by your coaches), and your self-assessments.',
    columns: [['id', 'The rating\'s number (self-assessments have their own numbers).'], ['kind', 'given by you, about you, or self-assessment.'], ['educator', 'The educator rated.'],
      ['skill', 'The skill.'], ['level', 'The level.'], ['rated_on', 'The day.'], ['rated_by', 'Who rated.'], ['note', 'The rater\'s note.']],
    rows: (db, p) => ratingBatches(db, p),
  },
  {
    name: 'staff_record',
    about: 'Your educator record on the district\'s roster (if you have one) and your school history.',
    columns: [['id', 'The record\'s number.'], ['first_name', 'First name.'], ['last_name', 'Last name.'], ['email', 'Email.'], ['employee_id', 'Employee id.'],
      ['position', 'Position.'], ['grade_levels', 'Grade levels (JSON).'], ['subjects', 'Subjects (JSON).'], ['hire_date', 'Hire date.'], ['status', 'active or inactive.'],
      ['schools', 'School history: school, from, to.']],
    rows: (db, p) => once(async () => {
      const rows = await db.selectFrom('staff').select(['id', 'first_name', 'last_name', 'email', 'employee_id', 'position', 'grade_levels', 'subjects', 'hire_date', 'status'])
        .where('district_id', '=', district(p)).where('id', 'in', staffOf(p)).orderBy('id').execute();
      const history = await db.selectFrom('staff_buildings as sb').innerJoin('buildings as b', 'b.id', 'sb.building_id')
        .select(['sb.staff_id', 'b.name', 'sb.start_date', 'sb.end_date']).where('sb.district_id', '=', district(p)).where('sb.staff_id', 'in', staffOf(p))
        .orderBy('sb.start_date').execute();
      return rows.map((r) => ({
        ...r, schools: history.filter((h) => h.staff_id === r.id).map((h) => `${h.name}, from ${h.start_date.slice(0, 10)}${h.end_date ? ` to ${h.end_date.slice(0, 10)}` : ''}`).join('; '),
      }));
    }),
  },
  {
    name: 'read_log',
    about: 'Who opened the records about you as an educator: reader, role, day and what kind of record (Coachwell support shows as such).',
    columns: [['day', 'The day (district calendar).'], ['reader', 'Who read.'], ['role', 'Their role then.'], ['kind', 'What they read.']],
    // Empty while the district has turned the read log off for educators (the README says so): the app answers 403 then.
    rows: (db, p) => !p.readLogVisible ? none() : keysetBatches(async (after, size) => (await db.selectFrom('record_reads as r').innerJoin('users as u', 'u.id', 'r.reader_user_id')
      .select(['r.id', 'r.day', 'u.name', 'r.reader_role', 'r.impersonated_by', 'r.kind'])
      .where('r.district_id', '=', district(p)).where('r.staff_id', 'in', staffOf(p)).where('r.id', '>', after).orderBy('r.id').limit(size).execute())
      .map((r) => ({ id: r.id, day: r.day, reader: r.impersonated_by ? `Coachwell support for ${r.name}` : r.name, role: r.reader_role, kind: r.kind }))),
  },
];

/** The answers of the person's observations, a page of observations at a time. */
async function* answerBatches(db: Db, p: Person, size = EXPORT_BATCH_SIZE): AsyncGenerator<ExportRow[]> {
  let after = 0;
  for (;;) {
    const ids = (await db.selectFrom('observations').select('id').where('district_id', '=', district(p)).where('observer_id', '=', p.userId)
      .where('id', '>', after).orderBy('id').limit(size).execute()).map((o) => o.id);
    if (!ids.length) return;
    yield await db.selectFrom('observation_answers as a').innerJoin('observation_form_items as it', 'it.id', 'a.item_id')
      .select(['a.observation_id', 'it.label as item', 'a.value', 'a.evidence']).where('a.district_id', '=', district(p)).where('a.observation_id', 'in', ids)
      .orderBy('a.observation_id').orderBy('it.position').execute();
    if (ids.length < size) return;
    after = ids[ids.length - 1]!;
  }
}

/** Ratings given, ratings about the person, then self-assessments: three keyset passes in one file. */
async function* ratingBatches(db: Db, p: Person): AsyncGenerator<ExportRow[]> {
  const rated = (kind: string, who: 'given' | 'about') => keysetBatches(async (after, size) => (await db.selectFrom('skill_ratings as r')
    .innerJoin('skills as k', 'k.id', 'r.skill_id').innerJoin('staff as s', 's.id', 'r.staff_id').leftJoin('users as u', 'u.id', 'r.rated_by')
    .select(['r.id', 's.first_name', 's.last_name', 'k.name as skill', 'r.level', 'r.rated_on', 'u.name as rated_by', 'r.note'])
    .where('r.district_id', '=', district(p))
    .$if(who === 'given', (q) => q.where('r.rated_by', '=', p.userId))
    .$if(who === 'about', (q) => q.where('r.staff_id', 'in', staffOf(p)).where((eb) => eb.or([eb('r.rated_by', 'is', null), eb('r.rated_by', '<>', p.userId)])))
    .where('r.id', '>', after).orderBy('r.id').limit(size).execute())
    .map(({ first_name: first, last_name: last, ...r }) => ({ ...r, kind, educator: fullName({ first_name: first, last_name: last }) })));
  yield* rated('given by you', 'given');
  yield* rated('about you', 'about');
  yield* keysetBatches(async (after, size) => (await db.selectFrom('self_ratings as r').innerJoin('skills as k', 'k.id', 'r.skill_id').innerJoin('staff as s', 's.id', 'r.staff_id')
    .select(['r.id', 's.first_name', 's.last_name', 'k.name as skill', 'r.level', 'r.rated_on'])
    .where('r.district_id', '=', district(p)).where('r.staff_id', 'in', staffOf(p)).where('r.id', '>', after).orderBy('r.id').limit(size).execute())
    .map(({ first_name: first, last_name: last, ...r }) => ({ ...r, kind: 'self-assessment', educator: fullName({ first_name: first, last_name: last }), rated_by: 'you', note: null })));
}
