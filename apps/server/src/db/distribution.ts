/**
 * How every table would be placed on a Citus cluster (issue 29, decision 0077,
 * docs/operations/scale-out.md). Nothing at run time reads this: the schema test
 * (citus-readiness.int.test.ts) checks the migrated catalogue against it, and the operations guide
 * lists the same tables. A new table must be added to exactly one of the three lists.
 */

/** The column every distributed table is sharded by; all of them are co-located on it. */
export const DISTRIBUTION_COLUMN = 'tenant_id';

/**
 * Tenant-owned tables, distributed by `tenant_id` and co-located: `tenant_id` is NOT NULL, leads
 * the primary key and every unique index, and a foreign key to another of them carries it.
 */
export const DISTRIBUTED_TABLES = [
  'aftersales_events',
  'aftersales_requests',
  'cart_lines',
  'catalog_attributes',
  'catalog_categories',
  'catalog_colors',
  'catalog_dictionary',
  'catalog_image_refs',
  'catalog_products',
  'catalog_sequences',
  'catalog_size_attributes',
  'catalog_size_templates',
  'catalog_sizes',
  'catalog_spus',
  'checkouts',
  'consignee_addresses',
  'finished_groups',
  'finished_products',
  'label_splits',
  'member_groups',
  'member_money_logs',
  'member_rules',
  'member_score_logs',
  'members',
  'order_events',
  'order_import_records',
  'order_labels',
  'order_line_personalisations',
  'order_lines',
  'order_sku_mappings',
  'orders',
  'publish_listings',
  'publish_templates',
  'risk_words',
  'sender_addresses',
  'shipping_methods',
  'shipping_rates',
  'shop_auth_states',
  'shop_credentials',
  'shops',
  'sync_announcements',
  'sync_records',
  'sync_shops',
  'tracking_pushes',
  'tracking_shop_settings',
  'wallet_alipay_orders',
  'wallet_bank_transfers',
  'wallet_transactions',
  'wallet_withdrawals',
  'wallets',
] as const;

const ACCESS =
  'access control: platform administrators, roles and departments have no tenant; usernames are unique platform-wide (one sign-in page for every tier); small, written rarely, read through the per-process caches';

/**
 * Reference tables: one shard copied to every node, so a distributed table may join them or hold a
 * foreign key to them on any node. Citus forbids a key from a reference table to a distributed one.
 */
export const REFERENCE_TABLES: Readonly<Record<string, string>> = {
  tenants: 'one row per supplier; the host of every request resolves to it, and every tenant_id refers to it',
  merchants:
    "a supplier's organisations: read on almost every request (scope, status, level), referred to by access-control rows that also hold platform rows; thousands of rows per supplier, rarely written",
  factories:
    "a supplier's factories: a handful per supplier, referred to by access-control rows, catalogue and orders",
  levels: 'small configuration: supplier levels are the platform’s (no tenant), merchant levels a supplier’s',
  system_configs: 'small configuration: platform values (no tenant) that a tenant’s rows override',
  payment_accounts: 'small configuration: the platform’s collection accounts (no tenant) and the suppliers’',
  exchange_rates: 'global: currency rates are the same for every tenant',
  menus: 'global: the system menu tree shared by every tier',
  admin_users: ACCESS,
  roles: ACCESS,
  departments: ACCESS,
  admin_user_roles: ACCESS,
  admin_user_factories: ACCESS,
  role_departments: ACCESS,
  role_menus: ACCESS,
  attachments:
    'uploaded files of the platform (no tenant) and of tenants: written once per upload, never updated; distributed catalogue image references point at them',
  materials:
    'the platform’s public material library (no tenant) is used by every tenant’s designs next to the tenants’ own',
  material_categories: 'the category trees of the material libraries, platform and tenants (see materials)',
};

/**
 * Tables left on the coordinator (Citus local tables): platform-wide machinery keyed by something
 * other than a tenant, never joined with a distributed table, and no foreign key to one.
 */
export const COORDINATOR_TABLES: Readonly<Record<string, string>> = {
  admin_logs:
    'audit trail of platform and tenant staff (platform rows have no tenant); append-only, read page by page, never joined',
  sensitive_data_logs: 'audit trail of reads of personal data, as admin_logs',
  data_recycle: 'deleted rows of the platform and of tenants, kept as JSON until restored or purged',
  job_runs:
    'the public record of background jobs, platform jobs included; the pg-boss queue it mirrors lives on the coordinator',
  export_records: 'export files of the platform and of tenants, looked up by their public code',
  auth_refresh_tokens:
    'sign-in machinery keyed by the token hash and the subject, before any tenant is known',
  auth_captchas: 'sign-in machinery: single-use captchas, before any tenant is known',
  verification_codes: 'sign-in machinery: SMS and e-mail codes keyed by the phone or address',
  message_outbox: 'what the default SMS/e-mail provider sends, keyed by recipient',
  rate_limit_counters: 'abuse limits shared by every process, keyed by client and route',
  marketplace_rate_buckets: 'vendor API token buckets, keyed by vendor application, shared by every tenant',
  shop_webhook_events: 'webhook de-duplication by vendor event id, before the shop (and tenant) is known',
  shop_webhook_refusals: 'counts of refused webhooks per vendor shop and day, before the shop is known',
  wallet_idempotency_keys:
    'idempotency keys of wallet writes, keyed by merchant (no tenant column yet): a follow-up adds tenant_id and distributes it',
};
