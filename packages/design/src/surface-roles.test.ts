import { describe, expect, it } from 'vitest';
import { mapSurfacesByRole, surfaceRole } from './batch.ts';

const tee = [{ key: 'front' }, { key: 'back' }];
const mug = [{ key: 'wrap', kind: 'wrap' as const }];

describe('surface roles (issue 26)', () => {
  it('reads the role from the kind, then the key', () => {
    expect(surfaceRole({ key: 'body', kind: 'wrap' })).toBe('wrap');
    expect(surfaceRole({ key: 'front_chest' })).toBe('front');
    expect(surfaceRole({ key: 'back' })).toBe('back');
    expect(surfaceRole({ key: 'sleeve_left' })).toBe('other');
    expect(surfaceRole({ key: 'backpack' })).toBe('other');
  });

  it('maps a T-shirt front onto a mug wrap and reports the back as skipped', () => {
    expect(mapSurfacesByRole(tee, mug)).toEqual({ map: { front: 'wrap' }, skipped: ['back'], ambiguous: [] });
  });

  it('maps a mug wrap onto a T-shirt front', () => {
    expect(mapSurfacesByRole(mug, tee)).toEqual({ map: { wrap: 'front' }, skipped: [], ambiguous: [] });
  });

  it('keeps equal keys and maps other keys of the same role', () => {
    expect(mapSurfacesByRole(tee, [{ key: 'front' }, { key: 'back_print' }]).map).toEqual({
      front: 'front',
      back: 'back_print',
    });
  });

  it('asks when a role has several candidates', () => {
    const out = mapSurfacesByRole([{ key: 'front' }], [{ key: 'front_left' }, { key: 'front_right' }]);
    expect(out.map).toEqual({});
    expect(out.ambiguous).toEqual([{ source: 'front', candidates: ['front_left', 'front_right'] }]);
  });

  it('puts the only designed surface on the only target surface, whatever their roles', () => {
    expect(mapSurfacesByRole([{ key: 'sleeve' }], [{ key: 'panel' }]).map).toEqual({ sleeve: 'panel' });
    expect(mapSurfacesByRole([{ key: 'back' }], mug).map).toEqual({ back: 'wrap' });
  });
});
