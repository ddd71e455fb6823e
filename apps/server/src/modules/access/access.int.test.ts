import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMerchant, buildPlatformAdmin, buildTenant, unique } from '../../../test/factories/index.ts';
import { menuIds, staffWithRole } from '../../../test/helpers/access.ts';
import { loginAdmin } from '../../../test/helpers/auth.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { adminActor } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const EN = { 'accept-language': 'en' };

/** A merchant's primary account (holds every merchant permission) and its headers. */
async function merchantOwner() {
  const tenant = await buildTenant(t.database.db);
  const built = await buildMerchant(t.database.db, tenant.id);
  return { tenant, ...built, headers: await t.authAs(adminActor(built.primary)) };
}

describe('permissions', () => {
  it('a user without role:del gets 403 on delete, and the delete button is absent from their menus', async () => {
    const owner = await merchantOwner();
    const owned = { tier: 'merchant' as const, tenantId: owner.tenant.id, merchantId: owner.merchant.id };
    const staff = await staffWithRole(t, owner.headers, owned, {
      menus: ['access', 'access/role', 'role:add'],
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/role',
      headers: staff.headers,
      payload: { name: 'Packers', code: 'packer' },
    });
    expect(created.statusCode, created.body).toBe(200);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/role/${created.json().data.id}`,
      headers: { ...staff.headers, ...EN },
    });
    expect(del.statusCode).toBe(403);
    expect(del.json().msg).toBe('You do not have permission to operate!');

    const session = await t.app.inject({ method: 'GET', url: '/api/v1/auth/index', headers: staff.headers });
    const menus = session.json().data.menus;
    expect(menus.map((m: { name: string }) => m.name)).toEqual(['access']);
    const roleMenu = menus[0].children[0];
    expect(roleMenu).toMatchObject({ name: 'access/role', buttons: ['role:add'] });
  });

  it('only the granted menus show after logging in (role limited to the dashboard)', async () => {
    const owner = await merchantOwner();
    const staff = await staffWithRole(
      t,
      owner.headers,
      { tier: 'merchant', tenantId: owner.tenant.id, merchantId: owner.merchant.id },
      { menus: ['dashboard'] },
    );
    const res = await loginAdmin(t, staff.user.username, 'Factory12345');
    expect(res.json().data.menus.map((m: { name: string }) => m.name)).toEqual(['dashboard']);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/admin/role', headers: staff.headers });
    expect(list.statusCode).toBe(403);
  });

  it('a PATCH that changes only links (a role’s menus) succeeds (bug: "No values to set" gave 500)', async () => {
    const owner = await merchantOwner();
    const role = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/role',
      headers: owner.headers,
      payload: { name: 'Links', code: 'links' },
    });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/role/${role.json().data.id}`,
      headers: owner.headers,
      payload: { menu_ids: await menuIds(t, ['dashboard']) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.menu_ids).toHaveLength(1);
  });

  it('nobody grants a menu they do not hold', async () => {
    const owner = await merchantOwner();
    const staff = await staffWithRole(
      t,
      owner.headers,
      { tier: 'merchant', tenantId: owner.tenant.id, merchantId: owner.merchant.id },
      { menus: ['access', 'access/role', 'role:add'] },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/role',
      headers: { ...staff.headers, ...EN },
      payload: { name: 'Escalate', code: 'esc', menu_ids: await menuIds(t, ['role:del']) },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('You cannot grant permissions you do not hold');
  });

  it('menus of another tier are not grantable, and the menu catalogue is the platform’s', async () => {
    const owner = await merchantOwner();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/role',
      headers: owner.headers,
      payload: { name: 'X', code: 'x', menu_ids: await menuIds(t, ['access/menu']) },
    });
    expect(res.statusCode).toBe(403);
    const menus = await t.app.inject({ method: 'GET', url: '/api/v1/admin/menu', headers: owner.headers });
    expect(menus.statusCode).toBe(403);
    const platform = await t.authAs(adminActor(await buildPlatformAdmin(t.database.db)));
    const platformMenus = await t.app.inject({ method: 'GET', url: '/api/v1/admin/menu', headers: platform });
    expect(platformMenus.statusCode, platformMenus.body).toBe(200);
  });
});

