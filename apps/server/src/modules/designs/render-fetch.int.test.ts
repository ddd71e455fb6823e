import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svgHasExternalReference } from '../../platform/uploads/inspect.ts';
import { rasterise } from './render.ts';

/**
 * Issue 17 finding 8: an SVG must never make the server fetch anything. A local listener counts
 * every request it receives; it must receive none.
 */
let server: Server;
let hits = 0;
let base = '';

beforeAll(async () => {
  server = createServer((_req, res) => {
    hits += 1;
    res.writeHead(200, { 'content-type': 'image/png' }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const svgs = () => ({
  image: `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="20" height="20"><image xlink:href="${base}/image.png" width="20" height="20"/></svg>`,
  imageHref: `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><image href="${base}/href.png" width="20" height="20"/></svg>`,
  entityEncoded: `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><image href="&#x68;ttp://127.0.0.1:${base.split(':').at(-1)}/enc.png" width="20" height="20"/></svg>`,
  cssUrl: `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><rect width="20" height="20" style="fill: url(${base}/fill.svg#g)"/></svg>`,
  cssImport: `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><style>@import "${base}/style.css";</style><rect width="20" height="20"/></svg>`,
  use: `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><use href="${base}/sprite.svg#a"/></svg>`,
  fileUrl: `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><image href="file:///etc/passwd" width="20" height="20"/></svg>`,
});

describe('issue 17 finding 8: SVGs with external references', () => {
  it('are recognised, whatever road the reference takes', () => {
    for (const [name, svg] of Object.entries(svgs())) expect(svgHasExternalReference(svg), name).toBe(true);
    const local = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="20" height="20"><defs><linearGradient id="g"/></defs><rect fill="url(#g)" width="20" height="20"/><use xlink:href="#g"/><image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/></svg>`;
    expect(svgHasExternalReference(local)).toBe(false);
  });

  it('the server-side renderer never fetches a URL', async () => {
    for (const [name, svg] of Object.entries(svgs())) {
      // The renderer may draw nothing or refuse; it must not reach out.
      await rasterise(svg, 20, 20)
        .png()
        .toBuffer()
        .catch(() => null);
      expect(hits, name).toBe(0);
    }
  });
});
