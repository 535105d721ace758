// The SWR keys of shared resources and their invalidations (client/lib/lookups.ts, lib/session.ts): every
// feature reading a resource uses the one key builder, and each invalidation reaches exactly the cache
// entries it names. SWR itself is replaced by recorders: useSWR answers the key and fetcher it was given,
// mutate records what it was asked to revalidate; fetch answers from a stub and records the address.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as swr from 'swr';
import { unstable_serialize } from 'swr';
import { assignEducators, useCoachList } from '../features/coaches/api';
import { useGroupList, useMemberSearch } from '../features/groups/api';
import { updateSchool, useSchools } from '../features/site/api';
import { useStaffList } from '../features/staff/api';
import { approveStaffRequest, candidatesKey, staffRequestsKey } from '../features/staffRequests/api';
import {
  buildingsKey, coachesKey, coachKey, groupsKey, revalidateBuildings, revalidateCoaches, revalidateCoachLists, revalidateGroups,
  revalidateStaffLists, revalidateStaffProfiles, staffKey, staffListKey, useBuildings, useCoaches, useGroups, useStaffSearch,
} from './lookups';
import { authUserKey, endSession, revalidateAuthUser } from './session';

vi.mock('swr', async (importOriginal) => {
  const actual = await importOriginal<typeof import('swr')>();
  return {
    ...actual,
    default: vi.fn((key: unknown, fetcher: unknown) => ({ key, fetcher })),
    mutate: vi.fn(async () => undefined),
  };
});

const mutate = vi.mocked(swr.mutate) as unknown as ReturnType<typeof vi.fn>;
type Hooked = { key: unknown; fetcher: (key: unknown) => Promise<unknown> };
const hooked = (answer: unknown) => answer as Hooked;
const same = (a: unknown, b: unknown) => unstable_serialize(a as swr.Key) === unstable_serialize(b as swr.Key);

