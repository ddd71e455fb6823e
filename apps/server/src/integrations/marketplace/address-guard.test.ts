import { describe, expect, it } from 'vitest';
import type { MarketplacesConfig } from '../../config.ts';
import { sandboxFileOrigins } from '../marketplaces.ts';
import { blockedRange } from './address-guard.ts';

/** Decision 0064: which addresses a vendor file may be fetched from. */
describe('blockedRange', () => {
  it.each([
    // IPv4, one address in (and at the edges of) each range
    ['0.0.0.0', 'unspecified'],
    ['0.255.255.255', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.100.100.200', 'shared'], // Alibaba Cloud's metadata service
    ['100.127.255.255', 'shared'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.0.1', 'link_local'],
    ['169.254.169.254', 'link_local'], // AWS, GCP, Azure metadata
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['192.88.99.1', 'reserved'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'reserved'],
    ['198.19.255.255', 'reserved'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    // IPv6
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::7f00:1', 'reserved'], // IPv4-compatible (deprecated)
    ['64:ff9b:1::1', 'private'],
    ['100::1', 'reserved'],
    ['2001::1', 'reserved'], // Teredo
    ['2001:2::1', 'reserved'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['5f00::1', 'reserved'],
    ['fc00::1', 'private'],
    ['fd00:ec2::254', 'private'], // AWS's IPv6 metadata service
    ['fe80::1', 'link_local'],
    ['fe80::1%eth0', 'link_local'],
    ['febf:ffff::1', 'link_local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    // IPv6 forms carrying an IPv4 address: judged by it
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link_local'],
    ['::ffff:a9fe:a9fe', 'link_local'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:192.168.0.1', 'private'],
    ['64:ff9b::10.0.0.1', 'private'], // NAT64
    ['64:ff9b::a9fe:a9fe', 'link_local'],
    ['2002:7f00:1::', 'loopback'], // 6to4 of 127.0.0.1
    ['2002:c0a8:101::1', 'private'], // 6to4 of 192.168.1.1
    // not an address at all
    ['localhost', 'reserved'],
    ['', 'reserved'],
  ] as const)('%s is %s', (address, range) => {
    expect(blockedRange(address)).toBe(range);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '9.255.255.255', // just below 10/8
    '11.0.0.0', // just above
    '100.63.255.255', // below the shared range
    '100.128.0.0', // above it
    '126.255.255.255',
    '128.0.0.1',
    '169.253.255.255',
    '169.255.0.1',
    '172.15.255.255',
    '172.32.0.0',
    '192.167.255.255',
    '192.169.0.0',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001:82b::200e',
    '2001:4860:4860::8888', // Google: outside 2001::/23
    '::ffff:8.8.8.8',
    '64:ff9b::808:808', // NAT64 of 8.8.8.8
    '2002:808:808::1', // 6to4 of 8.8.8.8
  ])('%s is public', (address) => {
    expect(blockedRange(address)).toBeNull();
  });
});

describe('sandboxFileOrigins (the loopback origins a vendor file may come from)', () => {
  const config = (over: { tiktok?: object; temu?: object } = {}): MarketplacesConfig =>
    ({
      tiktok: { enabled: true, sandbox: true, apiHost: 'http://127.0.0.1:8092', ...over.tiktok },
      temu: {
        enabled: true,
        sandbox: true,
        gateways: {
          pa: 'http://127.0.0.1:8093/pa/openapi/router',
          us: 'http://127.0.0.1:8093/us/openapi/router',
          global: 'http://127.0.0.1:8093/global/openapi/router',
        },
        ...over.temu,
      },
      refreshAheadSeconds: 600,
    }) as unknown as MarketplacesConfig;

  it('are the sandboxes’ own origins outside production', () => {
    expect(sandboxFileOrigins(config(), false)).toEqual(['http://127.0.0.1:8092', 'http://127.0.0.1:8093']);
  });

  it('are none in production, for real hosts, for a marketplace switched off, or a sandbox off loopback', () => {
    expect(sandboxFileOrigins(config(), true)).toEqual([]);
    expect(
      sandboxFileOrigins(
        config({
          tiktok: { sandbox: false, apiHost: 'https://open-api.tiktokglobalshop.com' },
          temu: { enabled: false },
        }),
        false,
      ),
    ).toEqual([]);
    // A "sandbox" configured on a private address is not a loopback sandbox: nothing is allowed.
    expect(
      sandboxFileOrigins(
        config({ tiktok: { apiHost: 'http://10.0.0.8:8092' }, temu: { enabled: false } }),
        false,
      ),
    ).toEqual([]);
  });
});
