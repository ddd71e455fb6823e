/**
 * OWASP "CSV injection": a spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` as a
 * formula, and a tab or carriage return can smuggle one past a naive check. Every text cell the
 * platform writes to a file goes through `escapeCell`, which prefixes such text with a single quote
 * so that it is shown, never evaluated. Numbers, dates and booleans are typed cells and need none.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The text, made inert when a spreadsheet would read it as a formula. */
export function escapeCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A value one cell of an export holds. */
export type CellValue = string | number | boolean | Date | null | undefined;

/** A cell as written: text escaped, every other type as it is, nothing as an empty cell. */
export function safeCell(value: CellValue): Exclude<CellValue, undefined> {
  if (value === undefined) return null;
  if (typeof value === 'string') return escapeCell(value);
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value;
}
