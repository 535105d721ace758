// Staff group commands: each write runs in one transaction with its audit row, so a failure
// changes nothing. District scoping: the district id comes from the actor (the session), never the body.
import { GROUP_MESSAGES, type GroupPayload } from '../../../common/schemas/groups';
import { lockDistrictWrites } from '../../../db/locks';
import type { DB } from '../../../db/connection';
import { nowIso } from '../../../db/connection';
import { conflict, notFound, validationError, type FieldErrors } from '../../http/errors';
import { changedFields, type DistrictActor, recordAudit } from '../../lib/audit';
import { findGroup, groupNameTaken, itemsOfGroups, staffIdsInDistrict, type GroupRow } from './queries';

type Conn = Parameters<typeof findGroup>[0];

export const GROUP_NOT_FOUND = 'We could not find that group.';

/** The district's group; 404 when it is not the district's. */
export async function requireGroup(db: Conn, districtId: number, id: number): Promise<GroupRow> {
  const group = await findGroup(db, districtId, id);
  if (!group) throw notFound(GROUP_NOT_FOUND);
  return group;
}

/** Name unique in the district, every member an educator of the district: else one 422. */
async function checkPayload(db: Conn, districtId: number, input: GroupPayload, exceptId?: number): Promise<void> {
  const errors: FieldErrors = {};
  if (await groupNameTaken(db, districtId, input.name, exceptId)) errors.name = [GROUP_MESSAGES.nameTaken];
  const known = await staffIdsInDistrict(db, districtId, [...new Set(input.items.map((i) => i.item_id))]);
  input.items.forEach((item, i) => {
    if (!known.has(item.item_id)) errors[`items.${i}.item_id`] = [GROUP_MESSAGES.itemNotInDistrict];
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

async function writeItems(db: Conn, groupId: number, items: GroupPayload['items']): Promise<void> {
  await db.deleteFrom('group_items').where('group_id', '=', groupId).execute();
  if (items.length === 0) return;
  await db.insertInto('group_items')
    .values(items.map((i) => ({ group_id: groupId, item_id: i.item_id, start_date: i.start_date, end_date: i.end_date })))
    .execute();
}

const audit = (db: Conn, actor: DistrictActor, action: string, groupId: number, details: Record<string, unknown>) =>
  recordAudit(db as DB, actor, { action, subjectType: 'group', subjectId: groupId, details });

/** Creates the group with its members; answers its id. */
export function createGroup(db: DB, actor: DistrictActor, input: GroupPayload): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // The district's writes one at a time (db/locks.ts): group names unique, members in the district, states read before written.
    await lockDistrictWrites(trx, actor.districtId);
    await checkPayload(trx, actor.districtId, input);
    const now = nowIso();
    const { id } = await trx.insertInto('groups').values({
      district_id: actor.districtId, name: input.name, description: input.description, group_of: input.group_of,
      created_at: now, updated_at: now, deleted_at: null,
    }).returning('id').executeTakeFirstOrThrow();
    await writeItems(trx, id, input.items);
    await audit(trx, actor, 'group_created', id, { name: input.name, members: input.items.map((i) => i.item_id) });
    return id;
  });
}

/** PUT: replaces name, description and the whole member list. */
export function updateGroup(db: DB, actor: DistrictActor, id: number, input: GroupPayload): Promise<void> {
  return db.transaction().execute(async (trx) => {
    // The district's writes one at a time (db/locks.ts): group names unique, members in the district, states read before written.
    await lockDistrictWrites(trx, actor.districtId);
    const before = await requireGroup(trx, actor.districtId, id);
    const membersBefore = (await itemsOfGroups(trx, actor.districtId, [id])).map((i) => i.item_id).sort((a, b) => a - b);
    await checkPayload(trx, actor.districtId, input, id);
    await trx.updateTable('groups')
      .set({ name: input.name, description: input.description, group_of: input.group_of, updated_at: nowIso() })
      .where('district_id', '=', actor.districtId).where('id', '=', id).execute();
    await writeItems(trx, id, input.items);
    await audit(trx, actor, 'group_updated', id, {
      name: input.name,
      ...(before.name !== input.name ? { renamed_from: before.name } : {}),
      members: input.items.map((i) => i.item_id),
      changes: {
        ...changedFields(before, { name: input.name, description: input.description }),
        members: { from: membersBefore, to: input.items.map((i) => i.item_id).sort((a, b) => a - b) },
      },
    });
  });
}

export function deleteGroup(db: DB, actor: DistrictActor, id: number): Promise<void> {
  return db.transaction().execute(async (trx) => {
    // The district's writes one at a time (db/locks.ts): group names unique, members in the district, states read before written.
    await lockDistrictWrites(trx, actor.districtId);
    const group = await requireGroup(trx, actor.districtId, id);
    const members = await itemsOfGroups(trx, actor.districtId, [id]);
    await trx.deleteFrom('group_items').where('group_id', '=', id).execute();
    await trx.deleteFrom('groups').where('district_id', '=', actor.districtId).where('id', '=', id).execute();
    await audit(trx, actor, 'group_deleted', id, { name: group.name, members: members.map((i) => i.item_id) });
  });
}

/** Sets deleted_at (409 when already deactivated). */
export function deactivateGroup(db: DB, actor: DistrictActor, id: number): Promise<void> {
  return db.transaction().execute(async (trx) => {
    // The district's writes one at a time (db/locks.ts): group names unique, members in the district, states read before written.
    await lockDistrictWrites(trx, actor.districtId);
    const group = await requireGroup(trx, actor.districtId, id);
    if (group.deleted_at) throw conflict(GROUP_MESSAGES.alreadyDeactivated);
    const now = nowIso();
    await trx.updateTable('groups').set({ deleted_at: now, updated_at: now })
      .where('district_id', '=', actor.districtId).where('id', '=', id).execute();
    await audit(trx, actor, 'group_deactivated', id, { name: group.name });
  });
}

/** Clears deleted_at (409 when the group is active). */
export function restoreGroup(db: DB, actor: DistrictActor, id: number): Promise<void> {
  return db.transaction().execute(async (trx) => {
    // The district's writes one at a time (db/locks.ts): group names unique, members in the district, states read before written.
    await lockDistrictWrites(trx, actor.districtId);
    const group = await requireGroup(trx, actor.districtId, id);
    if (!group.deleted_at) throw conflict(GROUP_MESSAGES.alreadyActive);
    await trx.updateTable('groups').set({ deleted_at: null, updated_at: nowIso() })
      .where('district_id', '=', actor.districtId).where('id', '=', id).execute();
    await audit(trx, actor, 'group_restored', id, { name: group.name, deactivated_at: group.deleted_at });
  });
}
