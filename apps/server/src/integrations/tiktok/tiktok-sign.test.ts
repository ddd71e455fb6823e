import { describe, expect, it } from 'vitest';
import {
  tiktokQuery,
  tiktokSign,
  tiktokSignContent,
  tiktokWebhookSignature,
  verifyTiktokWebhook,
} from './tiktok-sign.ts';

describe('TikTok Shop request signing (contracts §1b)', () => {
  it("reproduces EcomPHP's published vector (tests/ClientTest.php::testPrepareSignature)", () => {
    expect(tiktokSign('app_secret', { path: '/test-api', query: { foo: 'bar' } })).toBe(
      'd3cb7fe11ecae942802ceeca67e7cf10120cc12f1517d45fbc1c8cfe5413c80f',
    );
  });

  it('signs path, sorted query without sign and access_token, then the raw body', () => {
    const query = {
      timestamp: 1700000000,
      shop_cipher: 'GCP_XXXX',
      app_key: 'testkey',
      sort_order: 'DESC',
      page_size: 20,
      access_token: 'never-signed',
      sign: 'never-signed',
    };
    const body = '{"order_status":"AWAITING_SHIPMENT","create_time_ge":1699990000}';
    expect(tiktokSignContent('/order/202309/orders/search', query, body)).toBe(
      '/order/202309/orders/searchapp_keytestkeypage_size20shop_cipherGCP_XXXXsort_orderDESCtimestamp1700000000' +
        body,
    );
    // Own vector, computed with an independent Python HMAC of the documented algorithm.
    expect(tiktokSign('testsecret', { path: '/order/202309/orders/search', query, body })).toBe(
      '5cd7ba67335057b631aee0f58cbcfddf773148b24c3d820e0dc4538156d429bc',
    );
  });

  it('a GET without a body, and a body with non-ASCII text signed as its UTF-8 bytes', () => {
    expect(
      tiktokSign('testsecret', {
        path: '/authorization/202309/shops',
        query: { app_key: 'testkey', timestamp: 1700000000 },
      }),
    ).toBe('ad27d2139b183141cff59b8845b72c0b799b531d142df44ffb4eb27e4f65547e');
    expect(
      tiktokSign('testsecret', {
        path: '/product/202309/products',
        query: { app_key: 'testkey', timestamp: 1700000000, shop_cipher: 'C1' },
        body: '{"title":"T恤 été","save_mode":"LISTING"}',
      }),
    ).toBe('a24b5745892f5b7c7038216280cfaee01cd8b6bf061725ce17d51991412def02');
  });

  it('empty query values are neither signed nor sent; a multipart body is not signed', () => {
    const base = { app_key: 'testkey', timestamp: 1700000000 };
    const withEmpty = { ...base, page_token: '', category_version: null, keyword: undefined };
    expect(tiktokQuery(withEmpty)).toEqual({ app_key: 'testkey', timestamp: '1700000000' });
    expect(tiktokSign('s', { path: '/p', query: withEmpty })).toBe(
      tiktokSign('s', { path: '/p', query: base }),
    );
    expect(tiktokSign('s', { path: '/p', query: base, body: 'binary', isMultipart: true })).toBe(
      tiktokSign('s', { path: '/p', query: base }),
    );
    expect(tiktokSign('s', { path: '/p', query: base, body: '{}' })).not.toBe(
      tiktokSign('s', { path: '/p', query: base }),
    );
  });
});

describe('TikTok Shop webhook signature (contracts §1c)', () => {
  // EcomPHP tests/WebhookTest.php: sample body, app key and secret.
  const sample =
    '{"type":1,"shop_id":"7494726673780148744","timestamp":1664095733,"data":{"order_id":"576684019603311365","order_status":"AWAITING_SHIPMENT","update_time":1664095610}}';

  it("reproduces EcomPHP's webhook example: HMAC-SHA256(app_secret, app_key + raw body)", () => {
    const signature = tiktokWebhookSignature('fake_app_key', 'fake_app_secret', sample);
    expect(signature).toBe('21109834de72ec53c9959716d8514ae388ce1f123e5ffdcafc46713fcdf62b27');
    expect(verifyTiktokWebhook('fake_app_key', 'fake_app_secret', sample, signature)).toBe(true);
    expect(verifyTiktokWebhook('fake_app_key', 'fake_app_secret', sample, 'wrong signature')).toBe(false);
  });

  it('is over the exact bytes: a re-serialised body, another key or a Bearer prefix fails', () => {
    const body = '{"type":7,"shop_id":"7494","data":{"message":"expiring","expiration_time":1700600000}}';
    const signature = tiktokWebhookSignature('testkey', 'testsecret', body);
    expect(signature).toBe('7a0dd473bf3668eb90650be359738cb4b5b87368449969cdb91802e575fa4de9');
    expect(
      verifyTiktokWebhook('testkey', 'testsecret', JSON.stringify(JSON.parse(body), null, 1), signature),
    ).toBe(false);
    expect(verifyTiktokWebhook('otherkey', 'testsecret', body, signature)).toBe(false);
    expect(verifyTiktokWebhook('testkey', 'testsecret', body, `Bearer ${signature}`)).toBe(false);
    expect(verifyTiktokWebhook('testkey', 'testsecret', body, undefined)).toBe(false);
  });
});
