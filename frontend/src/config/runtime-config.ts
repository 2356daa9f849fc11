import { RuntimeConfigSchema, type RuntimeConfig } from '@shared/api';

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

export function setRuntimeConfig(raw: unknown): RuntimeConfig {
  const parsed = RuntimeConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(root)').join(', ');
    throw new RuntimeConfigError(`${RUNTIME_CONFIG_URL} is missing or has invalid fields: ${fields}`);
  }
  current = parsed.data;
  return current;
}

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
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
