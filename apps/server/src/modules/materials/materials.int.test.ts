import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMerchant, buildSupplierAdmin, buildTenant } from '../../../test/factories/index.ts';
import { multipart, png } from '../../../test/helpers/multipart.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { adminActor } from '../access/index.ts';
import { usableMaterials } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const EN = { 'accept-language': 'en' };
type Headers = Record<string, string>;

async function world() {
  const db = t.database.db;
  const tenant = await buildTenant(db);
  const supplier = await t.authAs(adminActor(await buildSupplierAdmin(db, tenant.id)));
  const a = await buildMerchant(db, tenant.id);
  const b = await buildMerchant(db, tenant.id);
  const other = await buildTenant(db);
  const c = await buildMerchant(db, other.id);
  return {
    tenant,
    supplier,
    a: { ...a.merchant, headers: await t.authAs(adminActor(a.primary)) },
    b: { ...b.merchant, headers: await t.authAs(adminActor(b.primary)) },
    c: { ...c.merchant, tenantId: other.id, headers: await t.authAs(adminActor(c.primary)) },
  };
}

async function uploadMaterials(headers: Headers, files: Parameters<typeof multipart>[0], query = '') {
  const body = await multipart(files);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/material/upload${query}`,
    headers: { ...headers, ...EN, ...body.headers },
    payload: body.payload,
  });
}

async function oneMaterial(headers: Headers, name = 'flower.png', query = '') {
  const res = await uploadMaterials(headers, [{ name, body: await png(120, 90) }], query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.results[0].material as { id: string; image_url: string; category_id: string | null };
}

const api = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: object,
) => t.app.inject({ method, url, headers: { ...headers, ...EN }, ...(payload ? { payload } : {}) });

describe('batch upload', () => {
  it('gives every file a result when one in the middle is over 20 MB (issue 26)', async () => {
    const { a } = await world();
    const big = Buffer.concat([await png(), Buffer.alloc(21 * 1024 * 1024, 7)]);
    // Over a real socket, as a browser sends it: the parts arrive in chunks, not as one buffer.
    const body = await multipart([
      { name: 'first.png', body: await png() },
      { name: 'huge.png', body: big },
      { name: 'third.png', body: await png(70, 50) },
      { name: 'fourth.png', body: await png(80, 60) },
      { name: 'fifth.png', body: await png(90, 70) },
    ]);
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${url}/api/v1/admin/material/upload`, {
      method: 'POST',
      headers: { ...a.headers, ...EN, ...body.headers },
      body: new Uint8Array(body.payload),
    });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const { results, accepted, refused } = JSON.parse(text).data;
    expect(results.map((r: { name: string }) => r.name)).toEqual([
      'first.png',
      'huge.png',
      'third.png',
      'fourth.png',
      'fifth.png',
    ]);
    expect([accepted, refused]).toEqual([4, 1]);
    expect(results[1]).toMatchObject({ ok: false, reason: 'size' });
    const list = await api('GET', '/api/v1/admin/material', a.headers);
    expect(list.json().data.total).toBe(4);
  });

  it('accepts the good files and reports each bad one with its reason', async () => {
    const { a } = await world();
    const res = await uploadMaterials(a.headers, [
      { name: 'one.png', body: await png() },
      {
        name: 'two.jpg',
        body: await png().then((b) => import('sharp').then((s) => s.default(b).jpeg().toBuffer())),
      },
      { name: 'fake.png', body: '<html>not an image</html>' },
      { name: 'three.png', body: await png(30, 30) },
      { name: 'vector.svg', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { results, accepted, refused } = res.json().data;
    expect([accepted, refused]).toEqual([3, 2]);
    expect(results.map((r: { ok: boolean }) => r.ok)).toEqual([true, true, false, true, false]);
    expect(results[2]).toMatchObject({
      name: 'fake.png',
      reason: 'type',
      message: 'File type not allowed (png)',
    });
    expect(results[4]).toMatchObject({ reason: 'type' });
    expect(results[1].material).toMatchObject({ name: 'two', format: 'jpg', width: 64, height: 48 });
    const list = await api('GET', '/api/v1/admin/material', a.headers);
    expect(list.json().data.total).toBe(3);
  });

  it('refuses 51 files in one batch and stores none of them', async () => {
    const { a } = await world();
    const image = await png(8, 8);
    const files = Array.from({ length: 51 }, (_, i) => ({ name: `f${i}.png`, body: image }));
    const res = await uploadMaterials(a.headers, files);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('At most 50 files can be uploaded at once');
    expect((await api('GET', '/api/v1/admin/material', a.headers)).json().data.total).toBe(0);
  });

  it('needs a token and the material:add permission', async () => {
    const { tenant } = await world();
    expect((await uploadMaterials({}, [{ name: 'a.png', body: await png() }])).statusCode).toBe(401);
    const staff = await buildMerchant(t.database.db, tenant.id, {
      staff: [{ username: `st${Date.now() % 100000}`, password: 'Staff12345' }],
    });
    const res = await uploadMaterials(await t.authAs(adminActor(staff.staff[0]!)), [
      { name: 'a.png', body: await png() },
    ]);
    expect(res.statusCode).toBe(403);
  });
});

describe('categories', () => {
  it('moves a deleted category’s materials (and its sub-tree’s) to Uncategorised', async () => {
    const { a } = await world();
    const parent = (
      await api('POST', '/api/v1/admin/materialCategory', a.headers, { name: 'Flowers' })
    ).json().data;
    const child = (
      await api('POST', '/api/v1/admin/materialCategory', a.headers, { name: 'Roses', parent_id: parent.id })
    ).json().data;
    const m1 = await oneMaterial(a.headers, 'rose.png', `?category_id=${child.id}`);
    expect(m1.category_id).toBe(child.id);
    const empty = await api('POST', '/api/v1/admin/materialCategory', a.headers, { name: '  ' });
    expect(empty.statusCode).toBe(400);

    const del = await api('DELETE', `/api/v1/admin/materialCategory/${parent.id}`, a.headers);
    expect(del.statusCode, del.body).toBe(200);
    const after = (await api('GET', `/api/v1/admin/material/${m1.id}`, a.headers)).json().data;
    expect(after.category_id).toBeNull();
    expect((await api('GET', '/api/v1/admin/materialCategory', a.headers)).json().data.total).toBe(0);
    expect((await api('GET', '/api/v1/admin/material/summary', a.headers)).json().data).toEqual({
      total: 1,
      uncategorised: 1,
    });
    expect((await api('GET', '/api/v1/admin/material?uncategorised=true', a.headers)).json().data.total).toBe(
      1,
    );
  });

  it('moves a category’s materials into a sub-category added under it', async () => {
    const { a } = await world();
    const prints = (await api('POST', '/api/v1/admin/materialCategory', a.headers, { name: 'Prints' })).json()
      .data;
    const m1 = await oneMaterial(a.headers, 'p1.png', `?category_id=${prints.id}`);
    const m2 = await oneMaterial(a.headers, 'p2.png', `?category_id=${prints.id}`);
    const sub = await api('POST', '/api/v1/admin/materialCategory', a.headers, {
      name: 'Retro',
      parent_id: prints.id,
    });
    expect(sub.statusCode).toBe(200);
    for (const m of [m1, m2])
      expect((await api('GET', `/api/v1/admin/material/${m.id}`, a.headers)).json().data.category_id).toBe(
        sub.json().data.id,
      );
    const cats = (await api('GET', '/api/v1/admin/materialCategory', a.headers)).json().data.list;
    expect(cats.find((c: { id: string }) => c.id === sub.json().data.id).material_count).toBe(2);
    // Materials now sit in the leaf; the parent with children no longer takes them directly.
    const refused = await uploadMaterials(
      a.headers,
      [{ name: 'x.png', body: await png() }],
      `?category_id=${prints.id}`,
    );
    expect(refused.statusCode).toBe(400);
    // Nor can a category move under itself.
    const cycle = await api('PATCH', `/api/v1/admin/materialCategory/${prints.id}`, a.headers, {
      parent_id: sub.json().data.id,
    });
    expect(cycle.statusCode).toBe(400);
  });

  it('keeps each library’s categories to itself', async () => {
    const { a, b } = await world();
    const cat = (await api('POST', '/api/v1/admin/materialCategory', a.headers, { name: 'Mine' })).json()
      .data;
    expect((await api('GET', `/api/v1/admin/materialCategory/${cat.id}`, b.headers)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/v1/admin/materialCategory/${cat.id}`, b.headers)).statusCode).toBe(404);
    const sneaky = await uploadMaterials(
      b.headers,
      [{ name: 'x.png', body: await png() }],
      `?category_id=${cat.id}`,
    );
    expect(sneaky.statusCode).toBe(404);
  });
});

describe('sharing and authorisation', () => {
  async function official(supplier: Headers, patch: object) {
    const m = await oneMaterial(supplier, 'official.png');
    const res = await api('PATCH', `/api/v1/admin/material/${m.id}`, supplier, patch);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string; is_official: boolean; image_url: string };
  }

  it('hides a material from a blacklisted merchant on every route', async () => {
    const w = await world();
    const m = await official(w.supplier, { visibility: 'tenant', blacklist: [w.b.id] });
    expect(m.is_official).toBe(true);
    await api('PUT', `/api/v1/admin/material/${m.id}/authorise`, w.supplier, { is_authorised: true });

    const seenByA = (await api('GET', '/api/v1/admin/material/library', w.a.headers)).json().data;
    expect(seenByA.list.map((x: { id: string }) => x.id)).toEqual([m.id]);
    expect(seenByA.list[0]).toMatchObject({ source: 'official', is_usable: true });

    const seenByB = (await api('GET', '/api/v1/admin/material/library', w.b.headers)).json().data;
    expect(seenByB.total).toBe(0);
    expect((await api('GET', `/api/v1/admin/material/library/${m.id}`, w.b.headers)).statusCode).toBe(404);
    expect((await api('GET', `/api/v1/admin/material/${m.id}`, w.b.headers)).statusCode).toBe(404);
    expect(
      (await api('PATCH', `/api/v1/admin/material/${m.id}`, w.b.headers, { name: 'x' })).statusCode,
    ).toBe(404);
    // A design referencing it is refused as if it did not exist.
    const viewer = (x: { id: string }) => ({ tenantId: w.tenant.id, merchantId: x.id });
    await expect(usableMaterials(t.database.db, viewer(w.b), [m.id])).rejects.toMatchObject({ status: 404 });
    expect(await usableMaterials(t.database.db, viewer(w.a), [m.id])).toHaveLength(1);
  });

  it('shows a whitelisted material to the listed merchants only', async () => {
    const w = await world();
    const m = await official(w.supplier, { visibility: 'tenant', whitelist: [w.b.id] });
    expect((await api('GET', `/api/v1/admin/material/library/${m.id}`, w.b.headers)).statusCode).toBe(200);
    expect((await api('GET', `/api/v1/admin/material/library/${m.id}`, w.a.headers)).statusCode).toBe(404);
    const unknown = await api('PATCH', `/api/v1/admin/material/${m.id}`, w.supplier, { whitelist: [w.c.id] });
    expect(unknown.statusCode).toBe(400);
  });

  it('lets merchants use official material in designs only once it is authorised', async () => {
    const w = await world();
    const m = await official(w.supplier, { visibility: 'tenant' });
    const viewer = { tenantId: w.tenant.id, merchantId: w.a.id };
    const before = (await api('GET', `/api/v1/admin/material/library/${m.id}`, w.a.headers)).json().data;
    expect(before.is_usable).toBe(false);
    const awaiting = await api('GET', '/api/v1/admin/material/library?usable=false', w.a.headers);
    expect(awaiting.json().data.list.map((x: { id: string }) => x.id)).toEqual([m.id]);
    await expect(usableMaterials(t.database.db, viewer, [m.id])).rejects.toMatchObject({ status: 404 });
    // Only the official side may authorise; a merchant may not.
    const byMerchant = await api('PUT', `/api/v1/admin/material/${m.id}/authorise`, w.a.headers, {
      is_authorised: true,
    });
    expect(byMerchant.statusCode).toBe(403);
    const auth = await api('PUT', `/api/v1/admin/material/${m.id}/authorise`, w.supplier, {
      is_authorised: true,
    });
    expect(auth.statusCode, auth.body).toBe(200);
    expect(
      (await api('GET', `/api/v1/admin/material/library/${m.id}`, w.a.headers)).json().data.is_usable,
    ).toBe(true);
    expect(await usableMaterials(t.database.db, viewer, [m.id])).toHaveLength(1);
    const notUsable = await api('GET', '/api/v1/admin/material/library?usable=false', w.a.headers);
    expect(notUsable.json().data.total).toBe(0);
    const bad = await api('PUT', `/api/v1/admin/material/${m.id}/authorise`, w.supplier, {
      is_authorised: 'yes',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps a private material, and its file URL, from another tenant', async () => {
    const w = await world();
    const mine = await oneMaterial(w.a.headers, 'secret.png');
    // Another tenant's merchant, and a merchant of the same tenant, find nothing by id or in lists.
    for (const who of [w.c, w.b]) {
      expect((await api('GET', `/api/v1/admin/material/${mine.id}`, who.headers)).statusCode).toBe(404);
      expect((await api('GET', `/api/v1/admin/material/library/${mine.id}`, who.headers)).statusCode).toBe(
        404,
      );
      expect((await api('GET', '/api/v1/admin/material/library', who.headers)).json().data.total).toBe(0);
      expect((await api('DELETE', `/api/v1/admin/material/${mine.id}`, who.headers)).statusCode).toBe(404);
    }
    // The stored file is readable only through the signed URL handed to the owner.
    const bare = mine.image_url.split('?')[0]!;
    expect((await t.app.inject({ method: 'GET', url: bare })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${bare}?e=9999999999&s=guess` })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: mine.image_url })).statusCode).toBe(200);
    // The owner's library lists it as its own.
    const own = (await api('GET', '/api/v1/admin/material/library?source=mine', w.a.headers)).json().data;
    expect(own.list[0]).toMatchObject({ id: mine.id, source: 'mine', is_usable: true });
  });

  it('lets a supplier manage only its official library, not its merchants’ materials', async () => {
    const w = await world();
    const merchantOwn = await oneMaterial(w.a.headers, 'own.png');
    expect((await api('GET', `/api/v1/admin/material/${merchantOwn.id}`, w.supplier)).statusCode).toBe(404);
    expect((await api('GET', '/api/v1/admin/material', w.supplier)).json().data.total).toBe(0);
    expect((await api('GET', '/api/v1/admin/material/library', w.supplier)).statusCode).toBe(403);
  });

  it('shows which material uses an attachment, and refuses to delete a used one', async () => {
    const w = await world();
    const m = await oneMaterial(w.a.headers, 'used.png');
    const list = (await api('GET', '/api/v1/admin/attachment', w.a.headers)).json().data.list;
    expect(list[0].references).toEqual([{ kind: 'material', id: m.id, label: 'used' }]);
    const del = await api('DELETE', `/api/v1/admin/attachment/${list[0].id}`, w.a.headers);
    expect(del.statusCode).toBe(409);
    expect(del.json().msg).toContain('still used');
    // Once the material is gone, the file is unused and can go too.
    expect((await api('DELETE', `/api/v1/admin/material/${m.id}`, w.a.headers)).statusCode).toBe(200);
    expect((await api('DELETE', `/api/v1/admin/attachment/${list[0].id}`, w.a.headers)).statusCode).toBe(200);
  });

  it('counts uploads against the merchant level’s storage quota, naming the limit and the level', async () => {
    const w = await world();
    const level = await api('POST', '/api/v1/admin/merchantLevel', w.supplier, {
      name: 'Tiny',
      storage_count: 1,
      is_default: true,
    });
    expect(level.statusCode, level.body).toBe(200);
    // Random pixels do not compress: each 450×450 PNG stays over half a megabyte, even re-encoded.
    const noisy = await import('sharp').then((s) =>
      s
        .default(randomBytes(450 * 450 * 3), { raw: { width: 450, height: 450, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer(),
    );
    expect(noisy.length).toBeGreaterThan(550 * 1024);
    const first = await uploadMaterials(w.a.headers, [{ name: 'one.png', body: noisy }]);
    expect(first.json().data.accepted).toBe(1);
    const second = await uploadMaterials(w.a.headers, [{ name: 'two.png', body: noisy }]);
    expect(second.json().data.results[0]).toMatchObject({ ok: false, reason: 'quota' });
    expect(second.json().data.results[0].message).toContain('Tiny');
    // Sizes read as sizes (issue 26: it said `0.3007984161376953/1`).
    expect(second.json().data.results[0].message).toMatch(/\(0\.\d MB\/1 MB\)$/);
    expect((await api('GET', '/api/v1/admin/material', w.a.headers)).json().data.total).toBe(1);
  });
});
