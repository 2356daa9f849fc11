import { describe, expect, it } from 'vitest';
import {
  checkImportRow,
  errorReportCsv,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MSG,
  importTemplateCsv,
  importTime,
  parseImportCsv,
  withAllowance,
  type ImportContext,
  type RowCheck,
} from '@shared/import';
import { captionProblem } from '@shared/compose';
import { MSG } from '@shared/messages';
import { PLAN_PLATFORMS, planLimitMessage, upgradeToConnectMessage } from '@shared/plans';
import { SCHEDULED_IN_PAST_MESSAGE } from '@shared/posts';

const NOW = new Date('2026-11-26T10:00:00Z');
const ULID = (n: number) => `01HZZZZZZZZZZZZZZZZZZZZZ${String(n).padStart(2, '0')}`;
const ctx = (over: Partial<ImportContext> = {}): ImportContext => ({
  timezone: 'Europe/Berlin',
  now: NOW,
  accounts: [
    { id: 'acc-fb', platform: 'facebook', account_name: 'Corner Bakery', is_connected: true },
    { id: 'acc-ig', platform: 'instagram', account_name: '@cornerbakery', is_connected: true },
    { id: 'acc-x1', platform: 'x', account_name: 'bakery_news', is_connected: true },
    { id: 'acc-x2', platform: 'x', account_name: 'bakery_jobs', is_connected: true },
    { id: 'acc-yt', platform: 'youtube', account_name: 'Corner Bakery TV', is_connected: false },
  ],
  clients: [{ id: ULID(1), name: 'Acme Foods' }],
  planPlatforms: PLAN_PLATFORMS.pro,
  ...over,
});
const row = (over: Record<string, string> = {}) => ({ date: '2026-12-01', time: '09:30', platforms: 'facebook', caption: 'Fresh bread', ...over });
const reasonOf = (fields: Record<string, string>, c = ctx()) => {
  const check = checkImportRow(fields, c);
  return check.ok ? null : check.reason;
};

describe('the CSV file', () => {
  it('reads the template back as two valid-looking rows, with every column known', () => {
    const parsed = parseImportCsv(importTemplateCsv());
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.rows.map((r) => r.row)).toEqual([1, 2]);
    expect(parsed.rows[1]!.fields.caption_facebook).toBe('Open Sat 8-14, Sun closed');
    expect(importTemplateCsv().split(/\r?\n/)[0]).toBe(IMPORT_COLUMNS.join(','));
  });

  it('matches headers without case or spaces, keeps quoted commas and line breaks, drops a BOM and blank lines', () => {
    const parsed = parseImportCsv('\uFEFF Date ,TIME,Platforms,Caption\r\n2026-12-01,09:30,instagram;x,"Hello, ""world""\nline two"\r\n\r\n');
    expect(parsed).toEqual({
      ok: true,
      rows: [{ row: 1, fields: { date: '2026-12-01', time: '09:30', platforms: 'instagram;x', caption: 'Hello, "world"\nline two' } }],
    });
  });

  it('refuses a file without the required columns, with unknown columns, without rows, or over 10,000 rows', () => {
    expect(parseImportCsv('date,caption\n2026-12-01,hi')).toEqual({ ok: false, error: IMPORT_MSG.missingColumns(['time', 'platforms']) });
    expect(parseImportCsv('date,time,platforms,caption_twitter\n2026-12-01,09:00,x,hi')).toEqual({
      ok: false,
      error: IMPORT_MSG.unknownColumns(['caption_twitter']),
    });
    expect(parseImportCsv('date,time,platforms\n')).toEqual({ ok: false, error: IMPORT_MSG.empty });
    expect(parseImportCsv('')).toEqual({ ok: false, error: IMPORT_MSG.notCsv });
    const big = `date,time,platforms\n${'2026-12-01,09:00,x\n'.repeat(IMPORT_MAX_ROWS + 1)}`;
    expect(parseImportCsv(big)).toEqual({ ok: false, error: IMPORT_MSG.tooManyRows(IMPORT_MAX_ROWS + 1) });
    expect(parseImportCsv(`date,time,platforms\n${'2026-12-01,09:00,x\n'.repeat(IMPORT_MAX_ROWS)}`).ok).toBe(true);
  });

  it('writes the error report in the template columns plus the reason, and reads it back in', () => {
    const report = errorReportCsv([{ fields: row({ caption: 'Hi, "there"' }), reason: 'Time must be HH:MM' }]);
    expect(report.split('\r\n')[0]).toBe(`${IMPORT_COLUMNS.join(',')},reason`);
    const back = parseImportCsv(report);
    expect(back.ok && back.rows[0]!.fields).toMatchObject({ caption: 'Hi, "there"', platforms: 'facebook' });
  });
});

