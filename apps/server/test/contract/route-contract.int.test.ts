import fc from 'fast-check';
import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActor } from '../../src/modules/access/index.ts';
import { MENU_CATALOGUE } from '../../src/modules/index.ts';
import { memberActor } from '../../src/modules/member/index.ts';
import { AUDIENCES } from '../../src/platform/http/route-config.ts';
import { buildMember, buildPlatformAdmin, buildTenant } from '../factories/index.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import './cases.ts';
import { CROSS_TENANT_CASES } from './cross-tenant.ts';
import { arbitraryFor, toQueryString, type JsonSchema } from './json-schema-arbitrary.ts';
import { PUBLIC_ROUTES } from './public-routes.ts';

interface Operation {
  method: string;
  path: string;
  operationId?: string;
  tags?: string[];
  'x-audience'?: string;
  'x-permission'?: string | null;
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

let t: TestApp;
let doc: { paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>> };
let operations: Operation[];
const headersFor: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  t = await createTestApp({ startJobs: true });
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
  );
  const tenant = await buildTenant(t.database.db);
  headersFor.admin = await t.authAs(adminActor(await buildPlatformAdmin(t.database.db)));
  headersFor.member = await t.authAs(memberActor(await buildMember(t.database.db, tenant.id)));
  headersFor.public = {};
});
afterAll(() => t.close());

const key = (op: Operation) => `${op.method} ${op.path}`;
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
const fillPath = (path: string, value: (name: string) => string) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(value(name)));

function expectEnvelope(body: string, status: number) {
  expect(status, body.slice(0, 300)).toBeLessThan(500);
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(Object.keys(parsed).sort()).toEqual(['code', 'data', 'msg', 'time']);
  expect(body).not.toMatch(/\bat .+\.(ts|js):\d+/);
  expect(body).not.toContain('"stack"');
}

/**
 * Generated inputs per operation. The embedded run (`npm test`) does the full sweep; the PostgreSQL
 * run repeats it lighter, since input validation does not depend on the database (keeps CI short).
 */
const FUZZ_RUNS = process.env.DATABASE_URL ? 10 : 30;

