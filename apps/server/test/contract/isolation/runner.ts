import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import { exportRecords, jobRuns } from '../../../src/db/schema/index.ts';
import type { TestApp } from '../../helpers/test-app.ts';
import type { Ctx, Fixture, Made, Probe, Req, Who } from './types.ts';
import type { World } from './world.ts';

// ---- The operations, from the server's own OpenAPI document ----------------------------------------

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  maximum?: number;
}
export interface Operation {
  key: string;
  method: string;
  path: string;
  audience: string;
  permission: string | null;
  parameters: Array<{ in: string; name: string; schema?: JsonSchema }>;
  /** Where the operation takes an object id: `path:id`, `query:ids`, `body:addresses[].address_id`… */
  idFields: string[];
}

/** Names that carry an object's id (issue 16): id, ids, *_id, *_ids, order_no, order_nos. */
const ID_NAME = /^(id|ids|.+_id|.+_ids|order_no|order_nos)$/;
/** A fixed list of codes (e.g. `platform_ids: ['tiktok']`) is not an object anyone owns. */
const isEnum = (s: JsonSchema | undefined): boolean =>
  !!s && (Array.isArray(s.enum) || isEnum(s.items) || [...(s.anyOf ?? []), ...(s.oneOf ?? [])].some(isEnum));

function bodyIdFields(schema: JsonSchema | undefined, prefix: string, out: Set<string>, depth = 0) {
  if (!schema || depth > 8) return;
  for (const s of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    bodyIdFields(s, prefix, out, depth + 1);
  for (const [name, sub] of Object.entries(schema.properties ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (ID_NAME.test(name) && !isEnum(sub)) out.add(`body:${path}`);
    bodyIdFields(sub, path, out, depth + 1);
  }
  if (schema.items) bodyIdFields(schema.items, `${prefix}[]`, out, depth + 1);
}

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        'x-audience': string;
        'x-permission': string | null;
        parameters?: Operation['parameters'];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
};

export function operationsOf(doc: Doc): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const ids = new Set<string>();
      for (const p of op.parameters ?? [])
        if (p.in === 'path' || (ID_NAME.test(p.name) && !isEnum(p.schema))) ids.add(`${p.in}:${p.name}`);
      for (const content of Object.values(op.requestBody?.content ?? {}))
        bodyIdFields(content.schema, '', ids);
      return {
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        audience: op['x-audience'],
        permission: op['x-permission'],
        parameters: op.parameters ?? [],
        idFields: [...ids],
      };
    }),
  );
}

// ---- Sending -----------------------------------------------------------------------------------------

export interface Answer {
  status: number;
  body: string;
}

export async function send(
  t: TestApp,
  op: string,
  req: Req,
  headers: Record<string, string>,
): Promise<Answer> {
  const [method, template] = op.split(' ') as [string, string];
  const params = req.params ?? {};
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${op}: no value for path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const qs = req.query ? `?${new URLSearchParams(req.query).toString()}` : '';
  const res = await t.app.inject({
    method: method as 'GET',
    url: path + qs,
    headers: { ...headers, ...(req.multipart?.headers ?? {}) },
    ...(req.multipart
      ? { payload: req.multipart.payload }
      : req.body !== undefined
        ? { payload: req.body as object }
        : {}),
  });
  return { status: res.statusCode, body: res.body };
}

/** Rows of a table (all columns) as comparable JSON, e.g. for before/after snapshots. */
export async function rowsWhere(t: TestApp, table: PgTable, ...where: SQL[]) {
  const rows = await t.database.db
    .select()
    .from(table)
    .where(and(...where));
  return JSON.parse(JSON.stringify(rows)) as unknown[];
}
export const rowsBy = (t: TestApp, table: PgTable, column: PgColumn, value: string) =>
  rowsWhere(t, table, eq(column, value));

