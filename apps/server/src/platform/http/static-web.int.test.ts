import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

let t: TestApp;
const web = mkdtempSync(join(tmpdir(), 'pod-web-'));

beforeAll(async () => {
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><div id="root">shell</div>');
  writeFileSync(join(web, 'assets', 'app-1a2b.js'), 'console.log(1)');
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
