import { createRequire } from 'node:module';
import type ExcelJSModule from 'exceljs';

const requireFrom = createRequire(import.meta.url);
let loaded: typeof ExcelJSModule | undefined;

/**
 * ExcelJS, loaded on first use: it is a large CommonJS package (over a second of start-up on a
 * busy machine) that only imports and exports need (docs/decisions/0075).
 */
export function excelJs(): typeof ExcelJSModule {
  loaded ??= requireFrom('exceljs') as typeof ExcelJSModule;
  return loaded;
}
