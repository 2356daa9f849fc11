import { OAuthCallbackQuerySchema } from '@shared/accounts';
import { CredentialsSchema } from '@shared/auth';
import { CompleteSignupBodySchema, PublicCheckoutBodySchema } from '@shared/billing';
import { CreateClientSchema } from '@shared/clients';
import { ConfirmUploadBodySchema, PresignUploadBodySchema } from '@shared/media';
import { LimitCheckBodySchema } from '@shared/platform-limits';
import { ListPostsQuerySchema } from '@shared/posts';
import { CreatePostBodySchema, UpdatePostBodySchema } from '@shared/post-bodies';
import { AvatarPresignSchema, UpdateProfileSchema } from '@shared/profile';
import { InitialTimezoneSchema } from '@shared/settings';
import { isWellFormedText, MALFORMED_TEXT_MESSAGE } from '@shared/text';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';

/**
 * A lone UTF-16 surrogate has no UTF-8 form. Every text an API input takes is
 * refused with one clear message before any work, on both sides (the browser uses these schemas).
 */
const HALF_AN_EMOJI = '\ud83d';

const cases: [string, z.ZodType, Record<string, unknown>, string][] = [
  ['media upload form: file_name', PresignUploadBodySchema, { file_name: 'a.png', file_type: 'image/png', file_size: 10 }, 'file_name'],
  ['media confirm: key', ConfirmUploadBodySchema, { key: 'u/1.png' }, 'key'],
  ['avatar upload form: file_name', AvatarPresignSchema, { file_name: 'me.png', file_type: 'image/png', file_size: 10 }, 'file_name'],
  ['profile: bio', UpdateProfileSchema, { bio: 'hello' }, 'bio'],
  ['profile: username', UpdateProfileSchema, { username: 'me' }, 'username'],
  ['post: title', CreatePostBodySchema, { title: 'T', platforms: [{ platform: 'facebook', social_account_id: 'a1', caption: 'hi' }] }, 'title'],
  ['posts list: cursor', ListPostsQuerySchema, { tab: 'drafts', cursor: 'abc' }, 'cursor'],
  ['client: name', CreateClientSchema, { name: 'Acme' }, 'name'],
  ['checkout: name', PublicCheckoutBodySchema, { productId: 'prod_sa_basic_monthly', email: 'a@b.co', name: 'Ann' }, 'name'],
  ['signup: password', CompleteSignupBodySchema, { email: 'a@b.co', session_id: 'cs_1', password: 'secret123' }, 'password'],
  ['sign-in: email', CredentialsSchema, { email: 'a@b.co', password: 'secret123' }, 'email'],
  ['OAuth callback: state', OAuthCallbackQuerySchema, { state: 'abc', code: 'xyz' }, 'state'],
  ['timezone', InitialTimezoneSchema, { timezone: 'Europe/Paris' }, 'timezone'],
];

describe('well-formed text', () => {
  it('tells a lone surrogate from a real pair', () => {
    expect(isWellFormedText('smile 😀')).toBe(true);
    expect(isWellFormedText(`smile ${HALF_AN_EMOJI}`)).toBe(false);
    expect(isWellFormedText('\udc00 reversed \ud83d')).toBe(false);
    expect(isWellFormedText('😀'.split('').reverse().join(''))).toBe(false);
  });

  it.each(cases)('%s: the valid input passes, and with a lone surrogate it is refused with the clear message', (_name, schema, valid, field) => {
    expect(schema.safeParse(valid).success).toBe(true);

    const result = schema.safeParse({ ...valid, [field]: `${String(valid[field]).slice(0, 1)}${HALF_AN_EMOJI}` });

    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(MALFORMED_TEXT_MESSAGE);
  });

  it('refuses a caption with a lone surrogate inside a post target', () => {
    const result = CreatePostBodySchema.safeParse({ platforms: [{ platform: 'facebook', social_account_id: 'a1', caption: `hi ${HALF_AN_EMOJI}` }] });
    const edit = UpdatePostBodySchema.safeParse({ scheduled_at: null, platforms: [{ id: 't1', caption: HALF_AN_EMOJI }] });

    expect(result.error?.issues.map((i) => i.message)).toContain(MALFORMED_TEXT_MESSAGE);
    expect(edit.error?.issues.map((i) => i.message)).toContain(MALFORMED_TEXT_MESSAGE);
  });

  it('refuses a lone surrogate in the account id of a limit check', () => {
    const result = LimitCheckBodySchema.safeParse({
      scheduled_at: '2030-01-01T00:00:00Z',
      platforms: [{ platform: 'x', social_account_id: `a${HALF_AN_EMOJI}` }],
    });

    expect(result.error?.issues.map((i) => i.message)).toContain(MALFORMED_TEXT_MESSAGE);
  });
});
