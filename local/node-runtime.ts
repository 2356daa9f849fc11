/**
 * The project runs on Node 22 (Lambda runs nodejs22.x). The machine may have an older Node: the `node`
 * dev dependency ships Node 22's binary and npm puts it first on the PATH of every npm script, so
 * `npm start` and `npm test` get it without asking the machine for it. Run directly with an older
 * Node (`tsx local/start.ts` outside npm), the entry points stop here and say how to get it.
 */
export const REQUIRED_NODE_MAJOR = 22;

/** The line the entry points print first: which Node runs them. */
export function nodeRuntimeLine(version = process.version): string {
  return `Node ${version}`;
}

/** Throws with a plain instruction when `version` is older than the project's Node. */
export function assertProjectNode(version = process.version): void {
  const major = Number(/^v?(\d+)/.exec(version)?.[1] ?? 0);
  if (major < REQUIRED_NODE_MAJOR)
    throw new Error(
      `This is Node ${version}; the project runs on Node ${REQUIRED_NODE_MAJOR}. Run it through npm (npm start, npm test, npm run …), which uses the Node ${REQUIRED_NODE_MAJOR} that npm install put in node_modules.`,
    );
}
