import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

export interface Part {
  name: string;
  body: Buffer | string;
  type?: string;
  field?: string;
}

/** A multipart/form-data body (as a browser would send it) for app.inject. */
export async function multipart(
  files: Part[],
  fields: Record<string, string> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files)
    form.append(
      f.field ?? 'file',
      new Blob([typeof f.body === 'string' ? f.body : new Uint8Array(f.body)], {
        type: f.type ?? 'application/octet-stream',
      }),
      f.name,
    );
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

/** A real PNG of the given size. */
export const png = (width = 64, height = 48, colour = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** A real JPEG carrying EXIF (camera and GPS-like fields) and 300 dpi. */
export const jpegWithExif = (width = 80, height = 60) =>
  sharp({ create: { width, height, channels: 3, background: '#cc3366' } })
    .withExif({ IFD0: { Make: 'SecretCam', Model: 'X1', Copyright: 'private-owner' } })
    .withMetadata({ density: 300 })
    .jpeg()
    .toBuffer();

/**
 * A decompression bomb: a few hundred bytes whose header claims `size` × `size` pixels. Only the
 * header is real; a decoder that trusts it would allocate gigabytes.
 */
export function pngBomb(size = 20000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(size + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
