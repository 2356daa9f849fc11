import Papa from 'papaparse';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import * as z from 'zod';
import { csvCellAsWritten, csvOf } from './csv';
import { MAX_MEDIA_PER_POST } from './media';
import { isCalendarDate } from './dates';
import { mediaRuleProblems, type MediaFacts } from './media-rules';
import { mediaLinkProblem } from './media-url';
import { MSG } from './messages';
import { planLimitMessage, upgradeToConnectMessage } from './plans';
import { PLATFORM_NAMES, PLATFORMS, type Platform } from './platforms';
import { SCHEDULED_IN_PAST_MESSAGE } from './posts';
import { CreatePostBodySchema } from './post-bodies';
import { TimeZoneSchema } from './settings';
import { text } from './text';
import { TIKTOK_MSG, TIKTOK_PRIVACY_LABELS, TIKTOK_PRIVACY_LEVELS, type TikTokCreatorInfo, type TikTokPrivacyLevel, type TikTokSettings } from './tiktok';

/**
 * Bulk import (docs/bulk-import.md): the CSV format, and the one row check the
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
  'media',
  'media_ids',
  'media_urls',
  'client',
  'tiktok_privacy',
  'tiktok_allow_comment',
  'tiktok_allow_duet',
  'tiktok_allow_stitch',
  'tiktok_brand',
  'tiktok_branded_content',
] as const;
/**
 * The largest CSV the Import page reads: 2 KB a row on average at the row limit (a 2,200-character
 * Instagram caption and the other columns). Checked before the file is read, so a file far past
 * what can be imported is refused at once instead of after a long parse.
 */
export const IMPORT_MAX_FILE_BYTES = 20 * 1024 * 1024;
/** Files the Import page's media panel takes for one import (the `media` column names them). */
export const IMPORT_MAX_FILES = 100;
/** The error report's extra column; ignored on the way back in, so a fixed report can be imported again. */
export const REASON_COLUMN = 'reason';

export const IMPORT_MSG = {
  empty: 'The file has no rows under its header.',
  tooManyRows: (n: number) => `The file has ${n.toLocaleString('en-US')} rows; import up to ${IMPORT_MAX_ROWS.toLocaleString('en-US')} at a time.`,
  missingColumns: (cols: string[]) => `The file needs the column${cols.length > 1 ? 's' : ''} ${cols.join(', ')} (download the template).`,
  unknownColumns: (cols: string[]) => `Unknown column${cols.length > 1 ? 's' : ''} ${cols.join(', ')} (download the template for the names).`,
  notCsv: 'This file could not be read as CSV.',
  fileTooLarge: (bytes: number) =>
    `The file is ${(bytes / (1024 * 1024)).toFixed(1)} MB; a CSV to import can be at most ${IMPORT_MAX_FILE_BYTES / (1024 * 1024)} MB (split it into smaller files).`,
  unterminatedQuote: (row: number, line: number) =>
    `Row ${row.toLocaleString('en-US')} (line ${line.toLocaleString('en-US')} of the file) opens a quote (") that is never closed, so every line after it would be read into that row. Close or remove the quote and load the file again.`,
  notUtf8:
    'This file is not saved as UTF-8, so it was read as Windows-1252 (Western European). Check that accented letters and symbols look right below; if they don\'t, save it as "CSV UTF-8" and load it again.',
  badDate: 'Date must be a date that exists, written YYYY-MM-DD, e.g. 2026-12-01',
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
  noSuchFile: (name: string) => `No file named '${name}' was uploaded for this import`,
  twoFilesNamed: (name: string) => `Two files named '${name}' were uploaded for this import: remove one, or rename one and upload it again`,
  fileStillUploading: (name: string) => `'${name}' is still uploading`,
  fileListedTwice: (name: string) => `The file '${name}' is listed twice in this row`,
  importFileAsId: 'A file uploaded for this import goes in the media column by its name, not in media_ids',
  badLink: (link: string, why: string) => `The link ${link} in media_urls can't be used: ${why}`,
  tooManyLinks: `A row lists at most ${MAX_MEDIA_PER_POST} files in media, media_ids and media_urls together`,
  linkNotFetched:
    'media_urls are fetched by the Import page before a row is sent; through the API, fetch each link with POST /api/media/from-url and list the ids in media_ids',
  yesOrNo: (column: string, value: string) => `${column} must be yes or no (not "${value}")`,
  tiktokPrivacyMissing: `TikTok rows need tiktok_privacy: ${TIKTOK_PRIVACY_LEVELS.join(', ')} (or ${Object.values(TIKTOK_PRIVACY_LABELS).join(', ')})`,
  tiktokPrivacyUnknown: (value: string) =>
    `tiktok_privacy "${value}" is not one of ${TIKTOK_PRIVACY_LEVELS.join(', ')} (or ${Object.values(TIKTOK_PRIVACY_LABELS).join(', ')})`,
  tiktokPrivacyNotOffered: (account: string, level: TikTokPrivacyLevel, offered: readonly TikTokPrivacyLevel[]) =>
    `The TikTok account ${account} can't post ${level} (${TIKTOK_PRIVACY_LABELS[level]}) now; it offers ${offered.length ? offered.join(', ') : 'no privacy level'}`,
  tiktokInteractionOff: (account: string, what: string, column: string) => `The TikTok account ${account} has ${what} turned off; set ${column} to no`,
} as const;

