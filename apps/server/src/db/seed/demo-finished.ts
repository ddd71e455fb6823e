import { DESIGN_DOCUMENT_VERSION, type DesignDocumentInput } from '@pod/design';
import { finishedProductSaveSchema } from '@pod/shared';
import type { AppServices } from '../../services.ts';
import { findVisibleProduct } from '../../modules/catalog/index.ts';
import { saveFinishedProduct } from '../../modules/designs/index.ts';

interface Demo {
  tenant: { id: string };
  merchant: { merchant: { id: string }; primary: { id: string } };
}

export const DEMO_FINISHED_NAME = '演示成品 夏日T恤 Demo summer tee';

/** A ten-point star as fractions of its box. */
function starPoints(): Array<{ x: number; y: number }> {
  return Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 === 0 ? 0.5 : 0.2;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    return { x: 0.5 + r * Math.cos(a), y: 0.5 + r * Math.sin(a) };
  });
}

/**
 * The demo merchant's first finished product (issue 8): the demo T-shirt's front in white with
 * arched text, a star and a CJK line — text and shapes only, so it needs no uploads. Saved through
 * the designs module like the editor's save (checks, price, quota), so its render job is queued
 * when the job queue runs and the list shows its mockup once it is done.
 */
export async function seedDemoFinished(
  services: AppServices,
  demo: Demo,
  products: Record<string, string>,
): Promise<void> {
  const teeId = products.tshirt;
  if (!teeId) return;
  const m = { tenantId: demo.tenant.id, merchantId: demo.merchant.merchant.id };
  const tee = await findVisibleProduct(
    services.database.db,
    m.tenantId,
    { kind: 'merchant', merchantId: m.merchantId, ownOnly: false },
    teeId,
  );
  const white = tee.colorIds[0];
  if (!white) return;
  await saveFinishedProduct(
    services,
    m,
    demo.merchant.primary.id,
    finishedProductSaveSchema.parse({
      product_id: tee.id,
      name: DEMO_FINISHED_NAME,
      documents: [demoFinishedDocument(tee.id, white)],
    }),
  );
}

/** The demo design: the T-shirt front (print file 3600 × 4500 px at 300 DPI, demo-catalogue.ts). */
export function demoFinishedDocument(productId: string, colorId: string): DesignDocumentInput {
  return {
    version: DESIGN_DOCUMENT_VERSION,
    product_id: productId,
    color_id: colorId,
    surfaces: {
      front: {
        layers: [
          {
            id: 'demo_star',
            name: 'Star',
            type: 'polygon',
            x: 1200,
            y: 1900,
            width: 1200,
            height: 1200,
            fill: '#fadb14',
            stroke: '#d48806',
            stroke_width: 24,
            points: starPoints(),
          },
          {
            id: 'demo_title',
            name: 'Hello summer',
            type: 'text',
            x: 300,
            y: 500,
            width: 3000,
            height: 1200,
            text: 'Hello Summer',
            font_family: 'Pacifico',
            font_size: 460,
            color: '#d4380d',
            align: 'center',
            bend: 30,
          },
          {
            id: 'demo_cjk',
            name: '你好夏天',
            type: 'text',
            x: 900,
            y: 3350,
            width: 1800,
            height: 480,
            text: '你好，夏天',
            font_family: 'Noto Sans SC',
            font_size: 340,
            font_weight: 700,
            color: '#1f1f1f',
            align: 'center',
          },
        ],
      },
    },
  };
}
