import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildMember,
  buildMerchant,
  buildPlatformAdmin,
  buildSupplierAdmin,
  buildTenant,
} from '../../../test/factories/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { ModuleSwitches } from '../../platform/module-switches.ts';
import { adminActor } from '../access/index.ts';
import { MODULES } from '../index.ts';
import { memberActor } from '../member/index.ts';
import { publishingModule } from '../publishing/index.ts';
import { shopsModule } from '../shops/index.ts';
import { disabledModulesOf, switchModule } from './index.ts';

/*
 * The module store (issue 28, decision 0048): the platform lists a supplier's switchable modules,
 * as their descriptors declare them, and switches them; a switched-off module's menus and routes
 * are gone for that supplier's users only, and come back when it is switched on.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const EN = { 'accept-language': 'en' };
type MenuNode = { name: string; children: MenuNode[] };
const names = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.name, ...names(n.children)]);
type StoreItem = {
  name: string;
  enabled: boolean;
  depends_on: string[];
  needed_by: string[];
  version: string;
};

async function world() {
  const db = t.database.db;
  const tenant = await buildTenant(db);
  const other = await buildTenant(db);
  const a = await buildMerchant(db, tenant.id);
  const c = await buildMerchant(db, other.id);
  return {
    tenant,
    other,
    platform: await t.authAs(adminActor(await buildPlatformAdmin(db))),
    supplier: await t.authAs(adminActor(await buildSupplierAdmin(db, tenant.id))),
    a: await t.authAs(adminActor(a.primary)),
    c: await t.authAs(adminActor(c.primary)),
    member: await t.authAs(memberActor(await buildMember(db, tenant.id))),
  };
}

const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers: { ...headers, ...EN } });
const post = (url: string, headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: { ...headers, ...EN }, payload });

describe('module store', () => {
  it("lists the descriptors' switchable modules with their state for a supplier", async () => {
    const w = await world();
    const res = await get(`/api/v1/admin/moduleStore?tenant_id=${w.tenant.id}`, w.platform);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data.list as StoreItem[];
    const switchable = MODULES.filter((m) => m.switchable).map((m) => m.name);
    expect(list.map((m) => m.name)).toEqual(switchable);
    expect(list.every((m) => m.enabled && /^\d+\.\d+\.\d+$/.test(m.version))).toBe(true);
    expect(list.find((m) => m.name === 'shops')?.depends_on).toEqual(shopsModule.dependsOn);

    // Only the platform: a supplier or a merchant may not, nobody signed out may not.
    expect((await get(`/api/v1/admin/moduleStore?tenant_id=${w.tenant.id}`, w.supplier)).statusCode).toBe(
      403,
    );
    expect((await get(`/api/v1/admin/moduleStore?tenant_id=${w.tenant.id}`, w.a)).statusCode).toBe(403);
    expect((await get(`/api/v1/admin/moduleStore?tenant_id=${w.tenant.id}`, {})).statusCode).toBe(401);
    expect(
      (await get(`/api/v1/admin/moduleStore?tenant_id=${crypto.randomUUID()}`, w.platform)).statusCode,
    ).toBe(404);
    expect((await get('/api/v1/admin/moduleStore?tenant_id=nope', w.platform)).statusCode).toBe(400);
  });

  it('switching shops off hides its menus and routes for that supplier only; on restores them', async () => {
    const w = await world();
    const shopMenus = shopsModule.menus.filter((m) => m.type !== 'button').map((m) => m.name);
    expect(names((await get('/api/v1/auth/index', w.a)).json().data.menus)).toEqual(
      expect.arrayContaining(shopMenus),
    );
    const created = await post('/api/v1/admin/shop', w.a, { name: 'My shop', platform: 'tiktok' });
    expect(created.statusCode, created.body).toBe(200);

    // Publishing needs shops: while it is on, shops cannot go, and the refusal names it.
    const switchModule = (name: string, enabled: boolean) =>
      post('/api/v1/admin/moduleStore/switch', w.platform, { tenant_id: w.tenant.id, name, enabled });
    const refused = await switchModule('shops', false);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain('publishing');
    expect((await get('/api/v1/admin/publish/listing', w.a)).statusCode).toBe(200);
    const publishingOff = await switchModule('publishing', false);
    expect(publishingOff.statusCode, publishingOff.body).toBe(200);
    expect((await get('/api/v1/admin/publish/listing', w.a)).statusCode).toBe(404);
    // Tracking (issue 21) needs shops too.
    expect((await switchModule('tracking', false)).statusCode).toBe(200);
    expect((await get('/api/v1/admin/tracking/push', w.a)).statusCode).toBe(404);
    // And so does the spreadsheet import (issue 20: orders are imported into a shop).
    expect((await switchModule('intake', false)).statusCode).toBe(200);
    expect((await get('/api/v1/admin/orderImport', w.a)).statusCode).toBe(404);

    const off = await switchModule('shops', false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().msg).toBe('Module disabled');
    expect((off.json().data.list as StoreItem[]).find((m) => m.name === 'shops')?.enabled).toBe(false);

    expect((await get('/api/v1/admin/shop', w.a)).statusCode).toBe(404);
    const menus = names((await get('/api/v1/auth/index', w.a)).json().data.menus);
    for (const name of shopMenus) expect(menus).not.toContain(name);
    // The other supplier's merchants keep it.
    expect((await get('/api/v1/admin/shop', w.c)).statusCode).toBe(200);

    const on = await switchModule('shops', true);
    expect(on.statusCode).toBe(200);
    expect((await switchModule('publishing', true)).statusCode).toBe(200);
    expect((await switchModule('tracking', true)).statusCode).toBe(200);
    expect((await switchModule('intake', true)).statusCode).toBe(200);
    expect((await get('/api/v1/admin/orderImport', w.a)).statusCode).toBe(200);
    expect((await get('/api/v1/admin/publish/listing', w.a)).statusCode).toBe(200);
    expect((await get('/api/v1/admin/tracking/push', w.a)).statusCode).toBe(200);
    const back = await get('/api/v1/admin/shop', w.a);
    expect(back.statusCode).toBe(200);
    // Nothing was deleted while it was off.
    expect(back.json().data.list.map((s: { name: string }) => s.name)).toEqual(['My shop']);
  });

  it("switching publishing off hides its menus and routes for that supplier's users only", async () => {
    const w = await world();
    const publishMenus = publishingModule.menus.filter((m) => m.type !== 'button').map((m) => m.name);
    const menusOf = async (who: Record<string, string>) =>
      names((await get('/api/v1/auth/index', who)).json().data.menus);
    expect(await menusOf(w.a)).toEqual(expect.arrayContaining(publishMenus));
    expect(await menusOf(w.c)).toEqual(expect.arrayContaining(publishMenus));

    const off = await post('/api/v1/admin/moduleStore/switch', w.platform, {
      tenant_id: w.tenant.id,
      name: 'publishing',
      enabled: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    // The supplier's merchant: no page, no button of publishing, and its routes are not there.
    const hidden = await menusOf(w.a);
    for (const name of publishMenus) expect(hidden).not.toContain(name);
    expect((await get('/api/v1/admin/publish/listing', w.a)).statusCode).toBe(404);
    expect((await get('/api/v1/admin/publish/template', w.a)).statusCode).toBe(404);
    // Shops, which publishing needs, stay.
    expect(hidden).toEqual(expect.arrayContaining(['shop/list']));
    // Another supplier's merchant keeps every menu and route of publishing.
    expect(await menusOf(w.c)).toEqual(expect.arrayContaining(publishMenus));
    expect((await get('/api/v1/admin/publish/listing', w.c)).statusCode).toBe(200);
    expect((await get('/api/v1/admin/publish/template', w.c)).statusCode).toBe(200);

    const on = await post('/api/v1/admin/moduleStore/switch', w.platform, {
      tenant_id: w.tenant.id,
      name: 'publishing',
      enabled: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(await menusOf(w.a)).toEqual(expect.arrayContaining(publishMenus));
    expect((await get('/api/v1/admin/publish/listing', w.a)).statusCode).toBe(200);
  });

  it('switching the member centre off gives its members 404', async () => {
    const w = await world();
    await post('/api/v1/admin/moduleStore/switch', w.platform, {
      tenant_id: w.tenant.id,
      name: 'member',
      enabled: false,
    });
    expect((await get('/api/account/balance', w.member)).statusCode).toBe(404);
    expect((await get('/api/v1/admin/member', w.supplier)).statusCode).toBe(404);
    await post('/api/v1/admin/moduleStore/switch', w.platform, {
      tenant_id: w.tenant.id,
      name: 'member',
      enabled: true,
    });
    expect((await get('/api/account/balance', w.member)).statusCode).toBe(200);
  });

  it('refuses a core or unknown module, and a supplier, with the reason; nothing changes', async () => {
    const w = await world();
    const core = await post('/api/v1/admin/moduleStore/switch', w.platform, {
      tenant_id: w.tenant.id,
      name: 'orders',
      enabled: false,
    });
    expect(core.statusCode).toBe(400);
    expect(core.json().msg).toBe(
      "The module orders is part of the platform's core and cannot be switched off",
    );
    const unknown = await post('/api/v1/admin/moduleStore/switch', w.platform, {
      tenant_id: w.tenant.id,
      name: 'nope',
      enabled: false,
    });
    expect(unknown.statusCode).toBe(400);
    const bySupplier = await post('/api/v1/admin/moduleStore/switch', w.supplier, {
      tenant_id: w.tenant.id,
      name: 'shops',
      enabled: false,
    });
    expect(bySupplier.statusCode).toBe(403);
    expect(await disabledModulesOf(t.database.db, w.tenant.id)).toEqual([]);
  });

  it('a module another switched-on module needs cannot be switched off; switching that on switches it on', async () => {
    const w = await world();
    // A switchable module that needs shops (as publishing does): the real store's rules with it.
    const extra = { name: 'publishing', dependsOn: ['shops'], switchable: true, menus: [] };
    const switches = new ModuleSwitches([...MODULES, extra], (id) => disabledModulesOf(t.database.db, id));
    const toggle = (name: string, enabled: boolean) =>
      t.database.db.transaction((tx) => switchModule(tx, switches, w.tenant.id, name, enabled));
    await expect(toggle('shops', false)).rejects.toMatchObject({ status: 400, key: 'module.neededBy' });
    expect(await disabledModulesOf(t.database.db, w.tenant.id)).toEqual([]);
    expect(await toggle('publishing', false)).toEqual(['publishing']);
    // Tracking (issue 21) needs shops as well.
    expect((await toggle('tracking', false)).sort()).toEqual(['publishing', 'tracking']);
    // And the spreadsheet import (issue 20).
    expect((await toggle('intake', false)).sort()).toEqual(['intake', 'publishing', 'tracking']);
    expect((await toggle('shops', false)).sort()).toEqual(['intake', 'publishing', 'shops', 'tracking']);
    expect((await toggle('publishing', true)).sort()).toEqual(['intake', 'tracking']);
    expect(await toggle('tracking', true)).toEqual(['intake']);
    expect(await toggle('intake', true)).toEqual([]);
    expect(switches.catalogue([]).find((m) => m.name === 'shops')?.neededBy).toEqual(
      expect.arrayContaining(['intake', 'publishing', 'tracking']),
    );

    // Through the route, with the real descriptors: any real pair is refused the same way.
    const pair = MODULES.find(
      (m) => m.switchable && m.dependsOn.some((d) => MODULES.find((x) => x.name === d)?.switchable),
    );
    if (pair) {
      const needed = pair.dependsOn.find((d) => MODULES.find((x) => x.name === d)?.switchable)!;
      const res = await post('/api/v1/admin/moduleStore/switch', w.platform, {
        tenant_id: w.tenant.id,
        name: needed,
        enabled: false,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain(pair.name);
    }
  });
});