describe('grantable menus', () => {
  it('offers exactly what the caller holds, buttons included', async () => {
    const owner = await merchantOwner();
    const staff = await staffWithRole(
      t,
      owner.headers,
      { tier: 'merchant', tenantId: owner.tenant.id, merchantId: owner.merchant.id },
      { menus: ['access', 'access/role', 'role:add'] },
    );
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/menu/grantable',
      headers: staff.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const tree = res.json().data;
    expect(tree.map((n: { name: string }) => n.name)).toEqual(['access']);
    expect(tree[0].children[0]).toMatchObject({
      name: 'access/role',
      children: [{ name: 'role:add', type: 'button' }],
    });
    const ownerTree = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/menu/grantable',
      headers: owner.headers,
    });
    expect(JSON.stringify(ownerTree.json().data)).toContain('role:del');
    expect(JSON.stringify(ownerTree.json().data)).not.toContain('access/menu');
  });
});

describe('data scope', () => {
  it('"self only" staff list only the accounts they created; a department scope sees its department', async () => {
    const owner = await merchantOwner();
    const owned = { tier: 'merchant' as const, tenantId: owner.tenant.id, merchantId: owner.merchant.id };
    const dept = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/department',
      headers: owner.headers,
      payload: { name: 'Sales' },
    });
    const salesId = dept.json().data.id as string;
    const adminMenus = ['access', 'access/admin', 'admin:add'];

    const selfOnly = await staffWithRole(t, owner.headers, owned, { menus: adminMenus, data_scope: 'self' });
    const deptScoped = await staffWithRole(
      t,
      owner.headers,
      owned,
      { menus: adminMenus, data_scope: 'dept' },
      salesId,
    );

    const mine = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/admin',
      headers: selfOnly.headers,
      payload: { username: unique('mine'), password: 'Secret123' },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const inSales = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/admin',
      headers: owner.headers,
      payload: { username: unique('sales'), password: 'Secret123', department_id: salesId },
    });
    expect(inSales.statusCode, inSales.body).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/admin',
      headers: owner.headers,
      payload: { username: unique('other'), password: 'Secret123' },
    });

    const selfList = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/admin',
      headers: selfOnly.headers,
    });
    expect(selfList.json().data.list.map((u: { id: string }) => u.id)).toEqual([mine.json().data.id]);

    const deptList = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/admin',
      headers: deptScoped.headers,
    });
    const seen = deptList
      .json()
      .data.list.map((u: { id: string }) => u.id)
      .sort();
    expect(seen).toEqual([deptScoped.user.id, inSales.json().data.id].sort());

    // Outside the scope is "not found", exactly like another tenant's row.
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/admin/${inSales.json().data.id}`,
      headers: selfOnly.headers,
    });
    expect(hidden.statusCode).toBe(404);

    const ownerList = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/admin',
      headers: owner.headers,
    });
    expect(ownerList.json().data.total).toBe(6);
  });
});

describe('the CRUD kit (departments)', () => {
  it('creates, filters, pages, orders, quick-searches, sorts, selects and batch-deletes', async () => {
    const owner = await merchantOwner();
    const h = owner.headers;
    const names = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon'];
    const ids: string[] = [];
    for (const [i, name] of names.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/department',
        headers: h,
        payload: { name, sort: i * 10 },
      });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().data.id);
    }
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/department/${ids[4]}`,
      headers: h,
      payload: { status: 'disabled' },
    });

    const page1 = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/department?page=1&limit=2',
      headers: h,
    });
    expect(page1.json().data).toMatchObject({ total: 5, page: 1, limit: 2 });
    // Default order: larger sort first.
    expect(page1.json().data.list.map((d: { name: string }) => d.name)).toEqual(['Epsilon', 'Delta']);
    const page3 = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/department?page=3&limit=2',
      headers: h,
    });
    expect(page3.json().data.list.map((d: { name: string }) => d.name)).toEqual(['Alpha']);

    const byName = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/department?order=name,asc',
      headers: h,
    });
    expect(byName.json().data.list[0].name).toBe('Alpha');
    const filtered = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/department?status=disabled',
      headers: h,
    });
    expect(filtered.json().data.list.map((d: { name: string }) => d.name)).toEqual(['Epsilon']);
    const quick = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/department?quickSearch=MM',
      headers: h,
    });
    expect(quick.json().data.list.map((d: { name: string }) => d.name)).toEqual(['Gamma']);
    const badOrder = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/department?order=password,asc',
      headers: { ...h, ...EN },
    });
    expect(badOrder.statusCode).toBe(400);

    const select = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/department?select=true',
      headers: h,
    });
    expect(select.json().data.options).toHaveLength(5);
    expect(select.json().data.options[0]).toEqual({ value: ids[4], label: 'Epsilon' });

    const sorted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/department/sortable',
      headers: h,
      payload: { id: ids[0], targetId: ids[4] },
    });
    expect(sorted.statusCode).toBe(200);
    const afterSort = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/department?limit=1',
      headers: h,
    });
    expect(afterSort.json().data.list[0].name).toBe('Alpha');

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/department',
      headers: { ...h, ...EN },
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.errors).toContainEqual({ field: 'name', message: 'Please enter name' });

    const batch = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/department/del?ids=${ids[1]},${ids[2]}`,
      headers: h,
    });
    expect(batch.json().data).toEqual({ deleted: 2 });
    const left = await t.app.inject({ method: 'GET', url: '/api/v1/admin/department', headers: h });
    expect(left.json().data.total).toBe(3);
    const badIds = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/admin/department/del?ids=nope',
      headers: h,
    });
    expect(badIds.statusCode).toBe(400);
  });

  it("another tenant's id is not found, for read, update, delete and batch delete", async () => {
    const a = await merchantOwner();
    const b = await merchantOwner();
    const dept = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/department',
      headers: a.headers,
      payload: { name: 'Mine' },
    });
    const id = dept.json().data.id as string;
    for (const [method, url, payload] of [
      ['GET', `/api/v1/admin/department/${id}`, undefined],
      ['PATCH', `/api/v1/admin/department/${id}`, { name: 'Stolen' }],
      ['DELETE', `/api/v1/admin/department/${id}`, undefined],
      ['DELETE', `/api/v1/admin/department/del?ids=${id}`, undefined],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: b.headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const still = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/department/${id}`,
      headers: a.headers,
    });
    expect(still.json().data.name).toBe('Mine');
  });
});

