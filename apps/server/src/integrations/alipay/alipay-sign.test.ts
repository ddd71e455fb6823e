import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AlipayPageProvider } from './alipay-provider.ts';
import {
  alipayTimestamp,
  fromYuan,
  publicPemOf,
  signContent,
  signNotification,
  signRequest,
  toYuan,
  verifyNotification,
  verifyRequest,
} from './alipay-sign.ts';

const key = (name: string) => readFileSync(join(import.meta.dirname, 'test-keys', name), 'utf8');
const APP_PRIVATE = key('app-private.pem');
const APP_PUBLIC = key('app-public.pem');
const ALIPAY_PRIVATE = key('alipay-private.pem');
const ALIPAY_PUBLIC = key('alipay-public.pem');

describe('Alipay RSA2 signing', () => {
  it('signs sorted key=value pairs, skipping sign and empty values, values not URL-encoded', () => {
    expect(signContent({ b: '2', a: '1 & 2', sign: 'x', c: '', d: undefined, sign_type: 'RSA2' })).toBe(
      'a=1 & 2&b=2&sign_type=RSA2',
    );
    expect(signContent({ b: '2', sign_type: 'RSA2', sign: 'x' }, ['sign', 'sign_type'])).toBe('b=2');
  });

  it('a signed request verifies with the public key and fails once any parameter changes', () => {
    const signed = signRequest(
      { app_id: '1', sign_type: 'RSA2', biz_content: '{"total_amount":"1.00"}' },
      APP_PRIVATE,
    );
    expect(verifyRequest(signed, APP_PUBLIC)).toBe(true);
    expect(verifyRequest({ ...signed, biz_content: '{"total_amount":"9.00"}' }, APP_PUBLIC)).toBe(false);
    // sign_type is part of a request's signed content.
    expect(verifyRequest({ ...signed, sign_type: 'RSA' }, APP_PUBLIC)).toBe(false);
    expect(verifyRequest(signed, ALIPAY_PUBLIC)).toBe(false);
  });

  it('notifications are signed without sign and sign_type, and checked against Alipay’s key', () => {
    const signed = signNotification(
      { out_trade_no: 'A1', total_amount: '10.00', trade_status: 'TRADE_SUCCESS' },
      ALIPAY_PRIVATE,
    );
    expect(signed.sign_type).toBe('RSA2');
    expect(verifyNotification(signed, ALIPAY_PUBLIC)).toBe(true);
    expect(verifyNotification({ ...signed, total_amount: '100.00' }, ALIPAY_PUBLIC)).toBe(false);
    expect(verifyNotification({ ...signed, sign: 'garbage' }, ALIPAY_PUBLIC)).toBe(false);
    expect(verifyNotification({ ...signed, sign_type: 'RSA' }, ALIPAY_PUBLIC)).toBe(false);
    // Signed by anyone but Alipay (here: the app's own key) is refused.
    expect(verifyNotification(signNotification({ out_trade_no: 'A1' }, APP_PRIVATE), ALIPAY_PUBLIC)).toBe(
      false,
    );
  });

  it('verifies a real Alipay notification published by alipay-sdk-nodejs-all (test/alipay.test.ts, checkNotifySign)', () => {
    // The SDK's "notify sign public key v1" and a TRADE_SUCCESS notification Alipay signed with it.
    const key =
      'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAqObrdC7hrgAVM98tK0nv3hSQRGGKT4lBsQjHiGjeYZjOPIPHR5knm2jnnz/YGIXIofVHkA/tAlBAd5DrY7YpvI4tP5EONLtZKC2ghBMx7McI2wRD0xiqzxOQr1FuhZGJ8/AUokBzJrzY+aGX2xcOrxFYRlFilvVLTXg4LWjR1tdPkO6+i7wQZAIVMClPkwVRZEbaERRHlKqTzv2gGv5rDU8gRoe1LeaN+6BlbTqHWkQcNCUNrA8C6l17XAXGKDsm/9TFWwO8EPHHHCaQdjtV5/FdcWIt+L8SR1ss7EXTjYDFtxcKVv9rEoY1lX8T4mX+GbXfZHraG5NCF1+XioL5JwIDAQAB';
    const pem = `-----BEGIN PUBLIC KEY-----\n${key.match(/.{1,64}/g)!.join('\n')}\n-----END PUBLIC KEY-----\n`;
    const notification = {
      gmt_create: '2019-08-15 15:56:22',
      charset: 'utf-8',
      seller_email: 'z97-yuquerevenue@service.aliyun.com',
      subject: '语雀空间 500人规模',
      sign: 'QfTb8tqE1BMhS5qAnXtvsF3/jBkEvu9q9en0pdbBUDDjvKycZhQb7h8GDs4FKfi049PynaNuatxSgLb/nLWZpXyyh0LEWdK2S6Ri7nPwrVgOs08zugLO20vOQz44y3ti2Ncm8/wZts1Fr2gZ7pShnVX3d1B50hbsXnObT1r/U8ONNQjWXd0HIul4TG+Q3fm3svmSvFEy0WnzuhcyHPX5Gm4ELNctL6Qd5YniGJFNcc7kopHYtI/XD9YCKCH6Ct02rzUs9i11C9CsadtZn+WhxF26Dqt9sGEFajkJ8cxUTLi8+VCpLHsgPE8P0y095uQcDdK0YjCh4x7wVSov+lrmOQ==',
      buyer_id: '2088102534368455',
      invoice_amount: '0.10',
      notify_id: '2019081500222155624068450559358070',
      fund_bill_list: '[{"amount":"0.10","fundChannel":"ALIPAYACCOUNT"}]',
      notify_type: 'trade_status_sync',
      trade_status: 'TRADE_SUCCESS',
      receipt_amount: '0.10',
      buyer_pay_amount: '0.10',
      sign_type: 'RSA2',
      app_id: '2019073166072302',
      seller_id: '2088531891668739',
      gmt_payment: '2019-08-15 15:56:24',
      notify_time: '2019-08-15 15:56:25',
      version: '1.0',
      out_trade_no: '20190815155618536-564-57',
      total_amount: '0.10',
      trade_no: '2019081522001468450512505578',
      auth_app_id: '2019073166072302',
      buyer_logon_id: 'xud***@126.com',
      point_amount: '0.00',
    };
    expect(verifyNotification(notification, pem)).toBe(true);
    expect(verifyNotification({ ...notification, total_amount: '1.00' }, pem)).toBe(false);
  });

  it('derives the public key of a private key', () => {
    expect(publicPemOf(APP_PRIVATE).trim()).toBe(APP_PUBLIC.trim());
  });

  it('converts fen and yuan exactly', () => {
    expect(toYuan(1)).toBe('0.01');
    expect(toYuan(12345)).toBe('123.45');
    expect(toYuan(100_000_000_00)).toBe('100000000.00');
    expect(fromYuan('123.45')).toBe(12345);
    expect(fromYuan('0.1')).toBe(10);
    expect(fromYuan('7')).toBe(700);
    for (const bad of ['', '-1.00', '1.234', 'abc', '1e3', undefined]) expect(fromYuan(bad)).toBeNull();
  });

  it('formats timestamps in Beijing time', () => {
    expect(alipayTimestamp(new Date('2024-01-31T20:05:09Z'))).toBe('2024-02-01 04:05:09');
  });
});

