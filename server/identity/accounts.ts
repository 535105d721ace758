import { addDays, addMinutes } from 'date-fns';
import type { DB } from '../../db/connection';
import { nowIso } from '../../db/connection';
import { lockNamed } from '../../db/locks';
import type { User } from '../../db/types';
import { ensureZoneMonths } from '../../db/zoneMonths';
import { INVITE_TTL_DAYS, PASSWORD_RESET_TTL_MINUTES, TRIAL_DAYS } from '../../common/constants';
import { defaultTimeZoneOfState } from '../../common/stateZones';
import { hashPassword } from './passwords';
import { hashToken, newToken } from './tokens';
import { validationError } from '../http/errors';
import { findActiveLogin, findUserInDistrictByEmail, normalizeEmail, roleIdsByName } from './users';
import { copyDefaultObservationForms } from './observationFormDefaults';
import { defaultConfig, defaultText } from './defaultsSpanish';
import type { Locale } from '../../common/locales';

export function slugify(name: string): string {
  return name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'district';
}

async function uniqueSlug(db: DB, name: string): Promise<string> {
  const base = slugify(name);
  for (let i = 1; ; i++) {
    const slug = i === 1 ? base : `${base}-${i}`;
    const taken = await db.selectFrom('districts').select('id').where('slug', '=', slug).executeTakeFirst();
    if (!taken) return slug;
  }
}