describe('admin tools', () => {
  it('deleting a recyclable row and restoring it returns it intact', async () => {
    const owner = await merchantOwner();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/department',
      headers: owner.headers,
      payload: { name: 'Warehouse', sort: 7, status: 'disabled' },
    });
    const before = created.json().data;
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/department/${before.id}`,
      headers: owner.headers,
    });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/admin/department/${before.id}`,
          headers: owner.headers,
        })
      ).statusCode,
    ).toBe(404);

    const bin = await t.app.inject({ method: 'GET', url: '/api/v1/admin/recycle', headers: owner.headers });
    const item = bin.json().data.list[0];
    expect(item).toMatchObject({ resource: 'department', row_id: before.id });
    const other = await merchantOwner();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/admin/recycle/${item.id}/restore`,
          headers: other.headers,
        })
      ).statusCode,
    ).toBe(404);

    const restored = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/recycle/${item.id}/restore`,
      headers: owner.headers,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/department/${before.id}`,
      headers: owner.headers,
    });
    expect(after.json().data).toEqual(before);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/recycle', headers: owner.headers })).json()
        .data.total,
    ).toBe(0);
  });

  it('the admin log records a write, with secrets masked', async () => {
    const owner = await merchantOwner();
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/admin',
      headers: owner.headers,
      payload: { username: 'logged_one', password: 'Secret123' },
    });
    // The log is written after the reply; give it a moment.
    await new Promise((r) => setTimeout(r, 50));
    const logs = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/adminLog?quickSearch=admin',
      headers: owner.headers,
    });
    const entry = logs
      .json()
      .data.list.find((l: { operation_id: string }) => l.operation_id === 'adminCreate');
    expect(entry).toMatchObject({
      method: 'POST',
      url: '/api/v1/admin/admin',
      status_code: '200',
      username: owner.primary.username,
    });
    expect(entry.summary).toMatchObject({ username: 'logged_one', password: '***' });
    const tooLong = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/adminLog?from=2024-01-01T00:00:00Z&to=2025-06-01T00:00:00Z',
      headers: { ...owner.headers, ...EN },
    });
    expect(tooLong.json().msg).toBe('The date range must not exceed one year');
  });

  it('changing a sensitive field records before and after, and can be rolled back (issue 27: a hidden change says why it cannot)', async () => {
    const owner = await merchantOwner();
    const user = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/admin',
      headers: owner.headers,
      payload: { username: unique('sens'), password: 'Secret123', mobile: '13811112222' },
    });
    const id = user.json().data.id;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/admin/${id}`,
      headers: owner.headers,
      payload: { mobile: '13933334444', password: 'Newpass123' },
    });
    const logs = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/sensitiveLog',
      headers: owner.headers,
    });
    const list = logs.json().data.list as Array<{
      id: string;
      field: string;
      before: unknown;
      after: unknown;
    }>;
    // An identifying number shows its last four characters, as in the admin log (one list).
    expect(list.find((l) => l.field === 'mobile')).toMatchObject({ before: '****2222', after: '****4444' });
    const pwd = list.find((l) => l.field === 'passwordHash');
    expect(pwd).toMatchObject({ before: '(hidden)', after: '(changed)' });

    const rollback = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/sensitiveLog/${list.find((l) => l.field === 'mobile')!.id}/rollback`,
      headers: owner.headers,
    });
    expect(rollback.statusCode, rollback.body).toBe(200);
    const now = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/admin/${id}`,
      headers: owner.headers,
    });
    expect(now.json().data.mobile).toBe('13811112222');
    const unsafe = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/sensitiveLog/${pwd!.id}/rollback`,
      headers: { ...owner.headers, ...EN },
    });
    expect(unsafe.statusCode).toBe(409);
    // Issue 27: a hidden change is refused for what it is, not as "the value has changed since".
    expect(unsafe.json().msg).toBe(
      'This change was recorded without its values (a secret such as a password), so it cannot be rolled back: set the value again where the record is edited',
    );
    expect(pwd).toMatchObject({ can_rollback: false });
    expect(list.find((l) => l.field === 'mobile')).toMatchObject({ can_rollback: true });
    // Rolling the mobile change back twice: the second time the value has really changed since.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/sensitiveLog/${list.find((l) => l.field === 'mobile')!.id}/rollback`,
      headers: { ...owner.headers, ...EN },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('The field has been changed again since: roll back the later change first');
  });

  it('staff cannot change or delete the primary account', async () => {
    const owner = await merchantOwner();
    const staff = await staffWithRole(
      t,
      owner.headers,
      { tier: 'merchant', tenantId: owner.tenant.id, merchantId: owner.merchant.id },
      { menus: ['access', 'access/admin', 'admin:edit', 'admin:del'], data_scope: 'all' },
    );
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/admin/${owner.primary.id}`,
      headers: staff.headers,
      payload: { status: 'disabled' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the menu form (issue 27, spec §5)', () => {
  it('issue 27: the required fields follow the menu type on create and on edit, and an external link keeps its url in the session', async () => {
    const headers = { ...(await t.authAs(adminActor(await buildPlatformAdmin(t.database.db)))), ...EN };
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/v1/admin/menu', headers, payload });
    const base = { tiers: ['platform'], sort: 1 };

    // A button needs the page it belongs to; a page its path and component; a link its url.
    const orphan = await post({
      ...base,
      type: 'button',
      title: 'Export',
      name: unique('x:export'),
      parent_id: null,
    });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().data.errors[0]).toMatchObject({ field: 'parent_id' });
    const noPath = await post({
      ...base,
      type: 'menu',
      title: 'Page',
      name: unique('page'),
      parent_id: null,
      component: 'a/b',
    });
    expect(noPath.statusCode).toBe(400);
    expect(noPath.json().data.errors[0]).toMatchObject({ field: 'path' });
    const noUrl = await post({
      ...base,
      type: 'menu',
      title: 'Docs',
      name: unique('docs'),
      parent_id: null,
      path: 'docs',
      is_external: true,
    });
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json().data.errors[0]).toMatchObject({ field: 'url' });
    const dir = await post({ ...base, type: 'menu_dir', title: 'Dir', name: unique('dir'), parent_id: null });
    expect(dir.json().data.errors[0]).toMatchObject({ field: 'path' });

    const link = await post({
      ...base,
      type: 'menu',
      title: 'Docs',
      name: unique('docs'),
      parent_id: null,
      path: 'docs',
      is_external: true,
      url: 'https://example.com/docs',
      link_target: 'iframe',
    });
    expect(link.statusCode, link.body).toBe(200);
    const id = link.json().data.id as string;
    // A button under a directory is refused: it sits under its page.
    const dirOk = await post({
      ...base,
      type: 'menu_dir',
      title: 'Dir',
      name: unique('dir'),
      parent_id: null,
      path: 'dir',
    });
    const underDir = await post({
      ...base,
      type: 'button',
      title: 'X',
      name: unique('x:y'),
      parent_id: dirOk.json().data.id,
    });
    expect(underDir.statusCode).toBe(400);
    expect(underDir.json().msg).toBe('A button must sit under the menu page it belongs to');

    // An edit cannot empty what the type requires.
    const emptied = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/menu/${id}`,
      headers,
      payload: { url: '' },
    });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json()).toMatchObject({
      msg: 'Please enter link url',
      data: { errors: [{ field: 'url' }] },
    });

    // The session's menus carry the link's url and how it opens.
    const session = await t.app.inject({ method: 'GET', url: '/api/v1/auth/index', headers });
    const node = (session.json().data.menus as Array<{ id: string }>).find((m) => m.id === id);
    expect(node).toMatchObject({ url: 'https://example.com/docs', is_external: true, link_target: 'iframe' });
  });
});
