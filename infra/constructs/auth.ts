import { RemovalPolicy, SecretValue, Stack, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  LambdaVersion,
  OAuthScope,
  ProviderAttribute,
  UserPool,
  type UserPoolClient,
  UserPoolClientIdentityProvider,
  UserPoolDomain,
  UserPoolIdentityProviderGoogle,
  UserPoolOperation,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { COGNITO_TRIGGERS } from '../../functions/routes';
import type { RuntimeConfig } from '../../shared/api';
import type { GoogleSignInConfig } from '../config';
import { AppFunction, type FunctionEnvironment } from './app-function';

export interface AuthProps {
  /**
   * Environment for the trigger functions. No pool id: pool → trigger → pool would be a cycle, and
   * Cognito sends it in every trigger event (`event.userPoolId`).
   */
  readonly functionEnvironment: Omit<FunctionEnvironment, 'userPoolId'>;
  /** The SPA origin (`https://<cloudfront domain>`): OAuth callback and sign-out URLs. */
  readonly appOrigin: string;
  /**
   * Sign-in with Google through the Cognito managed login.
   * @default - email and password only: no identity provider, no managed-login domain
   */
  readonly google?: GoogleSignInConfig;
  /** @default functions/handlers in the repository */
  readonly handlersDir?: string;
  /**
   * What happens to the user pool (and every account) when it leaves the stack.
   * @default RemovalPolicy.RETAIN
   */
  readonly removalPolicy?: RemovalPolicy;
}

/** Cognito: the user pool, its triggers, the SPA app client and optional Google federation. */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  readonly triggers: { readonly [K in keyof typeof COGNITO_TRIGGERS]: AppFunction };
  /** Managed-login host (`<prefix>.auth.<region>.amazoncognito.com`), only with Google. */
  readonly oauthDomain?: string;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const removalPolicy = props.removalPolicy ?? RemovalPolicy.RETAIN;

    const triggerFunction = (triggerId: string, handlerModule: string) =>
      new AppFunction(this, triggerId, {
        handlerModule,
        handlersDir: props.handlersDir,
        environment: props.functionEnvironment,
      });
    this.triggers = {
      postConfirmation: triggerFunction('PostConfirmation', COGNITO_TRIGGERS.postConfirmation),
      customMessage: triggerFunction('CustomMessage', COGNITO_TRIGGERS.customMessage),
      preTokenGeneration: triggerFunction('PreTokenGeneration', COGNITO_TRIGGERS.preTokenGeneration),
    };

    this.userPool = new UserPool(this, 'UserPool', {
      featurePlan: FeaturePlan.ESSENTIALS,
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      // docs/product-rules.md#account-forms: passwords are 6–72 characters, nothing more. 72 is enforced by the shared schema.
      passwordPolicy: {
        minLength: 6,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      // The custom-message trigger turns the code into a link to the SPA.
      userVerification: { emailStyle: VerificationEmailStyle.CODE },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      lambdaTriggers: {
        postConfirmation: this.triggers.postConfirmation,
        customMessage: this.triggers.customMessage,
      },
      deletionProtection: removalPolicy === RemovalPolicy.RETAIN,
      removalPolicy,
    });
    // V2_0 (access token customization; needs the Essentials plan above): access tokens leave out the
    // self-service scope, so Cognito's own ChangePassword, DeleteUser and attribute changes refuse
    // them and the app's routes, which end sessions and keep the profile, are the only way.
    this.userPool.addTrigger(UserPoolOperation.PRE_TOKEN_GENERATION_CONFIG, this.triggers.preTokenGeneration, LambdaVersion.V2_0);
    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason:
          'docs/product-rules.md#account-forms fixes the password rule at 6–72 characters with no character classes; stricter rules would reject valid sign-ups.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason: 'The spec defines email+password and Google sign-in only; requiring MFA would block every sign-up flow it describes.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason: 'Essentials plan by choice: Plus (threat protection) is billed per active user and not required by the spec at launch.',
      },
    );

    const google = props.google;
    let googleIdp: UserPoolIdentityProviderGoogle | undefined;
    if (google) {
      googleIdp = new UserPoolIdentityProviderGoogle(this, 'Google', {
        userPool: this.userPool,
        clientId: google.clientId,
        clientSecretValue: SecretValue.secretsManager(google.clientSecretName),
        scopes: ['openid', 'email', 'profile'],
        attributeMapping: {
          email: ProviderAttribute.GOOGLE_EMAIL,
          emailVerified: ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
        },
      });
      new UserPoolDomain(this, 'Domain', {
        userPool: this.userPool,
        cognitoDomain: { domainPrefix: google.domainPrefix },
      });
      this.oauthDomain = `${google.domainPrefix}.auth.${Stack.of(this).region}.amazoncognito.com`;
    }

    this.client = this.userPool.addClient('SpaClient', {
      generateSecret: false,
      // SRP for browsers (CDK adds ALLOW_REFRESH_TOKEN_AUTH): with USER_PASSWORD_AUTH the password itself
      // travels to Cognito, and nothing in the browser needs it on AWS. The local Cognito has no SRP,
      // so the local cloud tells the SPA to use USER_PASSWORD_AUTH instead (runtime config authFlow).
      // ADMIN_USER_PASSWORD_AUTH needs IAM credentials, so only the password-change function uses it
      // (to prove the current password); a browser cannot.
      authFlows: { userSrp: true, adminUserPassword: true },
      preventUserExistenceErrors: true,
      // Without Google there is no managed login, so no OAuth (CDK would default to example.com callbacks).
      disableOAuth: !google,
      ...(google && {
        supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO, UserPoolClientIdentityProvider.GOOGLE],
        oAuth: {
          flows: { authorizationCodeGrant: true },
          scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE],
          callbackUrls: [`${props.appOrigin}/home`, `${props.appOrigin}/auth`],
          logoutUrls: [`${props.appOrigin}/auth`],
        },
      }),
    });
    // The client may only name Google once the provider exists.
    if (googleIdp) this.client.node.addDependency(googleIdp);
  }

  /** The PostConfirmation trigger, for grants (it writes the new user's first items). */
  get postConfirmation(): AppFunction {
    return this.triggers.postConfirmation;
  }

  /**
   * The JWT issuer (`iss`) the API authorizer trusts: the pool's provider URL, spelt out with its
   * scheme as CDK's own HttpUserPoolAuthorizer does (the ProviderURL attribute's format is not
   * documented to include `https://`).
   */
  get issuerUrl(): string {
    const { region, urlSuffix } = Stack.of(this);
    return `https://cognito-idp.${region}.${urlSuffix}/${this.userPool.userPoolId}`;
  }

  /**
   * Hosts the browser calls for sign-in (for the CSP). Built from plain strings, not from the
   * domain resource: the distribution must not depend on the pool (pool → triggers → media
   * bucket CORS → distribution).
   */
  get browserOrigins(): string[] {
    const region = Stack.of(this).region;
    return [`https://cognito-idp.${region}.amazonaws.com`, ...(this.oauthDomain ? [`https://${this.oauthDomain}`] : [])];
  }

  /** The auth part of the SPA's `/config.json`. */
  get runtimeConfig(): Pick<RuntimeConfig, 'userPoolId' | 'userPoolClientId' | 'oauthDomain' | 'googleSignIn' | 'authFlow'> {
    return {
      userPoolId: this.userPool.userPoolId,
      userPoolClientId: this.client.userPoolClientId,
      authFlow: 'USER_SRP_AUTH',
      ...(this.oauthDomain && { oauthDomain: this.oauthDomain }),
      googleSignIn: this.oauthDomain !== undefined,
    };
  }
}
