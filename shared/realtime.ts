import * as z from 'zod';

/**
 * The realtime contract (docs/architecture.md#the-pieces, docs/product-rules.md#notifications): the backend publishes each
 * activity_log row with IAM auth, and a signed-in browser subscribes to its own user's events with
 * its Cognito access token, which a Lambda authorizer checks against the session gate (so a token
 * of an ended session opens nothing). The schema is deployed by infra/constructs/realtime.ts and
 * served by the local emulator (local/realtime/index.ts); the documents below are what the sides send.
 *
 * Three AppSync rules shape it:
 *  - The default auth mode is the Lambda authorizer, so the event type also carries @aws_iam, or the
 *    Lambda's (IAM-signed) mutation could not read back the fields it returns.
 *  - Subscribers receive only the fields the *mutation* selected, so the publisher selects them all.
 *  - `endUserSessions` (IAM only) invalidates the subscriptions of the sessions that began before
 *    `validAfter`: AppSync closes them (the subscription's invalidation filter, set by its resolver).
 */
export const REALTIME_SCHEMA = /* GraphQL */ `
  schema {
    query: Query
    mutation: Mutation
    subscription: Subscription
  }

  type UserEvent @aws_iam @aws_lambda {
    userId: ID!
    id: ID!
    message: String!
    createdAt: AWSDateTime!
    postId: ID
    postStatus: String
  }

  type SessionsEnded @aws_iam {
    userId: ID!
    validAfter: Int!
  }

  type Query {
    "AppSync requires a query type; nothing is read over GraphQL (the REST API serves reads)."
    ping: String
  }

  type Mutation {
    publishUserEvent(userId: ID!, id: ID!, message: String!, createdAt: AWSDateTime!, postId: ID, postStatus: String): UserEvent @aws_iam
    endUserSessions(userId: ID!, validAfter: Int!): SessionsEnded @aws_iam
  }

  type Subscription {
    onUserEvent(userId: ID!): UserEvent @aws_subscribe(mutations: ["publishUserEvent"]) @aws_lambda
  }
`;

export const PUBLISH_MUTATION_FIELD = 'publishUserEvent';
export const SUBSCRIPTION_FIELD = 'onUserEvent';
export const END_SESSIONS_MUTATION_FIELD = 'endUserSessions';

/**
 * What the realtime authorizer hands the subscription resolver (`ctx.identity.resolverContext`):
 * AppSync takes string values only, so the session start travels as epoch seconds in a string.
 */
export interface RealtimeResolverContext {
  readonly sub: string;
  readonly sessionStart: string;
}

export const END_USER_SESSIONS_MUTATION = /* GraphQL */ `
  mutation EndUserSessions($userId: ID!, $validAfter: Int!) {
    endUserSessions(userId: $userId, validAfter: $validAfter) {
      userId
      validAfter
    }
  }
`;

export const EndUserSessionsSchema = z.object({ userId: z.string().min(1), validAfter: z.number().int().positive() });

/** Every field of UserEvent, in schema order: the publisher selects all (see above). */
export const USER_EVENT_FIELDS = ['userId', 'id', 'message', 'createdAt', 'postId', 'postStatus'] as const;

export const UserEventSchema = z.object({
  userId: z.string().min(1),
  id: z.string().min(1),
  message: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  postId: z.string().min(1).nullish(),
  postStatus: z.string().min(1).nullish(),
});
export type UserEvent = z.infer<typeof UserEventSchema>;

export const PUBLISH_USER_EVENT_MUTATION = /* GraphQL */ `mutation PublishUserEvent($userId: ID!, $id: ID!, $message: String!, $createdAt: AWSDateTime!, $postId: ID, $postStatus: String) {
  publishUserEvent(userId: $userId, id: $id, message: $message, createdAt: $createdAt, postId: $postId, postStatus: $postStatus) {
    ${USER_EVENT_FIELDS.join(' ')}
  }
}`;

export const ON_USER_EVENT_SUBSCRIPTION = /* GraphQL */ `subscription OnUserEvent($userId: ID!) {
  onUserEvent(userId: $userId) {
    ${USER_EVENT_FIELDS.join(' ')}
  }
}`;

/** The `data` of one subscription message. */
export const OnUserEventDataSchema = z.object({ onUserEvent: UserEventSchema.nullable() });
