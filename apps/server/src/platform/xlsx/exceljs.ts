import type ExcelJSModule from 'exceljs';
import { onFirstUse } from '../first-use.ts';

/**
 * ExcelJS, loaded on first use: it is a large CommonJS package (over a second of start-up on a
 * busy machine) that only imports and exports need (docs/decisions/0075).
 */
export const excelJs = onFirstUse<typeof ExcelJSModule>('exceljs');
