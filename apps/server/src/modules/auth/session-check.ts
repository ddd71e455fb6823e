import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { adminUsers, members, refreshTokens } from '../../db/schema/index.ts';
import { liveSession } from '../../platform/auth/sessions.ts';
import type { Actor } from '../../platform/context.ts';
import { canSignIn } from '../access/index.ts';
import { memberMayAct } from '../member/index.ts';

/**
 * Whether a verified token may act now, in one round trip (every authenticated request asks):
 * its sign-in is live (not revoked, not expired) and its user still may act (an admin neither
 * disabled nor locked, a member enabled). The auth guard's SessionValidator.
 */
export async function sessionMayAct(tx: Executor, actor: Actor, sessionId: string): Promise<boolean> {
  const params = { sessionId, subjectId: actor.id };
  if (actor.kind === 'admin') {
    const [user] = await preparedQuery(tx, 'session_admin_may_act', (t) =>
      t
        .select({ status: adminUsers.status, isLocked: adminUsers.isLocked })
        .from(refreshTokens)
        .innerJoin(adminUsers, eq(adminUsers.id, refreshTokens.subjectId))
        .where(liveSession('admin'))
        .limit(1),
    ).execute(params);
    return user !== undefined && canSignIn(user);
  }
  const [member] = await preparedQuery(tx, 'session_member_may_act', (t) =>
    t
      .select({ status: members.status })
      .from(refreshTokens)
      .innerJoin(members, eq(members.id, refreshTokens.subjectId))
      .where(liveSession('member'))
      .limit(1),
  ).execute(params);
  return member !== undefined && memberMayAct(member);
}
