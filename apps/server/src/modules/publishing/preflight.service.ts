import {
  checkRiskWords,
  DEFAULT_RULE_SETTINGS,
  describeIssue,
  imageFormatOf,
  validateListing,
  type ImageKind,
  type ListingFields,
  type ListingImage,
  type PreflightReport,
  type RuleIssue,
} from '@pod/shared';
import type { CategoryRules } from '../../integrations/marketplace/index.ts';
import type { AnyContext } from '../../platform/context.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { MerchantScope } from '../../platform/tenant-scope.ts';
import { finishedForPublishing, printPreflight } from '../designs/index.ts';
import { gatewayOf, riskWordsOf } from '../shops/index.ts';
import type { AppServices } from '../../services.ts';
import { ownImages, publishableShop, uploadRefsOf, type ListingRow } from './listing.resource.ts';
import { reasonOf } from './publish.service.ts';

type Finding = PreflightReport['errors'][number];

/**
 * The listing's images as the rules must judge them: an upload's real size and bytes from the
 * stored attachment (never what the form claims); an upload that is not the merchant's is an error.
 */
async function trustedImages(ctx: AnyContext, m: MerchantScope, fields: ListingFields) {
  const rows = await ownImages(ctx.tx, m, uploadRefsOf(fields));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing: string[] = [];
  const images = Object.fromEntries(
    Object.entries(fields.images).map(([kind, list]) => [
      kind,
      list.map((img, i): ListingImage => {
        if (img.source !== 'upload') return img;
        const row = byId.get(img.ref);
        if (!row) {
          missing.push(`images.${kind}.${i}`);
          return img;
        }
        return {
          ...img,
          width: row.width ?? 0,
          height: row.height ?? 0,
          bytes: row.size,
          format: imageFormatOf(row.suffix),
        };
      }),
    ]),
  ) as Record<ImageKind, ListingImage[]>;
  return { images, missing };
}

/**
 * The marketplace's prerequisites for the listing's category, asked of the marketplace (the
 * sandbox states them); a marketplace that cannot be asked gives a warning, never a pass.
 */
async function marketplaceSide(
  ctx: AnyContext,
  services: AppServices,
  row: ListingRow,
  add: (f: Finding) => void,
): Promise<void> {
  const lang = ctx.lang;
  if (!row.fields.category_id.trim()) return;
  let rules: CategoryRules | null;
  try {
    const shop = await publishableShop(ctx, row.shopId);
    rules = await gatewayOf(services).call(shop, (adapter, access) =>
      adapter.categoryRules(access, row.fields.category_id),
    );
  } catch (error) {
    add({
      side: 'marketplace',
      severity: 'warning',
      code: 'marketplace.unchecked',
      field: 'category_id',
      message: t(lang, 'publishing.market.unchecked', { reason: reasonOf(error, lang).slice(0, 200) }),
    });
    return;
  }
  if (!rules) return;
  const given = new Set(row.fields.attributes.filter((a) => a.value.trim()).map((a) => a.id));
  for (const a of rules.requiredAttributes)
    if (!given.has(a.id))
      add({
        side: 'marketplace',
        severity: 'error',
        code: 'marketplace.attribute',
        field: 'attributes',
        message: t(lang, 'publishing.market.attribute', { name: a.name, id: a.id }),
      });
  if (rules.sizeChartRequired && !row.fields.size_tables.length)
    add({
      side: 'marketplace',
      severity: 'error',
      code: 'marketplace.sizeChart',
      field: 'size_tables',
      message: t(lang, 'publishing.market.sizeChart'),
    });
  const images = row.fields.images;
  const first = (row.platform === 'tiktok' && images.main.length ? images.main : images.product_photos)[0];
  if (rules.whiteBackgroundFirstImage && first?.source === 'upload')
    add({
      side: 'marketplace',
      severity: 'warning',
      code: 'marketplace.whiteBackground',
      field: 'images',
      message: t(lang, 'publishing.market.whiteBackground'),
    });
}

/**
 * One report per listing (issue 23): the print side (designs' print preflight) and the listing
 * side (every rule of spec §5 under the platform's readings, titles against the merchant's risk
 * words, the marketplace's prerequisites). Errors block publishing; warnings do not.
 */
export async function preflightListing(
  ctx: AnyContext,
  services: AppServices,
  m: MerchantScope,
  row: ListingRow,
): Promise<PreflightReport> {
  const lang = ctx.lang;
  const errors: Finding[] = [];
  const warnings: Finding[] = [];
  const add = (f: Finding) => (f.severity === 'error' ? errors : warnings).push(f);

  for (const f of await printPreflight(ctx.tx, m, row.finishedId))
    add({
      side: 'print',
      severity: f.severity,
      code: `print.${f.code}`,
      field: f.surface,
      message: t(lang, `publishing.print.${f.code}`, f.params),
    });

  const finished = await finishedForPublishing(ctx.tx, m, row.finishedId);
  const { images, missing } = await trustedImages(ctx, m, row.fields);
  const issues: RuleIssue[] = validateListing(
    { ...row.fields, images, variations: finished?.variations.length ?? 0 },
    DEFAULT_RULE_SETTINGS[row.platform],
  );
  issues.push(
    ...checkRiskWords(
      { title_zh: row.fields.title_zh, title_en: row.fields.title_en },
      await riskWordsOf(ctx),
    ),
  );
  if (!row.fields.category_id.trim())
    issues.push({ field: 'category_id', rule: 'required', severity: 'error' });
  for (const field of missing) issues.push({ field, rule: 'required', severity: 'error' });
  for (const issue of issues)
    add({
      side: 'listing',
      severity: issue.severity,
      code: `rule.${issue.rule}`,
      field: issue.field,
      message: describeIssue(issue, lang),
    });
  await marketplaceSide(ctx, services, row, add);
  const mockups = new Set(finished?.mockups ?? []);
  for (const [kind, list] of Object.entries(row.fields.images))
    list.forEach((img, i) => {
      if (img.source === 'mockup' && !mockups.has(img.ref))
        add({
          side: 'listing',
          severity: 'error',
          code: 'mockupMissing',
          field: `images.${kind}.${i}`,
          message: t(lang, 'publishing.mockupMissing', { ref: img.ref }),
        });
    });
  return { listing_id: row.id, ok: errors.length === 0, errors, warnings };
}
