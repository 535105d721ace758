// Permission names, roles, plan features and the one matcher both sides use (spec §6, DESIGN §3).

export const PERMISSIONS = {
  seeEducators: 'see educators',
  seeCoaches: 'see coaches',
  seeSkillMapping: 'see skill mapping',
  seeActivity: 'see activity',
  seeEngagement: 'see engagement',
  manageCoaches: 'manage coaches',
  manageBilling: 'manage billing',
  addStaff: 'add staff',
  manageSettings: 'manage settings',
  seeAdmin: 'see admin',
  seeAllDistricts: 'see all districts',
  manageAlerts: 'manage alerts',
  manageArticles: 'manage articles',
  impersonate: 'impersonate',
} as const;

export type Scope = 'district' | 'building' | 'assigned' | 'self';
const SCOPE_BY_SUFFIX: Record<string, Scope> = { building: 'building', assigned: 'assigned', self: 'self' };
const SCOPE_BREADTH: Scope[] = ['district', 'building', 'assigned', 'self'];

/**
 * True when `held` satisfies a check for `required`: the same string, or `required` followed by
 * any dotted suffix ("see educators.building" satisfies "see educators"). A longer, narrower
 * requirement is never satisfied by a shorter held permission.
 */
export function permissionMatches(held: string, required: string): boolean {
  if (required === '') return false;
  return held === required || held.startsWith(`${required}.`);
}

export function hasPermission(permissions: readonly string[], required: string): boolean {
  return permissions.some((held) => permissionMatches(held, required));
}

/** Role checks look in the role list only, by exact name. */
export function hasRole(roles: readonly string[], role: string): boolean {
  return roles.includes(role);
}

/** Plan-feature checks look in the district's feature list only, by exact name. */
export function hasFeature(features: readonly string[], feature: string): boolean {
  return features.includes(feature);
}

/**
 * The broadest scope the user holds for a permission: no suffix = whole district,
 * `.building`, `.assigned`, `.self`; null when the permission is not held at all.
 * An unknown suffix grants nothing, so a typo can never widen access.
 */
export function permissionScope(permissions: readonly string[], base: string): Scope | null {
  let best: Scope | null = null;
  for (const held of permissions) {
    if (!permissionMatches(held, base)) continue;
    const suffix = held.slice(base.length + 1);
    const scope = held === base ? 'district' : SCOPE_BY_SUFFIX[suffix];
    if (scope && (best === null || SCOPE_BREADTH.indexOf(scope) < SCOPE_BREADTH.indexOf(best))) best = scope;
  }
  return best;
}

export type RouteAccess = boolean | string;

export const ROLE_PERMISSIONS: Record<string, { label: string; area: 'app' | 'admin'; permissions: string[] }> = {
  'district-admin': {
    label: 'District administrator',
    area: 'app',
    permissions: [
      'see educators', 'see coaches', 'see skill mapping', 'see activity', 'see engagement',
      'manage coaches', 'manage billing', 'add staff', 'manage settings',
    ],
  },
  'building-admin': {
    label: 'Principal (building administrator)',
    area: 'app',
    permissions: [
      'see educators.building', 'see coaches', 'see skill mapping.building', 'see activity.building',
      'see engagement.building', 'add staff.building',
    ],
  },
  coach: {
    label: 'Coach',
    area: 'app',
    permissions: [
      'see educators.building', 'see coaches', 'see skill mapping.building', 'see activity.self',
      'see engagement.self',
    ],
  },
  educator: { label: 'Educator', area: 'app', permissions: ['see educators.self'] },
  'provider-admin': {
    label: 'Provider administrator',
    area: 'admin',
    permissions: ['see admin', 'see all districts', 'manage alerts', 'manage articles', 'manage coaches', 'impersonate'],
  },
  'provider-support': {
    label: 'Provider support',
    area: 'admin',
    permissions: ['see admin', 'see all districts', 'manage articles', 'impersonate'],
  },
};

export const PLAN_FEATURES = {
  'coaching-cycles': 'Coaching cycles',
  'skill-mapping': 'Skill mapping',
  'calendar-sync': 'Calendar sync',
  'advanced-reports': 'Advanced reports (teacher-level, comparison)',
  'csv-import': 'CSV import and export',
  'custom-fields': 'Custom interaction fields',
  sso: 'Single sign-on',
  'observation-forms': 'Observation forms and the walkthrough report',
} as const;
export type PlanFeature = keyof typeof PLAN_FEATURES;
