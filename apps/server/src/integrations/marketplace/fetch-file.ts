import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { blockedRange, type BlockedRange } from './address-guard.ts';

/**
 * A file a marketplace links to (a buyer's uploaded image, decisions 0053 and 0064): GET of the
 * vendor's URL, http or https only, no user name or password in it, no cookies or tokens sent.
 *
 * - **Public addresses only.** The host is resolved and every address it resolves to must be a
 *   public one (`address-guard.ts`: no loopback, private, link-local, shared, metadata, multicast
 *   or reserved range, IPv6 and IPv4-mapped included); the connection then goes to exactly those
 *   addresses (the socket's lookup answers with them), so a second DNS answer cannot point it
 *   elsewhere (DNS rebinding). The one exception is `loopbackOrigins`: the bundled sandboxes' own
 *   origins, given only outside production (`sandboxFileOrigins`).
 * - **Redirects** are followed up to `maxRedirects` (3), each target checked the same way; https
 *   never redirects to http.
 * - **Content types.** With `contentTypes`, a response whose media type (the `content-type`
 *   header without its parameters, case-insensitive) is not one of them — or that names none — is
 *   refused before its body is read (decision 0080).
 * - **Limits.** One deadline (`timeoutMs`) for the whole exchange, redirects and body included;
 *   at most `maxBytes`, whether declared or streamed.
 *
 * What comes back is untrusted: the caller passes it through the upload pipeline before any use.
 */
export class VendorFileError extends Error {
  constructor(
    readonly reason: 'url' | 'address' | 'redirect' | 'status' | 'type' | 'too_large' | 'timeout' | 'network',
    message: string,
    /** For `address`: the host refused, the address it resolved to and that address's range. */
    readonly refused?: { host: string; address: string; range: BlockedRange },
  ) {
    super(message);
    this.name = 'VendorFileError';
  }
}

export interface VendorFile {
  bytes: Buffer;
  contentType: string | null;
}

export interface VendorFileOptions {
  maxBytes: number;
  timeoutMs: number;
  /**
   * The media types accepted (`image/png`, lower case); any other `content-type`, or none, is
   * refused before the body is read. Unset: any type.
   */
  contentTypes?: readonly string[];
  /** Redirects followed (default 3). */
  maxRedirects?: number;
  /**
   * Origins (`http://127.0.0.1:4101`) on a loopback address that may be fetched: the bundled
   * sandboxes', outside production only (decision 0064). Nothing else private is ever allowed.
   */
  loopbackOrigins?: readonly string[];
  /** Resolves a host name to all its addresses; the system resolver by default (tests replace it). */
  resolve?: (host: string) => Promise<Array<{ address: string; family: number }>>;
}

const systemResolve = (host: string) => dnsLookup(host, { all: true, verbatim: true });

/** The URL parsed and its scheme and credentials checked. */
function checkedUrl(url: string | URL, base?: URL): URL {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    throw new VendorFileError('url', 'not a URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new VendorFileError('url', `unsupported scheme ${parsed.protocol}`);
  if (parsed.username || parsed.password) throw new VendorFileError('url', 'a URL with credentials');
  return parsed;
}

/** The addresses `url`'s host may be reached at, every one of them allowed; throws otherwise. */
async function vettedAddresses(
  url: URL,
  options: VendorFileOptions,
): Promise<Array<{ address: string; family: number }>> {
  // URL keeps an IPv6 host in brackets; an IPv4 host in any form (0x7f.1, 2130706433) is
  // already written as a.b.c.d by the URL parser.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch (error) {
      throw new VendorFileError('network', `${host} does not resolve (${(error as Error).message})`);
    }
    if (!addresses.length) throw new VendorFileError('network', `${host} does not resolve`);
  }
  for (const { address } of addresses) {
    const range = blockedRange(address);
    if (range === null) continue;
    if (range === 'loopback' && options.loopbackOrigins?.includes(url.origin)) continue;
    throw new VendorFileError(
      'address',
      host === address
        ? `${host} is a ${range.replace('_', '-')} address`
        : `${host} resolves to ${address}, a ${range.replace('_', '-')} address`,
      { host, address, range },
    );
  }
  return addresses;
}

/** A socket lookup that answers with the vetted addresses only, whatever it is asked. */
function pinnedLookup(addresses: Array<{ address: string; family: number }>): LookupFunction {
  return (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
    const usable = addresses.filter((a) => !wanted || a.family === wanted);
    if (!usable.length) {
      const error = Object.assign(new Error('no vetted address of that family'), { code: 'ENOTFOUND' });
      return callback(error, '', 0);
    }
    if (options.all) return (callback as (e: null, a: typeof usable) => void)(null, usable);
    callback(null, usable[0]!.address, usable[0]!.family);
  };
}

function get(url: URL, lookup: LookupFunction, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).get(url, {
      agent: false,
      lookup,
      signal,
      headers: { accept: 'image/*, */*;q=0.5', 'user-agent': 'podsupply-file-fetch' },
    });
    request.once('response', resolve);
    request.once('error', reject);
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function fetchVendorFile(url: string, options: VendorFileOptions): Promise<VendorFile> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const timedOut = () => new VendorFileError('timeout', `no answer within ${options.timeoutMs} ms`);
  const maxRedirects = options.maxRedirects ?? 3;
  let current = checkedUrl(url);
  for (let hop = 0; ; hop++) {
    const addresses = await vettedAddresses(current, options);
    let res: IncomingMessage;
    try {
      res = await get(current, pinnedLookup(addresses), signal);
    } catch (error) {
      if (signal.aborted) throw timedOut();
      throw new VendorFileError('network', error instanceof Error ? error.message : String(error));
    }
    const status = res.statusCode ?? 0;
    if (REDIRECTS.has(status)) {
      res.destroy();
      const location = res.headers.location;
      if (!location) throw new VendorFileError('status', `HTTP ${status} without a location`);
      if (hop >= maxRedirects) throw new VendorFileError('redirect', `more than ${maxRedirects} redirects`);
      const next = checkedUrl(location, current);
      if (current.protocol === 'https:' && next.protocol === 'http:')
        throw new VendorFileError('redirect', 'a redirect from https to http');
      current = next;
      continue;
    }
    if (status < 200 || status > 299) {
      res.destroy();
      throw new VendorFileError('status', `HTTP ${status}`);
    }
    const type = res.headers['content-type'];
    const mediaType = typeof type === 'string' ? type.split(';')[0]!.trim().toLowerCase() : '';
    if (options.contentTypes && !options.contentTypes.includes(mediaType)) {
      res.destroy();
      throw new VendorFileError(
        'type',
        `content type ${mediaType.slice(0, 100) || '(none)'} is not one of ${options.contentTypes.join(', ')}`,
      );
    }
    const declared = Number(res.headers['content-length'] ?? NaN);
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      res.destroy();
      throw new VendorFileError('too_large', `${declared} bytes`);
    }
    const chunks: Buffer[] = [];
    let total = 0;
    try {
      for await (const chunk of res) {
        total += (chunk as Buffer).length;
        if (total > options.maxBytes) {
          res.destroy();
          throw new VendorFileError('too_large', `more than ${options.maxBytes} bytes`);
        }
        chunks.push(chunk as Buffer);
      }
    } catch (error) {
      if (error instanceof VendorFileError) throw error;
      if (signal.aborted) throw timedOut();
      throw new VendorFileError('network', error instanceof Error ? error.message : String(error));
    }
    return { bytes: Buffer.concat(chunks), contentType: typeof type === 'string' ? type : null };
  }
}
