import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharp } from '../../platform/images/sharp.ts';
import { policyFor } from '../../modules/admin/index.ts';
import { storeMaterial } from '../../modules/materials/index.ts';
import type { AppServices } from '../../services.ts';

interface Demo {
  tenant: { id: string };
  supplier: { id: string };
}

/*
 * A small official material library for the demo supplier (issue 26: a fresh start showed "no
 * material available" in the editor). The patterns are drawn here, so they carry no one else's
 * licence: the project's own artwork, free to use.
 */
const SIZE = 1200;
const svg = (body: string, background = '#ffffff') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 120 120">` +
  `<rect width="120" height="120" fill="${background}"/>${body}</svg>`;
const repeat = (step: number, cell: (x: number, y: number, i: number) => string) => {
  const out: string[] = [];
  let i = 0;
  for (let y = step / 2; y < 120; y += step)
    for (let x = step / 2; x < 120; x += step) out.push(cell(x, y, i++));
  return out.join('');
};
const PALETTE = ['#e4572e', '#29335c', '#f3a712', '#669bbc', '#a8c686'];

const PATTERNS: Array<{ name: string; type: 'pattern' | 'illustration'; svg: string }> = [
  {
    name: 'Polka dots 波点',
    type: 'pattern',
    svg: svg(
      repeat(20, (x, y) => `<circle cx="${x}" cy="${y}" r="6" fill="#e4572e"/>`),
      '#fdf0d5',
    ),
  },
  {
    name: 'Stripes 条纹',
    type: 'pattern',
    svg: svg(
      Array.from(
        { length: 12 },
        (_, i) => `<rect x="${i * 10}" width="5" height="120" fill="#29335c"/>`,
      ).join(''),
    ),
  },
  {
    name: 'Checks 格纹',
    type: 'pattern',
    svg: svg(
      repeat(20, (x, y, i) =>
        (Math.floor(i / 6) + i) % 2
          ? `<rect x="${x - 10}" y="${y - 10}" width="20" height="20" fill="#669bbc"/>`
          : '',
      ),
    ),
  },
  {
    name: 'Confetti 彩屑',
    type: 'pattern',
    svg: svg(
      repeat(15, (x, y, i) => {
        const c = PALETTE[i % PALETTE.length];
        return `<rect x="${x - 3}" y="${y - 1.5}" width="6" height="3" fill="${c}" transform="rotate(${(i * 37) % 180} ${x} ${y})"/>`;
      }),
    ),
  },
  {
    name: 'Sunset 日落',
    type: 'illustration',
    svg: svg(
      '<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f3a712"/>' +
        '<stop offset="1" stop-color="#e4572e"/></linearGradient></defs><rect width="120" height="120" fill="url(#g)"/>' +
        '<circle cx="60" cy="70" r="26" fill="#fdf0d5"/><rect y="84" width="120" height="36" fill="#29335c"/>',
    ),
  },
  {
    name: 'Mountains 山峦',
    type: 'illustration',
    svg: svg(
      '<polygon points="0,110 40,40 70,85 90,60 120,110" fill="#29335c"/>' +
        '<polygon points="32,54 40,40 48,54" fill="#ffffff"/><circle cx="95" cy="25" r="10" fill="#f3a712"/>',
      '#cfe3ef',
    ),
  },
];

/** Stores the demo patterns as the supplier's official, authorised materials (PNG, 1200 px, 300 dpi). */
export async function seedDemoMaterials(services: AppServices, demo: Demo): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'pod-demo-materials-'));
  const policy = policyFor('material', {});
  const library = { tenantId: demo.tenant.id, merchantId: null };
  try {
    let stored = 0;
    for (const [i, pattern] of PATTERNS.entries()) {
      const path = join(dir, `${i}.png`);
      await writeFile(
        path,
        await sharp(Buffer.from(pattern.svg)).withMetadata({ density: 300 }).png().toBuffer(),
      );
      await storeMaterial(
        { db: services.database.db, storage: services.storage },
        library,
        demo.supplier.id,
        { name: `${pattern.name}.png`, path, suffix: 'png' },
        policy,
        { name: pattern.name, categoryId: null, type: pattern.type, visibility: 'tenant', authorised: true },
      );
      stored += 1;
    }
    return stored;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