export async function createDistrict(
  db: DB,
  input: {
    name: string; state: string; planKey: string; status?: 'trial' | 'active'; timezone?: string; seats?: number;
    /** The district's language (districts.settings `language`, issue 33); Spanish copies the defaults in Spanish. Default English. */
    language?: Locale;
  },
): Promise<number> {
  const plan = await db.selectFrom('plans').select('id').where('key', '=', input.planKey).executeTakeFirst();
  if (!plan) throw new Error(`Unknown plan "${input.planKey}".`);
  const now = nowIso();
  const status = input.status ?? 'trial';
  // No zone chosen (the API caller or the CLI left it out): the state's main one.
  const timezone = input.timezone || defaultTimeZoneOfState(input.state);
  await ensureZoneMonths(db, timezone);
  const language = input.language ?? 'en';
  const { id } = await db.insertInto('districts').values({
    name: input.name,
    slug: await uniqueSlug(db, input.name),
    state: input.state,
    timezone,
    plan_id: plan.id,
    status,
    trial_ends_at: status === 'trial' ? addDays(new Date(), TRIAL_DAYS).toISOString() : null,
    seats: input.seats ?? 5,
    school_year_start_month: 8,
    // English is the default: an English district stores no language.
    settings: language === 'en' ? '{}' : JSON.stringify({ language }),
    created_at: now,
    updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  await copyDefaultInteractionTypes(db, id, language);
  await copyDefaultCycleStages(db, id, language);
  await copyDefaultSkillFramework(db, id, language);
  await copyDefaultObservationForms(db, id, language);
  return id;
}

/** A new district starts with a copy of the provider's default coaching-cycle stages (in its language: defaultsSpanish.ts). */
async function copyDefaultCycleStages(db: DB, districtId: number, language: Locale): Promise<void> {
  const now = nowIso();
  const stages = await db.selectFrom('cycle_stages').selectAll()
    .where('district_id', 'is', null).where('archived_at', 'is', null).orderBy('sort_order').execute();
  if (stages.length === 0) return;
  await db.insertInto('cycle_stages').values(stages.map((s) => ({
    district_id: districtId, name: defaultText(language, s.name), description: defaultText(language, s.description), expected_days: s.expected_days,
    sort_order: s.sort_order, archived_at: null, created_at: now, updated_at: now,
  }))).execute();
}

/** A new district starts with a copy of the provider's default skill framework: levels, domains, skills (in its language). */
async function copyDefaultSkillFramework(db: DB, districtId: number, language: Locale): Promise<void> {
  const now = nowIso();
  const source = await db.selectFrom('skill_frameworks').selectAll()
    .where('district_id', 'is', null).where('active', '=', 1).orderBy('id').executeTakeFirst();
  if (!source) return;
  const { id: frameworkId } = await db.insertInto('skill_frameworks').values({
    district_id: districtId, name: defaultText(language, source.name), description: defaultText(language, source.description), active: 1, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  const levels = await db.selectFrom('skill_levels').selectAll().where('framework_id', '=', source.id).orderBy('level').execute();
  if (levels.length) {
    await db.insertInto('skill_levels').values(levels.map((l) => ({
      district_id: districtId, framework_id: frameworkId, level: l.level, name: defaultText(language, l.name), descriptor: defaultText(language, l.descriptor),
    }))).execute();
  }
  const domains = await db.selectFrom('skill_domains').selectAll()
    .where('framework_id', '=', source.id).where('archived_at', 'is', null).orderBy('sort_order').execute();
  const skills = await db.selectFrom('skills').selectAll()
    .where('framework_id', '=', source.id).where('archived_at', 'is', null).orderBy('sort_order').execute();
  for (const domain of domains) {
    const { id: domainId } = await db.insertInto('skill_domains').values({
      district_id: districtId, framework_id: frameworkId, name: defaultText(language, domain.name), description: defaultText(language, domain.description),
      sort_order: domain.sort_order, archived_at: null, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    const own = skills.filter((s) => s.domain_id === domain.id);
    if (own.length === 0) continue;
    await db.insertInto('skills').values(own.map((s) => ({
      district_id: districtId, framework_id: frameworkId, domain_id: domainId, name: defaultText(language, s.name), description: defaultText(language, s.description),
      sort_order: s.sort_order, archived_at: null, created_at: now, updated_at: now,
    }))).execute();
  }
}

/** A new district starts with a copy of the provider's default interaction types and their custom fields (in its language). */
async function copyDefaultInteractionTypes(db: DB, districtId: number, language: Locale): Promise<void> {
  const now = nowIso();
  const types = await db.selectFrom('interaction_types').selectAll()
    .where('district_id', 'is', null).where('archived_at', 'is', null).orderBy('sort_order').execute();
  if (types.length === 0) return;
  const fields = await db.selectFrom('interaction_fields').selectAll()
    .where('district_id', 'is', null).where('archived_at', 'is', null).orderBy('sort_order').execute();
  for (const type of types) {
    const { id: typeId } = await db.insertInto('interaction_types').values({
      district_id: districtId, name: defaultText(language, type.name), colour: type.colour, default_minutes: type.default_minutes,
      counts_as_coaching: type.counts_as_coaching, sort_order: type.sort_order, archived_at: null, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    const own = fields.filter((f) => f.interaction_type_id === type.id);
    if (own.length === 0) continue;
    await db.insertInto('interaction_fields').values(own.map((f) => ({
      district_id: districtId, interaction_type_id: typeId, label: defaultText(language, f.label), help_text: defaultText(language, f.help_text), kind: f.kind,
      config: defaultConfig(language, f.config), required: f.required, sort_order: f.sort_order, archived_at: null, created_at: now, updated_at: now,
    }))).execute();
  }
}

export interface NewUserInput {
  districtId: number | null;
  email: string;
  name: string;
  roles: string[];
  password?: string;
  buildingIds?: number[];
}

/**
 * Creates a login with roles (and buildings); without a password the user starts as invited. An
 * email appears once per district (or once among provider staff), and an active login (with a
 * password) only when no other active login holds the email.
 */
export async function createUser(db: DB, input: NewUserInput): Promise<User> {
  const email = normalizeEmail(input.email);
  // One login per email in a district, one active login per email: checked, then written (db/locks.ts).
  await lockNamed(db, `login ${email}`);
  if ((await findUserInDistrictByEmail(db, input.districtId, email)) || (input.password && (await findActiveLogin(db, email)))) {
    throw validationError({ email: ['An account with this email already exists.'] });
  }
  const roles = await roleIdsByName(db, input.roles);
  const unknown = input.roles.filter((r) => !roles.some((row) => row.name === r));
  if (unknown.length) throw validationError({ roles: [`Unknown role: ${unknown.join(', ')}.`] });
  const wantedArea = input.districtId === null ? 'admin' : 'app';
  if (roles.some((r) => r.area !== wantedArea)) {
    throw validationError({ roles: [wantedArea === 'admin' ? 'Provider staff take provider roles only.' : 'District users take district roles only.'] });
  }
  const now = nowIso();
  const user = await db.insertInto('users').values({
    district_id: input.districtId,
    email,
    name: input.name.trim(),
    password_hash: input.password ? await hashPassword(input.password) : null,
    status: input.password ? 'active' : 'invited',
    date_locale: 'en-US',
    timezone: 'America/Chicago',
    created_at: now,
    updated_at: now,
  }).returningAll().executeTakeFirstOrThrow();
  for (const role of roles) await db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
  for (const buildingId of input.buildingIds ?? []) {
    await db.insertInto('user_buildings').values({ user_id: user.id, building_id: buildingId }).execute();
  }
  return user;
}

/** A single-use invite link token for an invited user, valid for INVITE_TTL_DAYS days. */
export async function createInvite(db: DB, user: User, invitedBy: number | null): Promise<string> {
  const { token, hash } = newToken();
  await db.insertInto('invites').values({
    district_id: user.district_id,
    user_id: user.id,
    invited_by: invitedBy,
    token_hash: hash,
    expires_at: addDays(new Date(), INVITE_TTL_DAYS).toISOString(),
    created_at: nowIso(),
  }).execute();
  return token;
}

/** The open invite behind a token, or undefined when unknown, used, revoked or expired. */
export function findOpenInvite(db: DB, token: string) {
  return db.selectFrom('invites')
    .innerJoin('users', 'users.id', 'invites.user_id')
    .leftJoin('districts', 'districts.id', 'invites.district_id')
    .leftJoin('users as inviter', 'inviter.id', 'invites.invited_by')
    .select([
      'invites.id', 'invites.user_id', 'invites.expires_at', 'users.email', 'users.name', 'users.district_id',
      'districts.name as district_name', 'inviter.name as invited_by_name',
    ])
    .where('invites.token_hash', '=', hashToken(token))
    .where('invites.accepted_at', 'is', null)
    .where('invites.revoked_at', 'is', null)
    .where('invites.expires_at', '>', nowIso())
    .where('users.status', '=', 'invited')
    .executeTakeFirst();
}

export async function createPasswordReset(db: DB, userId: number): Promise<string> {
  const { token, hash } = newToken();
  // A new link replaces any older one still open.
  await db.updateTable('password_resets').set({ used_at: nowIso() }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
  await db.insertInto('password_resets').values({
    user_id: userId,
    token_hash: hash,
    expires_at: addMinutes(new Date(), PASSWORD_RESET_TTL_MINUTES).toISOString(),
    created_at: nowIso(),
  }).execute();
  return token;
}

export function findOpenPasswordReset(db: DB, token: string, userId: number) {
  return db.selectFrom('password_resets').select(['id']).where('token_hash', '=', hashToken(token))
    .where('user_id', '=', userId).where('used_at', 'is', null).where('expires_at', '>', nowIso()).executeTakeFirst();
}

/**
 * Links the district's unlinked roster rows with this email to the login. Called when an invite the
 * district sent to that email is accepted: the district chose the address, so the match is trusted.
 */
export async function linkStaffToUser(db: DB, user: { id: number; district_id: number | null; email: string }): Promise<void> {
  if (user.district_id === null) return;
  await db.updateTable('staff').set({ user_id: user.id })
    .where('district_id', '=', user.district_id).where('email', '=', user.email).where('user_id', 'is', null).execute();
}
