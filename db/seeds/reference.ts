// Reference data every database needs: plans, roles, permissions. Idempotent: run at every start.
// Set-based, and writing only what differs: a start (and every test's fresh database) costs a few reads,
// and an unchanged database gets no writes (so no change-version bump either).
import { ROLE_PERMISSIONS } from '../../common/permissions';
import { PLANS } from '../../common/plans';
import type { DB } from '../connection';

export async function seedReference(db: DB): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const plans = new Map((await trx.selectFrom('plans').selectAll().execute()).map((p) => [p.key, p]));
    for (const plan of PLANS) {
      const values = { ...plan, features: JSON.stringify(plan.features) };
      const stored = plans.get(plan.key);
      if (stored && Object.entries(values).every(([k, v]) => stored[k as keyof typeof stored] === v)) continue;
      await trx.insertInto('plans').values(values)
        .onConflict((oc) => oc.column('key').doUpdateSet(values)).execute();
    }

    const roles = new Map((await trx.selectFrom('roles').selectAll().execute()).map((r) => [r.name, r]));
    for (const [name, role] of Object.entries(ROLE_PERMISSIONS)) {
      const stored = roles.get(name);
      if (stored && stored.label === role.label && stored.area === role.area) continue;
      await trx.insertInto('roles').values({ name, label: role.label, area: role.area })
        .onConflict((oc) => oc.column('name').doUpdateSet({ label: role.label, area: role.area })).execute();
    }

    const wanted = [...new Set(Object.values(ROLE_PERMISSIONS).flatMap((r) => r.permissions))];
    await trx.insertInto('permissions').values(wanted.map((name) => ({ name })))
      .onConflict((oc) => oc.column('name').doNothing()).execute();

    const roleIds = new Map((await trx.selectFrom('roles').select(['id', 'name']).execute()).map((r) => [r.name, r.id]));
    const permissionIds = new Map((await trx.selectFrom('permissions').select(['id', 'name']).execute()).map((p) => [p.name, p.id]));
    const pair = (roleId: number, permissionId: number) => `${roleId}:${permissionId}`;
    const want = new Set<string>();
    for (const [name, role] of Object.entries(ROLE_PERMISSIONS)) {
      for (const permission of role.permissions) want.add(pair(roleIds.get(name)!, permissionIds.get(permission)!));
    }
    const seeded = Object.keys(ROLE_PERMISSIONS).map((name) => roleIds.get(name)!);
    const have = await trx.selectFrom('role_permissions').select(['role_id', 'permission_id']).where('role_id', 'in', seeded).execute();
    const haveSet = new Set(have.map((r) => pair(r.role_id, r.permission_id)));
    for (const r of have) {
      if (!want.has(pair(r.role_id, r.permission_id))) {
        await trx.deleteFrom('role_permissions').where('role_id', '=', r.role_id).where('permission_id', '=', r.permission_id).execute();
      }
    }
    const missing = [...want].filter((p) => !haveSet.has(p)).map((p) => {
      const [roleId, permissionId] = p.split(':').map(Number);
      return { role_id: roleId!, permission_id: permissionId! };
    });
    if (missing.length) await trx.insertInto('role_permissions').values(missing).execute();
  });
}
