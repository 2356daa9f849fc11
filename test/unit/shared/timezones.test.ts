import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEZONE, effectiveTimezone, isValidTimeZone, timezoneLabel, TIMEZONES } from '@shared/timezones';

// The timezone choices of docs/product-rules.md#timezones, written out in its order.
const SPEC_TIMEZONES = [
  'UTC',
  ...['Johannesburg', 'Cairo', 'Lagos', 'Nairobi'].map((c) => `Africa/${c}`),
  ...['New_York', 'Chicago', 'Denver', 'Los_Angeles', 'Toronto', 'Vancouver', 'Mexico_City', 'Sao_Paulo'].map((c) => `America/${c}`),
  ...['London', 'Paris', 'Berlin', 'Madrid', 'Rome', 'Amsterdam'].map((c) => `Europe/${c}`),
  ...['Dubai', 'Tokyo', 'Shanghai', 'Hong_Kong', 'Singapore', 'Seoul', 'Mumbai'].map((c) => `Asia/${c}`),
  ...['Sydney', 'Melbourne'].map((c) => `Australia/${c}`),
  'Pacific/Auckland',
];

describe('the timezone choices', () => {
  it('are shown as the 29 zones the spec lists, in the spec order (docs/product-rules.md#timezones)', () => {
    expect(SPEC_TIMEZONES).toHaveLength(29);
    expect(TIMEZONES.map((zone) => timezoneLabel(zone).replaceAll(' ', '_'))).toEqual(SPEC_TIMEZONES);
  });

  it('store Mumbai as Asia/Kolkata, the IANA zone the spec\'s "Asia/Mumbai" means', () => {
    expect(TIMEZONES).toContain('Asia/Kolkata');
    expect(timezoneLabel('Asia/Kolkata')).toBe('Asia/Mumbai');
  });

  it('contain no duplicates', () => {
    expect(new Set(TIMEZONES).size).toBe(TIMEZONES.length);
  });

  it('include the default zone', () => {
    expect(TIMEZONES).toContain(DEFAULT_TIMEZONE);
  });

  it.each([...TIMEZONES])('offer %s, which isValidTimeZone accepts so the user can save it', (zone) => {
    expect(isValidTimeZone(zone)).toBe(true);
  });
});

describe('isValidTimeZone', () => {
  it.each(['Europe/Vienna', 'America/Argentina/Buenos_Aires', 'Asia/Calcutta'])('accepts the real IANA zone %s even though it is not in the list', (zone) => {
    expect(TIMEZONES).not.toContain(zone);
    expect(isValidTimeZone(zone)).toBe(true);
  });

  it.each(['', 'Mars/Olympus_Mons', 'Not a zone', 'Europe/', `Europe/${'x'.repeat(80)}`])('rejects %j', (zone) => {
    expect(isValidTimeZone(zone)).toBe(false);
  });
});

describe('effectiveTimezone', () => {
  it('uses the stored zone when there is one', () => {
    expect(effectiveTimezone('Asia/Tokyo', 'Europe/Paris')).toBe('Asia/Tokyo');
  });

  it("uses the browser's zone while none is stored (docs/product-rules.md#timezones)", () => {
    expect(effectiveTimezone(null, 'Europe/Paris')).toBe('Europe/Paris');
  });

  it('falls back to Africa/Johannesburg when neither is usable (docs/product-rules.md#timezones)', () => {
    expect(effectiveTimezone(null, 'Not/AZone')).toBe('Africa/Johannesburg');
    expect(effectiveTimezone(undefined)).toBe('Africa/Johannesburg');
  });
});
