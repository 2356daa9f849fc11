/** Clients' limits, messages and display rules, without their schemas (shared/clients.ts builds those with zod and re-exports these), for the Clients page's first paint. */

export const CLIENT_NAME_MAX = 100;
export const LOGO_URL_MAX = 2048;

/** Clients one user may have (the default "My Account" included): far beyond any agency's roster. */
export const MAX_CLIENTS = 100;

export const CLIENT_MSG = {
  limitReached: `You can have at most ${MAX_CLIENTS} clients. Delete one to add another.`,
  nameRequired: 'Client name is required',
  nameTooLong: `Client name must be ${CLIENT_NAME_MAX} characters or less`,
  logoUrlInvalid: 'Logo URL must be a valid http(s) URL',
  notFound: 'Client not found',
  created: 'Client created successfully!',
  updated: 'Client updated successfully!',
  deleted: 'Client deleted',
  createError: 'Error creating client',
  empty: 'No clients yet. Add your first client to get started!',
} as const;

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** The initials shown when a client has no logo, or its logo does not load. */
export function clientInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]].map((w) => Array.from(w)[0]) : Array.from(words[0] ?? '').slice(0, 2);
  return letters.join('').toUpperCase() || '?';
}
