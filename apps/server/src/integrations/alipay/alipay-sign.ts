import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/**
 * Alipay open-platform signing (RSA2 = SHA256withRSA), as documented for the gateway:
 * take every parameter except `sign` (and, when verifying a notification, `sign_type`), drop empty
 * values, sort by key in ASCII order, join as `key=value` with `&` using the raw (not URL-encoded)
 * values, then sign the UTF-8 bytes and base64 the signature.
 */
export type AlipayParams = Record<string, string | undefined>;

/** The string that is signed: sorted `key=value` pairs joined by `&`, without the excluded keys. */
export function signContent(params: AlipayParams, exclude: readonly string[] = ['sign']): string {
  return Object.keys(params)
    .filter((key) => !exclude.includes(key))
    .filter((key) => params[key] !== undefined && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

const keyCache = new Map<string, KeyObject>();
function privateKey(pem: string): KeyObject {
  let key = keyCache.get(pem);
  if (!key) keyCache.set(pem, (key = createPrivateKey(pem)));
  return key;
}
function publicKey(pem: string): KeyObject {
  let key = keyCache.get(pem);
  if (!key) keyCache.set(pem, (key = createPublicKey(pem)));
  return key;
}

/** The public key of a private key PEM (the sandbox checks requests with the app's public key). */
export function publicPemOf(privatePem: string): string {
  return createPublicKey(privateKey(privatePem)).export({ type: 'spki', format: 'pem' }).toString();
}

export function rsa2Sign(content: string, privatePem: string): string {
  return sign('sha256', Buffer.from(content, 'utf8'), privateKey(privatePem)).toString('base64');
}

export function rsa2Verify(content: string, signature: string, publicPem: string): boolean {
  try {
    return verify(
      'sha256',
      Buffer.from(content, 'utf8'),
      publicKey(publicPem),
      Buffer.from(signature, 'base64'),
    );
  } catch {
    return false;
  }
}

/** A gateway request's parameters with `sign` added (`sign_type` is part of the signed content). */
export function signRequest(params: Record<string, string>, privatePem: string): Record<string, string> {
  return { ...params, sign: rsa2Sign(signContent(params, ['sign']), privatePem) };
}

/** Verifies a gateway request's signature (what Alipay, or the sandbox, does with the app's key). */
export function verifyRequest(params: AlipayParams, publicPem: string): boolean {
  const signature = params.sign;
  if (!signature || params.sign_type !== 'RSA2') return false;
  return rsa2Verify(signContent(params, ['sign']), signature, publicPem);
}

/** Signs an asynchronous notification or a return redirect: `sign` and `sign_type` are not signed. */
export function signNotification(params: Record<string, string>, privatePem: string): Record<string, string> {
  const withType = { ...params, sign_type: 'RSA2' };
  return { ...withType, sign: rsa2Sign(signContent(withType, ['sign', 'sign_type']), privatePem) };
}

/** Verifies an asynchronous notification with Alipay's public key. */
export function verifyNotification(params: AlipayParams, publicPem: string): boolean {
  const signature = params.sign;
  if (!signature || params.sign_type !== 'RSA2') return false;
  return rsa2Verify(signContent(params, ['sign', 'sign_type']), signature, publicPem);
}

/** Minor units (fen) as Alipay's `total_amount`: yuan with two decimals. */
export function toYuan(minor: number): string {
  const fen = BigInt(minor);
  return `${fen / 100n}.${String(fen % 100n).padStart(2, '0')}`;
}

/** Alipay's `total_amount` back to fen, exactly; null when it is not a well-formed amount. */
export function fromYuan(value: string | undefined): number | null {
  const match = value ? /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value) : null;
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Alipay's `timestamp` format, in Beijing time: `yyyy-MM-dd HH:mm:ss`. */
export function alipayTimestamp(at: Date = new Date()): string {
  const beijing = new Date(at.getTime() + 8 * 3600_000).toISOString();
  return `${beijing.slice(0, 10)} ${beijing.slice(11, 19)}`;
}
