/** The greeting of each spec §9 hour band: before 5, 5–9, 9–12, 12–14, 14–18, 18–24. */
export type GreetingKey =
  | 'admin.greeting.lateNight'
  | 'admin.greeting.earlyMorning'
  | 'admin.greeting.morning'
  | 'admin.greeting.noon'
  | 'admin.greeting.afternoon'
  | 'admin.greeting.evening';

const BANDS: readonly (readonly [endHour: number, key: GreetingKey])[] = [
  [5, 'admin.greeting.lateNight'],
  [9, 'admin.greeting.earlyMorning'],
  [12, 'admin.greeting.morning'],
  [14, 'admin.greeting.noon'],
  [18, 'admin.greeting.afternoon'],
  [24, 'admin.greeting.evening'],
];

/** The greeting for an hour of the day (0–23). */
export function greetingKey(hour: number): GreetingKey {
  return BANDS.find(([endHour]) => hour < endHour)?.[1] ?? 'admin.greeting.evening';
}
