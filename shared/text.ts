import * as z from 'zod';

/**
 * Text from outside must be well-formed Unicode. JSON can carry a lone UTF-16 surrogate
 * (`"\ud800"`): JavaScript keeps it, but it has no UTF-8 encoding, so `encodeURIComponent` throws
 * (a 500 on the upload forms) and DynamoDB and the platforms refuse or mangle it.
 * Equivalent to `String.prototype.isWellFormed` (Node 20, recent browsers), without needing it.
 */
const LONE_SURROGATE = /\p{Cs}/u;

export const MALFORMED_TEXT_MESSAGE = 'Text contains a broken character (half of an emoji or symbol); retype it and try again';

export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/** `z.string()` that refuses lone surrogates: the base of every string an API input accepts. */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isWellFormedText, { message: MALFORMED_TEXT_MESSAGE });
}
