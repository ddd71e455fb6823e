import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserRoles, adminUsers, dataRecycle, departments, roles } from '../../src/db/schema/index.ts';
import { adminActor } from '../../src/modules/access/index.ts';
import {
  buildFactoryWithUser,
  buildMerchant,
  buildPaymentAccount,
  buildSupplierAdmin,
  buildTenant,
  FACTORY_PASSWORD,
  unique,
  uniqueMobile,
} from '../factories/index.ts';
import { buildCheckoutWorld } from '../factories/orders.ts';
import { staffWithRole } from '../helpers/access.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { exportDone, jobDone } from './isolation/runner.ts';

/*
 * Issue 16, one test per finding: isolation between tenants holds, but between merchants of the
 * same supplier (tenant) it does not, because resources filter by tenant unless each remembers to
 * filter by merchant. Merchant-owned admin objects (roles, departments, staff, log rows, recycle
 * entries, jobs) are the merchant's; supplier-level rows are the supplier's own accounts' only.
 * The isolation matrix (isolation-matrix.int.test.ts) replays every operation; these tests tell
 * each finding's story end to end.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ startJobs: true, sweeps: false });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const EN = { 'accept-language': 'en' };

async function call(
  headers: Headers,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...EN, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return {
    status: res.statusCode,
    body: res.body,
    data: res.json().data as Record<string, unknown> & { list?: unknown[] },
  };
}
/** A call that must succeed (the owner's own requests, and the setup). */
async function ok(headers: Headers, method: Parameters<typeof call>[1], url: string, payload?: unknown) {
  const res = await call(headers, method, url, payload);
  expect(res.status, `${method} ${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.data;
}
const signIn = (user: Parameters<typeof adminActor>[0]) => t.authAs(adminActor(user));

/** A supplier with two merchants (MA, whose primary account is A, and MB) and its own admin. */
async function supplierWithTwoMerchants() {
  const db = t.database.db;
  const tenant = await buildTenant(db);
  const ma = await buildMerchant(db, tenant.id);
  const mb = await buildMerchant(db, tenant.id);
  const supplier = await buildSupplierAdmin(db, tenant.id);
  return {
    tenant,
    ma,
    mb,
    supplierUser: supplier,
    a: await signIn(ma.primary),
    b: await signIn(mb.primary),
    s: await signIn(supplier),
  };
}

describe('merchant isolation (issue 16)', () => {
  it("finding: another merchant of the same supplier cannot read, edit, re-sort or delete a merchant's roles", async () => {
    const { a, b } = await supplierWithTwoMerchants();
    const role = await ok(a, 'POST', '/api/v1/admin/role', { name: unique('MA role'), code: unique('r') });
    const id = role.id as string;
    const stored = () => t.database.db.select().from(roles).where(eq(roles.id, id));
    const before = JSON.stringify(await stored());

    const read = await call(b, 'GET', `/api/v1/admin/role/${id}`);
    expect.soft(read.status, 'read').toBe(404);
    expect.soft(read.body).not.toContain(role.name as string);
    const list = await call(b, 'GET', '/api/v1/admin/role?limit=100');
    expect.soft(list.body, 'list').not.toContain(id);
    const options = await call(b, 'GET', '/api/v1/admin/role?select=true');
    expect.soft(options.body, 'select options').not.toContain(id);
    const edit = await call(b, 'PATCH', `/api/v1/admin/role/${id}`, { remark: 'mine now' });
    expect.soft(edit.status, 'edit').toBe(404);
    const sort = await call(b, 'POST', '/api/v1/admin/role/sortable', { id, targetId: id });
    expect.soft(sort.status, 're-sort').toBe(404);
    const batch = await call(b, 'DELETE', `/api/v1/admin/role/del?ids=${id}`);
    expect.soft(batch.status, 'batch delete').toBe(404);
    const remove = await call(b, 'DELETE', `/api/v1/admin/role/${id}`);
    expect.soft(remove.status, 'delete').toBe(404);
    expect(JSON.stringify(await stored()), 'the role as stored').toBe(before);

    // The merchant itself still reads it.
    expect((await ok(a, 'GET', `/api/v1/admin/role/${id}`)).id).toBe(id);
  });

  it("finding: another merchant cannot create a department under a merchant's department or put its staff there with the merchant's roles", async () => {
    const { a, b } = await supplierWithTwoMerchants();
    const dept = (await ok(a, 'POST', '/api/v1/admin/department', { name: unique('MA dept') })).id as string;
    const role = (await ok(a, 'POST', '/api/v1/admin/role', { name: unique('MA role'), code: unique('r') }))
      .id as string;

    const child = await call(b, 'POST', '/api/v1/admin/department', {
      name: unique('Inside'),
      parent_id: dept,
    });
    expect.soft(child.status, 'a department under it').toBe(404);
    const staff = await call(b, 'POST', '/api/v1/admin/admin', {
      username: unique('intruder'),
      password: FACTORY_PASSWORD,
      department_id: dept,
      role_ids: [role],
    });
    expect.soft(staff.status, 'a staff account in it with its role').toBe(404);
    const listed = await call(b, 'GET', `/api/v1/admin/department?parent_id=${dept}`);
    expect.soft(listed.body, 'its children listed').not.toContain(dept);

    const db = t.database.db;
    expect(await db.select().from(departments).where(eq(departments.parentId, dept)), 'children').toEqual([]);
    expect(
      await db.select().from(adminUsers).where(eq(adminUsers.departmentId, dept)),
      'staff in it',
    ).toEqual([]);
    expect(await db.select().from(adminUserRoles).where(eq(adminUserRoles.roleId, role)), 'holders').toEqual(
      [],
    );

    // The merchant itself may do all of it.
    await ok(a, 'POST', '/api/v1/admin/department', { name: unique('Team'), parent_id: dept });
    await ok(a, 'POST', '/api/v1/admin/admin', {
      username: unique('member'),
      password: FACTORY_PASSWORD,
      department_id: dept,
      role_ids: [role],
    });
  });

  it("finding: GET /api/v1/jobs/{id} and the download link of another merchant's export answer 404, also to the merchant's staff without finished:export", async () => {
    const w = await buildCheckoutWorld(t);
    const exported = await ok(w.m.headers, 'POST', '/api/v1/admin/exports', {
      page: 'publish/finished/my',
      filters: {},
    });
    const record = await exportDone(t, exported.id as string);
    const jobId = record.jobId!;
    await jobDone(t, jobId);
    await ok(w.m.headers, 'GET', `/api/v1/jobs/${jobId}`);
    const link = await ok(w.m.headers, 'POST', `/api/v1/admin/exports/${record.id}/link`);
    const filePath = (link.url as string).split('?')[0]!;

    // A staff user of the merchant who may list finished products but not export them.
    const lister = await staffWithRole(
      t,
      w.m.headers,
      { tier: 'merchant', tenantId: w.tenant.id, merchantId: w.m.merchant.id },
      { menus: ['publish', 'publish/finished/my'], data_scope: 'all' },
    );
    for (const [who, headers] of [
      ['another merchant of the supplier', w.n.headers],
      ['the merchant’s staff without finished:export', lister.headers],
    ] as const) {
      const res = await call(headers, 'GET', `/api/v1/jobs/${jobId}`);
      expect.soft(res.status, who).toBe(404);
      const linked = await call(headers, 'POST', `/api/v1/admin/exports/${record.id}/link`);
      // The staff member holds no exportRecord:list either (403); another merchant's is not found.
      expect.soft([403, 404], who).toContain(linked.status);
      expect.soft(linked.body, `${who} gets the xlsx link`).not.toContain(filePath);
    }
  });

  it('finding: the admin log, recycle bin and sensitive-data log show a merchant only its own rows', async () => {
    const { tenant, ma, a, b, s } = await supplierWithTwoMerchants();
    const account = await buildPaymentAccount(t.database.db, tenant.id);
    const cardNo = `62${String(Date.now()).slice(-12)}`;
    // A's writes: a transfer recharge (its bank account number in the body), a department deleted
    // (recycle bin), a staff mobile changed (sensitive-data log).
    const receiptNo = unique('R');
    await ok(a, 'POST', '/api/v1/admin/wallet/recharge/transfer', {
      receipt_no: receiptNo,
      amount: 100,
      currency: 'CNY',
      transfer_type: 'domestic',
      payment_account_id: account.id,
      bank_name: 'Bank',
      bank_account_name: 'Payer',
      bank_account_no: cardNo,
      agreement: true,
    });
    const aDept = (await ok(a, 'POST', '/api/v1/admin/department', { name: unique('MA gone') })).id as string;
    await ok(a, 'DELETE', `/api/v1/admin/department/${aDept}`);
    const [aOld, aNew] = [uniqueMobile(), uniqueMobile()];
    const aStaff = await ok(a, 'POST', '/api/v1/admin/admin', {
      username: unique('mastaff'),
      password: FACTORY_PASSWORD,
      mobile: aOld,
    });
    await ok(a, 'PATCH', `/api/v1/admin/admin/${aStaff.id as string}`, { mobile: aNew });
    // The supplier's own writes of the same kinds.
    const sDept = (await ok(s, 'POST', '/api/v1/admin/department', { name: unique('T1 gone') })).id as string;
    await ok(s, 'DELETE', `/api/v1/admin/department/${sDept}`);
    const [sOld, sNew] = [uniqueMobile(), uniqueMobile()];
    const sStaff = await ok(s, 'POST', '/api/v1/admin/admin', {
      username: unique('t1staff'),
      password: FACTORY_PASSWORD,
      mobile: sOld,
    });
    await ok(s, 'PATCH', `/api/v1/admin/admin/${sStaff.id as string}`, { mobile: sNew });

    const logs = (h: Headers) => call(h, 'GET', '/api/v1/admin/adminLog?limit=100');
    const recycle = (h: Headers) => call(h, 'GET', '/api/v1/admin/recycle?limit=100');
    const sensitive = (h: Headers) => call(h, 'GET', '/api/v1/admin/sensitiveLog?limit=100');

    // Each merchant sees its own rows…
    // (The log masks the card number to its last four digits, issue 17 finding 2.)
    expect((await logs(a)).body, "A's own log").toContain(receiptNo);
    expect((await logs(a)).body, "A's own log masks the card").not.toContain(cardNo);
    expect((await recycle(a)).body, "A's own recycle bin").toContain(aDept);
    // (It names the changed row; the mobile shows its last four digits, like the admin log.)
    expect((await sensitive(a)).body, "A's own sensitive log").toContain(aStaff.id as string);
    expect((await sensitive(a)).body, "A's own sensitive log masks the mobile").not.toContain(aNew);
    // …never another merchant's (its URLs, IPs and unmasked card numbers)…
    const bLogs = await logs(b);
    expect.soft(bLogs.body, "MB reads A's log rows").not.toContain(ma.primary.username);
    expect.soft(bLogs.body, "MB reads A's card number").not.toContain(cardNo);
    expect.soft(bLogs.body, "MB reads A's recharge").not.toContain(receiptNo);
    expect.soft((await recycle(b)).body, "MB reads A's recycle bin").not.toContain(aDept);
    const bSensitive = (await sensitive(b)).body;
    expect.soft(bSensitive, "MB reads A's sensitive log").not.toContain(aOld);
    expect.soft(bSensitive).not.toContain(aStaff.id as string);
    // …nor the supplier's own.
    expect.soft((await logs(a)).body, "A reads the supplier's log rows").not.toContain(sDept);
    expect.soft((await recycle(a)).body, "A reads the supplier's recycle bin").not.toContain(sDept);
    const aSensitive = (await sensitive(a)).body;
    expect.soft(aSensitive, "A reads the supplier's sensitive log").not.toContain(sOld);
    expect.soft(aSensitive).not.toContain(sStaff.id as string);
  });

  it("finding: a merchant cannot restore another merchant's deleted record from the recycle bin", async () => {
    const { a, b } = await supplierWithTwoMerchants();
    const name = unique('MA deleted');
    const dept = (await ok(a, 'POST', '/api/v1/admin/department', { name })).id as string;
    await ok(a, 'DELETE', `/api/v1/admin/department/${dept}`);
    const [entry] = await t.database.db.select().from(dataRecycle).where(eq(dataRecycle.rowId, dept));
    expect(entry, 'the recycle-bin entry').toBeDefined();

    const restore = await call(b, 'POST', `/api/v1/admin/recycle/${entry!.id}/restore`);
    expect.soft(restore.status, 'restore').toBe(404);
    const purge = await call(b, 'DELETE', `/api/v1/admin/recycle/${entry!.id}`);
    expect.soft(purge.status, 'purge').toBe(404);
    const db = t.database.db;
    expect(await db.select().from(departments).where(eq(departments.id, dept)), 'restored').toEqual([]);
    expect(await db.select().from(dataRecycle).where(eq(dataRecycle.id, entry!.id)), 'entry').toHaveLength(1);

    // The merchant itself restores it.
    await ok(a, 'POST', `/api/v1/admin/recycle/${entry!.id}/restore`);
    expect(await db.select().from(departments).where(eq(departments.id, dept))).toHaveLength(1);
  });

  it('finding: dashboard counts for a merchant cover only that merchant', async () => {
    const { a, b, s } = await supplierWithTwoMerchants();
    // MA: one staff account, role and department; MB and the supplier make more of each.
    const make = async (h: Headers, n: number) => {
      for (let i = 0; i < n; i++) {
        await ok(h, 'POST', '/api/v1/admin/role', { name: unique('Role'), code: unique('r') });
        await ok(h, 'POST', '/api/v1/admin/department', { name: unique('Dept') });
        await ok(h, 'POST', '/api/v1/admin/admin', { username: unique('staff'), password: FACTORY_PASSWORD });
      }
    };
    await make(a, 1);
    await make(b, 2);
    await make(s, 1);
    await ok(a, 'GET', '/api/v1/admin/adminLog'); // reading the log writes pending log rows first

    const counts = (await ok(a, 'GET', '/api/v1/admin/dashboard')).counts as Record<string, number | null>;
    expect
      .soft(counts, "MA's own: A and one staff account, one role, one department, A's three writes")
      .toEqual({ staff: 2, roles: 1, departments: 1, merchants: null, members: null, writes_today: 3 });
  });

  it('finding: dashboard counts for a factory cover only that factory', async () => {
    const db = t.database.db;
    const { tenant, a, s } = await supplierWithTwoMerchants();
    const f1 = await buildFactoryWithUser(db, tenant.id);
    await buildFactoryWithUser(db, tenant.id);
    // Writes and departments elsewhere in the tenant.
    await ok(a, 'POST', '/api/v1/admin/department', { name: unique('Dept') });
    await ok(s, 'POST', '/api/v1/admin/department', { name: unique('Dept') });
    await ok(s, 'GET', '/api/v1/admin/adminLog');

    const f = await signIn(f1.user);
    const counts = (await ok(f, 'GET', '/api/v1/admin/dashboard')).counts as Record<string, number | null>;
    expect
      .soft(counts, "F1's own: its one account, no roles or departments, no writes")
      .toEqual({ staff: 1, roles: 0, departments: 0, merchants: null, members: null, writes_today: 0 });
  });
});
