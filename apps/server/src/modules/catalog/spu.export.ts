import { catalogName, catalogOperations, type RECORD_STATUSES } from '@pod/shared';
import type { Bilingual } from '../exports/index.ts';
import { crudExportSource } from '../exports/index.ts';
import { catalogSpus } from './schema.ts';
import { spuResource } from './spu.resource.ts';

const STATUS: Record<(typeof RECORD_STATUSES)[number], Bilingual> = {
  enabled: { 'zh-cn': '启用', en: 'Enabled' },
  disabled: { 'zh-cn': '停用', en: 'Disabled' },
};

/** spec §2 SPU inventory: Export (issue 24), the supplier's SPUs as its list shows them. */
export const SPU_EXPORT = crudExportSource({
  page: 'spu/spu',
  title: { 'zh-cn': 'SPU库存', en: 'SPU inventory' },
  permission: catalogOperations.spu.list.permission,
  filters: catalogOperations.spu.list.query,
  definition: (services) => spuResource(services.files),
  keys: [
    { column: catalogSpus.createdAt, dir: 'desc', cast: 'timestamptz' },
    { column: catalogSpus.id, dir: 'asc', cast: 'uuid' },
  ],
  columns: [
    { header: { 'zh-cn': 'SPU编码', en: 'Code' }, value: (s) => s.code },
    { header: { 'zh-cn': '货号', en: 'Article number' }, value: (s) => s.article_number },
    { header: { 'zh-cn': '名称', en: 'Name' }, width: 24, value: (s) => s.name },
    { header: { 'zh-cn': '款号', en: 'Style number' }, value: (s) => s.style_number },
    {
      header: { 'zh-cn': '分类', en: 'Category' },
      value: (s, f) =>
        catalogName({ name: s.inventory_category_name, en_name: s.inventory_category_en_name }, f.lang),
    },
    { header: { 'zh-cn': '工厂', en: 'Factory' }, value: (s) => s.factory_name },
    { header: { 'zh-cn': '颜色', en: 'Colours' }, value: (s) => s.colors.map((c) => c.name).join(', ') },
    { header: { 'zh-cn': '尺码模板', en: 'Size template' }, value: (s) => s.size_template_name },
    { header: { 'zh-cn': '币种', en: 'Currency' }, width: 10, value: (s) => s.currency },
    { header: { 'zh-cn': '成本价', en: 'Cost price' }, value: (s, f) => f.money(s.cost_price) },
    { header: { 'zh-cn': '状态', en: 'Status' }, width: 10, value: (s, f) => f.text(STATUS[s.status]) },
    { header: { 'zh-cn': '创建时间', en: 'Created at' }, width: 20, value: (s, f) => f.date(s.created_at) },
  ],
});
