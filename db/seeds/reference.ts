// Reference data every database needs: plans, roles, permissions. Idempotent: run at every start.
import { ROLE_PERMISSIONS } from '../../common/permissions';
import { PLANS } from '../../common/plans';
import type { DB } from '../connection';

export async function seedReference(db: DB): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const plan of PLANS) {
      const values = { ...plan, features: JSON.stringify(plan.features) };
      await trx.insertInto('plans').values(values)
        .onConflict((oc) => oc.column('key').doUpdateSet(values)).execute();
    }
    for (const [name, role] of Object.entries(ROLE_PERMISSIONS)) {
      await trx.insertInto('roles').values({ name, label: role.label, area: role.area })
        .onConflict((oc) => oc.column('name').doUpdateSet({ label: role.label, area: role.area })).execute();
      const { id: roleId } = await trx.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow();
      await trx.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
      for (const permission of role.permissions) {
        await trx.insertInto('permissions').values({ name: permission }).onConflict((oc) => oc.column('name').doNothing()).execute();
        const { id } = await trx.selectFrom('permissions').select('id').where('name', '=', permission).executeTakeFirstOrThrow();
        await trx.insertInto('role_permissions').values({ role_id: roleId, permission_id: id }).execute();
      }
    }
  });
}
