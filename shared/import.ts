import Papa from 'papaparse';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import * as z from 'zod';
import { mediaRuleProblems } from './media-rules';
import { MSG } from './messages';
import { planLimitMessage, upgradeToConnectMessage } from './plans';
import { PLATFORM_NAMES, PLATFORMS, type Platform } from './platforms';
import { SCHEDULED_IN_PAST_MESSAGE } from './posts';
import { CreatePostBodySchema } from './post-bodies';
import { TimeZoneSchema } from './settings';
import { text } from './text';

/**
 * Bulk import (issue 16 item 4, docs/bulk-import.md): the CSV format, and the one row check the
 * browser's preview and POST /api/posts/import both run, so a row the preview calls valid is
 * judged by the same rules on the server (which never trusts the preview).
 */
export const IMPORT_MAX_ROWS = 10_000;
/** Rows per request: 250 rows of captions stay far under API Gateway's 10 MB and finish well inside its 29 s. */
export const IMPORT_CHUNK_ROWS = 250;
/** The most a request may carry (a client's own chunking may differ; the server caps it). */
export const IMPORT_REQUEST_MAX_ROWS = 500;

export const IMPORT_REQUIRED_COLUMNS = ['date', 'time', 'platforms'] as const;
export const IMPORT_COLUMNS = [
  ...IMPORT_REQUIRED_COLUMNS,
  'caption',
  ...PLATFORMS.map((p) => `caption_${p}` as const),
  'title',
  'media_ids',
  'client',
] as const;
/** The error report's extra column; ignored on the way back in, so a fixed report can be imported again. */
export const REASON_COLUMN = 'reason';

export const IMPORT_MSG = {
  empty: 'The file has no rows under its header.',
  tooManyRows: (n: number) => `The file has ${n.toLocaleString('en-US')} rows; import up to ${IMPORT_MAX_ROWS.toLocaleString('en-US')} at a time.`,
  missingColumns: (cols: string[]) => `The file needs the column${cols.length > 1 ? 's' : ''} ${cols.join(', ')} (download the template).`,
  unknownColumns: (cols: string[]) => `Unknown column${cols.length > 1 ? 's' : ''} ${cols.join(', ')} (download the template for the names).`,
  notCsv: 'This file could not be read as CSV.',
  badDate: 'Date must be YYYY-MM-DD, e.g. 2026-12-01',
  badTime: 'Time must be HH:MM in 24-hour time, e.g. 09:30',
  noSuchLocalTime: (date: string, time: string, zone: string) => `${date} ${time} does not exist in ${zone} (the clocks go forward then)`,
  unknownTarget: (name: string) => `No platform or connected account is called "${name}"`,
  noAccountFor: (platform: Platform) => `No ${PLATFORM_NAMES[platform]} account is connected. Connect one in Platforms or remove it from this row.`,
  ambiguousPlatform: (platform: Platform, n: number) =>
    `You have ${n} ${PLATFORM_NAMES[platform]} accounts: name the account instead, e.g. ${platform}:account name`,
  ambiguousAccount: (name: string) => `More than one account is called "${name}": write it as platform:account name`,
  notConnected: (platform: Platform, name: string) => `Your ${PLATFORM_NAMES[platform]} account ${name} is not connected. Connect it again to post.`,
  twice: (name: string) => `The account ${name} is listed twice in this row`,
  nothingToPost: 'The row has no caption and no media',
  // Compose's words (functions/domain/posts.ts); the cell is not echoed: it may be an id.
  unknownClient: 'That client was not found in your clients',
  timezoneChanged: 'Your timezone in Settings changed since the preview was made. Load the file again.',
  rowNotSent: 'This row was not sent: the import stopped before it',
} as const;

