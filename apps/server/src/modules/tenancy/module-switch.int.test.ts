import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMember, buildMerchant, buildTenant } from '../../../test/factories/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { adminActor } from '../access/index.ts';
import { materialsModule } from '../materials/index.ts';
import { memberActor } from '../member/index.ts';
import { disabledModulesOf, switchModule } from './index.ts';

/*
 * Switchable modules (decision 0038): a module the platform switches off for a supplier answers
 * 404 to that supplier's users and its menus disappear for them; other suppliers keep it; nothing
 * is deleted, and switching it on again restores it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const EN = { 'accept-language': 'en' };
type MenuNode = { name: string; buttons: string[]; children: MenuNode[] };
const names = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.name, ...names(n.children)]);

async function world() {
  const db = t.database.db;
  const tenant = await buildTenant(db);
  const other = await buildTenant(db);
  const a = await buildMerchant(db, tenant.id);
  const c = await buildMerchant(db, other.id);
  return {
    tenant,
    other,
    a: await t.authAs(adminActor(a.primary)),
    c: await t.authAs(adminActor(c.primary)),
    member: await t.authAs(memberActor(await buildMember(db, tenant.id))),
  };
}

const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers: { ...headers, ...EN } });
const toggle = (tenantId: string, name: string, enabled: boolean) =>
  t.database.db.transaction((tx) => switchModule(tx, t.app.services.modules, tenantId, name, enabled));

describe('switchable modules', () => {
  it("a switched-off module answers 404 to the tenant's users, hides its menus, and comes back when on", async () => {
    const w = await world();
    const materialMenus = materialsModule.menus.filter((m) => m.type !== 'button').map((m) => m.name);
    const before = await get('/api/v1/auth/index', w.a);
    expect(names(before.json().data.menus)).toEqual(expect.arrayContaining(materialMenus));
    expect((await get('/api/v1/admin/material', w.a)).statusCode).toBe(200);

    expect(await toggle(w.tenant.id, 'materials', false)).toEqual(['materials']);
    const off = await get('/api/v1/admin/material', w.a);
    expect(off.statusCode).toBe(404);
    expect(off.json()).toMatchObject({ code: 404, msg: 'This feature is not enabled for your organisation' });
    const menus = names((await get('/api/v1/auth/index', w.a)).json().data.menus);
    for (const name of materialMenus) expect(menus).not.toContain(name);
    // Another supplier keeps the module.
    expect((await get('/api/v1/admin/material', w.c)).statusCode).toBe(200);

    await toggle(w.tenant.id, 'materials', true);
    expect((await get('/api/v1/admin/material', w.a)).statusCode).toBe(200);
    expect(await disabledModulesOf(t.database.db, w.tenant.id)).toEqual([]);
  });

  it('switches off the member centre for members of that tenant only', async () => {
    const w = await world();
    expect((await get('/api/account/profile', w.member)).statusCode).toBe(200);
    await toggle(w.tenant.id, 'member', false);
    expect((await get('/api/account/profile', w.member)).statusCode).toBe(404);
    await toggle(w.tenant.id, 'member', true);
    expect((await get('/api/account/profile', w.member)).statusCode).toBe(200);
  });

  it('refuses to switch off a core module or an unknown one, and changes nothing', async () => {
    const w = await world();
    await expect(toggle(w.tenant.id, 'orders', false)).rejects.toMatchObject({ status: 400 });
    await expect(toggle(w.tenant.id, 'nope', false)).rejects.toMatchObject({ status: 400 });
    expect(await disabledModulesOf(t.database.db, w.tenant.id)).toEqual([]);
  });
});
