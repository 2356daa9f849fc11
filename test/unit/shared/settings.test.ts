import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  EMPTY_PROFILE,
  InitialTimezoneSchema,
  MeResponseSchema,
  ProfileSchema,
  SettingsSchema,
  TimeZoneSchema,
  UpdateSettingsSchema,
} from '@shared/settings';
import { TIMEZONES } from '@shared/timezones';

describe('the default settings', () => {
  it('are valid settings', () => {
    expect(SettingsSchema.safeParse(DEFAULT_SETTINGS).success).toBe(true);
  });
});

describe('TimeZoneSchema', () => {
  it.each(['Africa/Johannesburg', 'UTC', 'Europe/Vienna'])('accepts the zone %s', (zone) => {
    expect(TimeZoneSchema.safeParse(zone).success).toBe(true);
  });

  it.each(['', 'Mars/Olympus_Mons', 'GMT+25'])('rejects %j', (zone) => {
    expect(TimeZoneSchema.safeParse(zone).success).toBe(false);
  });
});

describe('SettingsSchema', () => {
  it('accepts settings whose timezone is not stored yet', () => {
    expect(SettingsSchema.safeParse({ mode: 'agency', timezone: null, push_opt_in: true, onboarding_completed: true, email_approvals: true }).success).toBe(
      true,
    );
  });

  it('rejects a mode other than creator or agency', () => {
    expect(SettingsSchema.safeParse({ ...DEFAULT_SETTINGS, timezone: 'UTC', mode: 'admin' }).success).toBe(false);
  });
});

describe('UpdateSettingsSchema', () => {
  it.each([
    [{ mode: 'agency' }],
    [{ mode: 'creator' }],
    [{ timezone: 'Asia/Tokyo' }],
    [{ timezone: 'Europe/Vienna' }],
    [{ push_opt_in: true }],
    [{ push_opt_in: false, timezone: 'UTC', mode: 'creator' }],
  ])('accepts the update %j', (update) => {
    expect(UpdateSettingsSchema.safeParse(update).success).toBe(true);
  });

  it.each([...TIMEZONES])('lets the user save the Preferences choice %s (docs/product-rules.md#settings, #timezones)', (timezone) => {
    expect(UpdateSettingsSchema.safeParse({ timezone }).success).toBe(true);
  });

  it('rejects an empty update', () => {
    expect(UpdateSettingsSchema.safeParse({}).success).toBe(false);
  });

  it('rejects an unknown key', () => {
    expect(UpdateSettingsSchema.safeParse({ mode: 'agency', role: 'admin' }).success).toBe(false);
  });

  it('rejects an update that only sets fields the user may not change', () => {
    expect(UpdateSettingsSchema.safeParse({ onboarding_completed: false }).success).toBe(false);
  });

  it.each(['admin', 'Agency', ''])('rejects the mode %j', (mode) => {
    expect(UpdateSettingsSchema.safeParse({ mode }).success).toBe(false);
  });

  it.each(['Mars/Olympus_Mons', 'Johannesburg', ''])('rejects the timezone %j', (timezone) => {
    expect(UpdateSettingsSchema.safeParse({ timezone }).success).toBe(false);
  });

  it('rejects a push setting that is not a boolean', () => {
    expect(UpdateSettingsSchema.safeParse({ push_opt_in: 'yes' }).success).toBe(false);
  });
});

describe('InitialTimezoneSchema', () => {
  it("accepts the browser's zone even when it is outside the choices (docs/product-rules.md#timezones, #writes-and-storage)", () => {
    expect(InitialTimezoneSchema.safeParse({ timezone: 'Europe/Vienna' }).success).toBe(true);
  });

  it('rejects an invalid zone', () => {
    expect(InitialTimezoneSchema.safeParse({ timezone: 'Nowhere/Land' }).success).toBe(false);
  });

  it('rejects a missing zone', () => {
    expect(InitialTimezoneSchema.safeParse({}).success).toBe(false);
  });

  it('rejects other keys', () => {
    expect(InitialTimezoneSchema.safeParse({ timezone: 'UTC', mode: 'agency' }).success).toBe(false);
  });
});

describe('the profile', () => {
  it('has the fields username, bio, website and avatar_url (docs/product-rules.md#entities)', () => {
    expect(Object.keys(ProfileSchema.shape).sort()).toEqual(['avatar_url', 'bio', 'username', 'website']);
  });

  it('starts empty', () => {
    expect(EMPTY_PROFILE).toEqual({ username: null, bio: null, website: null, avatar_url: null });
    expect(ProfileSchema.safeParse(EMPTY_PROFILE).success).toBe(true);
  });
});

describe('MeResponseSchema', () => {
  it('accepts the signed-in user with settings and profile', () => {
    const me = {
      userId: 'u1',
      email: 'user@example.com',
      settings: { mode: 'creator', timezone: 'UTC', push_opt_in: false, onboarding_completed: true, email_approvals: false },
      profile: EMPTY_PROFILE,
    };

    expect(MeResponseSchema.safeParse(me).success).toBe(true);
  });

  it('rejects a response without settings', () => {
    expect(MeResponseSchema.safeParse({ userId: 'u1', email: null, profile: EMPTY_PROFILE }).success).toBe(false);
  });
});
