import type { ResourcesConfig } from 'aws-amplify';
import { Amplify } from 'aws-amplify';
import type { RuntimeConfig } from '@shared/api';

/** Amplify settings for this deployment; the hosted UI (Google) only when the stack configured it. */
export function amplifyConfigFor(config: RuntimeConfig, origin: string): ResourcesConfig {
  const oauthEnabled = Boolean(config.oauthDomain && config.googleSignIn);
  return {
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        // The local cloud serves Cognito on its own endpoint; on AWS the field is absent.
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: {
          email: true,
          ...(oauthEnabled
            ? {
                oauth: {
                  domain: config.oauthDomain!,
                  scopes: ['email', 'openid', 'profile'],
                  redirectSignIn: [`${origin}/home`],
                  redirectSignOut: [`${origin}/auth`],
                  responseType: 'code' as const,
                },
              }
            : {}),
        },
      },
    },
  };
}

export async function configureAmplify(config: RuntimeConfig, origin = window.location.origin): Promise<void> {
  const resources = amplifyConfigFor(config, origin);
  Amplify.configure(resources);
  // The Google redirect lands on /home, whose chunk never imports signInWithRedirect; without this
  // listener the returned code would not be exchanged. Loaded only when the hosted UI is configured.
  if (resources.Auth?.Cognito.loginWith?.oauth) await import('aws-amplify/auth/enable-oauth-listener');
}
