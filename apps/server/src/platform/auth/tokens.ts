import { SignJWT, jwtVerify } from 'jose';
import { LIMITS } from '@pod/shared';
import { ADMIN_TIERS, type AdminTier } from '../../db/schema/index.ts';
import type { Actor } from '../context.ts';

/** The two token kinds are separate: neither is accepted in place of the other (spec §6). */
export type TokenKind = 'admin' | 'member';

interface Claims {
  typ: TokenKind;
  tid: string | null;
  tier?: AdminTier;
  mid?: string | null;
  prim?: boolean;
}

/** Signs and verifies access tokens (HS256 JWTs) for the admin and member areas. */
export class TokenService {
  readonly #key: Uint8Array;

  constructor(secret: string) {
    this.#key = new TextEncoder().encode(secret);
  }

  /** An access token for an actor, valid for `expiresIn` seconds (spec §9 default 3600). */
  async sign(actor: Actor, expiresIn: number = LIMITS.tokenExpiresIn): Promise<string> {
    const claims: Claims =
      actor.kind === 'admin'
        ? {
            typ: 'admin',
            tid: actor.tenantId,
            tier: actor.tier,
            mid: actor.merchantId,
            prim: actor.isPrimary,
          }
        : { typ: 'member', tid: actor.tenantId };
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(actor.id)
      .setIssuedAt()
      .setExpirationTime(`${expiresIn}s`)
      .sign(this.#key);
  }

  /** The actor a token names, or null when it is invalid, expired or of the other kind. */
  async verify(token: string, kind: TokenKind): Promise<Actor | null> {
    try {
      const { payload } = await jwtVerify(token, this.#key, { algorithms: ['HS256'] });
      const p = payload as Partial<Claims> & { sub?: string };
      if (p.typ !== kind || !p.sub) return null;
      if (kind === 'member') {
        return typeof p.tid === 'string' ? { kind: 'member', id: p.sub, tenantId: p.tid } : null;
      }
      if (!p.tier || !ADMIN_TIERS.includes(p.tier)) return null;
      return {
        kind: 'admin',
        id: p.sub,
        tier: p.tier,
        tenantId: p.tid ?? null,
        merchantId: p.mid ?? null,
        isPrimary: p.prim === true,
      };
    } catch {
      return null;
    }
  }
}
