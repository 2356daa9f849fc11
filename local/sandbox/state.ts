import { randomBytes } from 'node:crypto';
import type { Platform } from '@shared/platforms';
import { persistedFile, type PersistedFile } from '../persistence';
import { emptyPublishData, type PublishData } from './publish-store';

/**
 * The sandbox's memory: its clock, authorization codes, tokens and injected faults. Kept in memory
 * and written to `${dataDir}/sandbox.json` after every change, so tokens the app stored survive a
 * restart of `npm start`.
 */
export const CODE_TTL_SECONDS = 600;

export interface CodeRecord {
  code: string;
  platform: Platform;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  identityId: string;
  /** Facebook: the Pages the user ticked. */
  pageIds?: string[];
  codeChallenge?: string;
  /** Google `access_type=offline`; X `offline.access`. */
  offline: boolean;
  createdAt: number;
  expiresAt: number;
  used: boolean;
}

export type TokenKind = 'access' | 'refresh' | 'page';

export interface TokenRecord {
  token: string;
  platform: Platform;
  kind: TokenKind;
  /** Instagram and Facebook user tokens: short- or long-lived. */
  lifetime?: 'short' | 'long';
  clientId: string;
  identityId: string;
  scopes: string[];
  pageIds?: string[];
  /** Page tokens: the Page; user tokens: the Page tokens already handed out, by Page id. */
  pageId?: string;
  pageTokens?: Record<string, string>;
  /** One consent = one grant; Google's revoke endpoint revokes the whole grant. */
  grantId: string;
  issuedAt: number;
  /** Epoch ms; null = never expires (Facebook Page tokens from a long-lived user token). */
  expiresAt: number | null;
  revoked: boolean;
  /** Set once a rotating refresh token (TikTok, X) has been used. */
  used?: boolean;
}

export const NAMED_ERRORS = [
  'rate_limit',
  'server_error',
  'token_expired',
  'token_revoked',
  'quota_exceeded',
  'daily_limit',
  'upload_limit',
  'duplicate',
  'media_unreachable',
  'processing_failed',
  'timeout_after_acting',
] as const;
export type NamedError = (typeof NAMED_ERRORS)[number];

/** Faults the publishing handlers take themselves, at the moment the platform would fail that way. */
export const HANDLER_FAULTS: readonly NamedError[] = ['media_unreachable', 'processing_failed'];
/** Faults that only hit the call that creates something public (IG media_publish, FB feed/photos/videos, X tweet, TikTok init, YouTube's upload PUT). */
export const CREATE_FAULTS: readonly NamedError[] = ['timeout_after_acting', 'duplicate', 'daily_limit'];

/** Which publishing call a route is: the public create, or another step of the publishing flow. */
export type PublishStage = 'create' | 'step';

export interface Fault {
  id: number;
  platform: Platform;
  /** Matched against the path after `/_sandbox/<platform>`, e.g. `/api/2/users/me`; a prefix match. */
  endpoint?: string;
  method?: string;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  error?: NamedError;
  /** Answer this much later (timeouts, slow platforms); alone, the call then proceeds normally. */
  delayMs?: number;
  /** How many calls it fails; 1 by default. */
  remaining: number;
  /** Lets this many matching calls through first (part 3 of a thread fails, parts 1 and 2 go out). */
  skip?: number;
  /** Only publishing calls (routes tagged create/step), not OAuth or profile reads. */
  publishOnly?: boolean;
  /** Rate limits and daily caps: when the window resets, in seconds from now. */
  resetSeconds?: number;
  /** Graph rate limit code (4, 17, 32, 613) or a TikTok fail_reason, to pick one documented variant. */
  code?: number | string;
}

interface Persisted {
  clockOffsetMs: number;
  codes: Record<string, CodeRecord>;
  tokens: Record<string, TokenRecord>;
  faults: Fault[];
  nextFaultId: number;
  publishing: PublishData;
}

const empty = (): Persisted => ({ clockOffsetMs: 0, codes: {}, tokens: {}, faults: [], nextFaultId: 1, publishing: emptyPublishData() });

export type TokenCheck = { ok: true; record: TokenRecord } | { ok: false; reason: 'missing' | 'invalid' | 'expired' | 'revoked' };

export class SandboxState {
  private data: Persisted = empty();
  private readonly store: PersistedFile<Partial<Persisted>>;

  constructor(file?: string) {
    this.store = persistedFile<Partial<Persisted>>(file, { debounceMs: 1000, tolerateCorrupt: true, snapshot: () => this.data });
    const loaded = this.store.loaded;
    if (loaded) this.data = { ...empty(), ...loaded, publishing: { ...emptyPublishData(), ...loaded.publishing } };
  }

  /** The sandbox clock: real time plus whatever the tests advanced it by. */
  now(): number {
    return Date.now() + this.data.clockOffsetMs;
  }

  advance(seconds: number): void {
    this.data.clockOffsetMs += seconds * 1000;
    this.save();
  }

  reset(): void {
    this.data = empty();
    this.save();
  }

  issueCode(input: Omit<CodeRecord, 'code' | 'createdAt' | 'expiresAt' | 'used'>, prefix = ''): CodeRecord {
    const record: CodeRecord = {
      ...input,
      code: prefix + randomToken(24),
      createdAt: this.now(),
      expiresAt: this.now() + CODE_TTL_SECONDS * 1000,
      used: false,
    };
    this.prune();
    this.data.codes[record.code] = record;
    this.save();
    return record;
  }

