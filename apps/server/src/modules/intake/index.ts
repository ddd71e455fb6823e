import './messages.ts';

export { intakeModule } from './module.ts';
export { sheetRows } from './import.job.ts';
export { TIKTOK_EXPORT_HEADERS, TEMU_EXPORT_HEADERS, PLATFORM_COLUMNS } from './templates.ts';
