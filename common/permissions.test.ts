import { describe, expect, it } from 'vitest';
import { hasFeature, hasPermission, hasRole, permissionMatches, permissionScope, ROLE_PERMISSIONS } from './permissions';

describe('permissionMatches', () => {
  const cases: [held: string, required: string, expected: boolean][] = [
    ['see educators', 'see educators', true],
    ['see educators.building', 'see educators', true],
    ['see educators.self', 'see educators', true],
    ['see educators.building.extra', 'see educators', true],
    ['see educators.building', 'see educators.building', true],
    ['see educators', 'see educators.building', false],
    ['see educators.self', 'see educators.building', false],
    ['see educatorsx', 'see educators', false],
    ['see educator', 'see educators', false],
    ['see', 'see educators', false],
    ['SEE EDUCATORS', 'see educators', false],
    ['see educators ', 'see educators', false],
    ['manage coaches', 'see coaches', false],
    ['see all districts', 'see all', false],
    ['see admin', 'see admin', true],
    ['see educators', '', false],
    ['', 'see educators', false],
  ];
  it.each(cases)('%j satisfies %j → %s', (held, required, expected) => {
    expect(permissionMatches(held, required)).toBe(expected);
  });
});

describe('hasPermission', () => {
  it('passes when any held permission matches', () => {
    expect(hasPermission(['see coaches', 'see educators.building'], 'see educators')).toBe(true);
  });
  it('fails on an empty list', () => {
    expect(hasPermission([], 'see educators')).toBe(false);
  });
  it('does not look in roles or features', () => {
    expect(hasPermission(['coach', 'skill-mapping'], 'coach')).toBe(true); // a permission literally named so
    expect(hasPermission(['see coaches'], 'coach')).toBe(false);
  });
  it.each(Object.entries(ROLE_PERMISSIONS))('role %s satisfies each of its own permissions', (_role, def) => {
    for (const permission of def.permissions) expect(hasPermission(def.permissions, permission.split('.')[0])).toBe(true);
  });
  it('an educator cannot pass manager checks', () => {
    const educator = ROLE_PERMISSIONS.educator.permissions;
    for (const required of ['see coaches', 'manage coaches', 'add staff', 'see admin', 'see engagement']) {
      expect(hasPermission(educator, required)).toBe(false);
    }
  });
});

describe('hasRole and hasFeature look only in their own lists, exactly', () => {
  it('matches roles exactly', () => {
    expect(hasRole(['coach'], 'coach')).toBe(true);
    expect(hasRole(['coach.building'], 'coach')).toBe(false);
    expect(hasRole(['see coaches'], 'coach')).toBe(false);
  });
  it('matches features exactly', () => {
    expect(hasFeature(['skill-mapping'], 'skill-mapping')).toBe(true);
    expect(hasFeature(['skill-mapping.x'], 'skill-mapping')).toBe(false);
    expect(hasFeature([], 'sso')).toBe(false);
  });
});

describe('permissionScope', () => {
  it.each([
    [['see educators'], 'district'],
    [['see educators.building'], 'building'],
    [['see educators.assigned'], 'assigned'],
    [['see educators.self'], 'self'],
    [['see educators.self', 'see educators.building'], 'building'],
    [['see educators.building', 'see educators'], 'district'],
    [['see educators.nonsense'], null],
    [['see coaches'], null],
    [[], null],
  ] as [string[], string | null][])('%j → %s', (held, scope) => {
    expect(permissionScope(held, 'see educators')).toBe(scope);
  });
});
