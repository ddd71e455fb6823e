import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { DESIGN_FONTS } from '@pod/shared';

const requireFrom = createRequire(import.meta.url);

/** The fontsource stylesheets the editor loads (woff2 with unicode ranges), as file URLs. */
export function fontStylesheets(): string[] {
  return DESIGN_FONTS.flatMap((font) => {
    const dir = dirname(requireFrom.resolve(font.package));
    return font.weights.map((w) => pathToFileURL(join(dir, `${w}.css`)).href);
  });
}

/**
 * Draws SVG strings in Chromium as the editor's browser would: inline in a page that loads the
 * bundled fonts, screenshot with a transparent background at 1 device pixel per SVG pixel.
 */
export async function renderInChromium(
  items: Array<{ name: string; svg: string; width: number; height: number }>,
  executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
): Promise<Map<string, Buffer>> {
  const browser = await chromium.launch({
    executablePath,
    args: ['--allow-file-access-from-files', '--font-render-hinting=none', '--disable-lcd-text'],
  });
  const out = new Map<string, Buffer>();
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1, viewport: { width: 800, height: 800 } });
    for (const item of items) {
      const links = fontStylesheets()
        .map((href) => `<link rel="stylesheet" href="${href}">`)
        .join('');
      const html = `<!doctype html><html><head>${links}<style>html,body{margin:0;background:transparent}#c{width:${item.width}px;height:${item.height}px}</style></head><body><div id="c">${item.svg}</div></body></html>`;
      const file = join(process.env.TMPDIR ?? '/tmp', `golden-${process.pid}.html`);
      await (await import('node:fs/promises')).writeFile(file, html);
      await page.goto(pathToFileURL(file).href);
      await page.evaluate(async () => {
        const families = ['Noto Sans SC', 'Roboto', 'Pacifico'];
        await Promise.all(
          families.flatMap((f) => [400, 700].map((w) => document.fonts.load(`${w} 16px "${f}"`, '你好Aa'))),
        );
        await document.fonts.ready;
      });
      // Fonts for every character drawn (unicode-range slices load on use).
      await page.waitForTimeout(150);
      await page.evaluate(() => document.fonts.ready);
      out.set(item.name, await page.locator('#c').screenshot({ omitBackground: true }));
    }
  } finally {
    await browser.close();
  }
  return out;
}