let requested: string[] = [];
let answer: unknown = {};
beforeEach(() => {
  requested = [];
  answer = { data: [], meta: { page: 1, per_page: 20, total: 0 } };
  mutate.mockClear();
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    requested.push(url);
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** What a browser might have cached, by name. */
const CACHED: Record<string, unknown> = {
  educatorList: staffListKey({ search: 'ann', filter: { status: 'active' }, page: 2 }),
  educatorSearch: staffListKey({ search: 'ann', per_page: 20 }),
  profile12: staffKey(12),
  profile13: staffKey('13'),
  schools: buildingsKey('all'),
  activeSchools: buildingsKey(),
  groups: groupsKey({ status: 'all' }),
  groupsOfEducator: groupsKey({ staff_id: 12 }),
  coachList: coachesKey(),
  coachPage: coachKey(4),
  signedInUser: authUserKey(),
  requests: staffRequestsKey('pending'),
  candidates: candidatesKey('bo'),
};

/** The cached entries the mutate calls made by `action` reach (a key, or a filter function over keys). */
async function reached(action: () => Promise<unknown>): Promise<string[]> {
  mutate.mockClear();
  await action();
  const hit = new Set<string>();
  for (const [target] of mutate.mock.calls) {
    for (const [name, key] of Object.entries(CACHED)) {
      if (typeof target === 'function' ? target(key) : same(target, key)) hit.add(name);
    }
  }
  return [...hit].sort();
}

describe('one key per resource, whoever reads it', () => {
  it('the caseload picker and the group member search are the same educator search, on GET /api/staff', async () => {
    const shared = hooked(useStaffSearch(' ann ', true));
    const members = hooked(useMemberSearch('ann '));
    expect(same(shared.key, staffListKey({ search: 'ann', per_page: 20 }))).toBe(true);
    expect(same(members.key, shared.key)).toBe(true);
    await members.fetcher(members.key);
    expect(requested).toEqual(['/api/staff?search=ann&per_page=20']);
    // Nothing typed: no request.
    expect(hooked(useMemberSearch('  ')).key).toBeNull();
  });

  it('the Educators screen lists under the same key family', async () => {
    const list = hooked(useStaffList({ search: 'ann', filter: { status: 'active' }, page: 2 }));
    expect(same(list.key, CACHED.educatorList)).toBe(true);
    await list.fetcher(list.key);
    expect(requested).toEqual(['/api/staff?search=ann&filter[status]=active&page=2']);
  });

  it('schools, groups and coaches share their lookup keys with the screens that manage them', () => {
    expect(same(hooked(useSchools('all')).key, hooked(useBuildings('all')).key)).toBe(true);
    expect(same(hooked(useGroupList({ status: 'active' })).key, hooked(useGroups()).key)).toBe(true);
    expect(same(hooked(useGroupList({ status: 'all', search: 'Math' })).key, groupsKey({ search: 'Math', status: 'all' }))).toBe(true);
    expect(same(hooked(useCoachList()).key, hooked(useCoaches()).key)).toBe(true);
    expect(hooked(useGroups({}, false)).key).toBeNull();
  });
});

describe('each invalidation reaches what it names and nothing else', () => {
  it('educator lists and searches, without profiles', async () => {
    expect(await reached(revalidateStaffLists)).toEqual(['educatorList', 'educatorSearch']);
  });

  it('one educator profile, whether its id came from a number or the address bar; or all of them', async () => {
    expect(await reached(() => revalidateStaffProfiles(13))).toEqual(['profile13']);
    expect(await reached(() => revalidateStaffProfiles())).toEqual(['profile12', 'profile13']);
  });

  it('group lists (with the change applied to each at once) and the profiles that list groups', async () => {
    expect(await reached(() => revalidateGroups())).toEqual(['groups', 'groupsOfEducator', 'profile12', 'profile13']);
    mutate.mockClear();
    await revalidateGroups<{ id: number }>((groups) => groups.filter((g) => g.id !== 1));
    const update = mutate.mock.calls[0]![1] as (current: unknown) => unknown;
    expect(update({ data: [{ id: 1 }, { id: 2 }] })).toEqual({ data: [{ id: 2 }] });
    expect(update(undefined)).toBeUndefined();
  });

  it('coach lists only, or coach lists and pages', async () => {
    expect(await reached(revalidateCoachLists)).toEqual(['coachList']);
    expect(await reached(revalidateCoaches)).toEqual(['coachList', 'coachPage']);
  });

  it('every school list', async () => {
    expect(await reached(revalidateBuildings)).toEqual(['activeSchools', 'schools']);
  });

  it('the signed-in user', async () => {
    expect(await reached(revalidateAuthUser)).toEqual(['signedInUser']);
  });

  it('the end of a session forgets everything except what the caller keeps, and leaves a guest', async () => {
    expect(await reached(() => endSession((key) => same(key, CACHED.requests)))).toEqual(Object.keys(CACHED).filter((k) => k !== 'requests').sort());
    expect(mutate.mock.calls).toContainEqual([authUserKey(), null, { revalidate: false }]);
  });
});

describe('feature changes use the shared invalidations', () => {
  it('approving a staff request refreshes requests, candidates, that educator and every educator list', async () => {
    answer = { id: 7, staff: { id: 12 } };
    expect(await reached(() => approveStaffRequest(7))).toEqual(['candidates', 'educatorList', 'educatorSearch', 'profile12', 'requests']);
    expect(requested).toEqual(['/api/staff-request/7/approve']);
  });

  it('a caseload change updates the coach, coach lists, educator lists and the profiles that show coaches', async () => {
    answer = { id: 4 };
    expect(await reached(() => assignEducators(4, { staff_ids: [12], start_date: '2026-09-01' } as never))).toEqual([
      'coachList', 'coachPage', 'educatorList', 'educatorSearch', 'profile12', 'profile13',
    ]);
  });

  it('a school change refreshes school lists and coach lists and pages', async () => {
    answer = { id: 2 };
    expect(await reached(() => updateSchool(2, { name: 'Lincoln' } as never))).toEqual(['activeSchools', 'coachList', 'coachPage', 'schools']);
  });
});
