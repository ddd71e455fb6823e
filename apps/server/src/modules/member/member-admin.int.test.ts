import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memberScoreLogs } from '../../db/schema/index.ts';
import { buildMember, buildSupplierAdmin, buildTenant, unique } from '../../../test/factories/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { adminActor } from '../access/index.ts';
import { memberActor } from './index.ts';

/*
 * The supplier's member administration (issue 28, decision 0047): members, groups and rules, and
 * money and score changes with their logs, as the member centre shows them.
 */

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
  const other = await buildTenant(db);
  const member = await buildMember(db, tenant.id);
  return {
    tenant,
    member,
    admin: await t.authAs(adminActor(await buildSupplierAdmin(db, tenant.id))),
    stranger: await t.authAs(adminActor(await buildSupplierAdmin(db, other.id))),
    me: await t.authAs(memberActor(member)),
  };
}

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: { ...headers, ...EN },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

describe('members (admin)', () => {
  it('creates, finds, edits, disables and deletes a member of the tenant', async () => {
    const w = await world();
    const username = unique('m').slice(0, 12);
    const created = await call('POST', '/api/v1/admin/member', w.admin, {
      username,
      password: 'secret123',
      mobile: '',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as string;
    expect(created.json().data).toMatchObject({ username, nickname: username, money: 0, status: 'enabled' });

    const dup = await call('POST', '/api/v1/admin/member', w.admin, { username, password: 'secret123' });
    expect(dup.statusCode).toBe(409);

    const bad = await call('POST', '/api/v1/admin/member', w.admin, {
      username: '1x',
      password: 'secret123',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors[0].field).toBe('username');

    const list = await call('GET', `/api/v1/admin/member?quickSearch=${username}`, w.admin);
    expect(list.json().data.list.map((m: { id: string }) => m.id)).toEqual([id]);
    expect((await call('GET', `/api/v1/admin/member/${id}`, w.admin)).json().data.username).toBe(username);

    const off = await call('PATCH', `/api/v1/admin/member/${id}`, w.admin, {
      status: 'disabled',
      nickname: 'N',
    });
    expect(off.json().data).toMatchObject({ status: 'disabled', nickname: 'N' });
    const filtered = await call('GET', '/api/v1/admin/member?status=disabled', w.admin);
    expect(filtered.json().data.list.map((m: { id: string }) => m.id)).toEqual([id]);

    // Another supplier neither sees nor touches it; nobody signed out does.
    expect((await call('GET', `/api/v1/admin/member/${id}`, w.stranger)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/api/v1/admin/member/${id}`, w.stranger, { nickname: 'x' })).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/v1/admin/member', {})).statusCode).toBe(401);

    expect((await call('DELETE', `/api/v1/admin/member/${id}`, w.admin)).json().data).toEqual({ deleted: 1 });
    expect((await call('GET', `/api/v1/admin/member/${id}`, w.admin)).statusCode).toBe(404);
  });

  it("resets a member's password: the old sign-ins end and the new password works", async () => {
    const w = await world();
    expect((await call('GET', '/api/account/profile', w.me)).statusCode).toBe(200);
    const reset = await call('POST', `/api/v1/admin/member/${w.member.id}/password`, w.admin, {
      password: 'newpass123',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await call('GET', '/api/account/profile', w.me)).statusCode).toBe(401);
    const stranger = await call('POST', `/api/v1/admin/member/${w.member.id}/password`, w.stranger, {
      password: 'newpass123',
    });
    expect(stranger.statusCode).toBe(404);
    const short = await call('POST', `/api/v1/admin/member/${w.member.id}/password`, w.admin, {
      password: '1',
    });
    expect(short.statusCode).toBe(400);
  });
});

describe('money and score changes', () => {
  it('logs every change with before and after, never below zero, once per key; the member sees them', async () => {
    const w = await world();
    const url = `/api/v1/admin/member/${w.member.id}/score`;
    const first = await call('POST', url, w.admin, {
      amount: 30,
      remark: 'Welcome',
      idempotency_key: 'key-00001',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ before: 0, after: 30, applied: true, member: { score: 30 } });
    const again = await call('POST', url, w.admin, {
      amount: 30,
      remark: 'Welcome',
      idempotency_key: 'key-00001',
    });
    expect(again.json().data).toMatchObject({ before: 0, after: 30, applied: false, member: { score: 30 } });
    const spend = await call('POST', url, w.admin, { amount: -10, remark: 'Spent' });
    expect(spend.json().data).toMatchObject({ before: 30, after: 20 });
    const over = await call('POST', url, w.admin, { amount: -21, remark: 'Too much' });
    expect(over.statusCode).toBe(400);
    expect(over.json().msg).toBe('Insufficient balance or score');

    expect((await call('POST', url, w.admin, { amount: 5, remark: '' })).statusCode).toBe(400);
    expect((await call('POST', url, w.admin, { amount: 0, remark: 'zero' })).statusCode).toBe(400);
    expect((await call('POST', url, w.stranger, { amount: 5, remark: 'x' })).statusCode).toBe(404);
    expect((await call('POST', url, {}, { amount: 5, remark: 'x' })).statusCode).toBe(401);

    const money = await call('POST', `/api/v1/admin/member/${w.member.id}/money`, w.admin, {
      amount: 1234,
      remark: 'Refund',
    });
    expect(money.json().data).toMatchObject({ before: 0, after: 1234, member: { money: 1234 } });

    const integral = await call('GET', '/api/account/integral', w.me);
    expect(integral.json().data.list.map((r: { score: number; memo: string }) => [r.score, r.memo])).toEqual([
      [-10, 'Spent'],
      [30, 'Welcome'],
    ]);
    const balance = await call('GET', '/api/account/balance', w.me);
    expect(balance.json().data.list[0]).toMatchObject({
      money: 1234,
      before: 0,
      after: 1234,
      memo: 'Refund',
    });

    const adminLog = await call('GET', `/api/v1/admin/memberScoreLog?member_id=${w.member.id}`, w.admin);
    expect(adminLog.json().data.total).toBe(2);
    expect(adminLog.json().data.list[0]).toMatchObject({
      username: w.member.username,
      score: -10,
      after: 20,
    });
    const strangerLog = await call(
      'GET',
      `/api/v1/admin/memberScoreLog?member_id=${w.member.id}`,
      w.stranger,
    );
    expect(strangerLog.json().data.total).toBe(0);
    const moneyLog = await call('GET', '/api/v1/admin/memberMoneyLog?quickSearch=Refund', w.admin);
    expect(moneyLog.json().data.list).toHaveLength(1);
  });

  it('changes made at once keep before and after a chain and never go below zero', async () => {
    const w = await world();
    const url = `/api/v1/admin/member/${w.member.id}/score`;
    await call('POST', url, w.admin, { amount: 10, remark: 'seed' });
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        call('POST', url, w.admin, {
          amount: -1,
          remark: `take ${i}`,
          idempotency_key: `race-key-${i % 14}`,
        }),
      ),
    );
    const okCount = results.filter((r) => r.statusCode === 200 && r.json().data.applied).length;
    expect(okCount).toBe(10);
    const logs = await t.database.db
      .select()
      .from(memberScoreLogs)
      .where(eq(memberScoreLogs.memberId, w.member.id));
    const takes = logs.filter((l) => l.score < 0).sort((a, b) => b.before - a.before);
    expect(takes).toHaveLength(10);
    for (const log of takes) expect(log.after).toBe(log.before + log.score);
    for (let i = 1; i < takes.length; i++) expect(takes[i]!.before).toBe(takes[i - 1]!.after);
    expect([takes[0]!.before, takes.at(-1)!.after]).toEqual([10, 0]);
  });

  it('the first check-in of a day adds the configured score, a second adds nothing', async () => {
    const w = await world();
    const first = await call('POST', '/api/account/signIn', w.me);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ awarded: true, reward: 1, score: 1 });
    const second = await call('POST', '/api/account/signIn', w.me);
    expect(second.json().data).toMatchObject({ awarded: false, score: 1 });
    expect((await call('POST', '/api/account/signIn', {})).statusCode).toBe(401);
    // Its memo is the platform's text, in the reader's language: the member's in English, the
    // tenant administrator's in Chinese (issue 26).
    const mine = await call('GET', '/api/account/integral', w.me);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.list.map((r: { memo: string }) => r.memo)).toEqual([
      expect.stringMatching(/^Daily sign-in \d{4}-\d{2}-\d{2}$/),
    ]);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/memberScoreLog?member_id=${w.member.id}`,
      headers: { ...w.admin, 'accept-language': 'zh-CN' },
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().data.list.map((r: { memo: string }) => r.memo)).toEqual([
      expect.stringMatching(/^每日签到 \d{4}-\d{2}-\d{2}$/),
    ]);
  });
});

describe('member groups and rules', () => {
  it("a member's group decides the member centre's menus and routes", async () => {
    const w = await world();
    const rule = async (body: Record<string, unknown>) => {
      const res = await call('POST', '/api/v1/admin/memberRule', w.admin, body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as string;
    };
    const dir = await rule({ type: 'menu_dir', title: 'Account', name: 'account', sort: 10 });
    const balance = await rule({ type: 'menu', title: 'Balance', name: 'account/balance', parent_id: dir });
    const integral = await rule({
      type: 'menu',
      title: 'Integral',
      name: 'account/integral',
      parent_id: dir,
    });
    expect(
      (await call('POST', '/api/v1/admin/memberRule', w.admin, { type: 'menu', title: 'x', name: 'account' }))
        .statusCode,
    ).toBe(409);
    // No group: every rule.
    const all = await call('GET', '/api/account/menus', w.me);
    expect(
      all
        .json()
        .data.rules.map((r: { name: string }) => r.name)
        .sort(),
    ).toEqual(['account', 'account/balance', 'account/integral']);

    const group = await call('POST', '/api/v1/admin/memberGroup', w.admin, {
      name: 'Basic',
      rule_ids: [balance],
    });
    expect(group.statusCode, group.body).toBe(200);
    const groupId = group.json().data.id as string;
    const assigned = await call('PATCH', `/api/v1/admin/member/${w.member.id}`, w.admin, {
      group_id: groupId,
    });
    expect(assigned.json().data.group_id).toBe(groupId);

    const menus = await call('GET', '/api/account/menus', w.me);
    expect(
      menus
        .json()
        .data.rules.map((r: { name: string }) => r.name)
        .sort(),
    ).toEqual(['account', 'account/balance']);
    expect((await call('GET', '/api/account/balance', w.me)).statusCode).toBe(200);
    const denied = await call('GET', '/api/account/integral', w.me);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().msg).toBe('Your member group does not include this page');

    // Another tenant's group and rules are not there for it.
    expect(
      (await call('PATCH', `/api/v1/admin/member/${w.member.id}`, w.admin, { group_id: crypto.randomUUID() }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/v1/admin/memberGroup/${groupId}`, w.stranger)).statusCode).toBe(404);
    const foreign = await call('POST', '/api/v1/admin/memberGroup', w.stranger, {
      name: 'X',
      rule_ids: [balance],
    });
    expect(foreign.statusCode).toBe(404);

    // Deleting a rule takes it out of the groups.
    await call('DELETE', `/api/v1/admin/memberRule/${balance}`, w.admin);
    expect((await call('GET', `/api/v1/admin/memberGroup/${groupId}`, w.admin)).json().data.rule_ids).toEqual(
      [],
    );
    // Deleting the group leaves its members without a group.
    expect((await call('DELETE', `/api/v1/admin/memberGroup/${groupId}`, w.admin)).statusCode).toBe(200);
    expect(
      (await call('GET', `/api/v1/admin/member/${w.member.id}`, w.admin)).json().data.group_id,
    ).toBeNull();
    // Deleting a directory moves its rules up to the top level.
    expect((await call('DELETE', `/api/v1/admin/memberRule/${dir}`, w.admin)).statusCode).toBe(200);
    expect(
      (await call('GET', `/api/v1/admin/memberRule/${integral}`, w.admin)).json().data.parent_id,
    ).toBeNull();
  });

  it("every member-centre route follows the member's group; the menus name the pages it lacks", async () => {
    const w = await world();
    const ids: Record<string, string> = {};
    for (const name of [
      'account/overview',
      'account/profile',
      'account/changePassword',
      'account/balance',
      'account/integral',
    ]) {
      const res = await call('POST', '/api/v1/admin/memberRule', w.admin, {
        type: 'menu',
        title: name,
        name,
      });
      expect(res.statusCode, res.body).toBe(200);
      ids[name] = res.json().data.id as string;
    }
    const group = await call('POST', '/api/v1/admin/memberGroup', w.admin, {
      name: 'Balance only',
      rule_ids: [ids['account/balance']],
    });
    expect(group.statusCode, group.body).toBe(200);
    await call('PATCH', `/api/v1/admin/member/${w.member.id}`, w.admin, { group_id: group.json().data.id });

    const menus = (await call('GET', '/api/account/menus', w.me)).json().data;
    expect(menus.rules.map((r: { name: string }) => r.name)).toEqual(['account/balance']);
    expect(menus.denied).toEqual([
      'account/changePassword',
      'account/integral',
      'account/overview',
      'account/profile',
    ]);

    const refused: Array<[method: 'GET' | 'POST', url: string, body?: Record<string, unknown>]> = [
      ['GET', '/api/account/overview'],
      ['POST', '/api/account/signIn'],
      ['POST', '/api/account/profile', { nickname: 'New name' }],
      ['POST', '/api/account/verification', { type: 'mobile', captcha: '123456' }],
      [
        'POST',
        '/api/account/changeBind',
        {
          type: 'email',
          email: 'new@example.com',
          captcha: '123456',
          account_verification_token: 'x'.repeat(20),
        },
      ],
      [
        'POST',
        '/api/account/changePassword',
        { oldPassword: 'secret123', newPassword: 'secret456', confirmPassword: 'secret456' },
      ],
      ['GET', '/api/account/integral'],
    ];
    for (const [method, url, body] of refused) {
      const res = await call(method, url, w.me, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json().msg).toBe('Your member group does not include this page');
    }
    // Nothing was changed by a refused call.
    const profile = await call('GET', '/api/account/profile', w.me);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.nickname).not.toBe('New name');
    expect((await call('GET', '/api/account/balance', w.me)).statusCode).toBe(200);

    // Granting the pages opens their routes again.
    await call('PATCH', `/api/v1/admin/memberGroup/${group.json().data.id}`, w.admin, {
      rule_ids: Object.values(ids),
    });
    expect((await call('GET', '/api/account/overview', w.me)).statusCode).toBe(200);
    expect((await call('POST', '/api/account/profile', w.me, { nickname: 'New name' })).statusCode).toBe(200);
    expect((await call('GET', '/api/account/menus', w.me)).json().data.denied).toEqual([]);
  });
});
