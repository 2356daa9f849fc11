import type { RuntimeConfig } from '@shared/api';

/**
 * Deployment settings come from /config.json (written at deploy, served by the local launcher), so
 * one build runs against any stack. Loaded and parsed once, by the first route that talks to Cognito
 * or the API (app/router.tsx) or by the session check (lib/amplify-loader.ts); the landing never
 * needs it. Reading it before then is a bug.
 */
let current: RuntimeConfig | null = null;
let loading: Promise<RuntimeConfig> | null = null;

export const RUNTIME_CONFIG_URL = '/config.json';

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

interface FieldRule {
  type: 'string' | 'boolean';
  optional?: true;
  default?: string | boolean;
  oneOf?: readonly string[];
}

/**
 * RuntimeConfigSchema (shared/api.ts) as a table: every page but the landing reads /config.json, and
 * zod would add ~90 KB to each of them for this one check. The compiler holds the keys to the
 * schema's; test/frontend/runtime-config.test.ts holds the rules to it.
 */
const FIELDS: { [K in keyof RuntimeConfig]-?: FieldRule } = {
  region: { type: 'string' },
  userPoolId: { type: 'string' },
  userPoolClientId: { type: 'string' },
  userPoolEndpoint: { type: 'string', optional: true },
  authFlow: { type: 'string', oneOf: ['USER_SRP_AUTH', 'USER_PASSWORD_AUTH'], default: 'USER_SRP_AUTH' },
  apiBasePath: { type: 'string', default: '/api' },
  oauthDomain: { type: 'string', optional: true },
  googleSignIn: { type: 'boolean', default: false },
  proComingSoon: { type: 'boolean', default: true },
  youtubeUnverified: { type: 'boolean', default: true },
  tiktokUnaudited: { type: 'boolean', default: true },
  tiktokPhotos: { type: 'boolean', default: false },
  inboxUrl: { type: 'string', optional: true },
  graphqlUrl: { type: 'string', optional: true },
  realtimeUrl: { type: 'string', optional: true },
};

/** The config with its defaults filled and unknown keys dropped, or the fields that are missing or invalid. */
function parseRuntimeConfig(raw: unknown): { config: RuntimeConfig } | { invalid: string[] } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { invalid: ['(root)'] };
  const input = raw as Record<string, unknown>;
  const config: Record<string, unknown> = {};
  const invalid: string[] = [];
  for (const [key, rule] of Object.entries<FieldRule>(FIELDS)) {
    const value = input[key];
    if (value === undefined) {
      if (rule.default !== undefined) config[key] = rule.default;
      else if (!rule.optional) invalid.push(key);
    } else if (typeof value !== rule.type || (rule.oneOf && !rule.oneOf.includes(value as string))) {
      invalid.push(key);
    } else {
      config[key] = value;
    }
  }
  return invalid.length ? { invalid } : { config: config as unknown as RuntimeConfig };
}

export function setRuntimeConfig(raw: unknown): RuntimeConfig {
  const parsed = parseRuntimeConfig(raw);
  if ('invalid' in parsed) {
    throw new RuntimeConfigError(`${RUNTIME_CONFIG_URL} is missing or has invalid fields: ${parsed.invalid.join(', ')}`);
  }
  current = parsed.config;
  return current;
}

declare global {
  interface Window {
    /** /config.json as index.html's inline script started fetching it, beside the entry (frontend/vite.config.ts). */
    __runtimeConfig?: Promise<Response>;
  }
}

/** The response index.html already asked for, once; later loads (a retry) fetch again. */
const fetchConfig: typeof fetch = (input, init) => {
  const early = window.__runtimeConfig;
  window.__runtimeConfig = undefined;
  return early ?? fetch(input, init);
};

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetchConfig): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchImpl(RUNTIME_CONFIG_URL, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  } catch (cause) {
    throw new RuntimeConfigError(`Could not reach ${RUNTIME_CONFIG_URL}`, { cause });
  }
  if (!response.ok) throw new RuntimeConfigError(`${RUNTIME_CONFIG_URL} answered ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw new RuntimeConfigError(`${RUNTIME_CONFIG_URL} is not valid JSON`, { cause });
  }
  return setRuntimeConfig(body);
}

/** The config, fetched on the first call only; a failed fetch is retried by the next call. */
export function ensureRuntimeConfig(): Promise<RuntimeConfig> {
  if (current) return Promise.resolve(current);
  loading ??= loadRuntimeConfig().finally(() => {
    loading = null;
  });
  return loading;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new RuntimeConfigError('Runtime configuration read before it was loaded');
  return current;
}
