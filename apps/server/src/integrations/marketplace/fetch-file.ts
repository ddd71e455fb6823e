/**
 * A file a marketplace links to (a buyer's uploaded image, decision 0053): one GET of the vendor's
 * URL with a timeout and a byte cap, no redirects followed, no cookies or tokens sent. Only http
 * and https are fetched. What comes back is untrusted: the caller passes it through the upload
 * pipeline before any use.
 */
export class VendorFileError extends Error {
  constructor(
    readonly reason: 'url' | 'status' | 'too_large' | 'timeout' | 'network',
    message: string,
  ) {
    super(message);
    this.name = 'VendorFileError';
  }
}

export interface VendorFile {
  bytes: Buffer;
  contentType: string | null;
}

export async function fetchVendorFile(
  url: string,
  options: { maxBytes: number; timeoutMs: number; fetch?: typeof fetch },
): Promise<VendorFile> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new VendorFileError('url', 'not a URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new VendorFileError('url', `unsupported scheme ${parsed.protocol}`);
  const signal = AbortSignal.timeout(options.timeoutMs);
  let res: Response;
  try {
    res = await (options.fetch ?? fetch)(parsed, { redirect: 'error', signal, credentials: 'omit' });
  } catch (error) {
    if (signal.aborted) throw new VendorFileError('timeout', `no answer within ${options.timeoutMs} ms`);
    throw new VendorFileError('network', error instanceof Error ? error.message : String(error));
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => undefined);
    throw new VendorFileError('status', `HTTP ${res.status}`);
  }
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    await res.body.cancel().catch(() => undefined);
    throw new VendorFileError('too_large', `${declared} bytes`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > options.maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new VendorFileError('too_large', `more than ${options.maxBytes} bytes`);
      }
      chunks.push(Buffer.from(value));
    }
  } catch (error) {
    if (error instanceof VendorFileError) throw error;
    if (signal.aborted) throw new VendorFileError('timeout', `no answer within ${options.timeoutMs} ms`);
    throw new VendorFileError('network', error instanceof Error ? error.message : String(error));
  }
  return { bytes: Buffer.concat(chunks), contentType: res.headers.get('content-type') };
}
