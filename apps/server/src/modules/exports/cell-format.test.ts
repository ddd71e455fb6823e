import { describe, expect, it } from 'vitest';
import { escapeCell, safeCell } from '../../platform/xlsx/cells.ts';
import { cellFormat } from './cell-format.ts';

describe('export cells', () => {
  it('formats dates in the reader’s time zone and money in major units', () => {
    const f = cellFormat('en', 'Asia/Shanghai');
    expect(f.date('2026-01-31T20:30:05.123Z')).toBe('2026-02-01 04:30:05');
    expect(cellFormat('zh-cn', 'America/New_York').date(new Date('2026-07-01T12:00:00Z'))).toBe(
      '2026-07-01 08:00:00',
    );
    expect(f.date(null)).toBeNull();
    expect(f.money(12345)).toBe(123.45);
    expect(f.money(-5)).toBe(-0.05);
    expect(f.text({ 'zh-cn': '订单', en: 'Orders' })).toBe('Orders');
  });

  it('escapes every text that a spreadsheet would run as a formula (OWASP)', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1', '=HYPERLINK("x")'])
      expect(escapeCell(text)).toBe(`'${text}`);
    for (const text of ['plain', '1+1', 'a=b', '', ' =1']) expect(escapeCell(text)).toBe(text);
    expect(safeCell(-12.5)).toBe(-12.5);
    expect(safeCell(undefined)).toBeNull();
    expect(safeCell(Number.NaN)).toBeNull();
  });
});
