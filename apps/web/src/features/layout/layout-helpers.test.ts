import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT_SETTINGS, HEADER_HEIGHT, parseLayoutSettings } from './layout-settings.ts';
import { PROGRESS, startValue, trickleValue } from './progress.ts';
import { rootFontSize } from './root-font-size.ts';

describe('rootFontSize (spec §9)', () => {
  it('is fixed above 1680 px', () => {
    expect(rootFontSize(1680)).toBe(16);
    expect(rootFontSize(2560)).toBe(16);
  });

  it('scales between 370 and 800 px and holds below', () => {
    expect(rootFontSize(200)).toBe(12);
    expect(rootFontSize(370)).toBe(12);
    expect(rootFontSize(585)).toBe(13);
    expect(rootFontSize(800)).toBe(14);
    expect(rootFontSize(1240)).toBe(15);
  });
});

describe('layout settings', () => {
  it('start light in the Default mode, and read stored choices', () => {
    expect(parseLayoutSettings(null)).toEqual(DEFAULT_LAYOUT_SETTINGS);
    expect(DEFAULT_LAYOUT_SETTINGS.isDark).toBe(false);
    expect(parseLayoutSettings('{"mode":"Double","isDark":true}')).toEqual({
      mode: 'Double',
      isDark: true,
      isMenuCollapsed: false,
    });
    expect(parseLayoutSettings('{"mode":"Sideways"}').mode).toBe('Default');
    expect(parseLayoutSettings('not json')).toEqual(DEFAULT_LAYOUT_SETTINGS);
  });

  it('use the spec §9 header heights', () => {
    expect(new Set(Object.values(HEADER_HEIGHT))).toEqual(new Set([70, 50, 60]));
  });
});

describe('progress bar (spec §9)', () => {
  it('starts at the minimum and trickles by 0.02 without finishing', () => {
    expect(PROGRESS).toEqual({ minimum: 0.08, trickle: 0.02, speedMs: 200, trickleSpeedMs: 800 });
    expect(startValue(null)).toBe(0.08);
    expect(trickleValue(0.08)).toBeCloseTo(0.1);
    expect(trickleValue(0.99)).toBeLessThan(1);
  });
});
