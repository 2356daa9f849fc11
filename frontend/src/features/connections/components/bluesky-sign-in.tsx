import { Button, Card, Center, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AppPasswordSignInBodySchema } from '@shared/bluesky';
import { BlueskyButterfly } from '@/components/platform-icon';
import { fieldErrorsOf, type FieldErrors } from '@/lib/field-errors';
import { signInToBluesky } from '../api/bluesky-sign-in';

/** Bluesky's own page where a user makes an app password. */
const APP_PASSWORDS_URL = 'https://bsky.app/settings/app-passwords';

/**
 * The Bluesky step of the connect popup (docs/bluesky.md#connecting): handle and app password
 * instead of a network's consent page. The password opens one session and is never stored; the
 * popup then goes to /oauth-callback like any connect, which tells the opener and closes.
 */
export function BlueskySignIn() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const state = params.get('state') ?? '';
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = AppPasswordSignInBodySchema.safeParse({ state, identifier, app_password: password });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    setFailure(null);
    setPending(true);
    try {
      // The callback page is ours: within the app, so the popup does not load the SPA again.
      const next = new URL(await signInToBluesky({ state, identifier, app_password: password }), window.location.origin);
      if (next.origin === window.location.origin) void navigate(`${next.pathname}${next.search}`, { replace: true });
      else window.location.assign(next.href);
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.');
      setPending(false);
    }
  }

  return (
    <Center minH="100dvh" p="6">
      <Card.Root w="full" maxW="md" variant="outline" bg="bg.panel" rounded="2xl">
        <Card.Header gap="1.5" pb="2">
          <Card.Title as="h1" textStyle="2xl" display="flex" alignItems="center" gap="2">
            <BlueskyButterfly aria-hidden /> Connect Bluesky
          </Card.Title>
          <Card.Description>
            Sign in with an app password, not your account password. Make one in Bluesky under Settings → Privacy and security → App passwords.{' '}
            <Link href={APP_PASSWORDS_URL} target="_blank" rel="noreferrer" color="brand.fg" fontWeight="medium">
              Open Bluesky&apos;s app passwords
            </Link>
          </Card.Description>
        </Card.Header>
        <Card.Body>
          <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Sign in to Bluesky">
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
              <Field.Root invalid={Boolean(errors.app_password)}>
                <Field.Label>App password</Field.Label>
                <Input
                  type="password"
                  name="app_password"
                  autoComplete="off"
                  placeholder="xxxx-xxxx-xxxx-xxxx"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
                <Field.HelperText>We use it once to sign in and never store it.</Field.HelperText>
                <Field.ErrorText>{errors.app_password}</Field.ErrorText>
              </Field.Root>
              {failure ? (
                <Text role="alert" color="fg.error" textStyle="sm">
                  {failure}
                </Text>
              ) : null}
              <Button type="submit" colorPalette="brand" loading={pending} disabled={!state}>
                Connect Bluesky
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
