import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldErrors } from '../../src/platform/http/validation.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The OpenAPI document as a contract an integrator can build on (issue 27): a strict validator
 * accepts it, and no operation, parameter or property is left without a description.
 */

type Json = Record<string, unknown>;
interface Schema extends Json {
  type?: string;
  properties?: Record<string, Schema>;
  enum?: unknown[];
  description?: string;
}

let t: TestApp;
let doc: Json & {
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json> };
};
const operations: Array<{ where: string; op: Json }> = [];

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) operations.push({ where: `${method} ${path}`, op });
});
afterAll(() => t.close());

/** Every property of every schema under a node, with where it is and its siblings. */
function properties(
  node: unknown,
  where: string,
  out: Array<{ where: string; name: string; schema: Schema }> = [],
) {
  if (!node || typeof node !== 'object') return out;
  if (Array.isArray(node)) {
    node.forEach((n, i) => properties(n, `${where}[${i}]`, out));
    return out;
  }
  const s = node as Schema;
  if (s.properties && typeof s.properties === 'object')
    for (const [name, schema] of Object.entries(s.properties)) out.push({ where, name, schema });
  for (const [key, value] of Object.entries(s))
    if (key !== 'example' && key !== 'enum') properties(value, `${where}.${key}`, out);
  return out;
}

/** Field names a client sends: parameters and the properties of request bodies. */
function requestFieldNames(): Set<string> {
  const names = new Set<string>();
  for (const { op } of operations) {
    for (const p of (op.parameters ?? []) as Array<{ name: string }>) names.add(p.name);
    for (const { name } of properties(op.requestBody, '')) names.add(name);
  }
  return names;
}

