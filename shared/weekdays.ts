/** The days of the week as people read them, Monday first (ISO 8601), for the queue's and the repeat rules' day codes. */
export const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** Monday 0 … Sunday 6 from a date's UTC fields (getUTCDay counts from Sunday). */
export const mondayFirstIndex = (date: Date): number => (date.getUTCDay() + 6) % 7;

/** Names for a list of seven day codes given Monday first: `{ mon: 'Monday', … }`. */
export function dayNamesByCode<Code extends string>(codes: readonly Code[]): Record<Code, string> {
  return Object.fromEntries(codes.map((code, index) => [code, DAY_NAMES[index]])) as Record<Code, string>;
}
