import './messages.ts';

export {
  EXPORT_SOURCES,
  exportSource,
  type AnyExportSource,
  type Bilingual,
  type CellFormat,
  type ExportColumn,
  type ExportSource,
} from './source.ts';
export { crudExportSource, type CrudExport } from './crud-source.ts';
export { exportsModule } from './module.ts';
