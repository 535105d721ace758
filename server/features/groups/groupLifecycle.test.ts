// DELETE /api/group/{id}, DELETE /api/group/{id}/deactivate and POST /api/group/{id}/restore.
import { beforeEach, describe, expect, it } from 'vitest';
import { GROUP_MESSAGES } from '../../../common/schemas/groups';
import { appWith, csrfHeaders, guestAgent, loginAs, type TestApp } from '../../testing/app';
import { auditOf, buildGroupsWorld, type GroupsWorld, insertGroup } from '../../testing/groups.fixture';

let t: TestApp;
let w: GroupsWorld;
beforeEach(async () => {
  ({ t, w } = await appWith((app) => buildGroupsWorld(app.db)));
});

const groupRow = (id: number) => t.db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst();
const itemCount = async (id: number) => (await t.db.selectFrom('group_items').select('id').where('group_id', '=', id).execute()).length;

type Call = { method: 'delete' | 'post'; path: (id: number | string) => string };
const CALLS: Record<string, Call> = {
  delete: { method: 'delete', path: (id) => `/api/group/${id}` },
  deactivate: { method: 'delete', path: (id) => `/api/group/${id}/deactivate` },
  restore: { method: 'post', path: (id) => `/api/group/${id}/restore` },
};

describe.each(Object.entries(CALLS))('%s: shared rules', (name, call) => {
  it('401 without login', async () => {
    const agent = await guestAgent(t.app);
    expect((await agent[call.method](call.path(w.group.id)).set(csrfHeaders(agent))).status).toBe(401);
  });

  it('419 without the CSRF token', async () => {
    const agent = await loginAs(t.app, w.admin);
    expect((await agent[call.method](call.path(w.group.id)).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(419);
    expect(await groupRow(w.group.id)).toMatchObject({ deleted_at: null });
  });

  it('404 for another district\'s group and for an unknown id, nothing changes', async () => {
    if (name === 'restore') await t.db.updateTable('groups').set({ deleted_at: '2025-06-20T17:00:00.000Z' }).where('id', '=', w.otherGroup.id).execute();
    const before = await groupRow(w.otherGroup.id);
    const agent = await loginAs(t.app, w.admin);
    for (const id of [w.otherGroup.id, 999999, '0', 'x1']) {
      expect((await agent[call.method](call.path(id)).set(csrfHeaders(agent))).status).toBe(404);
    }
    expect(await groupRow(w.otherGroup.id)).toEqual(before);
    expect(await itemCount(w.otherGroup.id)).toBe(1);
  });

  it('403 for an educator, a coach and a principal', async () => {
    if (name === 'restore') await t.db.updateTable('groups').set({ deleted_at: '2025-06-20T17:00:00.000Z' }).where('id', '=', w.group.id).execute();
    const before = await groupRow(w.group.id);
    for (const user of [w.educator, w.coach, w.principal]) {
      const agent = await loginAs(t.app, user);
      expect((await agent[call.method](call.path(w.group.id)).set(csrfHeaders(agent))).status).toBe(403);
    }
    expect(await groupRow(w.group.id)).toEqual(before);
  });
});

describe('DELETE /api/group/{id}', () => {
  it('204: removes the group and its members, audited; other groups stay', async () => {
    const keep = await insertGroup(t.db, w.district.id, { name: 'Keep', items: [{ itemId: w.ana.id }] });
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.delete(`/api/group/${w.group.id}`).set(csrfHeaders(agent));
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await groupRow(w.group.id)).toBeUndefined();
    expect(await itemCount(w.group.id)).toBe(0);
    expect(await itemCount(keep.id)).toBe(1);
    expect((await agent.get('/api/group?status=all')).body.data.map((g: { name: string }) => g.name)).toEqual(['Keep']);
    const [audit] = await auditOf(t.db, 'group_deleted');
    expect(audit).toMatchObject({ district_id: w.district.id, actor_id: w.admin.id, subject_type: 'group', subject_id: w.group.id });
    expect(JSON.parse(audit.details!)).toMatchObject({ name: 'Math PLC' });
  });

  it('deletes a deactivated group too', async () => {
    const old = await insertGroup(t.db, w.district.id, { name: 'Old', deletedAt: '2025-06-20T17:00:00.000Z' });
    const agent = await loginAs(t.app, w.admin);
    expect((await agent.delete(`/api/group/${old.id}`).set(csrfHeaders(agent))).status).toBe(204);
    expect(await groupRow(old.id)).toBeUndefined();
  });
});

describe('DELETE /api/group/{id}/deactivate', () => {
  it('409 when the group is already deactivated', async () => {
    await t.db.updateTable('groups').set({ deleted_at: '2025-06-20T17:00:00.000Z' }).where('id', '=', w.group.id).execute();
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.delete(`/api/group/${w.group.id}/deactivate`).set(csrfHeaders(agent));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(GROUP_MESSAGES.alreadyDeactivated);
    expect((await groupRow(w.group.id))!.deleted_at).toBe('2025-06-20T17:00:00.000Z');
  });

  it('200 answers the group with deleted_at; the active listing hides it, the full one keeps it', async () => {
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.delete(`/api/group/${w.group.id}/deactivate`).set(csrfHeaders(agent));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: w.group.id, name: 'Math PLC' });
    expect(res.body.deleted_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(res.body.items).toHaveLength(2);
    expect((await groupRow(w.group.id))!.deleted_at).toBe(res.body.deleted_at);
    expect(await itemCount(w.group.id)).toBe(2);
    expect((await agent.get('/api/group')).body.data).toEqual([]);
    expect((await agent.get('/api/group?status=all')).body.data[0].deleted_at).toBe(res.body.deleted_at);
    const [audit] = await auditOf(t.db, 'group_deactivated');
    expect(audit).toMatchObject({ district_id: w.district.id, actor_id: w.admin.id, subject_id: w.group.id });
  });
});

describe('POST /api/group/{id}/restore', () => {
  it('409 when the group is active', async () => {
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.post(`/api/group/${w.group.id}/restore`).set(csrfHeaders(agent));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(GROUP_MESSAGES.alreadyActive);
  });

  it('200 answers the group with deleted_at null; it is listed as active again', async () => {
    await t.db.updateTable('groups').set({ deleted_at: '2025-06-20T17:00:00.000Z' }).where('id', '=', w.group.id).execute();
    const agent = await loginAs(t.app, w.admin);
    const res = await agent.post(`/api/group/${w.group.id}/restore`).set(csrfHeaders(agent));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: w.group.id, deleted_at: null });
    expect((await groupRow(w.group.id))!.deleted_at).toBeNull();
    expect((await agent.get('/api/group')).body.data.map((g: { id: number }) => g.id)).toEqual([w.group.id]);
    const [audit] = await auditOf(t.db, 'group_restored');
    expect(audit).toMatchObject({ district_id: w.district.id, actor_id: w.admin.id, subject_id: w.group.id });
    expect(JSON.parse(audit.details!)).toMatchObject({ deactivated_at: '2025-06-20T17:00:00.000Z' });
  });
});
