/** OAuth states live 10 minutes. Apart from shared/accounts.ts (which re-exports it) because that module builds zod schemas when it loads. */
export const OAUTH_STATE_TTL_SECONDS = 600;
