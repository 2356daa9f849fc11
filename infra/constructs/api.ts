import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpRoute, HttpRouteKey, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '../../functions/lib/edge-headers';
import { PUBLIC_ROUTES, type PublicRouteDef } from '../../functions/public-routes';
import { ROUTES, type RouteDef } from '../../functions/routes';
import { AppFunction, type FunctionEnvironment } from './app-function';

export interface ApiProps {
  readonly functionEnvironment: FunctionEnvironment;
  /** Issuer of the tokens the JWT authorizer accepts (the user pool's provider URL). */
  readonly jwtIssuer: string;
  /** Accepted `aud`/`client_id` values (the SPA app client id). */
  readonly jwtAudience: string[];
  /** @default ROUTES from functions/routes.ts */
  readonly routes?: readonly RouteDef[];
  /** @default PUBLIC_ROUTES from functions/public-routes.ts (the /v1 routes, no authorizer: the factory checks the API key) */
  readonly publicRoutes?: readonly PublicRouteDef[];
  /** @default functions/handlers in the repository */
  readonly handlersDir?: string;
  /**
   * Steady-state and burst request limits of the stage (requests per second).
   * @default { rateLimit: 50, burstLimit: 100 }
   */
  readonly throttle?: { readonly rateLimit: number; readonly burstLimit: number };
  /** @default RetentionDays.ONE_MONTH */
  readonly accessLogRetention?: RetentionDays;
  /** @default RemovalPolicy.DESTROY */
  readonly logRemovalPolicy?: RemovalPolicy;
  /**
   * Where the route functions (with their roles, policies and log groups) are created, e.g. a nested
   * stack. Inside it they sit under a construct with this one's id, so their logical ids are those
   * they would have here.
   * @default this construct
   */
  readonly functionsScope?: Construct;
  /**
   * Groups of handler folders whose functions (and, with `routesScope`, routes) are created in stacks
   * of their own instead of functionsScope/routesScope, so no stack passes its resource budget. A
   * function or route stays in the stack it was first deployed in (moving a function replaces it;
   * moving a route would create its route key twice), so a part only takes folders not yet deployed.
   */
  readonly parts?: readonly ApiPart[];
  /**
   * Where the routes, their integrations and the functions' invoke permissions are created (same
   * naming as functionsScope).
   * @default this construct's HttpApi
   */
  readonly routesScope?: Construct;
}

/** A group of handler folders in stacks of their own (ApiProps.parts). */
export interface ApiPart {
  /** Handler folders (the first part of `handler`) whose functions go to functionsScope. */
  readonly folders: readonly string[];
  readonly functionsScope: Construct;
  /** Where the routes of these folders go (and, with `publicRoutes`, every public API route). @default ApiProps.routesScope */
  readonly routesScope?: Construct;
  /** The public API's routes (`/v1/…`) go to this part's routesScope, whichever handler they call. */
  readonly publicRoutes?: boolean;
}

