import { tenancyOperations } from '@pod/shared';
import { SecretBox } from '../../platform/secrets.ts';
import { crudExportSource, type Bilingual } from '../exports/index.ts';
import { merchantResource } from './merchant.resource.ts';
import { merchants, tenants } from './schema.ts';
import { supplierResource } from './supplier.resource.ts';

const STATUS: Record<'enabled' | 'disabled', Bilingual> = {
  enabled: { 'zh-cn': '启用', en: 'Enabled' },
  disabled: { 'zh-cn': '禁用', en: 'Disabled' },
};

/** spec §2 back-office merchants: Export (issue 24), the CRUD list's rows as the list shows them. */
export const MERCHANT_EXPORT = crudExportSource({
  page: 'tenancy/merchant',
  title: { 'zh-cn': '商户列表', en: 'Merchants' },
  permission: tenancyOperations.merchant.list.permission,
  filters: tenancyOperations.merchant.list.query,
  definition: (services) => merchantResource(services.extensions),
  keys: [
    { column: merchants.createdAt, dir: 'desc', cast: 'timestamptz' },
    { column: merchants.id, dir: 'asc', cast: 'uuid' },
  ],
  columns: [
    { header: { 'zh-cn': '商户编号', en: 'Number' }, value: (m) => m.number },
    { header: { 'zh-cn': '商户名称', en: 'Name' }, width: 24, value: (m) => m.name },
    { header: { 'zh-cn': '主账号', en: 'Primary account' }, value: (m) => m.primary_username },
    { header: { 'zh-cn': '手机号', en: 'Mobile' }, value: (m) => m.primary_mobile },
    { header: { 'zh-cn': '子账号数', en: 'Sub-accounts' }, width: 10, value: (m) => m.sub_account_count },
    { header: { 'zh-cn': '人民币余额', en: 'CNY balance' }, value: (m, f) => f.money(m.balance_cny) },
    { header: { 'zh-cn': '美元余额', en: 'USD balance' }, value: (m, f) => f.money(m.balance_usd) },
    { header: { 'zh-cn': '状态', en: 'Status' }, width: 10, value: (m, f) => f.text(STATUS[m.status]) },
    {
      header: { 'zh-cn': '等级到期', en: 'Level expires' },
      width: 20,
      value: (m, f) => f.date(m.level_expires_at),
    },
    { header: { 'zh-cn': '创建时间', en: 'Created at' }, width: 20, value: (m, f) => f.date(m.created_at) },
  ],
});

/** spec §2 back-office suppliers: Export (issue 24); certificates and keys are never in the list. */
export const SUPPLIER_EXPORT = crudExportSource({
  page: 'tenancy/supplier',
  title: { 'zh-cn': '供应商列表', en: 'Suppliers' },
  permission: tenancyOperations.supplier.list.permission,
  filters: tenancyOperations.supplier.list.query,
  definition: (services) => supplierResource(new SecretBox(services.config.jwtSecret)),
  keys: [
    { column: tenants.createdAt, dir: 'desc', cast: 'timestamptz' },
    { column: tenants.id, dir: 'asc', cast: 'uuid' },
  ],
  columns: [
    { header: { 'zh-cn': '名称', en: 'Name' }, width: 24, value: (s) => s.name },
    { header: { 'zh-cn': '简称', en: 'Short name' }, value: (s) => s.short_name },
    { header: { 'zh-cn': '域名', en: 'Domain' }, width: 24, value: (s) => s.domain },
    { header: { 'zh-cn': '入驻模式', en: 'Settlement mode' }, value: (s) => s.settled_mode },
    { header: { 'zh-cn': '入驻费', en: 'Settlement fee' }, value: (s, f) => f.money(s.settled_fee) },
    { header: { 'zh-cn': '等级开始', en: 'Level start' }, value: (s) => s.level_start },
    { header: { 'zh-cn': '等级结束', en: 'Level end' }, value: (s) => s.level_end },
    { header: { 'zh-cn': '状态', en: 'Status' }, width: 10, value: (s, f) => f.text(STATUS[s.status]) },
    { header: { 'zh-cn': '创建时间', en: 'Created at' }, width: 20, value: (s, f) => f.date(s.created_at) },
  ],
});
