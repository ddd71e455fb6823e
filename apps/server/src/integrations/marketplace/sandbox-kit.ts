import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';

/*
 * What the marketplace sandboxes share (integrations/tiktok, integrations/temu): a small HTTP server
 * bound to 127.0.0.1, stateless signed tokens and codes (so a restarted sandbox still honours the
 * tokens the platform stored), deterministic seeded data, misbehaviour switches for tests, and
 * webhook delivery. Nothing here is used against a real vendor.
 */

export type Handler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => Promise<void>;

/** A running sandbox HTTP server. */
export class SandboxServer {
  private server: Server | undefined;
  private base = '';

  constructor(
    private readonly name: string,
    private readonly handler: Handler,
    private readonly maxBody = 12 * 1024 * 1024,
  ) {}

  get url(): string {
    return this.base;
  }

  /** Listens on the port (0 picks a free one) on 127.0.0.1 only; resolves with the base URL. */
  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    const server = createServer((req, res) => {
      // One request per connection: a client reusing a kept-alive socket the sandbox is closing at
      // that moment sees "other side closed" (seen under load in CI). A sandbox needs no keep-alive.
      res.setHeader('connection', 'close');
      this.read(req)
        .then((body) => this.handler(req, res, body))
        .catch((error: unknown) => {
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          res.end(`${this.name} sandbox error: ${error instanceof Error ? error.message : String(error)}`);
        });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    const address = server.address() as AddressInfo;
    this.base = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
    return this.base;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async read(req: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > this.maxBody) throw new Error('body too large');
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location });
  res.end();
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A small deterministic generator (mulberry32) seeded from text: the same seller, the same data. */
export function seededRandom(seed: string): () => number {
  let a = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Digits derived from text (stable vendor ids for a seeded seller). */
export function digitsOf(text: string, length: number): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return BigInt(`0x${hex}`).toString().slice(0, length).padStart(length, '1');
}

/**
 * Stateless, signed credentials: a token carries who it is for, what it is and until when, and the
 * sandbox's signature. A restarted sandbox (the demo's, with the platform's data kept) still knows
 * them; revocations and spent codes are kept in memory only, which is what tests need.
 */
export class SignedCredentials {
  constructor(private readonly key: string) {}

  mint(prefix: string, claims: Record<string, string | number>): string {
    const payload = Buffer.from(JSON.stringify({ ...claims, n: randomBytes(6).toString('hex') })).toString(
      'base64url',
    );
    return `${prefix}${payload}.${this.mac(payload)}`;
  }

  /** The claims of a credential this sandbox minted with the prefix, or null. */
  read(prefix: string, value: string | null | undefined): Record<string, string | number> | null {
    if (!value?.startsWith(prefix)) return null;
    const [payload, mac] = value.slice(prefix.length).split('.');
    if (!payload || !mac) return null;
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
        string,
        string | number
      >;
    } catch {
      return null;
    }
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url').slice(0, 22);
  }
}

/** Ways a sandbox can be told to misbehave (issue 18), each for the next `count` requests. */
export interface Misbehaviour {
  /** Answer the next API calls with the vendor's rate-limit refusal. */
  rateLimit?: number;
  /** Answer the next API calls with a server error. */
  serverError?: number;
  /** Do not deliver the next webhooks. */
  dropWebhooks?: number;
  /** Carry out the next writes (a listing created), then answer a server error: the answer is lost. */
  failAfterWrite?: number;
}

export class MisbehaviourSwitches {
  private state: Required<Misbehaviour> = {
    rateLimit: 0,
    serverError: 0,
    dropWebhooks: 0,
    failAfterWrite: 0,
  };
  /** Every misbehaviour acted out, for tests to assert on. */
  readonly log: Array<keyof Misbehaviour> = [];

  set(switches: Misbehaviour): void {
    for (const key of ['rateLimit', 'serverError', 'dropWebhooks', 'failAfterWrite'] as const) {
      const value = switches[key];
      if (typeof value === 'number' && Number.isInteger(value) && value >= 0) this.state[key] = value;
    }
  }

  /** Whether this request should act out the switch (and counts it down). */
  take(key: keyof Misbehaviour): boolean {
    if (this.state[key] <= 0) return false;
    this.state[key] -= 1;
    this.log.push(key);
    return true;
  }

  reset(): void {
    this.state = { rateLimit: 0, serverError: 0, dropWebhooks: 0, failAfterWrite: 0 };
    this.log.length = 0;
  }
}

/**
 * Words the sandboxes' listing review refuses in a title (issue 23): what a marketplace's own
 * prohibited-word list does, independently of the merchant's risk words.
 */
export const SANDBOX_PROHIBITED_WORDS = ['counterfeit', 'replica watch'] as const;

/** The first prohibited word a text contains, if any. */
export function prohibitedWordIn(text: string): string | null {
  const lower = text.toLowerCase();
  return SANDBOX_PROHIBITED_WORDS.find((w) => lower.includes(w)) ?? null;
}

/** Posts a webhook; resolves with the HTTP status (0 when it could not be delivered). */
export type WebhookSender = (url: string, body: string, headers: Record<string, string>) => Promise<number>;

export const httpWebhookSender: WebhookSender = async (url, body, headers) => {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
};

/** A record of a webhook the sandbox sent, or meant to send. */
export interface SentWebhook {
  url: string;
  body: string;
  headers: Record<string, string>;
  /** HTTP status of each attempt; empty when it was dropped on purpose. */
  attempts: number[];
  dropped: boolean;
}

/** Delivers with a few retries until a 2xx (⚠ the vendors' retry schedules are not documented). */
export async function deliverWebhook(
  sender: WebhookSender,
  switches: MisbehaviourSwitches,
  sent: SentWebhook[],
  hook: { url: string; body: string; headers: Record<string, string> },
  retries = 2,
): Promise<SentWebhook> {
  const record: SentWebhook = { ...hook, attempts: [], dropped: false };
  sent.push(record);
  if (switches.take('dropWebhooks')) {
    record.dropped = true;
    return record;
  }
  for (let attempt = 0; attempt <= retries; attempt++) {
    const status = await sender(hook.url, hook.body, hook.headers);
    record.attempts.push(status);
    if (status >= 200 && status < 300) break;
  }
  return record;
}

/** A 1×1 PNG of a colour: the sandbox's stand-in for buyers' uploaded and preview images. */
export function tinyPng(rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, ...rgb]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
