/**
 * The app's page the connect popup opens for Bluesky: it asks for the handle before Bluesky's own sign-in. Apart from
 * shared/bluesky.ts so the app's route table (loaded by every page) does not pull in that module's
 * zod schemas.
 */
export const BLUESKY_SIGN_IN_PATH = '/bluesky-sign-in';
