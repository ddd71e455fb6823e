import { SignJWT, jwtVerify } from 'jose';
import { LIMITS } from '@pod/shared';
import { ADMIN_TIERS, type AdminTier } from '../../db/schema/index.ts';
import type { Actor } from '../context.ts';

/** The two token kinds are separate: neither is accepted in place of the other (spec §6). */
export type TokenKind = 'admin' | 'member';

const ISSUER = 'podsupply';

interface Claims {
  sid: string;
  tid: string | null;
  tier?: AdminTier;
  mid?: string | null;
  prim?: boolean;
}

/** A verified access token: who, and which sign-in (refresh-token family) it belongs to. */
export interface VerifiedToken {
  actor: Actor;
  sessionId: string;
}

/**
 * Signs and verifies access tokens: HS256 JWTs whose audience is the token kind. Verification
 * allows only HS256 and checks issuer, audience and expiry.
 */
export class TokenService {
  readonly #key: Promise<CryptoKey>;

  constructor(secret: string) {
    // A CryptoKey made once: given raw bytes, jose would import the key again on every verify.
    this.#key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  /** An access token for an actor's session, valid for `expiresIn` seconds (spec §9 default 3600). */
  async sign(actor: Actor, sessionId: string, expiresIn: number = LIMITS.tokenExpiresIn): Promise<string> {
    const claims: Claims =
      actor.kind === 'admin'
        ? {
            sid: sessionId,
            tid: actor.tenantId,
            tier: actor.tier,
            mid: actor.merchantId,
            prim: actor.isPrimary,
          }
        : { sid: sessionId, tid: actor.tenantId };
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(actor.kind)
      .setSubject(actor.id)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
      .sign(await this.#key);
  }

  /**
   * A short-lived token proving one step of a flow (e.g. "this member re-verified their account
   * a minute ago"). Its audience is the purpose, so it cannot pass as an access token.
   */
  async signPurpose(
    purpose: string,
    subject: string,
    data: Record<string, string>,
    expiresIn: number,
  ): Promise<string> {
    return new SignJWT({ ...data })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(`purpose:${purpose}`)
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
      .sign(await this.#key);
  }

  /** The data of a purpose token for this subject, or null. */
  async verifyPurpose(
    token: string,
    purpose: string,
    subject: string,
  ): Promise<Record<string, unknown> | null> {
    try {
      const { payload } = await jwtVerify(token, await this.#key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: `purpose:${purpose}`,
        subject,
        requiredClaims: ['exp'],
      });
      return payload;
    } catch {
      return null;
    }
  }

  /** The actor and session a token names, or null when it is invalid, expired or of the other kind. */
  async verify(token: string, kind: TokenKind): Promise<VerifiedToken | null> {
    try {
      const { payload } = await jwtVerify(token, await this.#key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: kind,
        requiredClaims: ['sub', 'exp', 'sid'],
      });
      const p = payload as Partial<Claims> & { sub: string };
      if (typeof p.sid !== 'string') return null;
      if (kind === 'member') {
        if (typeof p.tid !== 'string') return null;
        return { actor: { kind: 'member', id: p.sub, tenantId: p.tid }, sessionId: p.sid };
      }
      if (!p.tier || !ADMIN_TIERS.includes(p.tier)) return null;
      return {
        actor: {
          kind: 'admin',
          id: p.sub,
          tier: p.tier,
          tenantId: p.tid ?? null,
          merchantId: p.mid ?? null,
          isPrimary: p.prim === true,
        },
        sessionId: p.sid,
      };
    } catch {
      return null;
    }
  }
}
