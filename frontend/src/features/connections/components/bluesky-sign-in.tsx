import { Button, Card, Center, Field, Input, Separator, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { BlueskySignInBodySchema } from '@shared/bluesky';
import { BlueskyButterfly } from '@/components/platform-icon';
import { fieldErrorsOf, type FieldErrors } from '@/lib/field-errors';
import { startBlueskySignIn } from '../api/bluesky-sign-in';

/**
 * The Bluesky step of the connect popup (docs/bluesky.md#connecting): Bluesky accounts live on many
 * servers, so we ask which account first (its handle), or let the user go on to bsky.social, whose
 * page asks itself. Then the popup goes to that server's own sign-in and consent page; no password
 * is ever typed here.
 */
export function BlueskySignIn() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const state = params.get('state') ?? '';
  const [identifier, setIdentifier] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<'handle' | 'service' | null>(null);

  async function go(withHandle: boolean) {
    const parsed = BlueskySignInBodySchema.safeParse({ state, ...(withHandle ? { identifier } : {}) });
    if (!parsed.success || (withHandle && !parsed.data.identifier)) {
      setErrors(parsed.success ? { identifier: 'Enter your Bluesky handle' } : fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    setFailure(null);
    setPending(withHandle ? 'handle' : 'service');
    try {
      const next = new URL(await startBlueskySignIn({ state, ...(withHandle ? { identifier } : {}) }), window.location.origin);
      // Our own callback page stays within the app, so the popup does not load the SPA again.
      if (next.origin === window.location.origin) void navigate(`${next.pathname}${next.search}`, { replace: true });
      else window.location.assign(next.href);
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.');
      setPending(null);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void go(true);
  }

  return (
    <Center minH="100dvh" p="6">
      <Card.Root w="full" maxW="md" variant="outline" bg="bg.panel" rounded="2xl">
        <Card.Header gap="1.5" pb="2">
          <Card.Title as="h1" textStyle="2xl" display="flex" alignItems="center" gap="2">
            <BlueskyButterfly aria-hidden /> Connect Bluesky
          </Card.Title>
          <Card.Description>
            Enter your Bluesky handle. You then sign in on your Bluesky server&apos;s own page and choose what we may do; we never see your password.
          </Card.Description>
        </Card.Header>
        <Card.Body>
          <form onSubmit={onSubmit} noValidate aria-label="Connect Bluesky">
            <Stack gap="4">
              <Field.Root invalid={Boolean(errors.identifier)}>
                <Field.Label>Handle</Field.Label>
                <Input
                  name="identifier"
                  autoComplete="username"
                  placeholder="you.bsky.social"
                  value={identifier}
                  onChange={(e) => setIdentifier(e.target.value)}
                />
                <Field.ErrorText>{errors.identifier}</Field.ErrorText>
              </Field.Root>
              {failure ? (
                <Text role="alert" color="fg.error" textStyle="sm">
                  {failure}
                </Text>
              ) : null}
              <Button type="submit" colorPalette="brand" loading={pending === 'handle'} disabled={!state || pending !== null}>
                Continue
              </Button>
              <Separator />
              <Button type="button" variant="outline" loading={pending === 'service'} disabled={!state || pending !== null} onClick={() => void go(false)}>
                Continue with bsky.social
              </Button>
              {!state ? (
                <Text role="alert" color="fg.error" textStyle="sm">
                  This page opens from Platforms when you connect Bluesky. Start there.
                </Text>
              ) : null}
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
