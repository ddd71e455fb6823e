import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import { ADMIN_TIERS, LIMITS } from '@pod/shared';
import type { Actor, AdminTier } from '../context.ts';

/** The two token kinds are separate: neither is accepted in place of the other (spec §6). */
export type TokenKind = 'admin' | 'member';

const ISSUER = 'podsupply';
/** How many verified tokens a process keeps (see TokenService.#recentActorOf). */
const RECENT_TOKENS = 10_000;

interface Claims {
  sid: string;
  tid: string | null;
  tier?: AdminTier;
  mid?: string | null;
  fid?: string | null;
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
  readonly #secret: Buffer;
  readonly #recent = new Map<string, { verified: VerifiedToken; exp: number }>();

  constructor(secret: string) {
    this.#secret = Buffer.from(secret, 'utf8');
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
            fid: actor.factoryId,
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
  verifyPurpose(token: string, purpose: string, subject: string): Promise<Record<string, unknown> | null> {
    const payload = this.#verified(token, `purpose:${purpose}`);
    return Promise.resolve(payload && payload.sub === subject ? payload : null);
  }

  /** The actor and session a token names, or null when it is invalid, expired or of the other kind. */
  verify(token: string, kind: TokenKind): Promise<VerifiedToken | null> {
    return Promise.resolve(this.#recentActorOf(token, kind));
  }

  /**
   * Every authenticated request verifies its token, and a client sends the same one for up to an
   * hour. A token's text verifies the same way every time (same secret, same claims), so a token
   * that verified is kept with its expiry, which is checked again on every use; the signature,
   * header, issuer, audience and not-before (already passed) are not checked again (decision
   * 0096). Only tokens that verified are kept: a garbled one costs a check each time, as before.
   * Bounded: past RECENT_TOKENS the copy starts again empty. Each caller gets its own actor object.
   */
  #recentActorOf(token: string, kind: TokenKind): VerifiedToken | null {
    const key = `${kind} ${token}`;
    const now = Math.floor(Date.now() / 1000);
    let known = this.#recent.get(key);
    if (!known) {
      const payload = this.#verified(token, kind);
      const verified = payload && this.#actorOf(payload, kind);
      if (!payload || !verified) return null;
      if (this.#recent.size >= RECENT_TOKENS) this.#recent.clear();
      known = { verified, exp: payload.exp as number };
      this.#recent.set(key, known);
    }
    if (known.exp <= now) {
      this.#recent.delete(key);
      return null;
    }
    return { actor: { ...known.verified.actor }, sessionId: known.verified.sessionId };
  }

  #actorOf(payload: Record<string, unknown>, kind: TokenKind): VerifiedToken | null {
    const p = payload as Partial<Claims> & { sub?: unknown };
    if (typeof p.sub !== 'string' || typeof p.sid !== 'string') return null;
    if (kind === 'member') {
      if (typeof p.tid !== 'string') return null;
      return { actor: { kind: 'member', id: p.sub, tenantId: p.tid }, sessionId: p.sid };
    }
    if (!p.tier || !ADMIN_TIERS.includes(p.tier)) return null;
    // A merchant or factory token must name its organisation (decision 0026).
    if (p.tier === 'merchant' && typeof p.mid !== 'string') return null;
    if (p.tier === 'factory' && typeof p.fid !== 'string') return null;
    return {
      actor: {
        kind: 'admin',
        id: p.sub,
        tier: p.tier,
        tenantId: p.tid ?? null,
        merchantId: p.mid ?? null,
        factoryId: p.fid ?? null,
        isPrimary: p.prim === true,
      },
      sessionId: p.sid,
    };
  }

  /**
   * The payload of a compact HS256 JWT signed with our secret, issued by us for `audience` and
   * not expired; null otherwise. Checked synchronously with node:crypto (WebCrypto's verify costs
   * a job round trip per call, and every authenticated request verifies a token). Only the
   * header `{alg: 'HS256'}` (with an optional `typ`) is accepted: no `none`, no `crit`.
   */
  #verified(token: string, audience: string): Record<string, unknown> | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [head, body, signature] = parts as [string, string, string];
    // Compared as text: decoding first would let a padded or garbled signature pass.
    const expected = Buffer.from(
      createHmac('sha256', this.#secret).update(`${head}.${body}`).digest('base64url'),
    );
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const header = parseJson(head);
    if (
      !header ||
      header.alg !== 'HS256' ||
      'crit' in header ||
      Object.keys(header).some((k) => k !== 'alg' && k !== 'typ')
    )
      return null;
    const payload = parseJson(body);
    if (!payload || payload.iss !== ISSUER) return null;
    const aud = payload.aud;
    if (aud !== audience && !(Array.isArray(aud) && aud.includes(audience))) return null;
    const now = Math.floor(Date.now() / 1000);
    if (typeof payload.exp !== 'number' || payload.exp <= now) return null;
    if (typeof payload.nbf === 'number' && payload.nbf > now) return null;
    return payload;
  }
}

/** A base64url JSON object, or null. */
function parseJson(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
