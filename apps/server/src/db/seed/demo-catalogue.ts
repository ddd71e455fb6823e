import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharp } from '../../platform/images/sharp.ts';
import { productCreateSchema, type SurfaceInput } from '@pod/shared';
import type { AppServices } from '../../services.ts';
import { policyFor, storeUpload } from '../../modules/admin/index.ts';
import {
  createCategory,
  createColor,
  createDictionaryEntries,
  createSize,
  createSizeAttribute,
  createSizeTemplate,
  createSpu,
  insertProduct,
} from '../../modules/catalog/index.ts';

/*
 * The demo catalogue (issue 6): a T-shirt (front/back), a hoodie (front/back/sleeve), a mug (wrap),
 * a tote bag and a phone case, each with colours, sizes, mockup templates and print areas. Every
 * image is drawn here as SVG and rendered by sharp, so nothing is downloaded.
 */

type Rgb = string;

/** A soft top-left light and bottom shade over a shape, so flat colours read as fabric or glaze. */
const shading = (id: string) => `
  <defs>
    <linearGradient id="${id}-light" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#fff" stop-opacity="0.22"/>
      <stop offset="0.55" stop-color="#fff" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.18"/>
    </linearGradient>
  </defs>`;

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="#ececec"/>${body}</svg>`;

/** Outline stroke that stays visible on black and white garments. */
const stroke = (hex: Rgb) => (parseInt(hex.slice(1, 3), 16) < 80 ? '#555' : '#999');

function tee(hex: Rgb, side: 'front' | 'back'): string {
  const path =
    'M330 110 L430 80 Q500 150 570 80 L670 110 L880 250 L800 390 L720 340 L720 930 L280 930 L280 340 L200 390 L120 250 Z';
  const neck = side === 'front' ? 'M430 80 Q500 170 570 80' : 'M430 80 Q500 115 570 80';
  return svg(
    1000,
    1000,
    `${shading('t')}
  <path d="${path}" fill="${hex}" stroke="${stroke(hex)}" stroke-width="4"/>
  <path d="${path}" fill="url(#t-light)"/>
  <path d="${neck}" fill="none" stroke="${stroke(hex)}" stroke-width="6"/>`,
  );
}

function hoodie(hex: Rgb, side: 'front' | 'back'): string {
  const body =
    'M320 170 L400 120 L600 120 L680 170 L880 330 L800 470 L730 420 L730 940 L270 940 L270 420 L200 470 L120 330 Z';
  const hood =
    side === 'front'
      ? 'M400 120 Q500 20 600 120 Q560 230 500 240 Q440 230 400 120 Z'
      : 'M390 130 Q500 0 610 130 Q500 200 390 130 Z';
  const pocket =
    side === 'front'
      ? `<path d="M360 720 L640 720 L690 860 L310 860 Z" fill="none" stroke="${stroke(hex)}" stroke-width="4"/>`
      : '';
  return svg(
    1000,
    1000,
    `${shading('h')}
  <path d="${body}" fill="${hex}" stroke="${stroke(hex)}" stroke-width="4"/>
  <path d="${hood}" fill="${hex}" stroke="${stroke(hex)}" stroke-width="4"/>
  <path d="${body}" fill="url(#h-light)"/>${pocket}`,
  );
}

function sleeve(hex: Rgb): string {
  const path = 'M120 60 L280 60 L330 940 L70 940 Z';
  return svg(
    400,
    1000,
    `${shading('s')}
  <path d="${path}" fill="${hex}" stroke="${stroke(hex)}" stroke-width="4"/>
  <path d="${path}" fill="url(#s-light)"/>
  <rect x="70" y="900" width="260" height="40" fill="${hex}" stroke="${stroke(hex)}" stroke-width="3"/>`,
  );
}

/** The mug's printable band unrolled: the wrap template is the band, handle marks at both ends. */
function mugWrap(hex: Rgb): string {
  return svg(
    1200,
    600,
    `${shading('m')}
  <rect x="30" y="50" width="1140" height="500" rx="24" fill="${hex}" stroke="${stroke(hex)}" stroke-width="4"/>
  <rect x="30" y="50" width="1140" height="500" rx="24" fill="url(#m-light)"/>
  <rect x="0" y="200" width="30" height="200" rx="10" fill="${stroke(hex)}"/>
  <rect x="1170" y="200" width="30" height="200" rx="10" fill="${stroke(hex)}"/>`,
  );
}

function tote(hex: Rgb): string {
  return svg(
    1000,
    1000,
    `${shading('b')}
  <path d="M380 330 Q380 120 500 120 Q620 120 620 330" fill="none" stroke="${hex}" stroke-width="34"/>
  <path d="M380 330 Q380 120 500 120 Q620 120 620 330" fill="none" stroke="${stroke(hex)}" stroke-width="2"/>
  <rect x="230" y="320" width="540" height="600" fill="${hex}" stroke="${stroke(hex)}" stroke-width="4"/>
  <rect x="230" y="320" width="540" height="600" fill="url(#b-light)"/>`,
  );
}

function phoneCase(hex: Rgb): string {
  return svg(
    600,
    1000,
    `${shading('p')}
  <rect x="110" y="100" width="380" height="800" rx="60" fill="${hex}" stroke="${stroke(hex)}" stroke-width="5"/>
  <rect x="110" y="100" width="380" height="800" rx="60" fill="url(#p-light)"/>
  <rect x="140" y="130" width="150" height="150" rx="36" fill="#2b2b2b" opacity="0.85"/>
  <circle cx="185" cy="175" r="26" fill="#111"/><circle cx="245" cy="235" r="26" fill="#111"/>`,
  );
}

const render = (markup: string) => sharp(Buffer.from(markup)).png().toBuffer();

/** Stores a PNG as an attachment of the supplier (the upload pipeline, topic `image`). */
async function uploader(services: AppServices, tenantId: string, uploaderId: string) {
  const dir = await mkdtemp(join(tmpdir(), 'pod-demo-'));
  let n = 0;
  const policy = policyFor('image', {});
  return {
    async upload(png: Buffer, name: string): Promise<string> {
      n += 1;
      const path = join(dir, `${n}.png`);
      await writeFile(path, png);
      const row = await storeUpload(
        { db: services.database.db, storage: services.storage },
        { tenantId, merchantId: null, uploaderKind: 'admin', uploaderId },
        { name, path, suffix: 'png' },
        'image',
        policy,
      );
      return row.id;
    },
    done: () => rm(dir, { recursive: true, force: true }),
  };
}

interface Demo {
  tenant: { id: string };
  supplier: { id: string };
  factory: { factory: { id: string } };
  merchant: { merchant: { id: string } };
}

/** A print area of template px, a safe area inset from it, and the print file it maps onto. */
function area(
  key: string,
  name: string,
  enName: string,
  template: [number, number],
  rect: [number, number, number, number],
  file: [number, number, number],
  extra: Partial<SurfaceInput> = {},
) {
  const [x, y, width, height] = rect;
  const inset = Math.round(Math.min(width, height) * 0.06);
  return {
    key,
    name,
    en_name: enName,
    template: { width: template[0], height: template[1] },
    print_area: { x, y, width, height },
    safe_area: { x: x + inset, y: y + inset, width: width - 2 * inset, height: height - 2 * inset },
    print_file: { width: file[0], height: file[1], dpi: file[2] },
    ...extra,
  };
}

/** Seeds the demo supplier's catalogue; returns the products' ids by key. */
export async function seedDemoCatalogue(services: AppServices, demo: Demo): Promise<Record<string, string>> {
  const db = services.database.db;
  const tenantId = demo.tenant.id;
  const files = await uploader(services, tenantId, demo.supplier.id);
  try {
    // Reference data.
    const apparel = await createCategory(db, tenantId, {
      category_name: '服装',
      en_name: 'Apparel',
      sort: 50,
    });
    const tees = await createCategory(db, tenantId, {
      category_name: 'T恤',
      en_name: 'T-shirts',
      parent_id: apparel.id,
      sort: 20,
    });
    const hoodies = await createCategory(db, tenantId, {
      category_name: '卫衣',
      en_name: 'Hoodies',
      parent_id: apparel.id,
      sort: 10,
    });
    const home = await createCategory(db, tenantId, { category_name: '家居', en_name: 'Home', sort: 40 });
    const mugs = await createCategory(db, tenantId, {
      category_name: '马克杯',
      en_name: 'Mugs',
      parent_id: home.id,
    });
    const bags = await createCategory(db, tenantId, { category_name: '箱包', en_name: 'Bags', sort: 30 });
    const accessories = await createCategory(db, tenantId, {
      category_name: '配件',
      en_name: 'Accessories',
      sort: 20,
    });
    const cases = await createCategory(db, tenantId, {
      category_name: '手机壳',
      en_name: 'Phone cases',
      parent_id: accessories.id,
    });

    const colour = async (name: string, en: string, hex: string, sort: number) =>
      createColor(db, tenantId, { name, en_name: en, hex, sort });
    const white = await colour('白色', 'White', '#f5f5f5', 90);
    const black = await colour('黑色', 'Black', '#1f1f1f', 80);
    const navy = await colour('藏青', 'Navy', '#1e3a5f', 70);
    const red = await colour('红色', 'Red', '#b3261e', 60);
    const grey = await colour('麻灰', 'Heather grey', '#9e9e9e', 50);
    const natural = await colour('本白', 'Natural', '#e8dcc0', 40);
    const clear = await colour('透明', 'Clear', '#dfe7ee', 30);

    const size = async (name: string, en: string, sort: number) =>
      createSize(db, tenantId, { name, en_name: en, sort });
    const apparelSizes = [
      await size('S', 'Small', 100),
      await size('M', 'Medium', 99),
      await size('L', 'Large', 98),
      await size('XL', 'Extra large', 97),
      await size('2XL', '2X large', 96),
    ];
    const mugSizes = [await size('11oz', '11 oz', 50), await size('15oz', '15 oz', 49)];
    const oneSize = await size('均码', 'One size', 40);
    const phoneSizes = [
      await size('iPhone 15', 'iPhone 15', 30),
      await size('iPhone 15 Pro', 'iPhone 15 Pro', 29),
      await size('Galaxy S24', 'Galaxy S24', 28),
    ];

    const chest = await createSizeAttribute(db, tenantId, { name: '胸宽', en_name: 'Chest width', sort: 3 });
    const length = await createSizeAttribute(db, tenantId, { name: '衣长', en_name: 'Body length', sort: 2 });
    const sleeveLength = await createSizeAttribute(db, tenantId, {
      name: '袖长',
      en_name: 'Sleeve length',
      sort: 1,
    });
    const chart = (name: string, base: [number, number, number]) =>
      createSizeTemplate(db, tenantId, {
        template_name: name,
        size_attribute_ids: [chest.id, length.id, sleeveLength.id],
        rows: apparelSizes.map((z, i) => ({
          size_id: z.id,
          values: {
            [chest.id]: base[0] + i * 3,
            [length.id]: base[1] + i * 2,
            [sleeveLength.id]: base[2] + i,
          },
        })),
      });
    const teeChart = await chart('T恤尺码表 T-shirt chart', [48, 68, 19]);
    const hoodieChart = await chart('卫衣尺码表 Hoodie chart', [54, 68, 60]);

    // Each entry's Chinese label and English twin: the storefront shows the shopper's language.
    const entries = (type: string, list: Array<[value: string, label: string, enLabel: string]>) =>
      list.map(([value, label, enLabel]) => ({ type, value, label, enLabel }));
    await createDictionaryEntries(db, tenantId, [
      ...entries('season', [
        ['spring', '春季', 'Spring'],
        ['summer', '夏季', 'Summer'],
        ['autumn', '秋季', 'Autumn'],
        ['winter', '冬季', 'Winter'],
        ['all', '四季', 'All seasons'],
      ]),
      ...entries('unit', [
        ['piece', '件', 'Piece'],
        ['item', '个', 'Item'],
      ]),
      ...entries('process', [
        ['DTG', '直喷', 'DTG (direct to garment)'],
        ['Sublimation', '热升华', 'Sublimation'],
        ['UV printing', 'UV 打印', 'UV printing'],
        ['Screen printing', '丝网印刷', 'Screen printing'],
      ]),
      ...entries('product_type', [
        ['apparel', '服装', 'Apparel'],
        ['drinkware', '杯具', 'Drinkware'],
        ['bag', '箱包', 'Bags'],
        ['phone_case', '手机壳', 'Phone cases'],
      ]),
      ...entries('wash_care', [
        ['cold_inside_out', '冷水反面机洗，勿熨烫印花', 'Wash cold, inside out; do not iron the print.'],
        ['cold_tumble_low', '冷水机洗，低温烘干', 'Machine wash cold; tumble dry low.'],
        ['dishwasher_safe', '可用洗碗机和微波炉', 'Dishwasher and microwave safe.'],
        ['hand_wash_cold', '冷水手洗', 'Hand wash cold.'],
      ]),
    ]);

    const teeSpu = await createSpu(db, tenantId, {
      articleNumber: 'CT-180',
      name: '180g 精梳棉T恤坯 Combed cotton tee blank',
      styleNumber: 'ST-TEE-01',
      inventoryCategoryId: tees.id,
      type: 'blank',
      mainMaterial: '100% combed cotton',
      factoryId: demo.factory.factory.id,
      colorIds: [white.id, black.id, navy.id, red.id, grey.id],
      composition: '100% cotton',
      season: 'all',
      unit: 'piece',
      fabricWeight: 180,
      sizeTemplateId: teeChart.id,
      gender: 'unisex',
      brand: 'Demo',
      costPrice: 1800,
    });
    await createSpu(db, tenantId, {
      articleNumber: 'MG-11',
      name: '陶瓷马克杯坯 Ceramic mug blank',
      styleNumber: 'ST-MUG-01',
      inventoryCategoryId: mugs.id,
      type: 'blank',
      mainMaterial: 'Ceramic',
      colorIds: [white.id, black.id],
      unit: 'item',
      costPrice: 900,
    });

    const ids: Record<string, string> = {};
    const factoryAddress = {
      name: '演示工厂 Demo Factory',
      country: 'CN',
      province: '浙江 Zhejiang',
      address: '1 Printing Road, Yiwu',
      post_code: '322000',
      phone: '13800000000',
    };

    /** Mockups per colour for each surface drawer, a gallery from the first surface, the product. */
    async function product(
      key: string,
      colours: Array<{ id: string; hex: string; enName: string }>,
      surfaces: Array<{ input: ReturnType<typeof area>; draw: (hex: string) => string }>,
      fields: Record<string, unknown>,
    ) {
      // Colours render in parallel (sharp works off the main thread); rows are written in order.
      const withMockups = await Promise.all(
        surfaces.map(async (s) => ({
          ...s.input,
          mockups: await Promise.all(
            colours.map(async (c) => ({
              color_id: c.id,
              image: await files.upload(await render(s.draw(c.hex)), `${key}-${s.input.key}-${c.enName}.png`),
            })),
          ),
        })),
      );
      const gallery = await Promise.all(
        colours.slice(0, 3).map(async (c) => {
          const photo = await sharp(await render(surfaces[0]!.draw(c.hex)))
            .resize(800, 800, { fit: 'contain', background: '#ececec' })
            .png()
            .toBuffer();
          return files.upload(photo, `${key}-${c.enName}.png`);
        }),
      );
      const input = productCreateSchema.parse({
        status: 'on_sale',
        factory_id: demo.factory.factory.id,
        factory_addresses: [factoryAddress],
        color_ids: colours.map((c) => c.id),
        gallery,
        surfaces: withMockups,
        ...fields,
      });
      ids[key] = (await insertProduct(db, { tenantId, merchantId: null }, input)).id;
    }

    await product(
      'tshirt',
      [white, black, navy, red, grey],
      [
        {
          input: area('front', '正面', 'Front', [1000, 1000], [340, 250, 320, 400], [3600, 4500, 300], {
            sort: 2,
          }),
          draw: (h) => tee(h, 'front'),
        },
        {
          input: area('back', '背面', 'Back', [1000, 1000], [340, 200, 320, 400], [3600, 4500, 300], {
            sort: 1,
          }),
          draw: (h) => tee(h, 'back'),
        },
      ],
      {
        category_id: tees.id,
        spu_id: teeSpu.id,
        product_type: 'apparel',
        name: '经典圆领T恤',
        en_name: 'Classic crew-neck T-shirt',
        style_code: 'TS-CLASSIC',
        material: '100% combed cotton, 180 g/m²',
        process: 'DTG',
        weight: 190,
        introduction: 'A soft, midweight everyday tee printed direct-to-garment.',
        season: 'all',
        wash_care: 'cold_inside_out',
        base_price: 3500,
        design_price: 1000,
        image_requirements:
          'PNG with transparent background, at least 150 DPI at print size (3600 × 4500 px).',
        size_ids: apparelSizes.map((z) => z.id),
        size_template_id: teeChart.id,
        sort: 100,
        skus: [{ color_id: red.id, size_id: apparelSizes[4]!.id, stock_state: 'out_of_stock' }],
        price_tiers: [
          { kind: 'wholesale', min_qty: 10, price: 3200 },
          { kind: 'wholesale', min_qty: 50, price: 2900 },
          { kind: 'wholesale', min_qty: 100, price: 2600 },
          { kind: 'exclusive', merchant_id: demo.merchant.merchant.id, price: 3000 },
        ],
      },
    );

    await product(
      'hoodie',
      [black, grey, navy],
      [
        {
          input: area('front', '正面', 'Front', [1000, 1000], [360, 300, 280, 300], [3360, 3600, 300], {
            sort: 3,
          }),
          draw: (h) => hoodie(h, 'front'),
        },
        {
          input: area('back', '背面', 'Back', [1000, 1000], [330, 260, 340, 420], [3600, 4447, 300], {
            sort: 2,
          }),
          draw: (h) => hoodie(h, 'back'),
        },
        {
          input: area(
            'sleeve_left',
            '左袖',
            'Left sleeve',
            [400, 1000],
            [140, 320, 120, 360],
            [1050, 3150, 300],
            { sort: 1, print_price: 600 },
          ),
          draw: sleeve,
        },
      ],
      {
        category_id: hoodies.id,
        product_type: 'apparel',
        name: '连帽卫衣',
        en_name: 'Pullover hoodie',
        style_code: 'HD-PULL',
        material: '80% cotton, 20% polyester, 320 g/m²',
        process: 'DTG',
        weight: 560,
        introduction: 'A warm fleece hoodie with a kangaroo pocket.',
        season: 'winter',
        wash_care: 'cold_tumble_low',
        base_price: 8900,
        design_price: 1500,
        image_requirements: 'PNG, 300 DPI; the sleeve print is 1050 × 3150 px.',
        size_ids: apparelSizes.slice(0, 4).map((z) => z.id),
        size_template_id: hoodieChart.id,
        sort: 90,
        price_tiers: [
          { kind: 'wholesale', min_qty: 10, price: 8200 },
          { kind: 'wholesale', min_qty: 50, price: 7600 },
        ],
      },
    );

    await product(
      'mug',
      [white, black],
      [
        {
          input: area('wrap', '环绕', 'Wrap', [1200, 600], [54, 75, 1092, 450], [2550, 1050, 300], {
            kind: 'wrap',
            blend: 'normal',
            min_dpi: 300,
          }),
          draw: mugWrap,
        },
      ],
      {
        category_id: mugs.id,
        product_type: 'drinkware',
        name: '陶瓷马克杯',
        en_name: 'Ceramic mug',
        style_code: 'MG-CLASSIC',
        material: 'Ceramic, glossy glaze',
        process: 'Sublimation',
        weight: 350,
        introduction: 'A dishwasher-safe ceramic mug with an edge-to-edge wrap print.',
        wash_care: 'dishwasher_safe',
        base_price: 2200,
        design_price: 800,
        image_requirements: 'PNG at 300 DPI, 2550 × 1050 px for the full wrap.',
        size_ids: mugSizes.map((z) => z.id),
        sort: 80,
        price_tiers: [{ kind: 'wholesale', min_qty: 24, price: 1900 }],
      },
    );

    await product(
      'tote',
      [natural, black],
      [
        {
          input: area('front', '正面', 'Front', [1000, 1000], [300, 420, 400, 400], [3000, 3000, 300]),
          draw: tote,
        },
      ],
      {
        category_id: bags.id,
        product_type: 'bag',
        name: '帆布托特包',
        en_name: 'Canvas tote bag',
        style_code: 'TB-CANVAS',
        material: '12 oz cotton canvas',
        process: 'Screen printing',
        weight: 220,
        introduction: 'A sturdy canvas tote with long handles.',
        wash_care: 'hand_wash_cold',
        base_price: 1800,
        design_price: 700,
        image_requirements: 'PNG, 3000 × 3000 px at 300 DPI.',
        size_ids: [oneSize.id],
        sort: 70,
      },
    );

    await product(
      'phonecase',
      [clear, black],
      [
        {
          input: area('back', '背面', 'Back', [600, 1000], [135, 160, 330, 679], [1050, 2160, 300], {
            blend: 'normal',
            min_dpi: 300,
          }),
          draw: phoneCase,
        },
      ],
      {
        category_id: cases.id,
        product_type: 'phone_case',
        name: '手机壳',
        en_name: 'Phone case',
        style_code: 'PC-SLIM',
        material: 'Polycarbonate with TPU bumper',
        process: 'UV printing',
        weight: 30,
        introduction: 'A slim protective case printed edge to edge.',
        base_price: 1500,
        design_price: 600,
        image_requirements: 'PNG, 1050 × 2160 px at 300 DPI; keep text inside the safe area.',
        size_ids: phoneSizes.map((z) => z.id),
        sort: 60,
      },
    );
    return ids;
  } finally {
    await files.done();
  }
}