/** One data row: its number among the file's rows (1 = the first under the header) and its cells by column. */
export const ImportRowSchema = z.object({
  row: z.number().int().min(1).max(IMPORT_MAX_ROWS),
  // text(): well-formed Unicode only (a lone surrogate is refused with the rest of the request).
  fields: z.record(text().max(64), text().max(100_000)),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

/** A file uploaded on the Import page for this import: its media id and the name the `media` column calls it by. */
export const ImportMediaFileSchema = z.object({ id: text().min(1).max(64), name: text().min(1).max(255) });
export type ImportMediaFile = z.infer<typeof ImportMediaFileSchema>;

/**
 * POST /api/posts/import: a chunk of rows and the timezone the preview read them in; the import's
 * uploads its rows name (`media`), and the user's agreement to TikTok's Music Usage Confirmation,
 * ticked once for the file (TikTok rows are refused without it).
 */
export const ImportRequestSchema = z.object({
  timezone: TimeZoneSchema,
  media_files: z.array(ImportMediaFileSchema).max(IMPORT_MAX_FILES).optional(),
  tiktok_consent: z.boolean().optional(),
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

/** The downloadable template: the header and two example rows (one for two platforms with a file, one caption per platform). */
export function importTemplateCsv(): string {
  const example = (cells: Partial<Record<(typeof IMPORT_COLUMNS)[number], string>>) => IMPORT_COLUMNS.map((c) => cells[c] ?? '');
  return csvOf(IMPORT_COLUMNS, [
    example({
      date: '2026-12-01',
      time: '09:30',
      platforms: 'instagram;facebook',
      caption: 'Fresh sourdough at 7, come early! #bakery',
      media: 'sourdough.jpg',
    }),
    example({ date: '2026-12-02', time: '17:00', platforms: 'x;facebook', caption: 'Weekend opening hours', caption_facebook: 'Open Sat 8-14, Sun closed' }),
  ]);
}

export type ParsedFile = { ok: true; rows: ImportRow[] } | { ok: false; error: string };

/**
 * Reads the CSV (papaparse, RFC 4180 quoting, any line ending, a BOM dropped). Headers are matched
 * without case or surrounding spaces; blank lines are skipped. A file-level problem refuses the file.
 */
export function parseImportCsv(csv: string): ParsedFile {
  const text = csv.replace(/^\uFEFF/, '');
  const parsed = parseRecords(text);
  const headers = (parsed.meta.fields ?? []).filter((h) => h !== '');
  if (headers.length === 0) return { ok: false, error: IMPORT_MSG.notCsv };
  // An unclosed quote swallows every later line into one cell: refused, naming where it opens.
  const unclosed = parsed.errors.find((e) => e.code === 'MissingQuotes');
  if (unclosed) return { ok: false, error: unterminatedQuoteError(text, unclosed.index ?? text.length) };
  const missing = IMPORT_REQUIRED_COLUMNS.filter((c) => !headers.includes(c));
  if (missing.length) return { ok: false, error: IMPORT_MSG.missingColumns(missing) };
  const known: readonly string[] = [...IMPORT_COLUMNS, REASON_COLUMN];
  const unknown = headers.filter((h) => !known.includes(h));
  if (unknown.length) return { ok: false, error: IMPORT_MSG.unknownColumns(unknown) };
  if (parsed.data.length === 0) return { ok: false, error: IMPORT_MSG.empty };
  if (parsed.data.length > IMPORT_MAX_ROWS) return { ok: false, error: IMPORT_MSG.tooManyRows(parsed.data.length) };
  const rows = parsed.data.map((record, i) => {
    const fields: Record<string, string> = {};
    for (const column of IMPORT_COLUMNS) if (typeof record[column] === 'string') fields[column] = csvCellAsWritten(record[column]);
    return { row: i + 1, fields };
  });
  return { ok: true, rows };
}

const parseRecords = (text: string) =>
  Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: 'greedy', transformHeader: (h) => h.trim().toLowerCase() });

/** The row (as the preview numbers rows) and file line where the unclosed quote at `index` opens. */
function unterminatedQuoteError(text: string, index: number): string {
  const quote = text.lastIndexOf('"', Math.max(0, index - 1));
  const before = text.slice(0, Math.max(0, quote));
  const row = Math.max(1, parseRecords(before + 'x').data.length);
  const line = before.split(/\r\n|\r|\n/).length;
  return IMPORT_MSG.unterminatedQuote(row, line);
}

/** The error report: the failed rows as they were read, plus why, in the template's columns (importable again once fixed). */
export function errorReportCsv(failed: readonly { fields: Record<string, string>; reason: string }[]): string {
  return csvOf(
    [...IMPORT_COLUMNS, REASON_COLUMN],
    failed.map(({ fields, reason }) => [...IMPORT_COLUMNS.map((c) => fields[c] ?? ''), reason]),
  );
}

// ---------------------------------------------------------------------------------------------
// A row

export interface ImportConnection {
  id: string;
  platform: Platform;
  account_name: string;
  is_connected: boolean;
}

/** What a row is checked against: the user's timezone, accounts, clients and plan, and the time now. */
export interface ImportContext {
  timezone: string;
  now: Date;
  accounts: readonly ImportConnection[];
  clients: readonly { id: string; name: string }[];
  planPlatforms: readonly Platform[];
  /**
   * The files uploaded for this import, which the `media` column names. The browser adds what it
   * knows of each (the rules' facts; still uploading); the server has ids and names only, and checks
   * the real files itself.
   */
  mediaFiles?: readonly ImportFileContext[];
  /** The file's Music Usage Confirmation: the server passes the request's; the preview leaves it out (its checkbox gates sending). */
  tiktokConsent?: boolean;
  /** This deployment's TikTok client is unaudited: only SELF_ONLY (docs/tiktok.md#unaudited-client). */
  tiktokUnaudited?: boolean;
  /** This deployment posts TikTok photo posts (docs/tiktok.md#photo-posts): the media rules take photos for TikTok rows. */
  tiktokPhotos?: boolean;
  /** Each TikTok account's creator_info as the preview read it (or why it could not), by account id. */
  tiktokCreators?: Readonly<Record<string, TikTokCreatorInfo | { error: string }>>;
}

/** An upload of this import as a row check sees it. */
export interface ImportFileContext extends ImportMediaFile {
  facts?: MediaFacts;
  uploading?: boolean;
}

export type ImportPostBody = z.output<typeof CreatePostBodySchema>;
/** `named`: the uploads of this import the row's `media` column names (first in `body.media_ids`); the server gives the row its own copies. */
export type RowCheck = { ok: true; body: ImportPostBody; named?: ImportMediaFile[] } | { ok: false; reason: string };

const list = (cell: string | undefined) =>
  (cell ?? '')
    .split(/[;,]/)
    .map((s) => s.trim())
    .filter(Boolean);
/** The links of a row's media_urls, separated by semicolons or spaces (a link may contain a comma). */
export const mediaLinksOf = (fields: Record<string, string>) => (fields.media_urls ?? '').split(/[;\s]+/).filter(Boolean);
const bare = (name: string) => name.trim().replace(/^@/, '').toLowerCase();
const platformNamed = (name: string): Platform | undefined => {
  const n = name.trim().toLowerCase();
  if (n === 'twitter') return 'x';
  return PLATFORMS.find((p) => p === n || PLATFORM_NAMES[p].toLowerCase() === n);
};

/** "09:30" on "2026-12-01" in `zone`, as a UTC instant; a reason when either is malformed or the time does not exist there. */
export function importTime(date: string, time: string, zone: string): { at: Date } | { reason: string } {
  const d = date.trim();
  if (!isCalendarDate(d)) return { reason: IMPORT_MSG.badDate };
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
function connectionsFor(cell: string | undefined, accounts: readonly ImportConnection[]): { accounts: ImportConnection[] } | { reason: string } {
  const names = list(cell);
  if (names.length === 0) return { reason: MSG.selectPlatform };
  const found: ImportConnection[] = [];
  for (const name of names) {
    const [head, ...rest] = name.split(':');
    const scoped = rest.length > 0 ? platformNamed(head) : undefined;
    const platform = rest.length === 0 ? platformNamed(name) : undefined;
    let matches: ImportConnection[];
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
  const targets = connectionsFor(fields.platforms, ctx.accounts);
  if ('reason' in targets) return fail(targets.reason);
  for (const account of targets.accounts) {
    if (!account.is_connected) return fail(IMPORT_MSG.notConnected(account.platform, account.account_name));
    if (!ctx.planPlatforms.includes(account.platform)) return fail(upgradeToConnectMessage(account.platform));
  }
  const named = namedFiles(fields.media, ctx.mediaFiles ?? []);
  if ('reason' in named) return fail(named.reason);
  const byId = list(fields.media_ids);
  if (byId.some((id) => ctx.mediaFiles?.some((f) => f.id === id))) return fail(IMPORT_MSG.importFileAsId);
  const media_ids = [...named.files.map((f) => f.id), ...byId];
  // Links are fetched into the user's media by the Import page just before the row is sent (they become media_ids).
  const links = mediaLinksOf(fields);
  for (const link of links) {
    const problem = mediaLinkProblem(link);
    if (problem) return fail(IMPORT_MSG.badLink(link, problem));
  }
  if (media_ids.length + links.length > MAX_MEDIA_PER_POST) return fail(IMPORT_MSG.tooManyLinks);
  const captionOf = (p: Platform) => (fields[`caption_${p}`]?.trim() ? fields[`caption_${p}`] : (fields.caption ?? '')).trim();
  if (media_ids.length + links.length === 0 && targets.accounts.some((a) => captionOf(a.platform) === '')) return fail(IMPORT_MSG.nothingToPost);
  // The rules are known here when every file's facts are (none, or uploads the browser measured); else the server checks the files.
  const facts = named.files.map((f) => f.facts);
  const [mediaProblem] =
    byId.length === 0 && links.length === 0 && facts.every((f) => f !== undefined)
      ? mediaRuleProblems(
          targets.accounts.map((a) => a.platform),
          facts,
          { tiktokPhotos: ctx.tiktokPhotos, title: fields.title?.trim() },
        )
      : [];
  if (mediaProblem) return fail(mediaProblem.message);
  const tiktok = targets.accounts.some((a) => a.platform === 'tiktok') ? tiktokSettingsOf(fields, ctx) : { settings: {} };
  if ('reason' in tiktok) return fail(tiktok.reason);
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
    platforms: targets.accounts.map((a) => ({
      platform: a.platform,
      social_account_id: a.id,
      caption: captionOf(a.platform),
      settings: a.platform === 'tiktok' ? tiktok.settings : {},
    })),
    media_ids,
    client_id,
  });
  if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? 'This row is not valid');
  for (const account of targets.accounts) {
    const info = account.platform === 'tiktok' ? ctx.tiktokCreators?.[account.id] : undefined;
    if (!info) continue;
    const problem =
      'error' in info
        ? info.error
        : tiktokCreatorProblem(
            account.account_name,
            tiktok.settings,
            info,
            named.files.map((f) => f.facts ?? null),
          );
    if (problem) return fail(problem);
  }
  return named.files.length ? { ok: true, body: parsed.data, named: named.files.map(({ id, name }) => ({ id, name })) } : { ok: true, body: parsed.data };
}

/**
 * The `media` cell's file names (separated by `;`), matched without case to this import's uploads.
 * A name may contain a comma; a cell written with commas between names is read that way when each
 * part is an upload and the whole is not.
 */
export function namedFiles(cell: string | undefined, files: readonly ImportFileContext[]): { files: ImportFileContext[] } | { reason: string } {
  const key = (name: string) => name.trim().toLowerCase();
  const matching = (name: string) => files.filter((f) => key(f.name) === key(name));
  const names = (cell ?? '')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)
    .flatMap((name) => {
      const parts = name.split(',').map((s) => s.trim());
      return matching(name).length === 0 && parts.length > 1 && parts.every((p) => matching(p).length > 0) ? parts : [name];
    });
  const found: ImportFileContext[] = [];
  for (const name of names) {
    const matches = matching(name);
    if (matches.length === 0) return { reason: IMPORT_MSG.noSuchFile(name) };
    if (matches.length > 1) return { reason: IMPORT_MSG.twoFilesNamed(name) };
    if (matches[0].uploading) return { reason: IMPORT_MSG.fileStillUploading(name) };
    if (found.includes(matches[0])) return { reason: IMPORT_MSG.fileListedTwice(name) };
    found.push(matches[0]);
  }
  return { files: found };
}

