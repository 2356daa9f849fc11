import path from 'node:path';

/**
 * The launcher's line about where local data lives: the directory actually used (LOCAL_DATA_DIR or
 * the default `.local/`), shown relative to where `npm start` ran when it is inside it.
 */
export function dataDirLine(dataDir: string, cwd: string): string {
  const relative = path.relative(cwd, dataDir);
  const shown = relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? `${relative}${path.sep}` : `${path.resolve(dataDir)}${path.sep}`;
  return `Data is kept in ${shown} (npm run reset wipes it). Press Ctrl-C to stop.`;
}

/** The launcher's line about the web build: rebuilt (sources changed) and how long it took, or current. */
export function webBuildLine(result: { built: boolean; ms: number }): string {
  return result.built
    ? `  ✓ Web app built (sources changed) in ${(result.ms / 1000).toFixed(1)} s`
    : `  ✓ Web app build is current (checked in ${result.ms} ms)`;
}
