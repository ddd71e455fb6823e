import { describe, expect, it } from 'vitest';
import { addressFieldRule, addressLine } from './address-rules.ts';

describe('addressFieldRule (spec §5 "enter a real address")', () => {
  const cn = { country: 'CN', province: '广东省', mobile_phone: '13800138000', postcode: '518000' };
  const us = { country: 'US', province: 'CA', mobile_phone: '(415) 555-2671', postcode: '94103' };

  it('accepts real Chinese and US addresses', () => {
    for (const field of ['province', 'mobile_phone', 'postcode'] as const) {
      expect(addressFieldRule(cn, field)).toBeNull();
      expect(addressFieldRule(us, field)).toBeNull();
    }
  });

  it('checks the phone and postcode formats of the country', () => {
    expect(addressFieldRule({ ...cn, mobile_phone: '12345' }, 'mobile_phone')).toBe('addressPhone');
    expect(addressFieldRule({ ...cn, postcode: '5180' }, 'postcode')).toBe('addressPostcode');
    expect(addressFieldRule({ ...us, mobile_phone: '13800138000' }, 'mobile_phone')).toBe('addressPhone');
    expect(addressFieldRule({ ...us, postcode: '9410' }, 'postcode')).toBe('addressPostcode');
    expect(addressFieldRule({ ...us, postcode: '94103-1234' }, 'postcode')).toBeNull();
  });

  it('requires the province and postcode where the country does', () => {
    expect(addressFieldRule({ ...cn, province: ' ' }, 'province')).toBe('addressRequired');
    expect(addressFieldRule({ ...us, postcode: '' }, 'postcode')).toBe('addressRequired');
  });

  it('falls back to a sane rule for other countries', () => {
    const other = { country: 'BR', mobile_phone: '+55 11 91234 5678', postcode: '', province: '' };
    expect(addressFieldRule(other, 'province')).toBeNull();
    expect(addressFieldRule(other, 'postcode')).toBeNull();
    expect(addressFieldRule(other, 'mobile_phone')).toBeNull();
    expect(addressFieldRule({ ...other, mobile_phone: '12' }, 'mobile_phone')).toBe('addressPhone');
  });

  it('reads a lower-case country code like the server', () => {
    expect(addressFieldRule({ ...cn, country: 'cn', postcode: '5180' }, 'postcode')).toBe('addressPostcode');
  });
});

describe('addressLine', () => {
  it('joins the parts that are filled in', () => {
    expect(
      addressLine(
        {
          street: '1 Main St',
          area: '',
          city: 'San Francisco',
          province: 'CA',
          postcode: '94103',
          country: 'US',
        },
        (code) => (code === 'US' ? 'United States' : code),
      ),
    ).toBe('1 Main St, San Francisco, CA, 94103, United States');
  });
});
