import { count, isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildMember,
  buildMerchant,
  buildSupplierAdmin,
  buildTenant,
} from '../../../test/factories/index.ts';
import { jpegWithExif, multipart, png, pngBomb } from '../../../test/helpers/multipart.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { attachments } from '../../db/schema/index.ts';
import { adminActor } from '../access/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const EN = { 'accept-language': 'en' };
const ZH = { 'accept-language': 'zh-cn' };

async function merchantHeaders() {
  const tenant = await buildTenant(t.database.db);
  const { primary } = await buildMerchant(t.database.db, tenant.id);
  return { tenant, headers: await t.authAs(adminActor(primary)) };
}

async function upload(
  headers: Record<string, string>,
  files: Parameters<typeof multipart>[0],
  url = '/admin/ajax/upload',
) {
  const body = await multipart(files);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

const storedCount = async () => (await t.database.db.select({ n: count() }).from(attachments))[0]?.n ?? 0;

describe('POST /admin/ajax/upload', () => {
  it('re-encodes an image without its metadata, records size and DPI, and serves it through a signed URL', async () => {
    const { headers } = await merchantHeaders();
    const original = await jpegWithExif(80, 60);
    expect(original.includes(Buffer.from('SecretCam'))).toBe(true);
    const res = await upload({ ...headers, ...EN }, [
      { name: 'photo.jpg', body: original, type: 'image/jpeg' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json().data.file;
    expect(file).toMatchObject({
      name: 'photo.jpg',
      mime_type: 'image/jpeg',
      width: 80,
      height: 60,
      dpi: 300,
    });
    expect(file.thumb_url).toMatch(/^\/files\//);

    const served = await t.app.inject({ method: 'GET', url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([80, 60]);

    const thumb = await t.app.inject({ method: 'GET', url: file.thumb_url });
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');
  });

  it('refuses a file URL whose signature is missing, forged or expired', async () => {
    const { headers } = await merchantHeaders();
    const res = await upload(headers, [{ name: 'a.png', body: await png() }]);
    const url: string = res.json().data.file.url;
    const path = url.split('?')[0]!;
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(400);
    const forged = url.replace(/s=[^&]+/, 's=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    const expired = url.replace(/e=\d+/, 'e=1000');
    expect((await t.app.inject({ method: 'GET', url: expired })).statusCode).toBe(403);
  });

  it('refuses a polyglot: a .png whose content is HTML', async () => {
    const { headers } = await merchantHeaders();
    const html = '<html><body><script>alert(document.cookie)</script></body></html>';
    const res = await upload({ ...headers, ...EN }, [{ name: 'cat.png', body: html, type: 'image/png' }]);
    expect(res.statusCode).toBe(415);
    expect(res.json().msg).toContain('File type not allowed');
    const zh = await upload({ ...headers, ...ZH }, [{ name: 'cat.png', body: html, type: 'image/png' }]);
    expect(zh.json().msg).toContain('不允许的文件类型');
    expect(await storedCount()).toBe(0);
  });

  it('refuses a suffix outside the allowed list, and a file with no name or no bytes', async () => {
    const { headers } = await merchantHeaders();
    const exe = await upload({ ...headers, ...EN }, [{ name: 'tool.exe', body: 'MZ\x90\x00' }]);
    expect(exe.statusCode).toBe(415);
    const empty = await upload({ ...headers, ...EN }, [{ name: 'empty.png', body: Buffer.alloc(0) }]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toContain('incomplete');
    const noFile = await multipart([], { note: 'x' });
    const none = await t.app.inject({
      method: 'POST',
      url: '/admin/ajax/upload',
      headers: { ...headers, ...EN, ...noFile.headers },
      payload: noFile.payload,
    });
    expect(none.statusCode).toBe(400);
    // A body cut off mid-file (or not multipart at all) is the sender's error, never a 500.
    const cut = await multipart([{ name: 'a.png', body: await png() }]);
    for (const payload of [cut.payload.subarray(0, cut.payload.length - 60), Buffer.from('not multipart')]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/admin/ajax/upload',
        headers: { ...headers, ...EN, ...cut.headers },
        payload,
      });
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(await storedCount()).toBe(0);
  });

  it('refuses a 25 MB image with the size message, without storing it', async () => {
    const { headers } = await merchantHeaders();
    const big = Buffer.concat([await png(), Buffer.alloc(25 * 1024 * 1024, 1)]);
    const res = await upload(
      { ...headers, ...EN },
      [{ name: 'big.png', body: big }],
      '/admin/ajax/upload?topic=material',
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().msg).toBe('File size over limit (at most 20 MB)');
    expect(await storedCount()).toBe(0);
  });

  it('refuses a decompression bomb (20000×20000 in a tiny PNG) from its header', async () => {
    const { headers } = await merchantHeaders();
    const bomb = pngBomb(20000);
    expect(bomb.length).toBeLessThan(100_000);
    const before = process.memoryUsage().rss;
    const res = await upload({ ...headers, ...EN }, [{ name: 'bomb.png', body: bomb }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().msg).toContain('20000×20000');
    // Decoding it would take 400 MB; refusing it from the header takes next to nothing.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('accepts a clean SVG for designs, and refuses one with <script> or an onload handler', async () => {
    const { headers } = await merchantHeaders();
    const clean =
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#f00"/></svg>';
    const ok = await upload(headers, [{ name: 'logo.svg', body: clean }], '/admin/ajax/upload?topic=design');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.file).toMatchObject({ mime_type: 'image/svg+xml', width: 40, height: 20 });
    const served = await t.app.inject({ method: 'GET', url: ok.json().data.file.url });
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");

    for (const evil of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><text>x</text></a></svg>',
    ]) {
      const res = await upload(
        { ...headers, ...EN },
        [{ name: 'evil.svg', body: evil }],
        '/admin/ajax/upload?topic=design',
      );
      expect(res.statusCode, evil).toBe(415);
      expect(res.json().msg).toContain('unsafe');
    }
    // The general topic follows the upload config, which does not allow SVG by default.
    const general = await upload(headers, [{ name: 'logo.svg', body: clean }]);
    expect(general.statusCode).toBe(415);
  });

  it('issue 17 finding 8: refuses SVGs that refer to anything outside themselves', async () => {
    const { headers } = await merchantHeaders();
    const svg = (inner: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="20" height="20">${inner}</svg>`;
    for (const evil of [
      svg('<image xlink:href="http://127.0.0.1:9/x.png" width="20" height="20"/>'),
      svg('<rect width="20" height="20" style="fill: url(http://127.0.0.1:9/f.svg#g)"/>'),
      svg('<style>@import url(https://example.com/a.css);</style><rect width="1" height="1"/>'),
    ]) {
      const res = await upload(
        { ...headers, ...EN },
        [{ name: 'remote.svg', body: evil }],
        '/admin/ajax/upload?topic=design',
      );
      expect(res.statusCode, evil).toBe(415);
      expect(res.json().msg).toContain('references to other files');
    }
  });

  it('takes member-centre uploads on /api/ajax/upload, and refuses callers without a token', async () => {
    const tenant = await buildTenant(t.database.db);
    const member = await buildMember(t.database.db, tenant.id);
    const headers = await t.authAs({ kind: 'member', id: member.id, tenantId: tenant.id });
    const res = await upload(headers, [{ name: 'me.png', body: await png() }], '/api/ajax/upload');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.file.uploader_kind).toBe('member');
    expect((await upload({}, [{ name: 'a.png', body: await png() }])).statusCode).toBe(401);
    expect((await upload({}, [{ name: 'a.png', body: await png() }], '/api/ajax/upload')).statusCode).toBe(
      401,
    );
  });
});

describe('member avatar (issue 27)', () => {
  it("issue 27: a member's uploaded image becomes its avatar, shown as a signed URL; another member's image is not found", async () => {
    const tenant = await buildTenant(t.database.db);
    const member = await buildMember(t.database.db, tenant.id);
    const other = await buildMember(t.database.db, tenant.id);
    const headers = await t.authAs({ kind: 'member', id: member.id, tenantId: tenant.id });
    const otherHeaders = await t.authAs({ kind: 'member', id: other.id, tenantId: tenant.id });
    const mine = (await upload(headers, [{ name: 'me.png', body: await png() }], '/api/ajax/upload')).json()
      .data.file.id;
    const theirs = (
      await upload(otherHeaders, [{ name: 'them.png', body: await png() }], '/api/ajax/upload')
    ).json().data.file.id;
    const set = (attachment_id: string | null) =>
      t.app.inject({ method: 'PUT', url: '/api/account/avatar', headers, payload: { attachment_id } });
    expect((await set(theirs)).statusCode).toBe(404);
    const done = await set(mine);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.avatar).toMatch(/^\/files\/.+\?e=\d+&s=/);
    // Saving the profile keeps the avatar (it changes only here).
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/account/profile',
      headers,
      payload: { nickname: 'Me', avatar: '' },
    });
    expect(profile.json().data.avatar).toMatch(/^\/files\//);
    expect((await set(null)).json().data.avatar).toBe('');
  });
});

describe('attachments page', () => {
  it('lists a tenant’s own uploads only; another tenant’s attachment cannot be deleted', async () => {
    const a = await merchantHeaders();
    const b = await merchantHeaders();
    const mine = await upload(a.headers, [{ name: 'mine.png', body: await png(10, 10) }]);
    await upload(b.headers, [{ name: 'theirs.png', body: await png(12, 12) }]);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/admin/attachment', headers: a.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.list.map((f: { name: string }) => f.name)).toEqual(['mine.png']);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/attachment?limit=1000',
      headers: a.headers,
    });
    expect(bad.statusCode).toBe(400);

    const id = mine.json().data.file.id;
    const cross = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/attachment/${id}`,
      headers: b.headers,
    });
    expect(cross.statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/attachment/${id}`,
      headers: a.headers,
    });
    expect(del.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/attachment' })).statusCode).toBe(401);
  });

  it('lets a supplier see its own uploads but not its merchants’ private files', async () => {
    const tenant = await buildTenant(t.database.db);
    const supplier = await t.authAs(adminActor(await buildSupplierAdmin(t.database.db, tenant.id)));
    const { primary } = await buildMerchant(t.database.db, tenant.id);
    await upload(await t.authAs(adminActor(primary)), [{ name: 'merchant.png', body: await png() }]);
    await upload(supplier, [{ name: 'supplier.png', body: await png() }]);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/admin/attachment', headers: supplier });
    expect(list.json().data.list.map((f: { name: string }) => f.name)).toEqual(['supplier.png']);
    // The merchant list shows the merchant's image storage, counted from its uploads.
    const merchants = await t.app.inject({ method: 'GET', url: '/api/v1/admin/merchant', headers: supplier });
    const [row] = merchants.json().data.list;
    const [stored] = await t.database.db.select().from(attachments).where(isNotNull(attachments.merchantId));
    expect(row.storage_used).toBe(stored!.size);
    expect(row.storage_used).toBeGreaterThan(0);
  });
});

describe('PUT /api/v1/admin/profile/avatar', () => {
  it('sets the avatar from the caller’s own upload, served through a signed URL', async () => {
    const a = await merchantHeaders();
    const b = await merchantHeaders();
    const mine = (
      await upload(
        a.headers,
        [{ name: 'me.png', body: await png(200, 200) }],
        '/admin/ajax/upload?topic=image',
      )
    ).json().data.file;
    const theirs = (await upload(b.headers, [{ name: 'them.png', body: await png() }])).json().data.file;
    const url = '/api/v1/admin/profile/avatar';
    const set = await t.app.inject({
      method: 'PUT',
      url,
      headers: a.headers,
      payload: { attachment_id: mine.id },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.avatar).toMatch(/^\/files\//);
    expect((await t.app.inject({ method: 'GET', url: set.json().data.avatar })).statusCode).toBe(200);
    const profile = await t.app.inject({ method: 'GET', url: '/api/v1/admin/profile', headers: a.headers });
    expect(profile.json().data.avatar).toBe(set.json().data.avatar);

    const cross = await t.app.inject({
      method: 'PUT',
      url,
      headers: a.headers,
      payload: { attachment_id: theirs.id },
    });
    expect(cross.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'PUT',
      url,
      headers: a.headers,
      payload: { attachment_id: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url, payload: { attachment_id: null } })).statusCode).toBe(
      401,
    );
    const cleared = await t.app.inject({
      method: 'PUT',
      url,
      headers: a.headers,
      payload: { attachment_id: null },
    });
    expect(cleared.json().data.avatar).toBe('');
  });
});
