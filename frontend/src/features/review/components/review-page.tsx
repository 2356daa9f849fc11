import { Alert, Box, Button, Card, Center, Field, Heading, HStack, SimpleGrid, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type ComponentType } from 'react';
import { LuCheck, LuMessageSquare } from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import type { Platform } from '@shared/platforms';
import { CLIENT_COMMENT_MAX, REVIEW_LINK_MSG, ReviewLinkTokenSchema, type ReviewPost } from '@shared/review-links';
import { browserTimezone, formatInZone } from '@/lib/time';
import { useReviewPage, useSendDecision, type Decision } from '../api/review';

/** What the page needs of a platform preview; the app passes Compose's previews in (a feature never imports another). */
export interface ReviewPreviewProps {
  platform: Platform;
  accountName: string;
  caption: string;
  media: ReviewPost['media'];
  title?: string;
  firstComment?: string;
  thread?: readonly string[];
}
export type ReviewPreview = ComponentType<ReviewPreviewProps>;

const TIME_FORMAT = "EEEE, MMM d, yyyy 'at' h:mm a";

function Problem({ message }: { message: string }) {
  return (
    <Text role="alert" data-testid="review-problem">
      {message}
    </Text>
  );
}

function DecisionNote({ decision }: { decision: Decision }) {
  return (
    <Alert.Root status={decision.decision === 'approved' ? 'success' : 'info'} size="sm" rounded="lg" data-testid="review-decision">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{decision.decision === 'approved' ? 'You approved this post' : 'You asked for changes'}</Alert.Title>
        {decision.comment ? <Alert.Description whiteSpace="pre-line">“{decision.comment}”</Alert.Description> : null}
      </Alert.Content>
    </Alert.Root>
  );
}

function PostReview({ token, post, zone, Preview }: { token: string; post: ReviewPost; zone: string; Preview: ReviewPreview }) {
  const send = useSendDecision();
  const [decision, setDecision] = useState<Decision | null>(post.decision);
  const [asking, setAsking] = useState(false);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const when = formatInZone(post.scheduled_at, zone, TIME_FORMAT);
  const headingId = `review-post-${post.id}`;

  function decide(body: { decision: 'approved' } | { decision: 'changes_requested'; comment: string }) {
    setProblem(null);
    send.mutate(
      { token, post_id: post.id, version: post.version, ...body },
      {
        onSuccess: (answer) => {
          setDecision(answer);
          setAsking(false);
        },
        onError: (error) => setProblem(error.message),
      },
    );
  }

  const trimmed = comment.trim();
  const commentError = comment.length > CLIENT_COMMENT_MAX ? REVIEW_LINK_MSG.commentTooLong : null;
  return (
    <Card.Root as="article" aria-labelledby={headingId} variant="outline" bg="bg.panel" rounded="xl" data-testid="review-post">
      <Card.Header pb="2">
        <Heading as="h2" id={headingId} textStyle="md">
          {post.title ?? `Post for ${when}`}
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          {post.status === 'scheduled' ? 'Scheduled for ' : 'Planned for '}
          <time dateTime={post.scheduled_at}>{when}</time>
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: post.targets.length > 1 ? 2 : 1 }} gap="4" alignItems="start">
            {post.targets.map((target, i) => (
              <Preview
                key={`${target.platform}-${i}`}
                platform={target.platform}
                accountName={target.account_name}
                caption={target.caption}
                media={post.media}
                title={target.platform === 'tiktok' ? (target.tiktok_photo_title ?? '') : (post.title ?? '')}
                {...(target.first_comment ? { firstComment: target.first_comment } : {})}
                {...(target.thread.length > 0 ? { thread: target.thread } : {})}
              />
            ))}
          </SimpleGrid>
          {decision ? <DecisionNote decision={decision} /> : null}
          {problem ? (
            <Alert.Root status="error" size="sm" rounded="lg" data-testid="review-error">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Description>{problem}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          {asking ? (
            <Stack
              as="form"
              gap="2"
              onSubmit={(event) => {
                event.preventDefault();
                if (trimmed && !commentError) decide({ decision: 'changes_requested', comment: trimmed });
              }}
            >
              <Field.Root required invalid={commentError !== null}>
                <Field.Label>What should change?</Field.Label>
                <Textarea value={comment} onChange={(e) => setComment(e.currentTarget.value)} rows={3} />
                {commentError ? (
                  <Field.ErrorText>{commentError}</Field.ErrorText>
                ) : (
                  <Field.HelperText>Required. {CLIENT_COMMENT_MAX} characters at most.</Field.HelperText>
                )}
              </Field.Root>
              <HStack gap="2">
                <Button type="submit" size="sm" colorPalette="brand" loading={send.isPending} disabled={!trimmed || commentError !== null}>
                  Send request
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setAsking(false)}>
                  Cancel
                </Button>
              </HStack>
            </Stack>
          ) : (
            <HStack gap="2" wrap="wrap">
              <Button size="sm" colorPalette="brand" loading={send.isPending} onClick={() => decide({ decision: 'approved' })}>
                <LuCheck /> Approve
              </Button>
              <Button size="sm" variant="outline" onClick={() => setAsking(true)} disabled={send.isPending}>
                <LuMessageSquare /> Request changes
              </Button>
            </HStack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * /review?token=…, an agency's client review link (docs/review-links.md), opened without an account:
 * the client's upcoming posts as each network will show them, each with Approve and Request changes.
 */
export function ReviewPage({ Preview }: { Preview: ReviewPreview }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const tokenValid = ReviewLinkTokenSchema.safeParse(token).success;
  const page = useReviewPage(token);
  const zone = browserTimezone();

  let heading = 'Review posts';
  let body;
  if (!tokenValid) body = <Problem message={REVIEW_LINK_MSG.invalid} />;
  else if (page.isPending)
    body = (
      <Center py="8">
        <Spinner aria-label="Loading the posts" />
      </Center>
    );
  else if (page.isError) body = <Problem message={page.error.message} />;
  else {
    const data = page.data;
    heading = `Posts for ${data.client_name}`;
    body = (
      <Stack gap="5">
        <Text data-testid="review-summary">
          <Text as="strong">{data.workspace_name}</Text> asks you to review {data.client_name}&apos;s upcoming posts. Times are in your timezone ({zone}
          ). This link works until {formatInZone(data.expires_at, zone, 'MMM d, yyyy, h:mm a')}.
        </Text>
        {data.posts.length === 0 ? (
          <Text color="fg.muted" data-testid="review-empty">
            Nothing to review right now.
          </Text>
        ) : (
          <Stack gap="5">
            {data.posts.map((post) => (
              <PostReview key={`${post.id}-${post.version}`} token={token} post={post} zone={zone} Preview={Preview} />
            ))}
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <Box w="full" maxW="3xl">
      <Stack gap="5">
        <Heading as="h1" textStyle="2xl" letterSpacing="tight">
          {heading}
        </Heading>
        {body}
      </Stack>
    </Box>
  );
}
