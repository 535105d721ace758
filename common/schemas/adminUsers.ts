// The provider's user administration contract (issue 13): every login across districts and provider
// staff (GET /api/admin/user and its actions) and the provider's own staff (/api/admin/staff).
import * as z from 'zod/mini';
import { ROLE_PERMISSIONS } from '../permissions';
import { emailField, text } from './fields';
import { filterParam, oneOf, positiveId } from './query';

/** Every role a login can hold, district and provider, in the order the filters list them. */
export const ALL_ROLES = Object.keys(ROLE_PERMISSIONS);
export const ROLE_NAMES: Record<string, string> = Object.fromEntries(Object.entries(ROLE_PERMISSIONS).map(([k, r]) => [k, r.label]));

export const PROVIDER_ROLES = ['provider-admin', 'provider-support'] as const;
export type ProviderRole = (typeof PROVIDER_ROLES)[number];

export const PROVIDER_ROLE_DESCRIPTIONS: Record<ProviderRole, string> = {
  'provider-admin': 'Everything in the admin area, including alerts and managing Coachwell staff.',
  'provider-support': 'Districts, users, activity, logs and articles; can impersonate district users. Cannot manage staff or alerts.',
};

export const ADMIN_USER_STATUSES = ['active', 'invited', 'disabled'] as const;
export const ADMIN_USER_AREAS = ['app', 'admin'] as const;

/** Sort keys of GET /api/admin/user; a leading "-" sorts descending. */
export const ADMIN_USER_SORT_KEYS = ['name', 'email', 'district', 'last_login_at', 'created_at'] as const;
export const ADMIN_USER_SORTS = ADMIN_USER_SORT_KEYS.flatMap((k) => [k, `-${k}`]);

export const ADMIN_USER_MESSAGES = {
  notFound: 'We could not find that user.',
  staffNotFound: 'We could not find that Coachwell staff member.',
  alreadyDisabled: 'This user is already deactivated.',
  notDisabled: 'This user is not deactivated.',
  notInvited: 'Only invited users who have not signed in yet have an invitation.',
  deactivateSelf: 'You cannot deactivate your own login.',
  changeOwnRole: 'You cannot change your own role. Ask another provider administrator.',
  lastProviderAdmin: 'Coachwell needs at least one active provider administrator. Make someone else a provider administrator first.',
  lastDistrictAdmin: (district: string) =>
    `This is the only active district administrator of ${district}. Add another administrator through the district's user import first, or suspend the district instead.`,
  staffOnlyForManagers: 'Only provider administrators can manage Coachwell staff.',
  districtUsersNeedAllDistricts: 'You do not have permission to change district users.',
  emailIsStaff: 'This person already has a Coachwell staff login.',
  emailIsDistrictLogin: 'This email signs in to a district login. Coachwell staff need their own address.',
  activeElsewhere: 'This email now signs in to another Coachwell login, so the invitation cannot be sent again from here. The district can resend it from its User settings: it then offers to move that login.',
  tooManyInvites: 'You have sent many invitations in a short time. Please try again later.',
  tooManyResends: 'This invitation was sent again several times today. Please try again tomorrow.',
  roleUnknown: 'Choose provider administrator or provider support.',
} as const;

const sortField = z.pipe(
  z.optional(z.string({ error: `Sort must be one of ${ADMIN_USER_SORTS.join(', ')}.` })),
  z.transform((v) => (v === undefined || v.trim() === '' ? 'name' : v.trim())),
).check(z.refine((v) => ADMIN_USER_SORTS.includes(v), `Sort must be one of ${ADMIN_USER_SORTS.join(', ')}.`));

/** An optional single filter value (empty = none) that `parse` turns into a value or refuses with `message`. */
const optionalOne = <T>(parse: (v: string) => T | undefined, message: string) =>
  z.pipe(
    z.optional(z.string({ error: message })),
    z.transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const parsed = parse(v.trim());
      if (parsed === undefined) {
        ctx.issues.push({ code: 'custom', message, input: v });
        return z.NEVER;
      }
      return parsed;
    }),
  );

/** GET /api/admin/user query (besides page, per_page). Unknown filters are refused. */
export const adminUserListQuerySchema = z.object({
  search: z.pipe(
    z.optional(z.string({ error: 'Search must be text.' }).check(z.maxLength(100, 'Search must be at most 100 characters.'))),
    z.transform((v) => (v ?? '').trim()),
  ),
  sort: sortField,
  filter: filterParam({
    district_id: optionalOne(positiveId, 'District must be a district ID.'),
    role: optionalOne(oneOf(ALL_ROLES), 'Role must be one of the roles.'),
    status: optionalOne(oneOf(ADMIN_USER_STATUSES), 'Status must be active, invited or disabled.'),
    area: optionalOne(oneOf(ADMIN_USER_AREAS), 'Area must be app or admin.'),
  }, 'district_id, role, status and area'),
});

export type AdminUserListQuery = z.output<typeof adminUserListQuerySchema>;

const providerRole = z.enum(PROVIDER_ROLES, { error: ADMIN_USER_MESSAGES.roleUnknown });

/** POST /api/admin/staff: invite a Coachwell staff member. */
export const inviteStaffSchema = z.object({
  name: text('Name'),
  email: emailField,
  role: providerRole,
});

/** PUT /api/admin/staff/{id}: change the role. */
export const updateStaffSchema = z.object({ role: providerRole });

export type InviteStaffInput = z.input<typeof inviteStaffSchema>;
export type UpdateStaffInput = z.input<typeof updateStaffSchema>;

export type AdminUserStatus = (typeof ADMIN_USER_STATUSES)[number];

/** One login as the admin Users list answers it (and each action on it). */
export interface AdminUser {
  id: number;
  name: string;
  email: string;
  area: 'app' | 'admin';
  /** The login's district; null for Coachwell staff. */
  district: { id: number; name: string; status: string } | null;
  roles: { name: string; label: string }[];
  status: AdminUserStatus;
  last_login_at: string | null;
  created_at: string;
  /** The open invitation of an invited user; null once accepted, revoked, or for other statuses. */
  invite: { expires_at: string; expired: boolean } | null;
}

export interface AdminUserList {
  data: AdminUser[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}

/** GET /api/admin/user-district: every district by name, for the Users filter. */
export interface AdminUserDistrictOptions {
  data: { id: number; name: string }[];
}
