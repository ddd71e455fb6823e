import { materialOperations } from '@pod/shared';
import { crudExportSource } from '../exports/index.ts';
import { materialResource } from './material.resource.ts';
import { materials } from './schema.ts';

/** spec §2 materials: Export (issue 24); the list's ownership and data scope apply to the file. */
export const MATERIAL_EXPORT = crudExportSource({
  page: 'materials/library',
  title: { 'zh-cn': '素材库', en: 'Materials' },
  permission: materialOperations.material.list.permission,
  filters: materialOperations.material.list.query,
  definition: (services) => materialResource(services.files),
  keys: [
    { column: materials.createdAt, dir: 'desc', cast: 'timestamptz' },
    { column: materials.id, dir: 'asc', cast: 'uuid' },
  ],
  columns: [
    { header: { 'zh-cn': '编号', en: 'Number' }, value: (m) => m.number },
    { header: { 'zh-cn': '名称', en: 'Name' }, width: 24, value: (m) => m.name },
    { header: { 'zh-cn': '规格', en: 'Specs' }, value: (m) => m.specs },
    { header: { 'zh-cn': '尺寸', en: 'Size' }, value: (m) => m.size },
    { header: { 'zh-cn': '格式', en: 'Format' }, width: 10, value: (m) => m.format },
    { header: { 'zh-cn': '类型', en: 'Type' }, width: 10, value: (m) => m.type },
    { header: { 'zh-cn': '可见性', en: 'Visibility' }, value: (m) => m.visibility },
    { header: { 'zh-cn': '价格', en: 'Price' }, value: (m, f) => f.money(m.price) },
    { header: { 'zh-cn': '销量', en: 'Sales' }, width: 10, value: (m) => m.sales_count },
    { header: { 'zh-cn': '创建时间', en: 'Created at' }, width: 20, value: (m, f) => f.date(m.created_at) },
  ],
});
