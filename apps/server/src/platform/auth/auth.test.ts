import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';
import { TokenService } from './tokens.ts';

describe('passwords', () => {
  it('verifies the right password and refuses a wrong one or a malformed hash', async () => {
    const hash = await hashPassword('Demo12345');
    expect(hash).toMatch(/^scrypt\$/);
    expect(hash).not.toContain('Demo12345');
    expect(await verifyPassword('Demo12345', hash)).toBe(true);
    expect(await verifyPassword('Demo12346', hash)).toBe(false);
    expect(await verifyPassword('Demo12345', 'plain')).toBe(false);
    expect(await hashPassword('Demo12345')).not.toBe(hash);
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
    isPrimary: true,
  } as const;

  it('round-trips an admin and a member actor', async () => {
    expect(await tokens.verify(await tokens.sign(admin), 'admin')).toEqual(admin);
    const member = { kind: 'member', id: 'u2', tenantId: 't1' } as const;
    expect(await tokens.verify(await tokens.sign(member), 'member')).toEqual(member);
  });

  it('never accepts one kind of token in place of the other', async () => {
    expect(await tokens.verify(await tokens.sign(admin), 'member')).toBeNull();
    expect(
      await tokens.verify(await tokens.sign({ kind: 'member', id: 'u', tenantId: 't' }), 'admin'),
    ).toBeNull();
  });

  it('refuses expired, tampered and foreign tokens', async () => {
    expect(await tokens.verify(await tokens.sign(admin, -10), 'admin')).toBeNull();
    const good = await tokens.sign(admin);
    expect(await tokens.verify(good.slice(0, -2) + 'AA', 'admin')).toBeNull();
    const other = new TokenService('y'.repeat(40));
    expect(await other.verify(good, 'admin')).toBeNull();
    expect(await tokens.verify('not.a.jwt', 'admin')).toBeNull();
  });
});
