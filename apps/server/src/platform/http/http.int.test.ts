import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '@pod/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { ok } from './envelope.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    beforeReady(app) {
      // A route of the test's own, to exercise body validation and unexpected errors.
      app.post(
        '/api/test/echo',
        {
          config: { audience: 'public', permission: null },
          schema: {
            tags: ['test'],
            operationId: 'testEcho',
            body: z.object({
              username: z.string().min(3).max(15),
              password: z.string().min(8),
              kind: z.enum(['a', 'b']).optional(),
            }),
            response: { 200: envelope(z.object({ username: z.string() })) },
          },
        },
        async (request) => ok({ username: (request.body as { username: string }).username }),
      );
      app.get(
        '/api/test/boom',
        {
          config: { audience: 'public', permission: null },
          schema: { tags: ['test'], operationId: 'testBoom' },
        },
        async () => {
          throw new Error('secret internal detail');
        },
      );
    },
  });
});
afterAll(() => t.close());

describe('envelope and errors', () => {
  it('health reports ok with the database kind and version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 1, msg: '', data: { status: 'ok', database: t.database.kind } });
    expect(body.data.version).toBe(t.config.version);
    expect(typeof body.time).toBe('number');
  });

  it('an unknown route gives the 404 envelope in zh-cn by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/does-not-exist?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 404,
      data: { errors: [] },
      msg: '请求地址出错：/api/v1/does-not-exist?x=1',
    });
  });

  it('an unknown route gives the 404 envelope in English', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nothing',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, msg: 'Error requesting address: /api/v1/nothing' });
  });

  it('an unknown language falls back to zh-cn', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/x', headers: { 'accept-language': 'fr-FR' } });
    expect(res.json().msg).toContain('请求地址出错');
  });

  it('a missing field gives 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'accept-language': 'en' },
      payload: { password: 'longenough' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(400);
    expect(body.msg).toBe('Please enter username');
    expect(body.data.errors).toEqual([{ field: 'username', message: 'Please enter username' }]);
  });

  it('validation messages are rendered in zh-cn', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { username: 'ab', password: 'x' },
    });
    expect(res.statusCode).toBe(400);
    const fields = (res.json().data.errors as Array<{ field: string; message: string }>).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['username', 'password']));
    expect(res.json().msg).toBe('用户名长度不能少于 3');
  });

  it('a wrong enum value asks the user to select the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'accept-language': 'en' },
      payload: { username: 'alice', password: 'longenough', kind: 'z' },
    });
    expect(res.json().msg).toBe('Please select kind');
  });

  it('malformed JSON gives 400 "incorrect parameter", not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg: 'Incorrect parameter!' });
  });

  it('an unexpected error gives a 500 envelope without its message or stack', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test/boom',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 500, msg: 'Server internal error!', data: { errors: [] } });
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toContain('at ');
  });

  it('echoes a safe request id and replaces an unsafe one', async () => {
    const good = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(good.headers['x-request-id']).toBe('abc-123');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'a b<script>' },
    });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('site info comes from /api/v1/index', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/index' });
    expect(res.json()).toMatchObject({
      code: 1,
      data: { name: t.config.siteName, languages: ['zh-cn', 'en'], currencies: ['CNY', 'USD'] },
    });
  });
});