describe('a row', () => {
  it('becomes the body Compose would send, in the user timezone, per-platform captions overriding the shared one', () => {
    const check = checkImportRow(row({ platforms: 'instagram; facebook', caption_instagram: 'For the gram', media_ids: 'm1;m2', client: 'acme foods' }), ctx());
    expect(check).toEqual({
      ok: true,
      body: {
        scheduled_at: '2026-12-01T08:30:00.000Z',
        platforms: [
          { platform: 'instagram', social_account_id: 'acc-ig', caption: 'For the gram', settings: {} },
          { platform: 'facebook', social_account_id: 'acc-fb', caption: 'Fresh bread', settings: {} },
        ],
        media_ids: ['m1', 'm2'],
        client_id: ULID(1),
      },
    });
  });

  it('finds accounts by platform, by name (with or without @), and by platform:name', () => {
    const ids = (platforms: string) => {
      const check = checkImportRow(row({ platforms, media_ids: 'm1' }), ctx());
      return check.ok ? check.body.platforms.map((p) => p.social_account_id) : check.reason;
    };
    expect(ids('Facebook')).toEqual(['acc-fb']);
    expect(ids('cornerbakery')).toEqual(['acc-ig']);
    expect(ids('@CornerBakery')).toEqual(['acc-ig']);
    expect(ids('bakery_news;x:bakery_jobs')).toEqual(['acc-x1', 'acc-x2']);
  });

  it.each([
    ['a malformed date', row({ date: '01/12/2026' }), IMPORT_MSG.badDate],
    ['an impossible date', row({ date: '2026-02-30' }), IMPORT_MSG.badDate],
    ['a malformed time', row({ time: '9.30am' }), IMPORT_MSG.badTime],
    ['a time the clocks skip', row({ date: '2027-03-28', time: '02:30' }), IMPORT_MSG.noSuchLocalTime('2027-03-28', '02:30', 'Europe/Berlin')],
    ['a time in the past', row({ date: '2026-11-26', time: '10:59' }), SCHEDULED_IN_PAST_MESSAGE],
    ['no platforms', row({ platforms: ' ; ' }), MSG.selectPlatform],
    ['an unknown name', row({ platforms: 'myspace' }), IMPORT_MSG.unknownTarget('myspace')],
    ['a platform without an account', row({ platforms: 'tiktok' }), IMPORT_MSG.noAccountFor('tiktok')],
    ['a platform with two accounts', row({ platforms: 'x' }), IMPORT_MSG.ambiguousPlatform('x', 2)],
    ['a disconnected account', row({ platforms: 'Corner Bakery TV', title: 'T' }), IMPORT_MSG.notConnected('youtube', 'Corner Bakery TV')],
    ['the same account twice', row({ platforms: 'facebook;Corner Bakery' }), IMPORT_MSG.twice('Corner Bakery')],
    ['no caption and no media', row({ caption: ' ' }), IMPORT_MSG.nothingToPost],
    ['Instagram without media', row({ platforms: 'instagram' }), 'Instagram needs a photo or a video to post.'],
    ['an unknown client', row({ client: 'Globex' }), IMPORT_MSG.unknownClient],
    ['a caption over X’s limit', row({ platforms: 'bakery_news', caption: 'a'.repeat(281) }), captionProblem('x', 'a'.repeat(281))!.message],
  ])('is invalid with %s', (_label, fields, reason) => {
    expect(reasonOf(fields)).toBe(reason);
  });

  it('is invalid when the plan does not include the platform (the server’s own message)', () => {
    expect(reasonOf(row({ platforms: 'bakery_news' }), ctx({ planPlatforms: PLAN_PLATFORMS.free }))).toBe(upgradeToConnectMessage('x'));
  });

  it('takes the earlier of a wall-clock time that happens twice', () => {
    const at = importTime('2026-10-25', '02:30', 'Europe/Berlin');
    expect('at' in at && at.at.toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });
});

describe('the monthly allowance over a file', () => {
  it('refuses valid rows past what is left, in file order, and leaves invalid rows as they were', () => {
    const valid = checkImportRow(row(), ctx());
    const rows: { check: RowCheck }[] = [valid, { ok: false, reason: 'bad' } as const, valid, valid].map((check) => ({ check }));
    const out = withAllowance(rows, 1, 30);
    expect(out.map((r) => (r.check.ok ? 'ok' : r.check.reason))).toEqual(['ok', 'bad', planLimitMessage(30), planLimitMessage(30)]);
  });
});