/** Waits until no background job is queued or running (renders and exports touch designs). */
export async function settleJobs(t: TestApp, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const busy = await t.database.db
      .select({ id: jobRuns.id })
      .from(jobRuns)
      .where(inArray(jobRuns.state, ['queued', 'active', 'retrying']))
      .limit(1);
    if (!busy.length) return;
    if (Date.now() > until) throw new Error('background jobs did not settle');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits for one job to finish and returns its row. */
export async function jobDone(t: TestApp, id: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await t.database.db.select().from(jobRuns).where(eq(jobRuns.id, id));
    if (row && ['completed', 'failed', 'cancelled'].includes(row.state)) return row;
    if (Date.now() > until) throw new Error(`job ${id} did not finish`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until an export record's job has finished, one way or the other. */
export async function exportDone(t: TestApp, id: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await t.database.db.select().from(exportRecords).where(eq(exportRecords.id, id));
    if (row && ['completed', 'failed'].includes(row.status)) return row;
    if (Date.now() > until) throw new Error(`export ${id} did not finish`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// ---- Fixture state: one object per fixture, made again after anything changed it -------------------

/** Strings that betray an object of merchant A, and who must never see them in an answer. */
export interface Secret {
  value: string;
  fixture: string;
  hiddenFrom: ReadonlySet<Who>;
}

export class Matrix {
  readonly secrets: Secret[] = [];
  readonly #current = new Map<string, Made>();

  constructor(
    readonly t: TestApp,
    readonly w: World,
    /** Operations anyone may call without a token: there "no token" is refused like anyone else. */
    readonly publicOps: ReadonlySet<string>,
    /** The permission each operation needs (x-permission). */
    readonly permissionOf: ReadonlyMap<string, string | null>,
  ) {}

  /** The fixture's current object, made on first use (or after the last one was changed). */
  async get(f: Fixture): Promise<Made> {
    const known = this.#current.get(f.name);
    if (known) return known;
    const made = await f.create({ w: this.w, t: this.t });
    const hiddenFrom = new Set(f.hiddenFrom ?? f.refused);
    for (const value of new Set([made.id, ...(made.secrets ?? [])]))
      this.secrets.push({ value, fixture: f.name, hiddenFrom });
    this.#current.set(f.name, made);
    return made;
  }

  /** Forgets the current object: the next probe makes a fresh one. */
  invalidate(f: Fixture): void {
    this.#current.delete(f.name);
  }

  secretsOf(o: Made): string[] {
    return [...new Set([o.id, ...(o.secrets ?? [])])];
  }

  hiddenFrom(who: Who): Secret[] {
    return this.secrets.filter((s) => s.hiddenFrom.has(who));
  }

  async snapshot(f: Fixture, o: Made): Promise<string> {
    if (f.settleJobs) await settleJobs(this.t);
    return JSON.stringify(await f.snapshot(o, { w: this.w, t: this.t }));
  }

  ctx(who: Who): Ctx {
    return { w: this.w, t: this.t, who };
  }

  /**
   * Replays one probe as one identity: the answer is a refusal (or, for a filter, names nothing of
   * the object), and the object reads back unchanged.
   */
  async refuse(f: Fixture, p: Probe, who: Who): Promise<void> {
    const o = await this.get(f);
    const before = await this.snapshot(f, o);
    const req = await p.request(o, this.ctx(who));
    const answer = await send(this.t, p.op, req, this.w.headers[who]);
    const label = `${p.op} as ${who}`;
    let after: string | undefined;
    try {
      after = await this.snapshot(f, o);
      const allowed =
        who === 'anonymous' && !this.publicOps.has(p.op)
          ? [401]
          : p.kind === 'filter'
            ? [200, 401, 403, 404]
            : [401, 403, 404];
      // Soft: a leaky answer that also changed the object reports both.
      expect
        .soft(allowed, `${label} answered ${answer.status}: ${answer.body.slice(0, 300)}`)
        .toContain(answer.status);
      for (const secret of this.secretsOf(o))
        expect.soft(answer.body, `${label} leaks ${secret}`).not.toContain(secret);
      expect.soft(after, `${label} changed the object`).toBe(before);
      // (d) holds the permission: a 403 would prove nothing about its data scope.
      const permission = this.permissionOf.get(p.op);
      if (who === 'staffOutsideScope' && permission && this.w.outsideScopePermissions.has(permission))
        expect.soft(answer.status, `${label}: refused by permission, not by data scope`).not.toBe(403);
      await p.check?.(answer, this.ctx(who));
    } finally {
      if (after !== before) this.invalidate(f);
    }
  }

  /** The same request as the owner (or the probe's control identity): it must succeed. */
  async control(f: Fixture, p: Probe): Promise<void> {
    const who = p.control === undefined ? f.owner : p.control;
    if (who === null) return;
    const o = await this.get(f);
    const before = await this.snapshot(f, o);
    const answer = await send(this.t, p.op, await p.request(o, this.ctx(who)), this.w.headers[who]);
    const after = await this.snapshot(f, o);
    // The control may well change or delete the object: the next probe gets a fresh one.
    if (after !== before) this.invalidate(f);
    expect(answer.status, `${p.op} as ${who} (control): ${answer.body.slice(0, 300)}`).toBeLessThan(300);
  }
}
