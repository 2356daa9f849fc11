import fs from 'node:fs';
import { createRequire } from 'node:module';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createPrivateKey } from 'node:crypto';
import { CognitoIdentityProviderClient, CreateUserPoolClientCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DateClock, MessagesService, TriggersService } from 'cognito-local/lib/services';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService';
import { CryptoService } from 'cognito-local/lib/services/crypto';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import { otp } from 'cognito-local/lib/services/otp';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService';
import { Router } from 'cognito-local/lib/server/Router';
import { createServer } from 'cognito-local/lib/server/server';
import { decodeJwt, SignJWT } from 'jose';
import pino from 'pino';
import { COGNITO_TRIGGERS } from '../../functions/routes';
import { invokeLambda } from '../lambda-runtime';
import type { Inbox } from '../inbox';
import type { LocalModule } from '../modules';
import { makeUserLookupCaseInsensitive } from './case-insensitive';

/**
 * The local Cognito: cognito-local, composed in this process so that its triggers run our real
 * trigger handlers and its e-mails land in the local inbox. The pool id is AWS-shaped so token
 * verification treats it like a real pool. Served behind the front door at /_local/cognito, where
 * a shim adds the two calls cognito-local lacks and Amplify v6 makes (see `handle`).
 */
export const LOCAL_REGION = 'us-east-1';
export const LOCAL_POOL_ID = 'us-east-1_LocalPool1';
const AWS_CODE_PARAMETER = '{####}';
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const PRE_TOKEN_GENERATION_MODULE = COGNITO_TRIGGERS.preTokenGeneration;

const TRIGGER_MODULES: Record<string, string> = {
  PostConfirmation: COGNITO_TRIGGERS.postConfirmation,
  CustomMessage: COGNITO_TRIGGERS.customMessage,
};

/** The scope that lets an access token call Cognito's self-service API (ChangePassword, GetUser, DeleteUser…). */
const SELF_SERVICE_SCOPE = 'aws.cognito.signin.user.admin';
const MISSING_SCOPE_MESSAGE = 'Access Token does not have required scopes';
/** Claims a pre-token-generation trigger may not change (Cognito ignores them; cognito-local's list). */
const RESERVED_CLAIMS = new Set([
  'acr',
  'amr',
  'aud',
  'at_hash',
  'auth_time',
  'azp',
  'client_id',
  'cognito:username',
  'device_key',
  'event_id',
  'exp',
  'iat',
  'identities',
  'iss',
  'jti',
  'nbf',
  'nonce',
  'origin_jti',
  'scope',
  'sub',
  'token_use',
  'username',
  'version',
]);

interface TokenOverride {
  claimsToAddOrOverride?: Record<string, unknown>;
  claimsToSuppress?: string[];
  scopesToAdd?: string[];
  scopesToSuppress?: string[];
}

interface LocalUser {
  Username: string;
  UserStatus?: string;
  Password?: string;
  Attributes: { Name: string; Value?: string }[];
}

interface LambdaTriggerEvent {
  clientId: string | null;
  clientMetadata?: Record<string, string>;
  triggerSource: string;
  userAttributes: Record<string, string>;
  username: string;
  userPoolId: string;
  codeParameter?: string;
  usernameParameter?: string;
}

/** Builds the event AWS would send to a user-pool trigger and returns the trigger's `response`. */
const triggerInvoker = {
  enabled: (name: string) => name in TRIGGER_MODULES,
  async invoke(_ctx: unknown, name: string, event: LambdaTriggerEvent) {
    const request: Record<string, unknown> = { userAttributes: event.userAttributes, clientMetadata: event.clientMetadata };
    if (event.codeParameter)
      Object.assign(request, { codeParameter: event.codeParameter, usernameParameter: event.usernameParameter, linkParameter: '{##Click Here##}' });
    const awsEvent = {
      version: '1',
      region: LOCAL_REGION,
      userPoolId: event.userPoolId,
      userName: event.username,
      triggerSource: event.triggerSource,
      callerContext: { awsSdkVersion: 'local', clientId: event.clientId },
      request,
      response: {},
    };
    const result = await invokeLambda<{ response?: unknown }>(TRIGGER_MODULES[name]!, awsEvent);
    return result?.response ?? {};
  },
};

