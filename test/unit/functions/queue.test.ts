import { PutQueueScheduleBodySchema, QUEUE_MSG, sortSlots, weeklySlotsProblem, type QueueSlot } from '@shared/queue';
import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { aSocialAccount } from '../../helpers/accounts';
import { clientSlotsTaken, commonFreeSlots, freeClientSlots, slotInstants, slotsTaken, wallClockInstant } from '../../../functions/domain/queue';
import { aPostRecord } from '../../helpers/posts';

const weekdays = (time: string): QueueSlot[] => (['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((day) => ({ day, time }));
const daily = (time: string): QueueSlot[] => (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) => ({ day, time }));
const wall = (instants: Date[], zone: string) => instants.map((d) => formatInTimeZone(d, zone, 'EEE yyyy-MM-dd HH:mm xxx'));

const anAccount = (id: string) => aSocialAccount({ id, account_name: `Page ${id}`, account_id: `fb-${id}`, created_at: '2026-01-01T00:00:00.000Z' });

describe('Queue slot math: wall-clock times in the user timezone', () => {
  it('Mon–Fri 09:00 in Johannesburg gives the five weekday mornings, none on the weekend', () => {
    const from = new Date('2026-11-23T00:00:00.000Z'); // a Monday
    const to = new Date('2026-11-30T00:00:00.000Z');
    expect(wall(slotInstants(weekdays('09:00'), 'Africa/Johannesburg', from, to), 'Africa/Johannesburg')).toEqual([
      'Mon 2026-11-23 09:00 +02:00',
      'Tue 2026-11-24 09:00 +02:00',
      'Wed 2026-11-25 09:00 +02:00',
      'Thu 2026-11-26 09:00 +02:00',
      'Fri 2026-11-27 09:00 +02:00',
    ]);
  });

  it('leaves out slots before `from` and at or after `to`', () => {
    const from = new Date('2026-11-23T07:00:00.000Z'); // 09:00 Johannesburg exactly
    const to = new Date('2026-11-24T07:00:00.000Z');
    expect(slotInstants(daily('09:00'), 'Africa/Johannesburg', from, to).map((d) => d.toISOString())).toEqual(['2026-11-23T07:00:00.000Z']);
  });

  it.each([
    // [zone, the days around the change, the UTC instants of 09:00 before and after]
    ['Europe/London', 'March', '2026-03-28', '2026-03-28T09:00:00.000Z', '2026-03-30T08:00:00.000Z'],
    ['Europe/London', 'October', '2026-10-24', '2026-10-24T08:00:00.000Z', '2026-10-26T09:00:00.000Z'],
    ['America/New_York', 'March', '2026-03-07', '2026-03-07T14:00:00.000Z', '2026-03-09T13:00:00.000Z'],
    ['America/New_York', 'November', '2026-10-31', '2026-10-31T13:00:00.000Z', '2026-11-02T14:00:00.000Z'],
  ])('09:00 stays 09:00 across the %s %s change', (zone, _month, firstDay, before, after) => {
    const from = new Date(`${firstDay}T00:00:00.000Z`);
    const instants = slotInstants(daily('09:00'), zone, from, new Date(from.getTime() + 3 * 86_400_000));
    expect(wall(instants, zone).map((s) => s.slice(15, 20))).toEqual(['09:00', '09:00', '09:00']);
    expect(instants[0].toISOString()).toBe(before);
    expect(instants[2].toISOString()).toBe(after);
    // The UTC gap between the first and last 09:00 is two days give or take the hour the clocks moved.
    expect(Math.abs(instants[2].getTime() - instants[0].getTime() - 2 * 86_400_000)).toBe(3_600_000);
  });

  it('a time the spring change skips is placed an hour later on the wall, once (London 01:30, New York 02:30)', () => {
    expect(formatInTimeZone(wallClockInstant('2026-03-29', '01:30', 'Europe/London'), 'Europe/London', 'HH:mm xxx')).toBe('02:30 +01:00');
    expect(formatInTimeZone(wallClockInstant('2026-03-08', '02:30', 'America/New_York'), 'America/New_York', 'HH:mm xxx')).toBe('03:30 -04:00');
  });

  it('a time the autumn change shows twice is taken once, at its first showing (summer time)', () => {
    expect(wallClockInstant('2026-10-25', '01:30', 'Europe/London').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(wallClockInstant('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    const from = new Date('2026-10-24T12:00:00.000Z');
    const sundays = slotInstants([{ day: 'sun', time: '01:30' }], 'Europe/London', from, new Date('2026-10-26T00:00:00.000Z'));
    expect(sundays).toHaveLength(1);
  });
});

describe('Next free slot', () => {
  const a = anAccount('A');
  const b = anAccount('B');
  const at = (...isos: string[]) => isos.map((iso) => new Date(iso));

  it('is the earliest slot of the account no scheduled post holds', () => {
    const taken = slotsTaken([aPostRecord(a, { status: 'scheduled', scheduled_at: '2026-12-01T09:00:00.000Z' })]);
    const free = commonFreeSlots(new Map([[a.id, at('2026-12-01T09:00:00.000Z', '2026-12-01T12:00:00.000Z')]]), taken);
    expect(free[0]).toBe('2026-12-01T12:00:00.000Z');
  });

  it('a post on another account does not fill this account’s slot', () => {
    const taken = slotsTaken([aPostRecord(b, { status: 'scheduled', scheduled_at: '2026-12-01T09:00:00.000Z' })]);
    expect(commonFreeSlots(new Map([[a.id, at('2026-12-01T09:00:00.000Z')]]), taken)).toEqual(['2026-12-01T09:00:00.000Z']);
  });

  it('with several accounts, is the earliest slot in every schedule and free on all of them', () => {
    const taken = slotsTaken([aPostRecord(b, { status: 'scheduled', scheduled_at: '2026-12-01T12:00:00.000Z' })]);
    const schedules = new Map([
      [a.id, at('2026-12-01T09:00:00.000Z', '2026-12-01T12:00:00.000Z', '2026-12-01T17:00:00.000Z')],
      [b.id, at('2026-12-01T12:00:00.000Z', '2026-12-01T17:00:00.000Z')],
    ]);
    // 09:00 is only A's; 12:00 is B's but taken there; 17:00 is common and free.
    expect(commonFreeSlots(schedules, taken)).toEqual(['2026-12-01T17:00:00.000Z']);
  });

  it('accounts with no time in common have no slot', () => {
    const schedules = new Map([
      [a.id, at('2026-12-01T09:00:00.000Z')],
      [b.id, at('2026-12-01T10:00:00.000Z')],
    ]);
    expect(commonFreeSlots(schedules, new Map())).toEqual([]);
  });
});

describe('Next free slot of a client (agency mode)', () => {
  const a = anAccount('A');
  const b = anAccount('B');
  const CLIENT = 'CLIENT1';
  const OTHER_CLIENT = 'CLIENT2';
  const week = slotInstants(weekdays('10:00'), 'Europe/London', new Date('2026-11-30T00:00:00.000Z'), new Date('2026-12-05T00:00:00.000Z'));
  const nextFree = (posts: ReturnType<typeof aPostRecord>[], accounts = [a.id]) =>
    freeClientSlots(week, clientSlotsTaken(posts).get(CLIENT), accounts, slotsTaken(posts))[0];

  it('is the client’s earliest slot that no post of the client holds, whichever account that post went to', () => {
    const posts = [aPostRecord(b, { status: 'scheduled', scheduled_at: '2026-11-30T10:00:00.000Z', client_id: CLIENT })];
    expect(nextFree(posts)).toBe('2026-12-01T10:00:00.000Z');
  });

  it('a post of another client, on other accounts, leaves the slot free', () => {
    const posts = [aPostRecord(b, { status: 'scheduled', scheduled_at: '2026-11-30T10:00:00.000Z', client_id: OTHER_CLIENT })];
    expect(nextFree(posts)).toBe('2026-11-30T10:00:00.000Z');
  });

  it('a post already due then on one of the new post’s accounts takes the slot (an account never posts twice at once)', () => {
    const posts = [aPostRecord(a, { status: 'scheduled', scheduled_at: '2026-11-30T10:00:00.000Z', client_id: null })];
    expect(nextFree(posts)).toBe('2026-12-01T10:00:00.000Z');
  });

  it('needs no time in the accounts’ own schedules, and a full week has no slot', () => {
    expect(week).toHaveLength(5);
    const full = week.map((d) => aPostRecord(b, { status: 'scheduled', scheduled_at: d.toISOString(), client_id: CLIENT }));
    expect(nextFree(full)).toBeUndefined();
  });
});

describe('Weekly schedule rules', () => {
  it('refuses a duplicate time with the day and time named', () => {
    expect(weeklySlotsProblem([...weekdays('09:00'), { day: 'mon', time: '09:00' }])).toBe(QUEUE_MSG.duplicate('mon', '09:00'));
  });

  it('refuses a 25th time on one day', () => {
    const many = Array.from({ length: 25 }, (_, h) => ({ day: 'tue' as const, time: `${String(h % 24).padStart(2, '0')}:${h >= 24 ? '30' : '00'}` }));
    expect(weeklySlotsProblem(many)).toBe(QUEUE_MSG.tooMany('tue'));
    expect(weeklySlotsProblem(many.slice(0, 24))).toBeNull();
  });

  it.each(['9:00', '24:00', '12:60', '12-30', ''])('refuses the time %j with the HH:MM message', (time) => {
    const parsed = PutQueueScheduleBodySchema.safeParse({ slots: [{ day: 'mon', time }] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe(QUEUE_MSG.time);
  });

  it('is an account’s week unless it says kind client; any other kind is refused', () => {
    expect(PutQueueScheduleBodySchema.parse({ slots: [] }).kind).toBe('account');
    expect(PutQueueScheduleBodySchema.parse({ kind: 'client', slots: [] }).kind).toBe('client');
    expect(PutQueueScheduleBodySchema.safeParse({ kind: 'team', slots: [] }).error?.issues[0].message).toBe('kind is account or client');
  });

  it('refuses an unknown day', () => {
    const parsed = PutQueueScheduleBodySchema.safeParse({ slots: [{ day: 'monday', time: '09:00' }] });
    expect(parsed.error?.issues[0].message).toBe(QUEUE_MSG.day);
  });

  it('stores slots in week then time order', () => {
    expect(
      sortSlots([
        { day: 'sun', time: '08:00' },
        { day: 'mon', time: '17:00' },
        { day: 'mon', time: '09:00' },
      ]),
    ).toEqual([
      { day: 'mon', time: '09:00' },
      { day: 'mon', time: '17:00' },
      { day: 'sun', time: '08:00' },
    ]);
  });
});