describe('AlipayPageProvider', () => {
  const provider = new AlipayPageProvider({
    gateway: 'https://openapi.alipay.com/gateway.do',
    appId: '2021000000000001',
    appPrivateKey: APP_PRIVATE,
    alipayPublicKey: ALIPAY_PUBLIC,
    sandbox: false,
  });

  it('builds a signed alipay.trade.page.pay request with the documented parameters', () => {
    const url = new URL(
      provider.pagePayUrl({
        outTradeNo: 'AP1',
        amount: 8888,
        subject: 'Recharge',
        returnUrl: 'https://shop.example/return',
        notifyUrl: 'https://api.example/notify',
      }),
    );
    const params = Object.fromEntries(url.searchParams);
    expect(url.origin + url.pathname).toBe('https://openapi.alipay.com/gateway.do');
    expect(params).toMatchObject({
      app_id: '2021000000000001',
      method: 'alipay.trade.page.pay',
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      version: '1.0',
      notify_url: 'https://api.example/notify',
      return_url: 'https://shop.example/return',
    });
    expect(JSON.parse(params.biz_content!)).toEqual({
      out_trade_no: 'AP1',
      product_code: 'FAST_INSTANT_TRADE_PAY',
      total_amount: '88.88',
      subject: 'Recharge',
    });
    expect(params.timestamp).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(verifyRequest(params, APP_PUBLIC)).toBe(true);
  });

  it('accepts a correctly signed notification for its app and reads it', () => {
    const n = signNotification(
      {
        app_id: '2021000000000001',
        notify_id: 'n1',
        out_trade_no: 'AP1',
        trade_no: '2024',
        trade_status: 'TRADE_SUCCESS',
        total_amount: '88.88',
        gmt_payment: '2024-02-01 04:05:09',
      },
      ALIPAY_PRIVATE,
    );
    expect(provider.verifyNotification(n)).toMatchObject({
      outTradeNo: 'AP1',
      tradeNo: '2024',
      totalAmount: 8888,
      tradeStatus: 'TRADE_SUCCESS',
      paidAt: new Date('2024-01-31T20:05:09Z'),
    });
    const otherApp = signNotification({ ...n, app_id: '999', sign: '', sign_type: '' }, ALIPAY_PRIVATE);
    expect(provider.verifyNotification(otherApp)).toBeNull();
    expect(provider.verifyNotification({ ...n, out_trade_no: 'AP2' })).toBeNull();
  });
});
