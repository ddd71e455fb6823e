import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { LIMITS } from '@pod/shared';
import type { Executor } from '../../db/client.ts';
import { refreshTokens } from './schema.ts';
import type { Actor } from '../context.ts';
import type { TokenKind, TokenService } from './tokens.ts';

const DAY = 24 * 60 * 60 * 1000;
/** A sign-in lasts a day, or 30 days with "keep me signed in"; rotation does not extend it. */
const SESSION_LIFETIME_MS = { normal: DAY, keep: 30 * DAY };

export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  sessionId: string;
}

export interface SessionMeta {
  keep?: boolean;
  ip?: string;
  userAgent?: string;
}

export type RotateResult =
  | { ok: true; session: IssuedSession; actor: Actor }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' | 'inactive' };

/**
 * Whether a token's sign-in is live (not revoked, not expired), as an SQL condition with the
 * placeholders `sessionId` and `subjectId`. For a prepared query on the user's own table, so that
 * a request is checked in one round trip (access's and member's `…MayActInSession`, behind
 * auth's sessionMayAct); the refresh tokens stay this mechanism's own table.
 */
export const liveSession = (kind: TokenKind): SQL =>
  sql`exists (select 1 from ${refreshTokens} where ${and(
    eq(refreshTokens.familyId, sql.placeholder('sessionId')),
    eq(refreshTokens.subjectKind, kind),
    eq(refreshTokens.subjectId, sql.placeholder('subjectId')),
    isNull(refreshTokens.revokedAt),
    gt(refreshTokens.expiresAt, sql`now()`),
  )})`;

const hashToken = (raw: string) => createHash('sha256').update(raw).digest('hex');
const newRawToken = () => randomBytes(32).toString('base64url');

/**
 * Sign-ins: a short-lived JWT access token plus a random refresh token stored only as a hash.
 * Every refresh rotates the token; presenting a rotated one again means it was stolen, so the
 * whole family (the sign-in) is revoked (OWASP ASVS 10.4.5).
 */
export class SessionService {
  constructor(private readonly tokens: TokenService) {}

  async issue(tx: Executor, actor: Actor, meta: SessionMeta = {}): Promise<IssuedSession> {
    const sessionId = randomUUID();
    const refreshToken = newRawToken();
    await tx.insert(refreshTokens).values({
      familyId: sessionId,
      subjectKind: actor.kind,
      subjectId: actor.id,
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(Date.now() + (meta.keep ? SESSION_LIFETIME_MS.keep : SESSION_LIFETIME_MS.normal)),
      ip: meta.ip ?? '',
      userAgent: (meta.userAgent ?? '').slice(0, 300),
    });
    return {
      accessToken: await this.tokens.sign(actor, sessionId),
      refreshToken,
      expiresIn: LIMITS.tokenExpiresIn,
      sessionId,
    };
  }

  /**
   * Exchanges a refresh token for a new pair. `loadActor` re-reads the user, so a disabled or
   * locked user cannot refresh. Run it in a transaction: a detected reuse must be committed even
   * though the caller then answers 401, so this returns a result instead of throwing.
   */
  async rotate(
    tx: Executor,
    raw: string,
    kind: TokenKind,
    loadActor: (subjectId: string) => Promise<Actor | null>,
  ): Promise<RotateResult> {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.tokenHash, hashToken(raw)), eq(refreshTokens.subjectKind, kind)))
      .limit(1);
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.revokedAt) return { ok: false, reason: 'revoked' };
    if (row.rotatedAt) {
      await this.revokeFamily(tx, row.familyId);
      return { ok: false, reason: 'reused' };
    }
    if (row.expiresAt <= new Date()) return { ok: false, reason: 'expired' };

    // Guarded: of two concurrent refreshes with one token, only one rotates it; the other is a reuse.
    const rotated = await tx
      .update(refreshTokens)
      .set({ rotatedAt: new Date() })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt)))
      .returning({ id: refreshTokens.id });
    if (rotated.length === 0) {
      await this.revokeFamily(tx, row.familyId);
      return { ok: false, reason: 'reused' };
    }
    const actor = await loadActor(row.subjectId);
    if (!actor) {
      await this.revokeFamily(tx, row.familyId);
      return { ok: false, reason: 'inactive' };
    }
    const refreshToken = newRawToken();
    await tx.insert(refreshTokens).values({
      familyId: row.familyId,
      subjectKind: row.subjectKind,
      subjectId: row.subjectId,
      tokenHash: hashToken(refreshToken),
      expiresAt: row.expiresAt,
      ip: row.ip,
      userAgent: row.userAgent,
    });
    return {
      ok: true,
      actor,
      session: {
        accessToken: await this.tokens.sign(actor, row.familyId),
        refreshToken,
        expiresIn: LIMITS.tokenExpiresIn,
        sessionId: row.familyId,
      },
    };
  }

  async revokeFamily(tx: Executor, sessionId: string): Promise<void> {
    await tx
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)));
  }

  /** Logout and password changes end every sign-in of the user (spec; issue "Tokens"). */
  async revokeAllFor(tx: Executor, kind: TokenKind, subjectId: string): Promise<void> {
    await tx
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(refreshTokens.subjectKind, kind),
          eq(refreshTokens.subjectId, subjectId),
          isNull(refreshTokens.revokedAt),
        ),
      );
  }
}
