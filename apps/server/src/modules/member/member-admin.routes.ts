import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { memberAdminOperations, type Language } from '@pod/shared';
import { readStoredText } from '../../platform/i18n/stored-message.ts';
import { registerCrud } from '../../platform/crud/crud.ts';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { t } from '../../platform/i18n/i18n.ts';
import { ownedBy } from '../../platform/ownership.ts';
import type { AppServices } from '../../services.ts';
import { adminContext } from '../access/index.ts';
import { memberContext } from './context.ts';
import {
  memberAdminItem,
  memberAdminResource,
  memberGroupResource,
  memberRuleResource,
} from './member-admin.resource.ts';
import { changePurse, type MemberPurse, type PurseChange } from './member.service.ts';
import { assertMemberMay, MEMBER_PAGES, memberMenus, signIn } from './member-rules.service.ts';
import { MEMBER_OF_TENANT, MONEY_LOG_OF_TENANT, SCORE_LOG_OF_TENANT } from './owners.ts';
import { memberMoneyLogs, members, memberScoreLogs } from './schema.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import { pagedRows } from '../../platform/crud/paged.ts';
import { updateMemberWhere } from './member.repo.ts';

/** The supplier's administration of its members (issue 28, decision 0047), and the member's menus. */
export function memberAdminRoutes(app: ZodApp, services: AppServices): void {
  const db = services.database.db;
  registerCrud(app, services.crud, adminContext, memberAdminResource);
  registerCrud(app, services.crud, adminContext, memberGroupResource);
  registerCrud(app, services.crud, adminContext, memberRuleResource);

  route(app, memberAdminOperations.resetMemberPassword, async (request) => {
    await db.transaction(async (tx) => {
      const ctx = await adminContext(request, tx);
      const row = await updateMemberWhere(
        tx,
        [...ownedBy(MEMBER_OF_TENANT, ctx.scope), eq(members.id, request.params.id)],
        { passwordHash: await hashPassword(request.body.password) },
      );
      if (!row) throw AppError.notFound('crud.notFound');
      await services.sessions.revokeAllFor(tx, 'member', row.id);
    });
    return ok(null, t(request.ctx.lang, 'member.passwordSet'));
  });

  const changeOf = (body: { amount: number; remark: string; idempotency_key?: string | undefined }) => ({
    amount: body.amount,
    memo: body.remark,
    ...(body.idempotency_key ? { idempotencyKey: body.idempotency_key } : {}),
  });
  const adjustReply = (done: PurseChange) => ({
    member: memberAdminItem(done.row),
    before: done.before,
    after: done.after,
    applied: done.applied,
  });
  route(app, memberAdminOperations.adjustMemberMoney, async (request) => {
    const done = await db.transaction(async (tx) =>
      changePurse(await adminContext(request, tx), request.params.id, 'money', changeOf(request.body)),
    );
    return ok(adjustReply(done), t(request.ctx.lang, 'common.ok'));
  });
  route(app, memberAdminOperations.adjustMemberScore, async (request) => {
    const done = await db.transaction(async (tx) =>
      changePurse(await adminContext(request, tx), request.params.id, 'score', changeOf(request.body)),
    );
    return ok(adjustReply(done), t(request.ctx.lang, 'common.ok'));
  });

  /** A page of a log, each row with its member's username, newest first. */
  async function logPage(
    request: {
      query: {
        page: number;
        limit: number;
        quickSearch?: string | undefined;
        member_id?: string | undefined;
      };
    },
    ctxScope: Parameters<typeof ownedBy>[1],
    purse: MemberPurse,
    lang: Language,
  ) {
    const table = purse === 'money' ? memberMoneyLogs : memberScoreLogs;
    const owner = purse === 'money' ? MONEY_LOG_OF_TENANT : SCORE_LOG_OF_TENANT;
    const { page, limit, quickSearch, member_id } = request.query;
    const where: SQL[] = [...ownedBy(owner, ctxScope)];
    if (member_id) where.push(eq(table.memberId, member_id));
    if (quickSearch) {
      const like = `%${quickSearch.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const found = await db
        .select({ id: members.id })
        .from(members)
        .where(
          and(
            ...ownedBy(MEMBER_OF_TENANT, ctxScope),
            or(ilike(members.username, like), ilike(members.nickname, like)),
          ),
        )
        .limit(500);
      where.push(or(ilike(table.memo, like), ...found.map((m) => eq(table.memberId, m.id)))!);
    }
    const { rows, total } = await pagedRows(
      db,
      table,
      and(...where),
      [desc(table.createdAt), desc(table.id)],
      page,
      limit,
    );
    const ids = [...new Set(rows.map((r) => r.memberId))];
    const names = new Map(
      ids.length
        ? (
            await db
              .select({ id: members.id, username: members.username })
              .from(members)
              .where(or(...ids.map((id) => eq(members.id, id))))
          ).map((m) => [m.id, m.username])
        : [],
    );
    const list = rows.map((r) => ({
      id: r.id,
      member_id: r.memberId,
      username: names.get(r.memberId) ?? '',
      before: r.before,
      after: r.after,
      memo: readStoredText(lang, r.memo),
      create_time: r.createdAt.toISOString(),
      amount: 'money' in r ? r.money : r.score,
    }));
    return { list, total, page, limit };
  }

  route(app, memberAdminOperations.memberMoneyLogList, async (request) => {
    const ctx = await adminContext(request, db);
    const page = await logPage(request, ctx.scope, 'money', ctx.lang);
    return ok({ ...page, list: page.list.map(({ amount, ...r }) => ({ ...r, money: amount })) });
  });
  route(app, memberAdminOperations.memberScoreLogList, async (request) => {
    const ctx = await adminContext(request, db);
    const page = await logPage(request, ctx.scope, 'score', ctx.lang);
    return ok({ ...page, list: page.list.map(({ amount, ...r }) => ({ ...r, score: amount })) });
  });

  route(app, memberAdminOperations.memberMenus, async (request) =>
    ok(await memberMenus(memberContext(request, db))),
  );

  route(app, memberAdminOperations.memberSignIn, async (request) => {
    const reply = await db.transaction(async (tx) => {
      const ctx = memberContext(request, tx);
      // The check-in is the overview page's button.
      await assertMemberMay(ctx, MEMBER_PAGES.overview);
      return signIn(services, ctx);
    });
    return ok(reply, t(request.ctx.lang, reply.awarded ? 'member.signedIn' : 'member.signedInAlready'));
  });
}
