/**
 * The app's page the connect popup opens for Bluesky: the handle and app password form. Apart from
 * shared/bluesky.ts so the app's route table (loaded by every page) does not pull in that module's
 * zod schemas.
 */
export const BLUESKY_SIGN_IN_PATH = '/bluesky-sign-in';
