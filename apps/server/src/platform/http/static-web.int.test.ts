import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

let t: TestApp;
const BIG_JS = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i};`).join('\n');
const web = mkdtempSync(join(tmpdir(), 'pod-web-'));

beforeAll(async () => {
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><div id="root">shell</div>');
  writeFileSync(join(web, 'assets', 'app-1a2b.js'), 'console.log(1)');
  // A precompressed asset as the build writes it (apps/web/vite.config.ts): the file and its copies.
  writeFileSync(join(web, 'assets', 'big-3c4d.js'), BIG_JS);
  writeFileSync(join(web, 'assets', 'big-3c4d.js.br'), brotliCompressSync(BIG_JS));
  writeFileSync(join(web, 'assets', 'big-3c4d.js.gz'), gzipSync(BIG_JS));
  t = await createTestApp({ env: { WEB_DIST: web } });
});
afterAll(() => t.close());

describe('web app on the same port', () => {
  it.each(['/', '/admin/loading', '/user/overview', '/layouts/template/productList?x=1', '/404'])(
    'serves the app shell at %s',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">shell</div>');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets with a long cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it.each(['/api/v1/nothing', '/admin/ajax/nothing', '/api'])(
    'answers the 404 envelope for API address %s',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, msg: `Error requesting address: ${url}` });
    },
  );

  it('does not serve files outside the build', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/../../etc/passwd' });
    expect(res.body).not.toContain('root:');
  });
});

describe('compressed delivery', () => {
  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the brotli copy of a hashed asset to a browser that accepts it, cached for good', async () => {
    const res = await get('/assets/big-3c4d.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(BIG_JS);
  });

  it('sends the gzip copy when brotli is not accepted', async () => {
    const res = await get('/assets/big-3c4d.js', 'gzip, deflate');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(gunzipSync(res.rawPayload).toString()).toBe(BIG_JS);
  });

  it.each([undefined, 'identity'])('sends the file as it is for Accept-Encoding %s', async (accept) => {
    const res = await get('/assets/big-3c4d.js', accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(BIG_JS);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('never caches index.html for good, compressed or not', async () => {
    for (const url of ['/', '/user/overview']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('compresses a large JSON reply with the encoding the client prefers', async () => {
    const br = await get('/api/docs/json', 'br, gzip');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const document = JSON.parse(brotliDecompressSync(br.rawPayload).toString()) as { paths: object };
    expect(Object.keys(document.paths).length).toBeGreaterThan(10);
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(document).length / 3);

    const gzip = await get('/api/docs/json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(document);

    const plain = await get('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(document);
  });

  it('sends a small JSON reply as it is', async () => {
    const res = await get('/api/health', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ code: 1, data: { status: 'ok' } });
  });
});
