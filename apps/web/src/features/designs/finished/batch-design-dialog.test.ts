import { describe, expect, it } from 'vitest';
import { plannedSurfaces } from './batch-design-dialog.tsx';

describe('batch design surface plan (issue 26)', () => {
  const front = { key: 'front', name: '正面', en_name: 'Front' };
  it('places a front on a mug wrap by role, and asks where a role has several candidates', () => {
    expect(plannedSurfaces([front], [{ key: 'wrap', name: '杯身', kind: 'wrap' }])).toEqual({
      front: 'wrap',
    });
    const two = [
      { key: 'front_left', name: '左胸' },
      { key: 'front_right', name: '右胸' },
    ];
    expect(plannedSurfaces([front], two)).toEqual({ front: null });
    expect(plannedSurfaces([front], two, { front: 'front_right' })).toEqual({ front: 'front_right' });
  });
});
