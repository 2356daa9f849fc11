/**
 * What a platform adapter remembers between publish steps, as the adapters write it and the post's
 * target stores it (functions/publishing/adapters/dynamo-store.ts). One type for both sides, here in lib/ because
 * data/ and platforms/ sit side by side and may not import each other.
 */
export type PublishCheckpoint = Readonly<Record<string, string | number | boolean | null>>;