  /** Marks the code used (codes are single-use even when the exchange then fails on another check). */
  takeCode(platform: Platform, code: string | null): { ok: true; record: CodeRecord } | { ok: false; reason: 'invalid' | 'used' | 'expired' } {
    const record = code ? this.data.codes[code] : undefined;
    if (!record || record.platform !== platform) return { ok: false, reason: 'invalid' };
    if (record.used) return { ok: false, reason: 'used' };
    record.used = true;
    this.save();
    if (record.expiresAt <= this.now()) return { ok: false, reason: 'expired' };
    return { ok: true, record };
  }

  issueToken(input: Omit<TokenRecord, 'token' | 'issuedAt' | 'expiresAt' | 'revoked'> & { ttlSeconds: number | null }, prefix: string): TokenRecord {
    const { ttlSeconds, ...rest } = input;
    const record: TokenRecord = {
      ...rest,
      token: prefix + randomToken(32),
      issuedAt: this.now(),
      expiresAt: ttlSeconds === null ? null : this.now() + ttlSeconds * 1000,
      revoked: false,
    };
    this.data.tokens[record.token] = record;
    this.save();
    return record;
  }

  token(token: string | null | undefined): TokenRecord | undefined {
    return token ? this.data.tokens[token] : undefined;
  }

  check(platform: Platform, token: string | null | undefined, kinds: TokenKind[] = ['access']): TokenCheck {
    if (!token) return { ok: false, reason: 'missing' };
    const record = this.data.tokens[token];
    if (!record || record.platform !== platform || !kinds.includes(record.kind)) return { ok: false, reason: 'invalid' };
    if (record.revoked) return { ok: false, reason: 'revoked' };
    if (record.expiresAt !== null && record.expiresAt <= this.now()) return { ok: false, reason: 'expired' };
    return { ok: true, record };
  }

  update(record: TokenRecord, patch: Partial<TokenRecord>): void {
    Object.assign(record, patch);
    this.save();
  }

  revoke(token: string): TokenRecord | undefined {
    const record = this.data.tokens[token];
    if (record) this.update(record, { revoked: true });
    return record;
  }

  revokeGrant(grantId: string): void {
    for (const record of Object.values(this.data.tokens)) if (record.grantId === grantId) record.revoked = true;
    this.save();
  }

  expire(token: string): TokenRecord | undefined {
    const record = this.data.tokens[token];
    if (record) this.update(record, { expiresAt: this.now() - 1000 });
    return record;
  }

  addFault(fault: Omit<Fault, 'id' | 'remaining'> & { times?: number }): Fault {
    const { times, ...rest } = fault;
    const record: Fault = { ...rest, id: this.data.nextFaultId++, remaining: Math.max(1, times ?? 1) };
    this.data.faults.push(record);
    this.save();
    return record;
  }

  faults(): readonly Fault[] {
    return this.data.faults;
  }

  /** The first fault matching this call, counted down (and dropped when spent). */
  takeFault(platform: Platform, method: string, subPath: string, stage?: PublishStage): Fault | undefined {
    const fault = this.data.faults.find((f) => {
      if (f.platform !== platform || (f.method && f.method.toUpperCase() !== method) || (f.endpoint && !subPath.startsWith(f.endpoint))) return false;
      if (f.error && HANDLER_FAULTS.includes(f.error)) return false;
      if (f.error && CREATE_FAULTS.includes(f.error)) return stage === 'create';
      return !f.publishOnly || stage !== undefined;
    });
    if (fault?.skip) {
      fault.skip -= 1;
      this.save();
      return undefined;
    }
    return fault ? this.spend(fault) : undefined;
  }

  /** A fault a publishing handler applies itself (media fetch fails, processing fails). */
  takeHandlerFault(platform: Platform, error: NamedError): Fault | undefined {
    const fault = this.data.faults.find((f) => f.platform === platform && f.error === error);
    return fault ? this.spend(fault) : undefined;
  }

  private spend(fault: Fault): Fault {
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.data.faults = this.data.faults.filter((f) => f !== fault);
    this.save();
    return fault;
  }

  /** The publishing side's memory (posts, containers, sessions, receipts); call persist() after changing it. */
  get publishing(): PublishData {
    return this.data.publishing;
  }

  persist(): void {
    this.save();
  }

  clearFaults(): void {
    this.data.faults = [];
    this.save();
  }

  summary() {
    const tokens = Object.values(this.data.tokens);
    return {
      now: new Date(this.now()).toISOString(),
      clockOffsetSeconds: this.data.clockOffsetMs / 1000,
      codes: Object.keys(this.data.codes).length,
      tokens: tokens.length,
      activeTokens: tokens.filter((t) => !t.revoked && (t.expiresAt === null || t.expiresAt > this.now())).length,
      faults: this.data.faults,
    };
  }

  /** Codes are only useful for minutes; drop the old ones so the file stays small. */
  private prune(): void {
    const cutoff = this.now() - 3600_000;
    for (const [code, record] of Object.entries(this.data.codes)) if (record.expiresAt < cutoff) delete this.data.codes[code];
  }

  /**
   * Writes are batched: every change marks the state dirty and one write follows within a second.
   * Serialising the whole state on every call made a burst of posts quadratic (a 1,000-post minute
   * spent seconds in JSON.stringify), and even every 50 ms it took a tenth of the busy second's
   * CPU. The sandbox is a test double: a crash may lose its last second. `flush()` writes now (on stop).
   */
  private save(): void {
    this.store.saveSoon();
  }

  flush(): void {
    this.store.flush();
  }
}

export function randomToken(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

export function logId(): string {
  return `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}${randomBytes(10).toString('hex').toUpperCase()}`;
}
