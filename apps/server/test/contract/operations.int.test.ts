import { envelope, OPERATIONS, PERMISSION_NAMES, type AnyOperation } from '@pod/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_CATALOGUE } from '../../src/modules/index.ts';
import { registerOpenApi } from '../../src/platform/http/openapi.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/*
 * One contract per operation (issue 16 item 6): every operation the server serves is declared once
 * in packages/shared (`OPERATIONS`), and every declared operation is served. The server's OpenAPI
 * document is compared with the contracts: the same operationId, method, path, audience and
 * permission, one to one; and the same request and reply schemas, by generating the document a
 * server built from the contracts alone would serve.
 */

interface DocOperation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  'x-audience'?: string;
  'x-permission'?: string | null;
  [key: string]: unknown;
}
interface OpenApiDoc {
  components?: Record<string, unknown>;
  paths: Record<string, Record<string, DocOperation>>;
}
interface Served extends DocOperation {
  method: string;
  path: string;
}

/** OpenAPI's `/role/{id}` as the contracts write it: `/role/:id`. */
const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
const keyOf = (op: { method: string; path: string }) => `${op.method} ${op.path}`;

function operationsOf(doc: OpenApiDoc): Served[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      ...op,
      method: method.toUpperCase(),
      path: fastifyPath(path),
    })),
  );
}

async function documentOf(app: FastifyInstance): Promise<OpenApiDoc> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** A server whose routes are the contracts and nothing else, documented like the real one. */
async function contractServer(operations: readonly AnyOperation[]): Promise<FastifyInstance> {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerOpenApi(app, 'contract');
  for (const op of operations) {
    app.route({
      method: op.method,
      url: op.path,
      config: { audience: op.audience, permission: op.permission },
      schema: {
        tags: [op.tag],
        operationId: op.id,
        ...(op.summary === undefined ? {} : { summary: op.summary }),
        ...(op.consumes ? { consumes: [op.consumes] } : {}),
        ...(op.params ? { params: op.params } : {}),
        ...(op.query ? { querystring: op.query } : {}),
        ...(op.body ? { body: op.body } : {}),
        ...(op.raw ? {} : { response: { 200: envelope(op.response) } }),
      },
      handler: () => null,
    });
  }
  await app.ready();
  return app;
}

let t: TestApp;
let served: Served[];
let serverDoc: OpenApiDoc;

beforeAll(async () => {
  t = await createTestApp();
  serverDoc = await documentOf(t.app);
  served = operationsOf(serverDoc);
});
afterAll(() => t.close());

describe('one contract per operation', () => {
  it('declares every operationId and every method and path once', () => {
    expect(OPERATIONS.length).toBeGreaterThan(0);
    expect(new Set(OPERATIONS.map((op) => op.id)).size).toBe(OPERATIONS.length);
    expect(new Set(OPERATIONS.map(keyOf)).size).toBe(OPERATIONS.length);
  });

  it("matches the server's operations one to one: operationId, method, path, audience, permission", () => {
    const declared = (op: { method: string; path: string; audience: string; permission: string | null }) =>
      ({ method: op.method, path: op.path, audience: op.audience, permission: op.permission }) as const;
    const fromServer = Object.fromEntries(
      served.map((op) => [
        op.operationId ?? `(no operationId) ${keyOf(op)}`,
        declared({
          method: op.method,
          path: op.path,
          audience: op['x-audience'] ?? '(none)',
          permission: op['x-permission'] ?? null,
        }),
      ]),
    );
    const fromContracts = Object.fromEntries(OPERATIONS.map((op) => [op.id, declared(op)]));
    const missing = Object.keys(fromServer).filter((id) => !(id in fromContracts));
    const extra = Object.keys(fromContracts).filter((id) => !(id in fromServer));
    expect(missing, 'served but not declared in packages/shared').toEqual([]);
    expect(extra, 'declared in packages/shared but not served').toEqual([]);
    expect(fromContracts).toEqual(fromServer);
    expect(OPERATIONS.length).toBe(served.length);
  });

  it('names in packages/shared exactly the permissions the menu catalogue grants', () => {
    const granted = MENU_CATALOGUE.flatMap((m) =>
      m.type === 'button' ? [m.name] : m.permission ? [m.permission] : [],
    );
    expect([...PERMISSION_NAMES].sort()).toEqual([...new Set(granted)].sort());
  });

  it("has the server's tag and summary on each operation", () => {
    const byId = new Map(served.map((op) => [op.operationId, op]));
    for (const op of OPERATIONS) {
      const twin = byId.get(op.id);
      expect({ tag: op.tag, summary: op.summary }, op.id).toEqual({
        tag: twin?.tags?.[0],
        summary: twin?.summary,
      });
    }
  });

  it("has the server's request and reply schemas: the documents of the two agree", async () => {
    const mirror = await contractServer(OPERATIONS);
    try {
      const contractDoc = await documentOf(mirror);
      const byKey = new Map(operationsOf(contractDoc).map((op) => [keyOf(op), op]));
      for (const op of served) expect(byKey.get(keyOf(op)), `${op.operationId}`).toEqual(op);
      expect(contractDoc.components).toEqual(serverDoc.components);
    } finally {
      await mirror.close();
    }
  });
});
