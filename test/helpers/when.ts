import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context } from 'aws-lambda';
import { cloud } from './given';

/** When-steps: call the API through the local gateway with a real token, or a handler in process. */
export async function weCallTheApi(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${cloud().url}${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined || options.rawBody !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await res.text();
  // The answer as parsed JSON (JSON.parse's own type): the tests read whichever fields their route
  // answers and assert on them; typing each route's answer here is left for a route-typed client.
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: Object.fromEntries(res.headers) };
}

/** Builds the API Gateway v2 event the JWT authorizer would pass for this user. */
export function anApiEvent(userId: string | undefined, init: { body?: unknown; pathParameters?: Record<string, string> } = {}) {
  return {
    version: '2.0',
    routeKey: 'TEST',
    rawPath: '/',
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    pathParameters: init.pathParameters,
    requestContext: {
      requestId: 'test',
      http: { method: 'GET', path: '/' },
      authorizer: userId ? { jwt: { claims: { sub: userId }, scopes: null } } : undefined,
    },
  } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
}

export const aLambdaContext = () => ({ functionName: 'test', awsRequestId: 'test', getRemainingTimeInMillis: () => 10_000 }) as unknown as Context;
