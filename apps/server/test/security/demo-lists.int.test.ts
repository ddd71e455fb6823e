import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, type AnyOperation } from '@pod/shared';
import { seedDemo } from '../../src/db/seed/seed.ts';
import { DEMO_USERNAMES } from '../../src/db/seed/demo-platform.ts';
import { members } from '../../src/db/schema/index.ts';
import { adminActor, findAdminUserByUsername } from '../../src/modules/access/index.ts';
import type { Actor } from '../../src/platform/context.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 17 finding 3: on a fresh demo, every list route (a GET without path parameters) answers
 * each demo account without a server error, and every 200 reply fits the operation's contract.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.services);
});
afterAll(() => t.close());

const listRoutes = (audience: AnyOperation['audience']) =>
  OPERATIONS.filter(
    (op) => op.method === 'GET' && !op.path.includes(':') && !op.raw && op.audience === audience,
  );

async function actorFor(username: string): Promise<Actor> {
  if (username === DEMO_USERNAMES.member) {
    const [member] = await t.database.db.select().from(members).where(eq(members.username, username));
    return { kind: 'member', id: member!.id, tenantId: member!.tenantId };
  }
  return adminActor((await findAdminUserByUsername(t.database.db, username))!);
}

describe('issue 17 finding 3: every list route on a fresh demo', () => {
  const accounts = Object.values(DEMO_USERNAMES);

  it.each(accounts)('answers the demo %s with a reply that fits its contract', async (username) => {
    const actor = await actorFor(username);
    const headers = await t.authAs(actor);
    const routes = listRoutes(actor.kind === 'member' ? 'member' : 'admin');
    expect(routes.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const op of routes) {
      const res = await t.app.inject({ method: 'GET', url: op.path, headers });
      if (res.statusCode >= 500) {
        failures.push(`${op.id}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        continue;
      }
      const body = res.json<{ code: unknown; msg: unknown; data: unknown; time: unknown }>();
      expect(typeof body.msg, op.id).toBe('string');
      expect(typeof body.time, op.id).toBe('number');
      if (res.statusCode === 200) {
        const parsed = op.response.safeParse(body.data);
        if (!parsed.success) failures.push(`${op.id}: ${parsed.error.message.slice(0, 300)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
