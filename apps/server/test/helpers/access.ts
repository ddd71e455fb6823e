import { expect } from 'vitest';
import { createAdminUser, menuIdByName } from '../../src/modules/access/index.ts';
import { adminActor } from '../../src/modules/access/index.ts';
import { FACTORY_PASSWORD, unique } from '../factories/index.ts';
import type { TestApp } from './test-app.ts';

/** Menu ids by catalogue name (e.g. `access/role`, `role:del`). */
export async function menuIds(t: TestApp, names: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const name of names) {
    const id = await menuIdByName(t.database.db, name);
    if (!id) throw new Error(`no menu ${name}`);
    ids.push(id);
  }
  return ids;
}

/** Creates a role through the API as `owner`, and a staff user holding it; returns the staff's headers. */
export async function staffWithRole(
  t: TestApp,
  owner: Record<string, string>,
  owned: {
    tier: 'platform' | 'supplier' | 'factory' | 'merchant';
    tenantId: string | null;
    merchantId?: string | null;
  },
  role: { menus: string[]; data_scope?: string; department_ids?: string[] },
  departmentId: string | null = null,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/role',
    headers: owner,
    payload: {
      name: unique('Role'),
      code: unique('r'),
      data_scope: role.data_scope ?? 'self',
      menu_ids: await menuIds(t, role.menus),
      department_ids: role.department_ids ?? [],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const roleId = res.json().data.id as string;
  const user = await createAdminUser(t.database.db, {
    tier: owned.tier,
    tenantId: owned.tenantId,
    merchantId: owned.merchantId ?? null,
    username: unique('staff'),
    password: FACTORY_PASSWORD,
  });
  const { adminUserRoles, adminUsers } = await import('../../src/db/schema/index.ts');
  const { eq } = await import('drizzle-orm');
  await t.database.db.insert(adminUserRoles).values({ userId: user.id, roleId });
  if (departmentId)
    await t.database.db.update(adminUsers).set({ departmentId }).where(eq(adminUsers.id, user.id));
  return { user, roleId, headers: await t.authAs(adminActor(user)) };
}
