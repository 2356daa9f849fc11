import { useSyncExternalStore } from 'react';

/**
 * Which workspace this browser acts in, per signed-in person (docs/decisions/0013-workspaces.md):
 * kept in localStorage under the person's id, so two people sharing a browser each keep their own
 * choice, and read synchronously by the API client, so the very first request of a page load already
 * names the workspace the person chose (no request of another workspace goes out meanwhile).
 *
 * The auth provider sets the person as soon as it reads the session, before any page renders.
 */
const KEY_PREFIX = 'sa.workspace.';

let personId: string | null = null;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function keyFor(id: string): string {
  return `${KEY_PREFIX}${id}`;
}

/** The signed-in person (null when signed out): whose choice the store reads and writes. */
export function setWorkspacePerson(id: string | null): void {
  if (personId === id) return;
  personId = id;
  notify();
}

/** The workspace chosen in this browser by the signed-in person, or null (none chosen yet: the server uses their first workspace). */
export function currentWorkspaceId(): string | null {
  if (!personId) return null;
  try {
    return window.localStorage.getItem(keyFor(personId));
  } catch {
    // Storage can be refused (privacy modes); the server's default workspace applies.
    return null;
  }
}

/** Remembers `workspaceId` as the signed-in person's current workspace. */
export function chooseWorkspace(workspaceId: string): void {
  if (!personId) return;
  try {
    window.localStorage.setItem(keyFor(personId), workspaceId);
  } catch {
    // Not kept across reloads; the rest of this page load still acts in it through the listeners' re-render.
  }
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the same person switching workspace changes what this tab's next request means.
  const onStorage = (event: StorageEvent) => {
    if (event.key?.startsWith(KEY_PREFIX)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The chosen workspace id as React state. */
export function useChosenWorkspaceId(): string | null {
  return useSyncExternalStore(subscribe, currentWorkspaceId, () => null);
}
