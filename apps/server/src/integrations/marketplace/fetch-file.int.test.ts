import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchVendorFile, VendorFileError, type VendorFileOptions } from './fetch-file.ts';

/**
 * The vendor-file fetch against real HTTP servers on 127.0.0.1 (decision 0064): loopback is
 * reachable only through an allowed origin, redirects are checked hop by hop, and the size and
 * time limits hold.
 */
let server: Server;
let other: Server;
let origin: string;
let otherOrigin: string;
const PNG = Buffer.from('89504e470d0a1a0a0000', 'hex');

async function listen(handler: Parameters<typeof createServer>[1]): Promise<[Server, string]> {
  const s = createServer(handler);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return [s, `http://127.0.0.1:${(s.address() as AddressInfo).port}`];
}

beforeAll(async () => {
  [server, origin] = await listen((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const to = url.searchParams.get('to');
    if (url.pathname === '/image.png') {
      res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    } else if (url.pathname === '/typed') {
      // Served with the content type the query asks for (none when empty).
      const type = url.searchParams.get('type');
      res.writeHead(200, type ? { 'content-type': type } : {}).end(PNG);
    } else if (url.pathname === '/redirect' && to) {
      res.writeHead(302, { location: to }).end();
    } else if (url.pathname === '/loop') {
      res.writeHead(301, { location: '/loop' }).end();
    } else if (url.pathname === '/big') {
      // No content-length: the cap holds on the streamed bytes.
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(Buffer.alloc(600));
      res.end(Buffer.alloc(600));
    } else if (url.pathname === '/declared-big') {
      res.writeHead(200, { 'content-length': '5000' }).end(Buffer.alloc(5000));
    } else if (url.pathname === '/slow') {
      res.writeHead(200);
      res.write('x');
      // …and never ends: the deadline covers the body.
    } else res.writeHead(404).end();
  });
  [other, otherOrigin] = await listen((_req, res) => res.writeHead(200).end(PNG));
});
afterAll(async () => {
  server.closeAllConnections();
  other.closeAllConnections();
  await Promise.all([new Promise((r) => server.close(r)), new Promise((r) => other.close(r))]);
});

const base = (extra: Partial<VendorFileOptions> = {}): VendorFileOptions => ({
  maxBytes: 1024,
  timeoutMs: 2000,
  loopbackOrigins: [origin],
  ...extra,
});

async function refusal(url: string, options: VendorFileOptions): Promise<VendorFileError> {
  const error = await fetchVendorFile(url, options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VendorFileError);
  return error as VendorFileError;
}