describe('route contract', () => {
  it('serves a valid OpenAPI 3 document and a browsable UI', async () => {
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, JSON.stringify(result)).toBe(true);
    expect((doc as unknown as { openapi: string }).openapi).toMatch(/^3\./);
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('every route declares a tag, a unique operationId, an audience and a permission', () => {
    expect(operations.length).toBeGreaterThan(0);
    const ids = new Set<string>();
    for (const op of operations) {
      expect(op.tags?.length, key(op)).toBeGreaterThan(0);
      expect(op.operationId, key(op)).toBeTruthy();
      expect(ids.has(op.operationId!), `duplicate operationId ${op.operationId}`).toBe(false);
      ids.add(op.operationId!);
      expect(AUDIENCES, key(op)).toContain(op['x-audience']);
      expect(op['x-permission'] === null || typeof op['x-permission'] === 'string', key(op)).toBe(true);
    }
  });

  it('every permission a route needs can be granted: it is a menu permission or a button', () => {
    const grantable = new Set(
      MENU_CATALOGUE.flatMap((m) => (m.type === 'button' ? [m.name] : m.permission ? [m.permission] : [])),
    );
    for (const op of operations) {
      const permission = op['x-permission'];
      if (permission) expect(grantable.has(permission), `${key(op)} needs ${permission}`).toBe(true);
    }
  });

  it('public routes are exactly the allowlist', () => {
    const publicOps = operations
      .filter((op) => op['x-audience'] === 'public')
      .map(key)
      .sort();
    expect(publicOps).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('every non-public route answers 401 without a token', async () => {
    for (const op of operations.filter((o) => o['x-audience'] !== 'public')) {
      const res = await t.app.inject({
        method: op.method as 'GET',
        url: fillPath(op.path, () => SAMPLE_ID),
        ...(op.requestBody ? { payload: {} } : {}),
      });
      expect(res.statusCode, key(op)).toBe(401);
      expect(res.json(), key(op)).toMatchObject({ code: 401 });
    }
  });

  it('no generated or boundary input produces a 500 or a stack trace', async () => {
    for (const op of operations) {
      const params = op.parameters ?? [];
      const query = params.filter((p) => p.in === 'query');
      const path = params.filter((p) => p.in === 'path');
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      if (!bodySchema && query.length === 0 && path.length === 0) continue;

      const querySchema: JsonSchema = {
        type: 'object',
        properties: Object.fromEntries(query.map((p) => [p.name, p.schema ?? {}])),
      };
      const pathArb = fc.record(
        Object.fromEntries(
          path.map((p) => [p.name, fc.oneof(fc.string({ minLength: 1 }), fc.uuid(), fc.constant(SAMPLE_ID))]),
        ),
      );
      await fc.assert(
        fc.asyncProperty(
          pathArb,
          query.length ? arbitraryFor(querySchema) : fc.constant(undefined),
          bodySchema ? arbitraryFor(bodySchema) : fc.constant(undefined),
          async (pathValues, queryValue, bodyValue) => {
            const url = fillPath(
              op.path,
              (name) => (pathValues as Record<string, string>)[name] ?? SAMPLE_ID,
            );
            const qs = queryValue === undefined ? '' : `?${toQueryString(queryValue)}`;
            const res = await t.app.inject({
              method: op.method as 'GET',
              url: url + qs,
              headers: { ...headersFor[op['x-audience']!], 'content-type': 'application/json' },
              ...(bodySchema ? { payload: JSON.stringify(bodyValue ?? null) } : {}),
            });
            // The suffix SVG builder (spec §7) answers good input with the icon itself.
            if (res.statusCode === 200 && String(res.headers['content-type']).startsWith('image/svg+xml'))
              return;
            expectEnvelope(res.body, res.statusCode);
          },
        ),
        { numRuns: FUZZ_RUNS },
      );
    }
  }, 600_000);

  it('a NUL character in any query, path or body string answers 400 naming the field', async () => {
    // Fresh sign-ins: the fuzz above may have signed its actors out.
    const tenant = await buildTenant(t.database.db);
    const signIn: Record<string, Record<string, string>> = {
      admin: await t.authAs(adminActor(await buildPlatformAdmin(t.database.db))),
      member: await t.authAs(memberActor(await buildMember(t.database.db, tenant.id))),
    };
    let checked = 0;
    const guarded = operations.filter((o) => o['x-audience'] !== 'public' && !o.path.endsWith('/logout'));
    for (const op of guarded) {
      const url = fillPath(op.path, () => SAMPLE_ID);
      const headers = { ...signIn[op['x-audience']!], 'accept-language': 'en' };
      const stringQuery = (op.parameters ?? []).filter(
        (p) => p.in === 'query' && p.schema?.type === 'string',
      );
      for (const p of stringQuery) {
        const res = await t.app.inject({
          method: op.method as 'GET',
          url: `${url}?${p.name}=%00`,
          headers,
          ...(op.requestBody ? { payload: {} } : {}),
        });
        if (res.statusCode === 403) continue; // not this actor's tier: refused before any input is read
        expect(res.statusCode, `${key(op)} ?${p.name}`).toBe(400);
        expect(res.json().msg, key(op)).toContain('invalid character');
        checked++;
      }
      if (op.requestBody?.content?.['application/json']) {
        const res = await t.app.inject({
          method: op.method as 'GET',
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify({ name: 'a\u0000b' }),
        });
        if (res.statusCode === 403) continue;
        expect(res.statusCode, `${key(op)} body`).toBe(400);
        expect(res.json().data.errors[0].field, key(op)).toBe('name');
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("cross-tenant replay: another tenant's id answers 404", async () => {
    expect(CROSS_TENANT_CASES.length).toBeGreaterThan(0);
    for (const c of CROSS_TENANT_CASES) {
      const a = await buildTenant(t.database.db);
      const b = await buildTenant(t.database.db);
      const request = await c.arrange(t, a.id);
      const own = await t.app.inject({ ...request, headers: await c.as(t, a.id) } as never);
      expect(own.statusCode, `${c.name} as its own tenant`).toBe(200);
      const other = await t.app.inject({ ...request, headers: await c.as(t, b.id) } as never);
      expect(other.statusCode, c.name).toBe(404);
      expect(other.body, c.name).not.toContain(a.id);
    }
  });
});
