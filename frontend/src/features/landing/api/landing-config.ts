/**
 * The two deployment settings the landing needs from /config.json, read with a plain fetch: zod and
 * the runtime-config module stay out of the landing's bundle (its JavaScript budget is 150 KB gzip).
 * Anything missing or unreadable falls back to the safe default.
 */
export interface LandingConfig {
  proComingSoon: boolean;
  apiBasePath: string;
}

export const DEFAULT_LANDING_CONFIG: LandingConfig = { proComingSoon: true, apiBasePath: '/api' };

export async function fetchLandingConfig(): Promise<LandingConfig> {
  try {
    const response = await fetch('/config.json', { headers: { Accept: 'application/json' } });
    if (!response.ok) return DEFAULT_LANDING_CONFIG;
    const raw = (await response.json()) as { proComingSoon?: unknown; apiBasePath?: unknown } | null;
    return {
      proComingSoon: raw?.proComingSoon !== false,
      apiBasePath: typeof raw?.apiBasePath === 'string' && raw.apiBasePath ? raw.apiBasePath : DEFAULT_LANDING_CONFIG.apiBasePath,
    };
  } catch {
    return DEFAULT_LANDING_CONFIG;
  }
}