/** One data row: its number among the file's rows (1 = the first under the header) and its cells by column. */
export const ImportRowSchema = z.object({
  row: z.number().int().min(1).max(IMPORT_MAX_ROWS),
  // text(): well-formed Unicode only (a lone surrogate is refused with the rest of the request).
  fields: z.record(text().max(64), text().max(100_000)),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

/** POST /api/posts/import: a chunk of rows and the timezone the preview read them in. */
export const ImportRequestSchema = z.object({
  timezone: TimeZoneSchema,
  rows: z
    .array(ImportRowSchema)
    .min(1)
    .max(IMPORT_REQUEST_MAX_ROWS)
    // Each result answers one row by its number, so a number may appear once.
    .refine((rows) => new Set(rows.map((r) => r.row)).size === rows.length, { message: 'Each row number may appear only once' }),
});
export type ImportRequest = z.input<typeof ImportRequestSchema>;

export const ImportResultSchema = z.object({
  row: z.number().int(),
  status: z.enum(['scheduled', 'failed']),
  post_id: z.string().nullable(),
  reason: z.string().nullable(),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;
export const ImportResponseSchema = z.object({ results: z.array(ImportResultSchema) });
export type ImportResponse = z.infer<typeof ImportResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The file

/** The downloadable template: the header and two example rows (one for all platforms, one per platform). */
export function importTemplateCsv(): string {
  return Papa.unparse({
    fields: [...IMPORT_COLUMNS],
    data: [
      ['2026-12-01', '09:30', 'instagram;facebook', 'Fresh sourdough at 7, come early! #bakery', '', '', '', '', '', '', '', ''],
      ['2026-12-02', '17:00', 'x;facebook', 'Weekend opening hours', '', 'Open Sat 8-14, Sun closed', '', '', '', '', '', ''],
    ],
  });
}

export type ParsedFile = { ok: true; rows: ImportRow[] } | { ok: false; error: string };

/**
 * Reads the CSV (papaparse, RFC 4180 quoting, any line ending, a BOM dropped). Headers are matched
 * without case or surrounding spaces; blank lines are skipped. A file-level problem refuses the file.
 */
export function parseImportCsv(csv: string): ParsedFile {
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const headers = (parsed.meta.fields ?? []).filter((h) => h !== '');
  if (headers.length === 0) return { ok: false, error: IMPORT_MSG.notCsv };
  const missing = IMPORT_REQUIRED_COLUMNS.filter((c) => !headers.includes(c));
  if (missing.length) return { ok: false, error: IMPORT_MSG.missingColumns(missing) };
  const known: readonly string[] = [...IMPORT_COLUMNS, REASON_COLUMN];
  const unknown = headers.filter((h) => !known.includes(h));
  if (unknown.length) return { ok: false, error: IMPORT_MSG.unknownColumns(unknown) };
  if (parsed.data.length === 0) return { ok: false, error: IMPORT_MSG.empty };
  if (parsed.data.length > IMPORT_MAX_ROWS) return { ok: false, error: IMPORT_MSG.tooManyRows(parsed.data.length) };
  const rows = parsed.data.map((record, i) => {
    const fields: Record<string, string> = {};
    for (const column of IMPORT_COLUMNS) if (typeof record[column] === 'string') fields[column] = record[column];
    return { row: i + 1, fields };
  });
  return { ok: true, rows };
}

/** The error report: the failed rows as they were read, plus why, in the template's columns (importable again once fixed). */
export function errorReportCsv(failed: readonly { fields: Record<string, string>; reason: string }[]): string {
  return Papa.unparse({
    fields: [...IMPORT_COLUMNS, REASON_COLUMN],
    data: failed.map(({ fields, reason }) => [...IMPORT_COLUMNS.map((c) => fields[c] ?? ''), reason]),
  });
}

// ---------------------------------------------------------------------------------------------
// A row

export interface ImportAccount {
  id: string;
  platform: Platform;
  account_name: string;
  is_connected: boolean;
}

/** What a row is checked against: the user's timezone, accounts, clients and plan, and the time now. */
export interface ImportContext {
  timezone: string;
  now: Date;
  accounts: readonly ImportAccount[];
  clients: readonly { id: string; name: string }[];
  planPlatforms: readonly Platform[];
}

export type ImportPostBody = z.output<typeof CreatePostBodySchema>;
export type RowCheck = { ok: true; body: ImportPostBody } | { ok: false; reason: string };

const list = (cell: string | undefined) =>
  (cell ?? '')
    .split(/[;,]/)
    .map((s) => s.trim())
    .filter(Boolean);
const bare = (name: string) => name.trim().replace(/^@/, '').toLowerCase();
const platformNamed = (name: string): Platform | undefined => {
  const n = name.trim().toLowerCase();
  if (n === 'twitter') return 'x';
  return PLATFORMS.find((p) => p === n || PLATFORM_NAMES[p].toLowerCase() === n);
};

/** "09:30" on "2026-12-01" in `zone`, as a UTC instant; a reason when either is malformed or the time does not exist there. */
export function importTime(date: string, time: string, zone: string): { at: Date } | { reason: string } {
  const d = date.trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(d);
  if (!m || Number.isNaN(Date.UTC(+m[1], +m[2] - 1, +m[3])) || new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])).getUTCDate() !== +m[3] || +m[2] > 12)
    return { reason: IMPORT_MSG.badDate };
  const t = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(time.trim());
  if (!t) return { reason: IMPORT_MSG.badTime };
  const local = `${d}T${t[1].padStart(2, '0')}:${t[2]}`;
  const at = fromZonedTime(`${local}:00`, zone);
  const reads = (instant: Date) => formatInTimeZone(instant, zone, "yyyy-MM-dd'T'HH:mm") === local;
  // A wall-clock time skipped by a DST change reads back as another time; one that happens twice (clocks go back) is the first.
  if (!reads(at)) return { reason: IMPORT_MSG.noSuchLocalTime(d, local.slice(11), zone) };
  const hourEarlier = new Date(at.getTime() - 3_600_000);
  return { at: reads(hourEarlier) ? hourEarlier : at };
}

/** The accounts a row's `platforms` cell names: a platform (its one account), an account name, or platform:account name. */
function accountsFor(cell: string | undefined, accounts: readonly ImportAccount[]): { accounts: ImportAccount[] } | { reason: string } {
  const names = list(cell);
  if (names.length === 0) return { reason: MSG.selectPlatform };
  const found: ImportAccount[] = [];
  for (const name of names) {
    const [head, ...rest] = name.split(':');
    const scoped = rest.length > 0 ? platformNamed(head) : undefined;
    const platform = rest.length === 0 ? platformNamed(name) : undefined;
    let matches: ImportAccount[];
    if (platform) {
      matches = accounts.filter((a) => a.platform === platform);
      if (matches.length === 0) return { reason: IMPORT_MSG.noAccountFor(platform) };
      if (matches.length > 1) return { reason: IMPORT_MSG.ambiguousPlatform(platform, matches.length) };
    } else {
      const wanted = bare(scoped ? rest.join(':') : name);
      matches = accounts.filter((a) => bare(a.account_name) === wanted && (!scoped || a.platform === scoped));
      if (matches.length === 0) return { reason: IMPORT_MSG.unknownTarget(name) };
      if (matches.length > 1) return { reason: IMPORT_MSG.ambiguousAccount(name) };
    }
    const account = matches[0];
    if (found.some((a) => a.id === account.id)) return { reason: IMPORT_MSG.twice(account.account_name) };
    found.push(account);
  }
  return { accounts: found };
}

/**
 * One row → the body Compose would send, checked with Compose's rules (CreatePostBodySchema: captions
 * per platform, YouTube's title, TikTok's settings), the accounts (connected, on the plan) and the time
 * (in the user's timezone, not in the past). The first problem is the row's reason. Media ids are
 * checked on the server only (whose files they are, and each platform's media rules).
 */
export function checkImportRow(fields: Record<string, string>, ctx: ImportContext): RowCheck {
  const fail = (reason: string): RowCheck => ({ ok: false, reason });
  const when = importTime(fields.date ?? '', fields.time ?? '', ctx.timezone);
  if ('reason' in when) return fail(when.reason);
  if (when.at.getTime() < ctx.now.getTime()) return fail(SCHEDULED_IN_PAST_MESSAGE);
  const targets = accountsFor(fields.platforms, ctx.accounts);
  if ('reason' in targets) return fail(targets.reason);
  for (const account of targets.accounts) {
    if (!account.is_connected) return fail(IMPORT_MSG.notConnected(account.platform, account.account_name));
    if (!ctx.planPlatforms.includes(account.platform)) return fail(upgradeToConnectMessage(account.platform));
  }
  const media_ids = list(fields.media_ids);
  const captionOf = (p: Platform) => (fields[`caption_${p}`]?.trim() ? fields[`caption_${p}`] : (fields.caption ?? '')).trim();
  if (media_ids.length === 0 && targets.accounts.some((a) => captionOf(a.platform) === '')) return fail(IMPORT_MSG.nothingToPost);
  // Without media the rules are known here (Instagram and TikTok need a file); with media the server checks the files.
  const [mediaProblem] =
    media_ids.length === 0
      ? mediaRuleProblems(
          targets.accounts.map((a) => a.platform),
          [],
        )
      : [];
  if (mediaProblem) return fail(mediaProblem.message);
  let client_id: string | null = null;
  const clientCell = fields.client?.trim();
  if (clientCell) {
    const client = ctx.clients.find((c) => c.id === clientCell) ?? ctx.clients.find((c) => c.name.trim().toLowerCase() === clientCell.toLowerCase());
    if (!client) return fail(IMPORT_MSG.unknownClient);
    client_id = client.id;
  }
  const parsed = CreatePostBodySchema.safeParse({
    title: fields.title?.trim() || undefined,
    scheduled_at: when.at.toISOString(),
    platforms: targets.accounts.map((a) => ({ platform: a.platform, social_account_id: a.id, caption: captionOf(a.platform), settings: {} })),
    media_ids,
    client_id,
  });
  if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? 'This row is not valid');
  return { ok: true, body: parsed.data };
}

/** The plan's monthly allowance over a file: valid rows past what is left this month are refused, in file order. */
export function withAllowance<T extends { check: RowCheck }>(rows: readonly T[], remaining: number, limit: number): T[] {
  let left = Math.max(0, remaining);
  return rows.map((r) => {
    if (!r.check.ok) return r;
    if (left > 0) {
      left--;
      return r;
    }
    return { ...r, check: { ok: false, reason: planLimitMessage(limit) } };
  });
}
