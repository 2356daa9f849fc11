import path from 'node:path';
import type { LocalModule } from '../modules';

/**
 * The local Bluesky as a module of the local cloud: opt-in (LOCAL_BLUESKY=on), so the default cloud
 * neither pays the PDS's start-up nor needs Node 22's better-sqlite3. The PDS is imported only when
 * the module starts, for the same reason. It gives the handlers BLUESKY_SERVICE_URL, the setting
 * that offers Bluesky (functions/platforms/hosts.ts): without the module, Bluesky is coming soon.
 */
export const blueskyModule: LocalModule = {
  name: 'bluesky',
  async start(ctx) {
    const { startLocalPds } = await import('./pds');
    const pds = await startLocalPds({ dataDir: path.join(ctx.dataDir, 'bluesky') });
    // BLUESKY_PLC_URL: the OAuth client resolves the accounts' did:plc documents at this run's own directory.
    return { env: { BLUESKY_SERVICE_URL: pds.url, BLUESKY_PLC_URL: pds.plcUrl }, stop: () => pds.stop() };
  },
};

export function blueskyEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.LOCAL_BLUESKY === 'on';
}
