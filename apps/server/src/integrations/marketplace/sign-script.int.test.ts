import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../../../..');

/** `npm run -s marketplace:sign -- …` as support runs it: the signature alone on the last line. */
function sign(...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/marketplace-sign.mjs', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const lines = run.stdout.trimEnd().split('\n');
  return { status: run.status, lines, last: lines[lines.length - 1], stderr: run.stderr };
}

describe('npm run marketplace:sign', () => {
  it('prints the adapters’ signatures, the signature alone on the last line', () => {
    expect(sign('tiktok', '--secret', 'app_secret', '--path', '/test-api', '--query', 'foo=bar').last).toBe(
      'd3cb7fe11ecae942802ceeca67e7cf10120cc12f1517d45fbc1c8cfe5413c80f',
    );
    const body = '{"order_status":"AWAITING_SHIPMENT","create_time_ge":1699990000}';
    const withBody = sign(
      'tiktok',
      '--secret',
      'testsecret',
      '--path',
      '/order/202309/orders/search',
      '--query',
      'app_key=testkey',
      'timestamp=1700000000',
      '--query',
      'shop_cipher=GCP_XXXX',
      'page_size=20',
      'sort_order=DESC',
      '--body',
      body,
    );
    expect(withBody.last).toBe('5cd7ba67335057b631aee0f58cbcfddf773148b24c3d820e0dc4538156d429bc');
    // The signed string is shown first, the secret masked.
    expect(withBody.lines[0]).toContain('/order/202309/orders/searchapp_keytestkey');
    expect(withBody.lines.join('\n')).not.toContain('testsecret');

    const params = JSON.stringify({
      type: 'bg.order.list.v2.get',
      app_key: 'k',
      access_token: 't',
      timestamp: 1700000000,
      data_type: 'JSON',
    });
    expect(sign('temu', '--secret', 's', '--params', params).last).toBe('7778D6C4A79C48EF9A18F21534F093E5');
    const hook =
      '{"type":1,"shop_id":"7494726673780148744","timestamp":1664095733,"data":{"order_id":"576684019603311365","order_status":"AWAITING_SHIPMENT","update_time":1664095610}}';
    expect(
      sign('tiktok-webhook', '--key', 'fake_app_key', '--secret', 'fake_app_secret', '--body', hook).last,
    ).toBe('21109834de72ec53c9959716d8514ae388ce1f123e5ffdcafc46713fcdf62b27');
    const alipay = sign(
      'alipay',
      '--key',
      join(ROOT, 'apps/server/src/integrations/alipay/test-keys/app-private.pem'),
      '--params',
      '{"app_id":"1","sign_type":"RSA2","biz_content":"{}"}',
    );
    expect(alipay.lines[0]).toBe('content: app_id=1&biz_content={}&sign_type=RSA2');
    expect(alipay.last).toMatch(/^[A-Za-z0-9+/]+=*$/);
  });

  it('refuses a bad command or a missing option with the usage, exit code 2', () => {
    const bad = sign('nope');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('usage: npm run -s marketplace:sign');
    expect(sign('temu', '--params', '{}').status).toBe(2);
    expect(sign('temu', '--secret', 's', '--params', 'not json').status).toBe(2);
  });
});
