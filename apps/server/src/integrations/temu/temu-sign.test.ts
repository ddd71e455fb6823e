import { describe, expect, it } from 'vitest';
import {
  temuBody,
  temuSign,
  temuSignContent,
  temuSignValue,
  verifyTemuWebhook,
  temuWebhookSignature,
} from './temu-sign.ts';

describe('Temu request signing (contracts §2e)', () => {
  it("reproduces the partner documentation's signing example (bg.logistics.shipment.confirm)", () => {
    // The example's nested objects are signed in the order the body carries them, not sorted.
    const params = {
      access_token: '2nifvmpyymvypwmcms5ct4uqqudrwgpmzbcnmkt1jzjkuaf3x56iixym',
      app_key: 'f9d5cc9313893a20d5aa85c654e8f503',
      data_type: 'JSON',
      sendRequestList: [
        {
          orderSendInfoList: [
            {
              quantity: 1,
              orderSn: '211-21905473070712792',
              parentOrderSn: 'PO-211-21905452099192792',
              goodsId: 601099548666279,
              skuId: 17592352673534,
            },
          ],
          carrierId: '699272611',
          trackingNumber: '270324232756',
        },
      ],
      sendType: 0,
      timestamp: 1711009072,
      type: 'bg.logistics.shipment.confirm',
    };
    expect(temuSign('c7e0a1a63542be4de3cb5488f9fba8149e8fc290', params)).toBe(
      '4CCF219942D4180C6DDA3CE36C1B838F',
    );
    // The key order of the top level does not matter; `sign` itself is never signed.
    const shuffled = Object.fromEntries(Object.entries(params).reverse());
    expect(temuSign('c7e0a1a63542be4de3cb5488f9fba8149e8fc290', { ...shuffled, sign: 'x' })).toBe(
      '4CCF219942D4180C6DDA3CE36C1B838F',
    );
  });

  it('own vector: nested params, booleans, numbers and non-ASCII text (Python TestSign.py agrees)', () => {
    const params = {
      type: 'bg.order.customization.get',
      app_key: 'sandbox-temu-app',
      access_token: 'tok_123',
      timestamp: 1700000000,
      data_type: 'JSON',
      request: { orderSnList: ['211-1', '211-2'], zeta: true, alpha: { b: 1, a: '中文' } },
      pageSize: 20,
      isPaid: false,
      note: 'Bonjour été',
    };
    expect(temuSignContent('S', params)).toContain(
      'request{"orderSnList":["211-1","211-2"],"zeta":true,"alpha":{"b":1,"a":"中文"}}',
    );
    expect(temuSign('sandbox-temu-secret', params)).toBe('993772DDAF7CD9C42BFD1327D6345E50');
  });

  it('own vector: an empty value is signed as its key alone; the platform leaves it out of the body', () => {
    const base = {
      type: 'bg.order.list.v2.get',
      app_key: 'k',
      access_token: 't',
      timestamp: 1700000000,
      data_type: 'JSON',
    };
    expect(temuSign('s', { ...base, remark: '' })).toBe('EBF59905D3F3A8C64134F75A779E004C');
    expect(temuSign('s', base)).toBe('7778D6C4A79C48EF9A18F21534F093E5');
    expect(temuBody({ ...base, remark: '', gone: undefined, nothing: null, zero: 0, no: false })).toEqual({
      ...base,
      zero: 0,
      no: false,
    });
  });

  it("strips every leading and trailing quote, as Python's str.strip('\"') does", () => {
    expect(temuSignValue('abc')).toBe('abc');
    expect(temuSignValue(1)).toBe('1');
    expect(temuSignValue(true)).toBe('true');
    expect(temuSignValue('say "hi"')).toBe('say \\"hi\\');
    expect(temuSign('s', { type: 'x', note: 'say "hi"' })).toBe('CA3A79CB906713E92371556B0A8810D9');
  });
});

describe('Temu webhook signature (⚠ decision 0030)', () => {
  it('signs app key, event code, timestamp and the raw body; any change fails', () => {
    const parts = {
      appKey: 'k',
      eventCode: 'bg_order_status_change_event',
      timestamp: '1700000000',
      rawBody: '{"a":1}',
    };
    const signature = temuWebhookSignature('secret', parts);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyTemuWebhook('secret', parts, signature)).toBe(true);
    expect(verifyTemuWebhook('secret', { ...parts, rawBody: '{"a":2}' }, signature)).toBe(false);
    expect(verifyTemuWebhook('secret', { ...parts, timestamp: '1700000001' }, signature)).toBe(false);
    expect(verifyTemuWebhook('other', parts, signature)).toBe(false);
  });
});
