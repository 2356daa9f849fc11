import * as z from 'zod';

/**
 * The realtime contract (docs/architecture.md#the-pieces, docs/product-rules.md#notifications): the backend publishes each
 * activity_log row with IAM auth, and a signed-in browser subscribes to its own user's events with
 * its Cognito token. The schema is deployed by infra/constructs/realtime.ts and served by the local
 * emulator (local/realtime/index.ts); the documents below are what the two sides send.
 *
 * Two AppSync rules shape it:
 *  - The default auth mode is the user pool, so the event type also carries @aws_iam, or the
 *    Lambda's (IAM-signed) mutation could not read back the fields it returns.
 *  - Subscribers receive only the fields the *mutation* selected, so the publisher selects them all.
 */
export const REALTIME_SCHEMA = /* GraphQL */ `
  schema {
    query: Query
    mutation: Mutation
    subscription: Subscription
  }

  type UserEvent @aws_iam @aws_cognito_user_pools {
    userId: ID!
    id: ID!
    message: String!
    createdAt: AWSDateTime!
    postId: ID
    postStatus: String
  }

  type Query {
    "AppSync requires a query type; nothing is read over GraphQL (the REST API serves reads)."
    ping: String
  }

  type Mutation {
    publishUserEvent(userId: ID!, id: ID!, message: String!, createdAt: AWSDateTime!, postId: ID, postStatus: String): UserEvent @aws_iam
  }

  type Subscription {
    onUserEvent(userId: ID!): UserEvent @aws_subscribe(mutations: ["publishUserEvent"]) @aws_cognito_user_pools
  }
`;

export const PUBLISH_MUTATION_FIELD = 'publishUserEvent';
export const SUBSCRIPTION_FIELD = 'onUserEvent';

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