const YES = ['yes', 'y', 'true', '1'];
const NO = ['no', 'n', 'false', '0', ''];
/** A yes/no cell: empty is no (TikTok's guidelines: no interaction or disclosure is on unless chosen). */
function yesNo(fields: Record<string, string>, column: string): boolean | { reason: string } {
  const value = (fields[column] ?? '').trim();
  if (YES.includes(value.toLowerCase())) return true;
  if (NO.includes(value.toLowerCase())) return false;
  return { reason: IMPORT_MSG.yesOrNo(column, value) };
}

/** Words a file may use besides TikTok's names and Compose's labels. */
const TIKTOK_PRIVACY_ALIASES: Record<string, TikTokPrivacyLevel> = { public: 'PUBLIC_TO_EVERYONE', private: 'SELF_ONLY' };
/** `tiktok_privacy` as TikTok names the levels, as Compose labels them (Everyone, Friends, Followers, Only me), or public/private; any case. */
export function tiktokPrivacyNamed(value: string): TikTokPrivacyLevel | undefined {
  const v = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return (
    TIKTOK_PRIVACY_LEVELS.find((level) => level.toLowerCase() === v || TIKTOK_PRIVACY_LABELS[level].toLowerCase().replace(/\s+/g, '_') === v) ??
    TIKTOK_PRIVACY_ALIASES[v]
  );
}