describe('fetchVendorFile', () => {
  it('fetches from an allowed sandbox origin on loopback', async () => {
    const file = await fetchVendorFile(`${origin}/image.png`, base());
    expect(file.bytes.equals(PNG)).toBe(true);
    expect(file.contentType).toBe('image/png');
  });

  it('refuses loopback when no origin is allowed, or another port than the allowed one', async () => {
    const none = await refusal(`${origin}/image.png`, base({ loopbackOrigins: [] }));
    expect(none.reason).toBe('address');
    expect(none.refused).toEqual({ host: '127.0.0.1', address: '127.0.0.1', range: 'loopback' });
    const otherPort = await refusal(`${otherOrigin}/image.png`, base());
    expect(otherPort.refused?.range).toBe('loopback');
    // The allowance is for loopback only: an allowed origin on a private address is still refused.
    const privateOrigin = await refusal(
      'http://10.0.0.7/x.png',
      base({ loopbackOrigins: ['http://10.0.0.7'] }),
    );
    expect(privateOrigin.refused?.range).toBe('private');
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data/', 'link_local'],
    ['http://[::1]/x.png', 'loopback'],
    ['http://[::ffff:127.0.0.1]/x.png', 'loopback'],
    ['http://[::ffff:a9fe:a9fe]/x.png', 'link_local'],
    ['http://[fd00:ec2::254]/x.png', 'private'],
    ['http://[fe80::1]/x.png', 'link_local'],
    ['http://2130706433/x.png', 'loopback'], // 127.0.0.1 written as a number
    ['http://0x7f.1/x.png', 'loopback'],
    ['http://192.168.0.10/x.png', 'private'],
    ['http://100.100.100.200/x.png', 'shared'],
    ['http://0.0.0.0/x.png', 'unspecified'],
  ])('refuses %s (%s) without connecting', async (url, range) => {
    const error = await refusal(url, base({ loopbackOrigins: [] }));
    expect(error.reason).toBe('address');
    expect(error.refused?.range).toBe(range);
  });

  it('refuses a name that resolves to a private address, even when one of its addresses is public', async () => {
    const only = await refusal(
      'https://images.vendor.example/a.png',
      base({ resolve: () => Promise.resolve([{ address: '10.1.2.3', family: 4 }]) }),
    );
    expect(only.refused).toEqual({ host: 'images.vendor.example', address: '10.1.2.3', range: 'private' });
    expect(only.message).toBe('images.vendor.example resolves to 10.1.2.3, a private address');
    const mixed = await refusal(
      'https://images.vendor.example/a.png',
      base({
        resolve: () =>
          Promise.resolve([
            { address: '93.184.215.14', family: 4 },
            { address: '::ffff:169.254.169.254', family: 6 },
          ]),
      }),
    );
    expect(mixed.refused?.range).toBe('link_local');
  });

  it('connects to the address it checked, not to a second DNS answer', async () => {
    // The name "resolves" to the allowed sandbox; the socket must use that answer, not the system's.
    let asked = 0;
    const file = await fetchVendorFile(
      `${origin.replace('127.0.0.1', 'sandbox.invalid')}/image.png`,
      base({
        loopbackOrigins: [origin.replace('127.0.0.1', 'sandbox.invalid')],
        resolve: () => {
          asked++;
          return Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
        },
      }),
    );
    expect(file.bytes.equals(PNG)).toBe(true);
    expect(asked).toBe(1);
  });

  it('follows a redirect to an allowed address and refuses one into a private range', async () => {
    const ok = await fetchVendorFile(`${origin}/redirect?to=${encodeURIComponent('/image.png')}`, base());
    expect(ok.bytes.equals(PNG)).toBe(true);
    for (const [to, range] of [
      ['http://169.254.169.254/latest/meta-data/iam/', 'link_local'],
      ['http://[::ffff:10.0.0.1]/', 'private'],
      [`${otherOrigin}/image.png`, 'loopback'],
    ] as const) {
      const error = await refusal(`${origin}/redirect?to=${encodeURIComponent(to)}`, base());
      expect(error.reason, to).toBe('address');
      expect(error.refused?.range, to).toBe(range);
    }
    const loop = await refusal(`${origin}/loop`, base());
    expect(loop.reason).toBe('redirect');
  });

  it('refuses other schemes, credentials in the URL and non-URLs', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/a.png', 'gopher://x', 'not a url'])
      expect((await refusal(url, base())).reason, url).toBe('url');
    expect((await refusal(`http://user:pw@${origin.slice(7)}/image.png`, base())).reason).toBe('url');
  });

  it('holds the size cap, declared or streamed, and the deadline on a body that never ends', async () => {
    expect((await refusal(`${origin}/declared-big`, base())).reason).toBe('too_large');
    expect((await refusal(`${origin}/big`, base())).reason).toBe('too_large');
    const started = Date.now();
    expect((await refusal(`${origin}/slow`, base({ timeoutMs: 300 }))).reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await refusal(`${origin}/missing`, base())).reason).toBe('status');
  });

  it('accepts only the content types asked for, parameters and case aside, and refuses a missing one', async () => {
    const images = base({ contentTypes: ['image/png', 'image/jpeg'] });
    const typed = (type: string) => `${origin}/typed?type=${encodeURIComponent(type)}`;
    for (const type of ['image/png', 'IMAGE/JPEG', 'image/png; charset=binary'])
      expect((await fetchVendorFile(typed(type), images)).bytes.equals(PNG), type).toBe(true);
    for (const type of ['text/html', 'image/svg+xml', 'application/octet-stream', '']) {
      const error = await refusal(typed(type), images);
      expect(error.reason, type).toBe('type');
      expect(error.message, type).toBe(
        `content type ${type || '(none)'} is not one of image/png, image/jpeg`,
      );
    }
    // The check holds after a redirect too, and no types asked for means any type.
    const redirected = await refusal(
      `${origin}/redirect?to=${encodeURIComponent('/typed?type=text/html')}`,
      images,
    );
    expect(redirected.reason).toBe('type');
    expect((await fetchVendorFile(typed('text/html'), base())).bytes.equals(PNG)).toBe(true);
  });
});
