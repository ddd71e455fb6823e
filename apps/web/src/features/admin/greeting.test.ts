import { describe, expect, it } from 'vitest';
import { greetingKey } from './greeting.ts';

describe('greetingKey (spec §9 hour bands)', () => {
  it.each([
    [0, 'admin.greeting.lateNight'],
    [4, 'admin.greeting.lateNight'],
    [5, 'admin.greeting.earlyMorning'],
    [8, 'admin.greeting.earlyMorning'],
    [9, 'admin.greeting.morning'],
    [11, 'admin.greeting.morning'],
    [12, 'admin.greeting.noon'],
    [13, 'admin.greeting.noon'],
    [14, 'admin.greeting.afternoon'],
    [17, 'admin.greeting.afternoon'],
    [18, 'admin.greeting.evening'],
    [23, 'admin.greeting.evening'],
  ])('greets at %i:00 with %s', (hour, key) => {
    expect(greetingKey(hour)).toBe(key);
  });
});