/**
 * The HTTP API, generated from the route tables: one function per handler module, a Cognito JWT
 * authorizer on every `user` route, nothing on `public` ones nor on the public API's /v1 routes
 * (functions/public-routes.ts), whose API keys the handler factory checks.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  /** Route functions by handler module (two routes sharing a module share a function). */
  readonly functions: ReadonlyMap<string, AppFunction>;
  /**
   * The value CloudFront must send in ORIGIN_VERIFY_HEADER; every route function refuses a request
   * without it (functions/lib/http.ts), so the execute-api endpoint is useless without CloudFront.
   */
  readonly originSecret: Secret;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);

    // The stage is declared below with logging and throttling; the implicit one has neither.
    this.httpApi = new HttpApi(this, 'HttpApi', { createDefaultStage: false });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: props.accessLogRetention ?? RetentionDays.ONE_MONTH,
      removalPolicy: props.logRemovalPolicy ?? RemovalPolicy.DESTROY,
    });
    const throttle = props.throttle ?? { rateLimit: 50, burstLimit: 100 };
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        // HTTP API context variables (REST's jsonWithStandardFields names some that do not exist here).
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            path: '$context.path',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            userId: '$context.authorizer.claims.sub',
            authorizerError: '$context.authorizer.error',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });

    const authorizer = new HttpJwtAuthorizer('CognitoJwt', props.jwtIssuer, { jwtAudience: props.jwtAudience });

    // The execute-api endpoint stays on: it is CloudFront's origin (there is no custom domain to move
    // the API to), so the functions, not the network, tell CloudFront's requests from direct ones.
    this.originSecret = new Secret(this, 'OriginSecret', {
      description: 'Sent by CloudFront to the API in the x-origin-verify header; the API refuses requests without it',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(this.originSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotating it means updating the CloudFront origin header in the same step; it is rotated by a redeploy after changing the secret, and it guards a path that also needs a valid JWT or public-route input.',
    });

    const functionsParent = props.functionsScope ? new Construct(props.functionsScope, id) : this;
    const routesParent = props.routesScope ? new Construct(new Construct(props.routesScope, id), 'HttpApi') : this.httpApi;
    const parts = (props.parts ?? []).map((part) => ({
      part,
      functions: new Construct(part.functionsScope, id),
      routes: part.routesScope ? new Construct(new Construct(part.routesScope, id), 'HttpApi') : routesParent,
    }));
    const partOf = (handler: string) => parts.find(({ part }) => part.folders.includes(handler.split('/')[0]!));
    const parentOf = (handler: string) => partOf(handler)?.functions ?? functionsParent;
    const publicRoutesParent = parts.find(({ part }) => part.publicRoutes)?.routes;
    const routeParentOf = (route: RouteDef | PublicRouteDef) =>
      (route.auth === 'key' ? publicRoutesParent : undefined) ?? partOf(route.handler)?.routes ?? routesParent;
    const functions = new Map<string, AppFunction>();
    const integrations = new Map<string, HttpLambdaIntegration>();
    for (const route of [...(props.routes ?? ROUTES), ...(props.publicRoutes ?? PUBLIC_ROUTES)] as readonly (RouteDef | PublicRouteDef)[]) {
      let integration = integrations.get(route.handler);
      if (!integration) {
        // Timeout and memory come from the route's declaration (AppFunction).
        const fn = new AppFunction(parentOf(route.handler), constructId(route.handler), {
          handlerModule: route.handler,
          handlersDir: props.handlersDir,
          environment: props.functionEnvironment,
        });
        fn.addEnvironment('ORIGIN_VERIFY_SECRET_ARN', this.originSecret.secretArn);
        this.originSecret.grantRead(fn);
        functions.set(route.handler, fn);
        integration = new HttpLambdaIntegration(`${constructId(route.handler)}Integration`, fn);
        integrations.set(route.handler, integration);
      }
      // As HttpApi.addRoutes names them, so the logical ids stay where they were.
      const httpRoute = new HttpRoute(routeParentOf(route), `${route.method}${route.path}`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration,
        ...(route.auth === 'user' && { authorizer }),
      });
      if (route.auth === 'key') {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${route.method} ${route.path} is the public API: the handler factory admits it by the workspace API key in its Authorization header, on every request (functions/lib/http.ts), and refuses anything else.`,
        });
      }
      if (route.auth === 'public') {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${route.method} ${route.path} is public by spec (plans, checkout, signup completion, OAuth callbacks, webhooks).`,
        });
      }
    }
    this.functions = functions;
  }

  /** The custom origin header CloudFront adds to every /api/* request (resolved at deploy time). */
  get originHeaders(): Record<string, string> {
    return { [ORIGIN_VERIFY_HEADER]: this.originSecret.secretValue.unsafeUnwrap() };
  }

  /** Host of the default endpoint (`<id>.execute-api.<region>.<suffix>`), for a CloudFront origin. */
  get domainName(): string {
    const { region, urlSuffix } = Stack.of(this);
    return `${this.httpApi.apiId}.execute-api.${region}.${urlSuffix}`;
  }
}

/** `notifications/mark-all-read` → `NotificationsMarkAllRead`. */
function constructId(handlerModule: string): string {
  return handlerModule
    .split(/[/-]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