/** A TikTok row's Direct Post settings from its columns, and the file's consent. */
function tiktokSettingsOf(fields: Record<string, string>, ctx: ImportContext): { settings: TikTokSettings } | { reason: string } {
  const cell = (fields.tiktok_privacy ?? '').trim();
  if (!cell) return { reason: IMPORT_MSG.tiktokPrivacyMissing };
  const privacy = tiktokPrivacyNamed(cell);
  if (!privacy) return { reason: IMPORT_MSG.tiktokPrivacyUnknown(cell) };
  if (ctx.tiktokUnaudited && privacy !== 'SELF_ONLY') return { reason: TIKTOK_MSG.unaudited };
  const flags: Record<string, boolean> = {};
  for (const column of ['tiktok_allow_comment', 'tiktok_allow_duet', 'tiktok_allow_stitch', 'tiktok_brand', 'tiktok_branded_content']) {
    const value = yesNo(fields, column);
    if (typeof value !== 'boolean') return value;
    flags[column] = value;
  }
  const commercial = flags.tiktok_brand || flags.tiktok_branded_content;
  return {
    settings: {
      tiktok_privacy_level: privacy,
      tiktok_allow_comment: flags.tiktok_allow_comment,
      tiktok_allow_duet: flags.tiktok_allow_duet,
      tiktok_allow_stitch: flags.tiktok_allow_stitch,
      ...(commercial ? { tiktok_commercial: true, tiktok_your_brand: flags.tiktok_brand, tiktok_branded_content: flags.tiktok_branded_content } : {}),
      // The preview's checkbox gates sending; the server has the request's answer.
      tiktok_consent: ctx.tiktokConsent ?? true,
    },
  };
}

