import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER, VIEWER_IP_HEADER } from '../../../functions/lib/edge-headers';
import { resetEnvForTests } from '../../../functions/lib/env';
import { TooManyRequestsError } from '../../../functions/lib/errors';
import { httpHandler, ok } from '../../../functions/domain/http-api';
import { clientIp, setSecretReaderForTests } from '../../../functions/lib/origin-gate';
import { ROUTES } from '../../../functions/routes';
import { aLambdaContext, anApiEvent } from '../../helpers/when';

const call = async (handler: ReturnType<typeof httpHandler>, event: ReturnType<typeof anApiEvent>) => {
  const result = (await handler(event, aLambdaContext())) as { statusCode: number; body: string; headers: Record<string, string> };
  return { status: result.statusCode, body: result.body ? JSON.parse(result.body) : undefined, headers: result.headers };
};

const withHeaders = (headers: Record<string, string>) => Object.assign(anApiEvent(undefined), { headers });

describe('the API behind CloudFront only (execute-api bypass)', () => {
  const SECRET = 'cloudfront-only-7f3a9c';
  let ran = 0;
  const handler = httpHandler({ auth: 'public' }, async () => {
    ran += 1;
    return ok({ served: true });
  });

  beforeEach(() => {
    ran = 0;
    Object.assign(process.env, {
      TABLE_NAME: 't',
      MEDIA_BUCKET: 'b',
      APP_ORIGIN: 'https://app.example.com',
      ORIGIN_VERIFY_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:1:secret:origin',
    });
    resetEnvForTests();
    setSecretReaderForTests(async () => SECRET);
  });
  afterEach(() => {
    delete process.env.ORIGIN_VERIFY_SECRET_ARN;
    resetEnvForTests();
    setSecretReaderForTests(undefined);
  });

  it('refuses a request without the origin header with 403 before the handler runs', async () => {
    const res = await call(handler, withHeaders({}));

    expect(res).toMatchObject({ status: 403, body: { error: { code: 'FORBIDDEN', message: "This API is only served through the app's own address." } } });
    expect(ran).toBe(0);
  });

  it('refuses a wrong value, even one of the right length', async () => {
    const res = await call(handler, withHeaders({ [ORIGIN_VERIFY_HEADER]: SECRET.replace('7', '8') }));

    expect(res.status).toBe(403);
    expect(ran).toBe(0);
  });

  it("serves CloudFront's requests, which carry the secret", async () => {
    const res = await call(handler, withHeaders({ [ORIGIN_VERIFY_HEADER]: SECRET }));

    expect(res).toMatchObject({ status: 200, body: { served: true } });
    expect(ran).toBe(1);
  });

  it('does not check anything where no secret is configured (the local cloud has no other door)', async () => {
    delete process.env.ORIGIN_VERIFY_SECRET_ARN;
    resetEnvForTests();

    expect((await call(handler, withHeaders({}))).status).toBe(200);
  });
});

describe('the client IP used by per-IP limits', () => {
  it("takes CloudFront's viewer-IP header over API Gateway's source (which is a CloudFront edge)", () => {
    expect(clientIp({ [VIEWER_IP_HEADER]: '203.0.113.9' }, '130.176.1.1')).toBe('203.0.113.9');
    expect(clientIp({ [VIEWER_IP_HEADER]: '2001:DB8::1' }, '130.176.1.1')).toBe('2001:db8::1');
  });

  it('falls back to the source IP, and reads an IPv4-mapped IPv6 address as IPv4', () => {
    expect(clientIp({}, '198.51.100.4')).toBe('198.51.100.4');
    expect(clientIp(undefined, '::ffff:127.0.0.2')).toBe('127.0.0.2');
  });
});

describe('a refused request (429)', () => {
  it('says when to try again, in words and in Retry-After', async () => {
    Object.assign(process.env, { TABLE_NAME: 't', MEDIA_BUCKET: 'b', APP_ORIGIN: 'https://app.example.com' });
    resetEnvForTests();
    const handler = httpHandler({ auth: 'public' }, async () => {
      throw new TooManyRequestsError(170);
    });

    const res = await call(handler, anApiEvent(undefined));

    expect(res).toMatchObject({ status: 429, body: { error: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests; try again in 3 minutes.' } } });
    expect(res.headers['retry-after']).toBe('170');
  });

  it.each([
    [1, 'Too many requests; try again in 1 second.'],
    [45, 'Too many requests; try again in 45 seconds.'],
    [60, 'Too many requests; try again in 1 minute.'],
    [3599, 'Too many requests; try again in 60 minutes.'],
    [7200, 'Too many requests; try again in 2 hours.'],
  ])('words %i seconds as "%s"', (seconds, message) => {
    expect(new TooManyRequestsError(seconds).message).toBe(message);
  });
});

describe('the route table limits', () => {
  /** Writes that create nothing a caller could pile up, or whose caller is not a person (Stripe). */
  const UNLIMITED_WRITES = new Set([
    'PATCH /api/settings',
    'PUT /api/settings/initial-timezone',
    'POST /api/notifications/read-all',
    'POST /api/notifications/{id}/read',
    'POST /api/posts/limit-check',
    'PATCH /api/posts/{id}',
    'PATCH /api/profile',
    'PATCH /api/clients/{id}',
    'POST /api/billing/subscription',
    'POST /api/billing/claim-checkout',
    'POST /api/stripe/webhook',
    'POST /api/account/sign-out-everywhere',
    // Edits of the user's own items that create nothing new (a schedule overwritten, a post moved
    // between slots, a series edited), like PATCH /api/posts/{id}.
    'PUT /api/queue/schedules/{id}',
    'PATCH /api/queue',
    'PATCH /api/series/{id}',
    // A workspace's name, a member's role, a member leaving: changes to what exists, creating nothing.
    'PATCH /api/workspace',
    'PATCH /api/workspace/members/{userId}',
    'POST /api/workspace/leave',
    'PATCH /api/workspace/settings',
    // A transfer moves the Owner's role to a member: the caller is no longer Owner after it, so it
    // cannot be repeated to pile up the new Owner's notices.
    'POST /api/workspace/transfer-ownership',
    // Turning a disabled webhook endpoint back on changes that endpoint and creates nothing.
    'POST /api/workspace/webhooks/{id}/enable',
    // An Editor's decision on a post waiting for approval: it changes that post (approving schedules
    // it, as PATCH /api/posts/{id} may) and creates nothing a caller could pile up.
    'POST /api/posts/{id}/approve',
    'POST /api/posts/{id}/request-changes',
  ]);

  it('makes every write route either limited or knowingly unlimited, so a new route must decide', () => {
    const writes = ROUTES.filter((r) => r.method === 'POST' || r.method === 'PUT' || r.method === 'PATCH');
    const undecided = writes.filter((r) => !('limit' in r) && !UNLIMITED_WRITES.has(`${r.method} ${r.path}`)).map((r) => `${r.method} ${r.path}`);

    expect(undecided).toEqual([]);
  });

  it('limits public routes per IP (they have no user) and user routes per user', () => {
    for (const route of ROUTES) {
      if (!('limit' in route)) continue;
      expect(route.limit.per, `${route.method} ${route.path}`).toBe(route.auth === 'public' ? 'ip' : 'user');
    }
  });
});
