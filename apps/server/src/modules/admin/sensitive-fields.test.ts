import { describe, expect, it } from 'vitest';
import { summarise } from './admin-log.ts';
import { isSecretField, sensitivityOf, shownInLog } from '../../platform/sensitive-fields.ts';

describe('the one list of sensitive fields (issue 17 finding 2)', () => {
  it('classes secrets and identifying numbers, whatever the case or separator', () => {
    expect(['password', 'passwordHash', 'refresh_token', 'appSecret', 'sms_code'].map(sensitivityOf)).toEqual(
      Array(5).fill('secret'),
    );
    expect(['card_number', 'cardNumber', 'bank-account', 'mobile', 'id_card'].map(sensitivityOf)).toEqual(
      Array(5).fill('number'),
    );
    expect(['email', 'name', 'visibility'].map(sensitivityOf)).toEqual([null, null, null]);
    expect(isSecretField('passwordHash')).toBe(true);
  });

  it('shows a number by its last four characters and a secret not at all, in both logs', () => {
    expect(shownInLog('mobile', '13811112222')).toBe('****2222');
    expect(shownInLog('cardNumber', '')).toBe('');
    expect(shownInLog('password', 'Secret123')).toBe('***');
    expect(shownInLog('email', 'a@b.c')).toBe('a@b.c');
    // The admin log's body summary applies the same list.
    expect(
      summarise({ mobile: '13811112222', password: 'x', card_no: '6222020200112233', name: 'n' }),
    ).toEqual({
      mobile: '****2222',
      password: '***',
      card_no: '****2233',
      name: 'n',
    });
  });

  it('keeps every key of a logged body as a key, `__proto__` included, and at most 100 of them', () => {
    const body = JSON.parse('{"__proto__": {"x": 1}, "a": "b"}') as unknown;
    expect(JSON.stringify(summarise(body))).toBe('{"__proto__":{"x":1},"a":"b"}');
    const wide = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`k${i}`, i]));
    const kept = Object.keys(summarise(wide) as object);
    expect(kept).toHaveLength(100);
    expect(kept.at(-1)).toBe('k99');
  });
});
