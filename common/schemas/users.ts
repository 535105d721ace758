// The district users contract (User settings, invites, account migration): request schemas and
// answer shapes shared by server and client.
import * as z from 'zod/mini';
import { EMAIL_LIMITS } from '../constants';
import { ROLE_PERMISSIONS } from '../permissions';
import { emailField, text } from './fields';

/** The roles a district login can hold, in the order the form lists them. */
export const DISTRICT_ROLES = ['district-admin', 'building-admin', 'coach', 'educator'] as const;
export type DistrictRole = (typeof DISTRICT_ROLES)[number];

/** Roles whose permissions are scoped to the user's schools: they need at least one. */
export const ROLES_NEEDING_BUILDINGS: readonly DistrictRole[] = ['building-admin', 'coach'];

export const ROLE_LABELS: Record<DistrictRole, string> = Object.fromEntries(
  DISTRICT_ROLES.map((r) => [r, ROLE_PERMISSIONS[r]!.label]),
) as Record<DistrictRole, string>;

/** One line per role for the invite / edit form. */
export const ROLE_DESCRIPTIONS: Record<DistrictRole, string> = {
  'district-admin': 'Sees everything in the district, manages users, schools, billing and settings.',
  'building-admin': 'Sees educators, coaching and reports for their schools and can request staff changes.',
  coach: 'Coaches educators in their schools and logs their own coaching activity.',
  educator: 'Sees their own profile and the coaching they receive.',
};

export const USER_STATUSES = ['invited', 'active', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_STATUS_FILTERS = ['invited', 'active', 'disabled', 'all'] as const;

export const USER_MESSAGES = {
  rolesRequired: 'Choose at least one role.',
  rolesUnknown: 'Choose roles from the list.',
  buildingsRequired: 'Choose at least one school for a principal or coach.',
  buildingsUnknown: 'Choose schools from your district.',
  emailInDistrict: 'This person already has a login in your district.',
  lastAdmin: 'Your district needs at least one active district administrator.',
  deactivateSelf: 'You cannot deactivate your own login.',
  alreadyDisabled: 'This user is already deactivated.',
  notDisabled: 'This user is not deactivated.',
  notInvited: 'Only invited users who have not signed in yet have an invitation.',
  noOpenInvite: 'This user has no open invitation to revoke.',
  notFound: 'We could not find that user.',
  tooManyInvites: 'You have sent many invitations in a short time. Please try again later.',
  tooManyResends: 'This invitation was sent again several times today. Please try again tomorrow.',
  trialInviteLimit: `A new trial district can invite up to ${EMAIL_LIMITS.trialFirstDayPeople} people on its first day. You can invite more tomorrow.`,
  migrationInvalid: 'This link is invalid or has expired.',
  migrationLastAdmin: 'You are the only active district administrator of your current district, so your login cannot move yet. Make someone else a district administrator there first, then follow this link again.',
  inviteLoginExists: 'You already have an active Coachwell login with this email. Sign in with it, or ask the district that invited you to send the invitation again: it will then offer to move your login.',
  passwordIncorrect: 'The password is incorrect.',
} as const;

const roles = z.array(z.enum(DISTRICT_ROLES, { error: USER_MESSAGES.rolesUnknown }), { error: USER_MESSAGES.rolesRequired })
  .check(z.minLength(1, USER_MESSAGES.rolesRequired), z.maxLength(DISTRICT_ROLES.length, USER_MESSAGES.rolesUnknown));

const buildingIds = z._default(
  z.array(
    z.number({ error: USER_MESSAGES.buildingsUnknown }).check(z.refine(Number.isInteger, USER_MESSAGES.buildingsUnknown)),
    { error: USER_MESSAGES.buildingsUnknown },
  ).check(z.maxLength(200, USER_MESSAGES.buildingsUnknown)),
  [],
);

const buildingsForRoles = z.refine<{ roles: DistrictRole[]; building_ids: number[] }>(
  (v) => !v.roles.some((r) => ROLES_NEEDING_BUILDINGS.includes(r)) || v.building_ids.length > 0,
  { message: USER_MESSAGES.buildingsRequired, path: ['building_ids'] },
);

/** True when these roles need at least one school (principal or coach). */
export function rolesNeedBuildings(list: readonly string[]): boolean {
  return list.some((r) => (ROLES_NEEDING_BUILDINGS as readonly string[]).includes(r));
}

/** POST /api/user: invite a person (or start an account migration when they have a login elsewhere). */
export const inviteUserSchema = z.object({
  name: text('Name'),
  email: emailField,
  roles,
  building_ids: buildingIds,
}).check(buildingsForRoles);

/** PUT /api/user/{id}: name (optional), roles and schools. Email belongs to the person (Account Settings). */
export const updateUserSchema = z.object({
  name: z.optional(text('Name')),
  roles,
  building_ids: buildingIds,
}).check(buildingsForRoles);

/** GET /api/user query (besides page, per_page). */
export const userListQuerySchema = z.object({
  search: z.optional(z.string({ error: 'Search must be text.' }).check(z.trim(), z.maxLength(100, 'Search must be at most 100 characters.'))),
  filter: z._default(
    z.object({
      role: z.optional(z.enum(DISTRICT_ROLES, { error: 'Role must be one of the district roles.' })),
      status: z._default(z.enum(USER_STATUS_FILTERS, { error: 'Status must be invited, active, disabled or all.' }), 'all'),
    }, { error: 'Filter must be an object.' }),
    { status: 'all' },
  ),
});

/** POST /api/account-migration/{token} */
export const confirmMigrationSchema = z.object({
  password: z.string({ error: 'Password is required.' }).check(z.minLength(1, 'Password is required.'), z.maxLength(200, 'Password must be at most 200 characters.')),
});

export type InviteUserInput = z.input<typeof inviteUserSchema>;
export type UpdateUserInput = z.input<typeof updateUserSchema>;

/** One login of the district, as GET /api/user lists it and the single-user calls answer it. */
export interface DistrictUser {
  id: number;
  name: string;
  email: string;
  status: UserStatus;
  roles: { name: string; label: string }[];
  buildings: { id: number; name: string }[];
  last_login_at: string | null;
  /** The open invitation of an invited user; null once accepted, revoked, or for other statuses. */
  invite: { expires_at: string; expired: boolean } | null;
}

/** GET /api/user answer. */
export interface DistrictUserList {
  data: DistrictUser[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}

/**
 * GET /api/user/self: what User settings shows every signed-in district user about their own login,
 * read-only (people with `manage coaches` get the list instead): their login, roles and schools, and
 * whom to ask for a change (the district's active people who manage users).
 */
export interface OwnUserSettings {
  name: string;
  email: string;
  status: UserStatus;
  last_login_at: string | null;
  roles: { name: string; label: string }[];
  buildings: { id: number; name: string }[];
  district: { name: string };
  administrators: { name: string; email: string }[];
}

/** GET /api/account-migration/{token} */
export interface MigrationDetails {
  email: string;
  district: { name: string };
  invited_by: { name: string } | null;
  expires_at: string;
}

/** POST /api/account-migration/{token} */
export interface MigrationResult {
  message: string;
  district: { name: string };
}
