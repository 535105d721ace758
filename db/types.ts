// The Kysely Database interface, one table type each. Timestamps are ISO-8601 UTC strings.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = string;
type CreatedAt = ColumnType<Timestamp, Timestamp | undefined, never>;

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
  email: string; // stored lower-case: unique case-insensitively
  name: string;
  password_hash: string | null;
  status: 'invited' | 'active' | 'disabled';
  date_locale: string;
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

export interface Database {
  plans: PlansTable;
  districts: DistrictsTable;
  buildings: BuildingsTable;
  users: UsersTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  user_buildings: UserBuildingsTable;
  sessions: SessionsTable;
  invites: InvitesTable;
  password_resets: PasswordResetsTable;
  audit_log: AuditLogTable;
  client_errors: ClientErrorsTable;
}

export type District = Selectable<DistrictsTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Plan = Selectable<PlansTable>;
