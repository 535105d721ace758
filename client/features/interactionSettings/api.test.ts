// The Interaction settings calls: the district screen reads and invalidates the shared lookup of
// client/lib/lookups.ts (so the Activity and calendar screens follow every change); the admin screen
// uses the admin API and its own key, and never touches the district's cache.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as swr from 'swr';
import { unstable_serialize } from 'swr';
import { interactionTypesKey, useInteractionTypes } from '../../lib/lookups';
import { defaultTypesApi, defaultTypesKey, districtTypesApi } from './api';

vi.mock('swr', async (importOriginal) => {
  const actual = await importOriginal<typeof import('swr')>();
  return { ...actual, default: vi.fn((key: unknown, fetcher: unknown) => ({ key, fetcher })), mutate: vi.fn(async () => undefined) };
});

const mutate = vi.mocked(swr.mutate) as unknown as ReturnType<typeof vi.fn>;
const same = (a: unknown, b: unknown) => unstable_serialize(a as swr.Key) === unstable_serialize(b as swr.Key);
type Hooked = { key: unknown; fetcher: (key: unknown) => Promise<unknown> };

let requested: { method: string; url: string; body: unknown }[] = [];
beforeEach(() => {
  requested = [];
  mutate.mockClear();
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    requested.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(JSON.stringify({ id: 1, data: [] }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }));
});
afterEach(() => vi.unstubAllGlobals());

/** Which of the given cached keys the mutate calls reached. */
const reached = (keys: Record<string, unknown>) => {
  const hit = new Set<string>();
  for (const [target] of mutate.mock.calls) {
    for (const [name, key] of Object.entries(keys)) if (typeof target === 'function' ? target(key) : same(target, key)) hit.add(name);
  }
  return [...hit].sort();
};
const CACHED = { active: interactionTypesKey(), all: interactionTypesKey('all'), archived: interactionTypesKey('archived'), defaults: defaultTypesKey() };

describe('the district screen', () => {
  it('lists every type under the shared lookup key, on GET /api/interaction-type?status=all', async () => {
    const hooked = districtTypesApi.useTypes() as unknown as Hooked;
    expect(same(hooked.key, (useInteractionTypes('all') as unknown as Hooked).key)).toBe(true);
    await hooked.fetcher(hooked.key);
    expect(requested).toEqual([{ method: 'GET', url: '/api/interaction-type?status=all', body: undefined }]);
    expect((useInteractionTypes('active', false) as unknown as Hooked).key).toBeNull();
  });

  it('each change calls its endpoint, then every district type list refetches (not the defaults)', async () => {
    await districtTypesApi.moveType(4, 'up');
    expect(requested.at(-1)).toEqual({ method: 'POST', url: '/api/interaction-type/4/move', body: { direction: 'up' } });
    expect(reached(CACHED)).toEqual(['active', 'all', 'archived']);
    await districtTypesApi.createField(4, { label: 'Focus', kind: 'short_text' });
    expect(requested.at(-1)).toMatchObject({ method: 'POST', url: '/api/interaction-type/4/field' });
    await districtTypesApi.archiveField(9);
    expect(requested.at(-1)).toMatchObject({ method: 'POST', url: '/api/interaction-field/9/archive' });
  });
});

describe('the admin screen', () => {
  it('reads and changes the defaults under /api/admin, refreshing only their list', async () => {
    const hooked = defaultTypesApi.useTypes() as unknown as Hooked;
    await hooked.fetcher(hooked.key);
    expect(requested[0]!.url).toBe('/api/admin/interaction-type?status=all');
    mutate.mockClear();
    await defaultTypesApi.updateField(3, { label: 'Focus', kind: 'date' });
    expect(requested.at(-1)).toMatchObject({ method: 'PUT', url: '/api/admin/interaction-field/3' });
    expect(reached(CACHED)).toEqual(['defaults']);
  });
});
