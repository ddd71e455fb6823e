import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/context.ts';
import { adminMayActInSession } from '../access/index.ts';
import { memberMayActInSession } from '../member/index.ts';

/**
 * Whether a verified token may act now, in one round trip (every authenticated request asks):
 * its sign-in is live (not revoked, not expired) and its user still may act (an admin neither
 * disabled nor locked, a member enabled). The auth guard's SessionValidator. The owners of the
 * user tables answer, each in one statement that also checks the sign-in.
 */
export function sessionMayAct(tx: Executor, actor: Actor, sessionId: string): Promise<boolean> {
  return actor.kind === 'admin'
    ? adminMayActInSession(tx, actor.id, sessionId)
    : memberMayActInSession(tx, actor.id, sessionId);
}