export interface LocalCognito {
  poolId: string;
  clientId: string;
  /** Where cognito-local itself listens (internal). */
  internalUrl: string;
  /** The issuer in tokens: `${publicBase}/${poolId}`. */
  issuer: string;
  /** Public JWK set used to verify tokens locally. */
  jwks: { keys: Record<string, unknown>[] };
  handle(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): Promise<void>;
  stop(): Promise<void>;
}

export async function startCognito(options: { dataDir: string; publicBase: string; inbox: Inbox; logLevel?: string }): Promise<LocalCognito> {
  makeUserLookupCaseInsensitive();
  const dir = path.join(options.dataDir, 'cognito');
  fs.mkdirSync(path.join(dir, 'db'), { recursive: true });
  const logger = pino({ level: options.logLevel ?? 'silent' });
  const ctx = { logger };
  const config = {
    LambdaClient: {},
    TriggerFunctions: {},
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: options.publicBase },
    KMSConfig: {},
    ServerConfig: { port: 0, hostname: '127.0.0.1', development: false, https: false },
  };
  const clock = new DateClock();
  const dataStores = new StormDBDataStoreFactory(path.join(dir, 'db'));
  const cognito = await new CognitoServiceFactoryImpl(path.join(dir, 'db'), dataStores, new UserPoolServiceFactoryImpl(clock, dataStores)).create(
    ctx,
    config.UserPoolDefaults,
  );
  const triggers = new TriggersService(clock, cognito, triggerInvoker as never, new CryptoService(config.KMSConfig as never));
  const sender = {
    async sendEmail(_ctx: unknown, _user: unknown, destination: string, message: { __code?: string; emailMessage?: string; emailSubject?: string }) {
      const code = message.__code ?? '';
      // Real Cognito replaces every {####}; cognito-local only the first.
      const html = message.emailMessage
        ? message.emailMessage.replaceAll(AWS_CODE_PARAMETER, code)
        : `<p>Your verification code is <strong>${code}</strong></p>`;
      options.inbox.deliver(destination, message.emailSubject ?? 'Your verification code', html);
    },
    async sendSms() {},
  };
  const messages = new MessagesService(triggers, new MessageDeliveryService(sender as never));
  const privateKey = createPrivateKey(
    (JSON.parse(fs.readFileSync(require_resolve('cognito-local/lib/keys/cognitoLocal.private.json'), 'utf8')) as { pem: string }).pem,
  );
  const tokenGenerator = withPreTokenGenerationV2(new JwtTokenGenerator(clock, triggers, config.TokenConfig as never), privateKey);
  const services = { clock, cognito, config, messages, otp, tokenGenerator, triggers };
  const server = (await createServer(Router(services as never), logger as never, config.ServerConfig as never, services as never).start()) as http.Server;
  const internalUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const pools = await cognito.listUserPools(ctx as never);
  if (!pools.some((p) => p.Id === LOCAL_POOL_ID)) {
    await cognito.createUserPool(
      ctx as never,
      { Id: LOCAL_POOL_ID, Name: 'schedule-autopost-local', UsernameAttributes: ['email'], AutoVerifiedAttributes: ['email'] } as never,
    );
  }
  const clientId = await ensureAppClient(internalUrl, cognito, ctx);
  // The same key set cognito-local serves at /<poolId>/.well-known/jwks.json.
  const { jwk } = JSON.parse(fs.readFileSync(require_resolve('cognito-local/lib/keys/cognitoLocal.public.json'), 'utf8')) as { jwk: Record<string, unknown> };
  const jwks = { keys: [jwk] };

  async function resendConfirmationCode(input: { ClientId: string; Username: string; ClientMetadata?: Record<string, string> }) {
    const pool = await cognito.getUserPoolForClientId(ctx as never, input.ClientId);
    const user = await pool.getUserByUsername(ctx as never, input.Username);
    if (!user) throw Object.assign(new Error('Username/client id combination not found.'), { code: 'UserNotFoundException' });
    if (user.UserStatus === 'CONFIRMED') throw Object.assign(new Error('User is already confirmed.'), { code: 'InvalidParameterException' });
    const code = otp();
    await pool.saveUser(ctx as never, { ...user, ConfirmationCode: code });
    const email = user.Attributes.find((a: { Name: string }) => a.Name === 'email')?.Value as string;
    await messages.deliver(ctx as never, 'ResendCode', input.ClientId, LOCAL_POOL_ID, user, code, input.ClientMetadata, {
      AttributeName: 'email',
      DeliveryMedium: 'EMAIL',
      Destination: email,
    });
    return { CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email } };
  }

  async function userNamed(clientOrPool: { ClientId?: string; UserPoolId?: string }, username: string): Promise<LocalUser | null> {
    const pool = clientOrPool.ClientId
      ? await cognito.getUserPoolForClientId(ctx as never, clientOrPool.ClientId)
      : await cognito.getUserPool(ctx as never, clientOrPool.UserPoolId ?? LOCAL_POOL_ID);
    return ((await pool.getUserByUsername(ctx as never, username)) as LocalUser | null) ?? null;
  }

  /**
   * What Cognito refuses that cognito-local would let through, checked before the call is passed on.
   * Returns the refusal (`__type`, message), or null to pass the call on unchanged.
   */
  async function refusal(target: string, input: Record<string, unknown>): Promise<{ code: string; message: string } | null> {
    const operation = target.slice(TARGET_PREFIX.length);
    // Every self-service call is authorized by the access token alone, and Cognito takes only a token
    // that carries the self-service scope. The app's pre-token-generation trigger leaves it out, so a
    // token the app issued cannot change the password, the e-mail or delete the user behind the app's back.
    if (!operation.startsWith('Admin') && typeof input.AccessToken === 'string') {
      const scopes = scopesOf(input.AccessToken);
      if (!scopes) return { code: 'NotAuthorizedException', message: 'Invalid Access Token' };
      if (!scopes.includes(SELF_SERVICE_SCOPE)) return { code: 'NotAuthorizedException', message: MISSING_SCOPE_MESSAGE };
    }
    if (operation === 'ForgotPassword' || operation === 'ConfirmForgotPassword') {
      const user = await userNamed({ ClientId: String(input.ClientId) }, String(input.Username));
      const email = user?.Attributes.find((a) => a.Name === 'email');
      const emailVerified = user?.Attributes.find((a) => a.Name === 'email_verified')?.Value;
      // Cognito resets a password only through a verified address (API_ForgotPassword: "If neither a
      // verified phone number nor a verified email exists, … InvalidParameterException"); an
      // unconfirmed user's address is unverified. cognito-local would mail a code and, on its
      // confirmation, mark the user confirmed: a password reset would then prove an address nobody proved.
      const unverified = user && (user.UserStatus === 'UNCONFIRMED' || !email || emailVerified === 'false');
      if (unverified && operation === 'ForgotPassword')
        return { code: 'InvalidParameterException', message: 'Cannot reset password for the user as there is no registered/verified email or phone_number' };
      // No reset code was ever issued to such a user; cognito-local would take its sign-up code as one.
      if (unverified) return { code: 'CodeMismatchException', message: 'Invalid verification code provided, please try again.' };
    }
    if (operation === 'ConfirmSignUp') {
      // Cognito refuses to confirm a confirmed user; cognito-local says the (cleared) code expired.
      const user = await userNamed({ ClientId: String(input.ClientId) }, String(input.Username));
      if (user?.UserStatus === 'CONFIRMED') return { code: 'NotAuthorizedException', message: 'User cannot be confirmed. Current status is CONFIRMED' };
    }
    if (operation === 'AdminInitiateAuth' || operation === 'InitiateAuth') {
      // A wrong password is NotAuthorizedException on Cognito; cognito-local says InvalidPasswordException.
      const params = (input.AuthParameters ?? {}) as Record<string, string>;
      if (params.PASSWORD !== undefined && params.USERNAME) {
        const user = await userNamed(input.ClientId ? { ClientId: String(input.ClientId) } : { UserPoolId: String(input.UserPoolId) }, params.USERNAME);
        if (user && user.Password !== params.PASSWORD) return { code: 'NotAuthorizedException', message: 'Incorrect username or password.' };
      }
    }
    return null;
  }

  /**
   * AdminUserGlobalSignOut, which cognito-local lacks: like Cognito, every refresh token of the user
   * stops working (access and ID tokens already issued stay valid until they expire; the API's
   * session gate refuses them).
   */
  async function adminUserGlobalSignOut(input: { UserPoolId: string; Username: string }) {
    const pool = await cognito.getUserPool(ctx as never, input.UserPoolId);
    const user = await pool.getUserByUsername(ctx as never, input.Username);
    if (!user) throw Object.assign(new Error('User does not exist.'), { code: 'UserNotFoundException' });
    await pool.saveUser(ctx as never, { ...user, RefreshTokens: [] });
    return {};
  }

  return {
    poolId: LOCAL_POOL_ID,
    clientId,
    internalUrl,
    issuer: `${options.publicBase}/${LOCAL_POOL_ID}`,
    jwks,
    async handle(req, res, body) {
      const target = String(req.headers['x-amz-target'] ?? '');
      // The calls the shim answers itself (cognito-local lacks them).
      const own: Record<string, (input: never) => Promise<unknown>> = {
        [`${TARGET_PREFIX}ResendConfirmationCode`]: resendConfirmationCode,
        [`${TARGET_PREFIX}AdminUserGlobalSignOut`]: adminUserGlobalSignOut,
      };
      const call = own[target];
      let input: Record<string, unknown> = {};
      try {
        input = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      } catch {
        // Passed on: cognito-local answers a body it cannot parse.
      }
      // A lookup that fails here (an unknown client id…) passes the call on: cognito-local answers it.
      const refused = target.startsWith(TARGET_PREFIX) ? await refusal(target, input).catch(() => null) : null;
      if (refused) return sendJson(res, 400, { __type: refused.code, message: refused.message });
      if (call) {
        try {
          return sendJson(res, 200, await call(input as never));
        } catch (error) {
          const e = error as Error & { code?: string };
          return sendJson(res, 400, { __type: e.code ?? 'InternalErrorException', message: e.message });
        }
      }
      if (target === `${TARGET_PREFIX}GetTokensFromRefreshToken`) {
        // Amplify ≥ 6.15 refreshes only through this newer call; cognito-local knows the older equivalent.
        const input = JSON.parse(body.toString('utf8')) as { ClientId: string; RefreshToken: string };
        const translated = JSON.stringify({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: input.ClientId, AuthParameters: { REFRESH_TOKEN: input.RefreshToken } });
        return forward(internalUrl, req, res, Buffer.from(translated), `${TARGET_PREFIX}InitiateAuth`);
      }
      return forward(internalUrl, req, res, body);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type TokenGenerator = Pick<JwtTokenGenerator, 'generate'>;

/**
 * Runs the app's pre-token-generation trigger as a V2_0 trigger, which cognito-local does not know
 * (it sends V1 events and changes only the ID token): the event carries the access token's scopes,
 * and the answer's `accessTokenGeneration` and `idTokenGeneration` are applied to the tokens, which
 * are then signed again with the same key.
 */
function withPreTokenGenerationV2(inner: TokenGenerator, privateKey: ReturnType<typeof createPrivateKey>): TokenGenerator {
  return {
    async generate(ctx, user, groups, client, clientMetadata, source) {
      const tokens = await inner.generate(ctx, user, groups, client, clientMetadata, source);
      const access = decodeJwt(tokens.AccessToken);
      const event = {
        version: '2',
        region: LOCAL_REGION,
        userPoolId: client.UserPoolId,
        userName: user.Username,
        triggerSource: `TokenGeneration_${source}`,
        callerContext: { awsSdkVersion: 'local', clientId: client.ClientId },
        request: {
          userAttributes: Object.fromEntries(user.Attributes.map((a) => [a.Name, a.Value ?? ''])),
          scopes: String(access.scope ?? '')
            .split(' ')
            .filter(Boolean),
          groupConfiguration: { groupsToOverride: [...groups], iamRolesToOverride: [], preferredRole: null },
          clientMetadata: clientMetadata ?? {},
        },
        response: { claimsAndScopeOverrideDetails: null },
      };
      const result = await invokeLambda<{
        response?: { claimsAndScopeOverrideDetails?: { accessTokenGeneration?: TokenOverride; idTokenGeneration?: TokenOverride } | null };
      }>(PRE_TOKEN_GENERATION_MODULE, event);
      const details = result?.response?.claimsAndScopeOverrideDetails;
      if (!details) return tokens;
      const sign = (claims: Record<string, unknown>) =>
        new SignJWT(claims as never).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal', typ: 'JWT' }).sign(privateKey);
      return {
        ...tokens,
        AccessToken: await sign(overridden(access, details.accessTokenGeneration, true)),
        IdToken: await sign(overridden(decodeJwt(tokens.IdToken), details.idTokenGeneration, false)),
      };
    },
  };
}

function scopesOf(token: string): string[] | null {
  try {
    return String(decodeJwt(token).scope ?? '').split(' ');
  } catch {
    return null;
  }
}

function overridden(claims: Record<string, unknown>, override: TokenOverride | undefined, isAccess: boolean): Record<string, unknown> {
  if (!override) return claims;
  const result = { ...claims };
  for (const [name, value] of Object.entries(override.claimsToAddOrOverride ?? {})) if (!RESERVED_CLAIMS.has(name)) result[name] = value;
  for (const name of override.claimsToSuppress ?? []) if (!RESERVED_CLAIMS.has(name)) delete result[name];
  if (isAccess) {
    const suppressed = new Set(override.scopesToSuppress ?? []);
    const scopes = String(claims.scope ?? '')
      .split(' ')
      .filter((scope) => scope && !suppressed.has(scope));
    for (const scope of override.scopesToAdd ?? []) if (!scopes.includes(scope)) scopes.push(scope);
    if (scopes.length > 0) result.scope = scopes.join(' ');
    else delete result.scope;
  }
  return result;
}

function require_resolve(id: string): string {
  return createRequire(import.meta.url).resolve(id);
}

async function ensureAppClient(
  internalUrl: string,
  cognito: { listAppClients(ctx: never, id: string): Promise<readonly { ClientId: string }[]> },
  ctx: unknown,
): Promise<string> {
  const existing = await cognito.listAppClients(ctx as never, LOCAL_POOL_ID);
  if (existing[0]) return existing[0].ClientId;
  const client = new CognitoIdentityProviderClient({
    region: LOCAL_REGION,
    endpoint: internalUrl,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const { UserPoolClient } = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: LOCAL_POOL_ID,
      ClientName: 'spa',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  return UserPoolClient!.ClientId!;
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(body));
}

function forward(base: string, req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, target?: string): Promise<void> {
  return new Promise((resolve) => {
    const headers = { ...req.headers, host: new URL(base).host, 'content-length': String(body.length) } as http.OutgoingHttpHeaders;
    if (target) headers['x-amz-target'] = target;
    const upstream = http.request(`${base}${stripPrefix(req.url ?? '/')}`, { method: req.method, headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res).on('finish', resolve);
    });
    upstream.on('error', (error) => {
      sendJson(res, 502, { __type: 'InternalErrorException', message: `Local Cognito unavailable: ${error.message}` });
      resolve();
    });
    upstream.end(body);
  });
}

const stripPrefix = (url: string) => url.replace(/^\/_local\/cognito/, '') || '/';

/** Cognito (with the local inbox it mails to) as a module of the local cloud. */
export const cognitoModule: LocalModule = {
  name: 'Cognito (cognito-local) + inbox',
  async start({ dataDir, publicUrl, inbox }) {
    const local = await startCognito({ dataDir, publicBase: `${publicUrl}/_local/cognito`, inbox });
    return {
      // Through the front door's shim, which adds the admin calls cognito-local lacks (global sign-out).
      env: { USER_POOL_ID: local.poolId, USER_POOL_CLIENT_ID: local.clientId, COGNITO_ENDPOINT: `${publicUrl}/_local/cognito/` },
      // cognito-local has no SRP: the browser signs in with USER_PASSWORD_AUTH here only.
      config: { userPoolId: local.poolId, userPoolClientId: local.clientId, userPoolEndpoint: `${publicUrl}/_local/cognito/`, authFlow: 'USER_PASSWORD_AUTH' },
      routes: [
        { prefix: '/_local/cognito', handle: (req, res, body) => local.handle(req, res, body) },
        { prefix: '/_local/inbox', handle: (req, res) => inbox.handle(req, res, (req.url ?? '').replace(/^\/_local\/inbox/, '').split('?')[0] ?? '') },
      ],
      provides: { cognito: local },
      stop: local.stop,
    };
  },
};