/**
 * What the creator's current creator_info refuses of a TikTok row, as Compose's TikTok panel offers
 * it: a privacy level outside privacy_level_options, an interaction the creator turned off, a video
 * longer than max_video_post_duration_sec (Compose's own message). Run by the preview and the server.
 */
export function tiktokCreatorProblem(
  accountName: string,
  settings: TikTokSettings,
  info: TikTokCreatorInfo,
  media: readonly (Pick<MediaFacts, 'duration_seconds'> | null)[],
): string | null {
  const privacy = settings.tiktok_privacy_level;
  if (privacy && !info.privacy_level_options.includes(privacy)) return IMPORT_MSG.tiktokPrivacyNotOffered(accountName, privacy, info.privacy_level_options);
  if (settings.tiktok_allow_comment && info.comment_disabled) return IMPORT_MSG.tiktokInteractionOff(accountName, 'comments', 'tiktok_allow_comment');
  if (settings.tiktok_allow_duet && info.duet_disabled) return IMPORT_MSG.tiktokInteractionOff(accountName, 'duets', 'tiktok_allow_duet');
  if (settings.tiktok_allow_stitch && info.stitch_disabled) return IMPORT_MSG.tiktokInteractionOff(accountName, 'stitches', 'tiktok_allow_stitch');
  const max = info.max_video_post_duration_sec;
  if (max !== null && media.some((m) => typeof m?.duration_seconds === 'number' && m.duration_seconds > max)) return TIKTOK_MSG.tooLong(max);
  return null;
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
