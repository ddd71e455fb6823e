import './messages.ts';

export { intakeModule } from './module.ts';
export { sheetRows, orderedWorkbookStream } from './sheet-reader.ts';
export { TIKTOK_EXPORT_HEADERS, TEMU_EXPORT_HEADERS, PLATFORM_COLUMNS } from './templates.ts';
