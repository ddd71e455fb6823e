import { eq } from 'drizzle-orm';
import type { RunningSandboxes } from '../../integrations/marketplaces.ts';
import { scopeOf, type ServiceContext } from '../../platform/context.ts';
import { adminActor, findAdminUserByUsername } from '../../modules/access/index.ts';
import {
  AuthStateSigner,
  completeAuthorisation,
  gatewayOf,
  riskWordsOf,
  startAuthorisation,
} from '../../modules/shops/index.ts';
import type { Executor } from '../client.ts';
import { shops, riskWords } from '../schema/index.ts';
import type { AppServices } from '../../services.ts';
import { DEMO_USERNAMES } from './demo-platform.ts';

/** The sandbox sellers the demo shops are authorised as (their seeded orders show in the sandboxes). */
export const DEMO_SELLERS = { tiktok: 'demo-seller', temu: 'demo-mall' } as const;

/**
 * The demo merchant's marketplace shops (issue 18): one TikTok Shop and one Temu shop, authorised
 * through the running sandboxes the way a merchant would (state, the seller's code, the exchange),
 * each with its default warehouse linked and picked as the system shipping warehouse; and a few
 * risk words. Skipped for a marketplace whose sandbox is not running (real hosts, or a busy port).
 */
export async function seedDemoShops(services: AppServices, sandboxes: RunningSandboxes): Promise<void> {
  const db = services.database.db;
  const user = await findAdminUserByUsername(db, DEMO_USERNAMES.merchant);
  if (!user?.tenantId || !user.merchantId) return;
  const actor = adminActor(user);
  const gateway = gatewayOf(services);
  const signer = new AuthStateSigner(services.config.jwtSecret);
  const context = (tx: Executor): ServiceContext => ({
    scope: scopeOf(actor),
    actor,
    permissions: new Set(),
    dataScope: { kind: 'all' },
    lang: 'zh-cn',
    tx,
  });

  const plans = [
    sandboxes.tiktok && {
      platform: 'tiktok' as const,
      name: 'Demo TikTok Shop',
      sort: 20,
      codes: [{ slot: 'default' as const, code: () => sandboxes.tiktok!.issueCode(DEMO_SELLERS.tiktok) }],
    },
    sandboxes.temu && {
      platform: 'temu' as const,
      name: 'Demo Temu Shop',
      sort: 10,
      codes: [
        { slot: 'product' as const, code: () => sandboxes.temu!.issueCode(DEMO_SELLERS.temu, 'pa') },
        { slot: 'order_us' as const, code: () => sandboxes.temu!.issueCode(DEMO_SELLERS.temu, 'us') },
      ],
    },
  ].filter((p) => !!p);

  for (const plan of plans) {
    const [shop] = await db
      .insert(shops)
      .values({
        tenantId: user.tenantId,
        merchantId: user.merchantId,
        name: plan.name,
        platform: plan.platform,
        sort: plan.sort,
        createdBy: user.id,
        updatedBy: user.id,
      })
      .returning();
    for (const { slot, code } of plan.codes) {
      const { url } = await db.transaction((tx) =>
        startAuthorisation(context(tx), gateway, signer, shop!.id, slot),
      );
      const state = new URL(url).searchParams.get('state')!;
      await completeAuthorisation(db, gateway, signer, { platform: plan.platform, code: code(), state });
    }
    const [authorised] = await db.select().from(shops).where(eq(shops.id, shop!.id));
    const warehouses = await gateway.call(authorised!, (adapter, access) => adapter.listWarehouses(access));
    const main = warehouses.find((w) => w.isDefault) ?? warehouses[0];
    if (main)
      await db
        .update(shops)
        .set({
          warehouses: [{ id: main.id, name: main.name, linked_at: new Date().toISOString() }],
          systemWarehouseId: main.id,
        })
        .where(eq(shops.id, shop!.id));
  }

  if (!(await riskWordsOf(context(db))).length)
    await db.insert(riskWords).values(
      [
        ['Nike', 'high'],
        ['Disney', 'high'],
        ['Marvel', 'high'],
        ['replica', 'medium'],
        ['仿品', 'medium'],
      ].map(([word, level]) => ({
        tenantId: user.tenantId!,
        merchantId: user.merchantId!,
        word: word!,
        level: level!,
        createdBy: user.id,
      })),
    );
}
