import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { hash } from '@node-rs/argon2';
import { hashOptionsFor, hashPassword, verifyPassword } from './password.ts';
import { TokenService } from './tokens.ts';

describe('passwords', () => {
  it('verifies the right password and refuses a wrong one or a malformed hash', async () => {
    const stored = await hashPassword('Demo12345');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=1\$/);
    expect(stored).not.toContain('Demo12345');
    expect(await verifyPassword('Demo12345', stored)).toBe(true);
    expect(await verifyPassword('Demo12346', stored)).toBe(false);
    expect(await verifyPassword('Demo12345', 'plain')).toBe(false);
    expect(await hashPassword('Demo12345')).not.toBe(stored);
  });

  it('issue 17 finding 13: hashes at OWASP strength outside tests, cheaply under NODE_ENV=test, and verifies both', async () => {
    for (const env of ['production', 'development', undefined])
      expect(hashOptionsFor(env)).toMatchObject({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(hashOptionsFor('test').memoryCost).toBeLessThan(1024);
    expect(await hashPassword('Demo12345')).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$/);
    const strong = await hash('Demo12345', hashOptionsFor('production'));
    expect(strong).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword('Demo12345', strong)).toBe(true);
  });
});

describe('tokens', () => {
  const tokens = new TokenService('x'.repeat(40));
  const admin = {
    kind: 'admin',
    id: 'u1',
    tier: 'merchant',
    tenantId: 't1',
    merchantId: 'm1',
    factoryId: null,
    isPrimary: true,
  } as const;

  it('round-trips an admin and a member actor with their session', async () => {
    expect(await tokens.verify(await tokens.sign(admin, 's1'), 'admin')).toEqual({
      actor: admin,
      sessionId: 's1',
    });
    const member = { kind: 'member', id: 'u2', tenantId: 't1' } as const;
    expect(await tokens.verify(await tokens.sign(member, 's2'), 'member')).toEqual({
      actor: member,
      sessionId: 's2',
    });
  });

  it('never accepts one kind of token in place of the other', async () => {
    expect(await tokens.verify(await tokens.sign(admin, 's'), 'member')).toBeNull();
    expect(
      await tokens.verify(await tokens.sign({ kind: 'member', id: 'u', tenantId: 't' }, 's'), 'admin'),
    ).toBeNull();
  });

  it('refuses a purpose token as an access token, and the reverse', async () => {
    const purpose = await tokens.signPurpose('account-verification', 'u1', { type: 'mobile' }, 60);
    expect(await tokens.verify(purpose, 'admin')).toBeNull();
    expect(await tokens.verifyPurpose(purpose, 'account-verification', 'u1')).toMatchObject({
      type: 'mobile',
    });
    expect(await tokens.verifyPurpose(purpose, 'account-verification', 'u2')).toBeNull();
    expect(
      await tokens.verifyPurpose(await tokens.sign(admin, 's'), 'account-verification', 'u1'),
    ).toBeNull();
  });

  it('refuses an unsigned (alg none) token', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(
      JSON.stringify({
        sub: 'u1',
        aud: 'admin',
        iss: 'podsupply',
        sid: 's',
        tier: 'platform',
        exp: 9_999_999_999,
      }),
    ).toString('base64url');
    expect(await tokens.verify(`${header}.${body}.`, 'admin')).toBeNull();
  });

  it('refuses expired, tampered and foreign tokens', async () => {
    expect(await tokens.verify(await tokens.sign(admin, 's', -10), 'admin')).toBeNull();
    const good = await tokens.sign(admin, 's');
    expect(await tokens.verify(good.slice(0, -2) + 'AA', 'admin')).toBeNull();
    const other = new TokenService('y'.repeat(40));
    expect(await other.verify(good, 'admin')).toBeNull();
    expect(await tokens.verify('not.a.jwt', 'admin')).toBeNull();
  });

  it('decision 0096: a token verified before is refused once it expires, and never lends its verification to another text or kind', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z') });
    try {
      const fresh = new TokenService('x'.repeat(40));
      const token = await fresh.sign(admin, 's', 60);
      expect(await fresh.verify(token, 'admin')).toEqual({ actor: admin, sessionId: 's' });
      // Kept now: still refused for the other kind, and a changed signature is checked afresh.
      expect(await fresh.verify(token, 'member')).toBeNull();
      expect(await fresh.verify(token.slice(0, -2) + 'AA', 'admin')).toBeNull();
      vi.setSystemTime(new Date('2026-11-27T10:00:59Z'));
      expect(await fresh.verify(token, 'admin')).not.toBeNull();
      vi.setSystemTime(new Date('2026-11-27T10:01:00Z'));
      expect(await fresh.verify(token, 'admin')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives every caller its own actor: a change to one answer does not reach the next', async () => {
    const token = await tokens.sign(admin, 's');
    const first = await tokens.verify(token, 'admin');
    (first!.actor as { id: string }).id = 'someone-else';
    expect((await tokens.verify(token, 'admin'))?.actor).toEqual(admin);
  });

  it('refuses a padded signature, a header with other parameters and a wrong issuer, all correctly signed', async () => {
    const good = await tokens.sign(admin, 's');
    expect(await tokens.verify(good, 'admin')).not.toBeNull();
    expect(await tokens.verify(`${good}=`, 'admin')).toBeNull();
    expect(await tokens.verify(`${good}.x`, 'admin')).toBeNull();

    const secret = 'x'.repeat(40);
    const signed = (header: object, claims: object) => {
      const h = Buffer.from(JSON.stringify(header)).toString('base64url');
      const b = Buffer.from(JSON.stringify(claims)).toString('base64url');
      const sig = createHmac('sha256', secret).update(`${h}.${b}`).digest('base64url');
      return `${h}.${b}.${sig}`;
    };
    const claims = {
      sub: 'u1',
      aud: 'admin',
      iss: 'podsupply',
      sid: 's',
      tier: 'platform',
      exp: 9_999_999_999,
    };
    expect(await tokens.verify(signed({ alg: 'HS256', typ: 'JWT' }, claims), 'admin')).not.toBeNull();
    expect(
      await tokens.verify(signed({ alg: 'HS256', crit: ['b64'], b64: false }, claims), 'admin'),
    ).toBeNull();
    expect(await tokens.verify(signed({ alg: 'HS512' }, claims), 'admin')).toBeNull();
    expect(await tokens.verify(signed({ alg: 'HS256' }, { ...claims, iss: 'someone' }), 'admin')).toBeNull();
    expect(await tokens.verify(signed({ alg: 'HS256' }, { ...claims, exp: undefined }), 'admin')).toBeNull();
    expect(
      await tokens.verify(signed({ alg: 'HS256' }, { ...claims, nbf: 9_999_999_999 }), 'admin'),
    ).toBeNull();
  });
});