describe('the OpenAPI document as a contract', () => {
  it('passes a strict OpenAPI 3 validator', async () => {
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, JSON.stringify(result).slice(0, 2000)).toBe(true);
  });

  it('describes every operation and every parameter', () => {
    const missing: string[] = [];
    for (const { where, op } of operations) {
      if (typeof op.description !== 'string' || op.description.length < 10) missing.push(where);
      for (const p of (op.parameters ?? []) as Array<{ name: string; description?: string }>)
        if (!p.description) missing.push(`${where} ?${p.name}`);
    }
    expect(missing).toEqual([]);
  });

  it('describes every property of every request, reply and component', () => {
    const missing = new Set<string>();
    for (const { where, op } of operations)
      for (const { name, schema } of properties([op.requestBody, op.responses], where))
        if (!schema.description && !(schema as Json).$ref) missing.add(name);
    for (const { name, schema } of properties(doc.components.schemas, 'components'))
      if (!schema.description && !(schema as Json).$ref) missing.add(name);
    expect([...missing].sort()).toEqual([]);
  });

  it('money fields say they are integers in minor units beside their currency', () => {
    const money = operations.flatMap(({ where, op }) =>
      properties([op.requestBody, op.responses], where).filter(
        ({ name, schema }) =>
          schema.type === 'integer' &&
          /(^|_)(amount|price|fee|balance)($|_)/.test(name) &&
          !/(_bps|_count|_rate|_id)$/.test(name),
      ),
    );
    expect(money.length).toBeGreaterThan(20);
    for (const { where, name, schema } of money)
      expect(schema.description, `${where} ${name}`).toMatch(/minor units \(fen for CNY, cents for USD\)/);
    const withCurrency = money.filter(({ schema }) => schema.description?.includes('given by `'));
    expect(withCurrency.length).toBeGreaterThan(10);
  });

  it('names the platform’s own fields in snake_case; names the spec gives keep its spelling', () => {
    // Decision 0071: spec §7 (passwords, captcha, refresh, sortable, quick search), §3 site config's
    // upload block, and the admin-session store the spec describes.
    const SPEC_NAMES = new Set([
      'confirmPassword',
      'newPassword',
      'oldPassword',
      'captchaId',
      'captchaInfo',
      'refreshToken',
      'targetId',
      'quickSearch',
      'allowedSuffixes',
      'allowedMimeTypes',
      'maxSize',
      'userInfo',
      'lastLoginTime',
      'lastLoginIp',
    ]);
    const names = new Set<string>();
    for (const { where, op } of operations) {
      for (const p of (op.parameters ?? []) as Array<{ name: string }>) names.add(`${where} ?${p.name}`);
      for (const { name } of properties([op.requestBody, op.responses], where)) names.add(name);
    }
    for (const { name } of properties(doc.components.schemas, 'components')) names.add(name);
    const offRule = [...names]
      .map((n) => n.split('?').pop()!)
      .filter((n) => /[A-Z]/.test(n) && !SPEC_NAMES.has(n));
    expect([...new Set(offRule)].sort()).toEqual([]);
  });

  it('enums list every value with its meaning', () => {
    const unexplained = new Set<string>();
    const check = (where: string, name: string, schema: Schema) => {
      const values = schema.enum ?? (schema.items as Schema | undefined)?.enum;
      if (!values || values.length < 2) return;
      for (const value of values)
        if (!schema.description?.includes(`\`${String(value)}\` (`))
          unexplained.add(`${name}=${String(value)}`);
    };
    for (const { where, op } of operations) {
      for (const { name, schema } of properties([op.requestBody, op.responses], where))
        check(where, name, schema);
      for (const p of (op.parameters ?? []) as Array<{ name: string; schema?: Schema; description?: string }>)
        if (p.schema) check(where, p.name, { ...p.schema, description: p.description });
    }
    expect([...unexplained].sort()).toEqual([]);
  });

  it('every JSON request body has an example, and uploads are multipart with their file part', () => {
    for (const { where, op } of operations) {
      const body = op.requestBody as { content?: Record<string, Json> } | undefined;
      if (!body?.content) continue;
      const json = body.content['application/json'];
      if (json) expect(json.example, where).toBeDefined();
      const form = body.content['multipart/form-data'] as { schema?: Schema } | undefined;
      if (form) {
        expect(form.schema?.properties?.file, where).toBeDefined();
        expect(JSON.stringify(form.schema), where).toMatch(/At most [\d.]+ MB per file/);
      }
    }
    const uploads = operations.filter(({ op }) =>
      Boolean((op.requestBody as { content?: Json } | undefined)?.content?.['multipart/form-data']),
    );
    expect(uploads.map((u) => u.where)).toEqual(
      expect.arrayContaining([
        'post /admin/ajax/upload',
        'post /api/ajax/upload',
        'post /api/v1/admin/material/upload',
      ]),
    );
  });

  it('failures document the one error shape: data.errors of { field, message }', () => {
    for (const { where, op } of operations) {
      const failure = (op.responses as Record<string, { content?: Json }>)['4XX'];
      expect(JSON.stringify(failure?.content), where).toContain('"errors"');
    }
  });

  it('publishes the design document’s full JSON Schema and points design bodies at it', () => {
    const design = doc.components.schemas.DesignDocument;
    expect(design).toBeDefined();
    expect(JSON.stringify(doc.components.schemas)).toContain('"layers"');
    const save = doc.paths['/api/v1/admin/finished']?.post;
    expect(JSON.stringify(save?.requestBody ?? doc.paths)).toContain('#/components/schemas/DesignDocument');
  });

  it('every field a client sends has a label in both languages: no message shows a raw key', () => {
    const names = [...requestFieldNames()].filter((n) => /[_A-Z]/.test(n) || n.length > 2);
    expect(names).toEqual(expect.arrayContaining(['rate', 'level_expires_at', 'parent_id']));
    for (const lang of ['en', 'zh-cn'] as const) {
      for (const name of names) {
        const [error] = fieldErrors(
          lang,
          [{ keyword: 'invalid_type', instancePath: `/${name}`, params: {} }],
          {
            [name]: 'x',
          },
        );
        const message = error!.message;
        if (/[_A-Z]/.test(name)) expect(message, `${lang} ${name}`).not.toContain(name);
        expect(message, `${lang} ${name}`).not.toMatch(/[a-z]_[a-z]|[a-z][A-Z]/);
      }
    }
  });

  it('a real validation failure names the field by its label', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ajax/area?province=abc',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^Please enter the correct province/);
    expect(res.json().data.errors[0]).toMatchObject({ field: 'province' });
  });
});
