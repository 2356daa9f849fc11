import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';

/**
 * The scope that lets an access token call Cognito's self-service API on its own: ChangePassword,
 * UpdateUserAttributes, DeleteUser, GlobalSignOut, GetUser and the rest that take only an access token.
 */
const SELF_SERVICE_SCOPE = 'aws.cognito.signin.user.admin';

/**
 * Cognito pre-token-generation trigger (event version V2_0, which customizes access tokens): every
 * access token leaves out the self-service scope. A password changed with Cognito's ChangePassword
 * would end no session (it revokes nothing and fires no trigger), and DeleteUser or an e-mail change
 * would bypass the app's deletion and the profile; without the scope Cognito refuses all of them
 * ("Access Token does not have required scopes"), so the app's own routes are the only way.
 */
export async function handler(event: PreTokenGenerationV2TriggerEvent): Promise<PreTokenGenerationV2TriggerEvent> {
  event.response = {
    claimsAndScopeOverrideDetails: {
      ...event.response?.claimsAndScopeOverrideDetails,
      accessTokenGeneration: { scopesToSuppress: [SELF_SERVICE_SCOPE] },
    },
  };
  return event;
}
