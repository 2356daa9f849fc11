import { Alert, Box, Button, Card, Field, HStack, Input, Link, Separator, Stack, Tabs, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { FcGoogle } from 'react-icons/fc';
import { LuExternalLink } from 'react-icons/lu';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { BILLING_MSG } from '@shared/billing-messages';
import { MSG } from '@shared/messages';
import { toaster } from '@/components/ui/toaster';
import { paths, type AuthMode } from '@/config/paths';
import { getRuntimeConfig } from '@/config/runtime-config';
import { useAuth } from '@/lib/auth';
import { takePendingInvite } from '@/lib/pending-invite';
import { fieldErrorsOf, type FieldErrors } from '@/lib/field-errors';
import { useAmplifyAuthAfterPaint } from '../api/amplify-auth';
import { useSignIn } from '../api/sign-in';
import { useSignInWithGoogle } from '../api/sign-in-with-google';
import { useSignUp } from '../api/sign-up';
import { AUTH_TEXT, errorMessage, signInErrorMessage } from '../texts';

const COPY: Record<AuthMode, { heading: string; sub: string; submit: string; switchPrompt: string; switchLink: string }> = {
  signin: {
    heading: 'Welcome back',
    sub: 'Sign in to plan and publish your posts.',
    submit: 'Sign In',
    switchPrompt: "Don't have an account?",
    switchLink: 'Sign up',
  },
  signup: {
    heading: 'Create your account',
    sub: 'Start scheduling in minutes. Free plan, no card needed.',
    submit: 'Sign Up',
    switchPrompt: 'Already have an account?',
    switchLink: 'Sign in',
  },
};

const loadCredentialRules = () => import('@shared/auth');

/** The one form both tabs show. */
const AUTH_FORM_ID = 'auth-form';

function modeParams(mode: AuthMode, email: string, invite: string | null): Record<string, string> {
  const next: Record<string, string> = {};
  if (mode === 'signup') next.mode = 'signup';
  if (email) next.email = email;
  // Coming from an invitation: switching tabs or signing up must not lose the way back to it.
  if (invite) next.invite = invite;
  return next;
}

/** Sign-in / sign-up with e-mail and password (docs/product-rules.md#sign-in-and-sign-up, #account-forms). */
export function AuthForm() {
  // The mode lives in the URL (/auth?mode=signup), so links and the back button switch it too.
  const [params, setParams] = useSearchParams();
  const mode: AuthMode = params.get('mode') === 'signup' ? 'signup' : 'signin';
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [showInboxLink, setShowInboxLink] = useState(false);
  // The field that is wrong is marked too, not only named in the toast.
  const [errors, setErrors] = useState<FieldErrors>({});
  const { refresh } = useAuth();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const signUp = useSignUp();
  const google = useSignInWithGoogle();
  const { googleSignIn, inboxUrl } = getRuntimeConfig();
  const busy = signIn.isPending || signUp.isPending;
  const copy = COPY[mode];
  const invite = params.get('invite');
  useAmplifyAuthAfterPaint(loadCredentialRules);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The credential rules (zod) are not needed to paint the form: they arrive after it, like Amplify.
    const { CredentialsSchema, firstIssue } = await loadCredentialRules();
    const parsed = CredentialsSchema.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      toaster.error({ title: MSG.validationErrorTitle, description: firstIssue(parsed) ?? MSG.emailInvalid });
      return;
    }
    setErrors({});
    try {
      if (mode === 'signup') {
        await signUp.mutateAsync(parsed.data);
        toaster.success({ title: MSG.accountCreated });
        setPassword('');
        setParams(modeParams('signin', parsed.data.email, invite), { replace: true });
        setShowInboxLink(Boolean(inboxUrl));
      } else {
        await signIn.mutateAsync(parsed.data);
        // The guard on /home reads the session from context: make sure it is there before we go.
        await refresh();
        toaster.success({ title: MSG.welcomeBack });
        // Signing in from /complete-signup's link: the Subscription page attaches the paid checkout.
        const claim = params.get('claim');
        // From an invitation (directly, or through sign-up and the verification link): back to it.
        const pendingInvite = invite ?? takePendingInvite();
        void navigate(claim ? paths.app.subscription.getHref({ claim }) : pendingInvite ? paths.invite.getHref(pendingInvite) : paths.app.root.getHref(), {
          replace: true,
        });
      }
    } catch (error) {
      toaster.error({ title: AUTH_TEXT.errorTitle, description: mode === 'signin' ? signInErrorMessage(error) : errorMessage(error) });
    }
  }

  function onGoogle() {
    google.mutate(undefined, {
      onError: (error) => toaster.error({ title: AUTH_TEXT.errorTitle, description: errorMessage(error) }),
    });
  }

  return (
    <Card.Root w="full" maxW="md" variant="outline" bg="bg.panel" shadow="lg" rounded="2xl">
      <Card.Header gap="1.5" pb="2">
        <Card.Title as="h1" textStyle="2xl" letterSpacing="tight">
          {copy.heading}
        </Card.Title>
        <Card.Description>{copy.sub}</Card.Description>
      </Card.Header>
      <Card.Body gap="5">
        <Tabs.Root
          value={mode}
          // Both tabs show the one form below (there is no panel per tab): point aria-controls at it.
          ids={{ content: () => AUTH_FORM_ID }}
          onValueChange={(details) => {
            setErrors({});
            setParams(modeParams(details.value as AuthMode, email, invite), { replace: true });
          }}
          variant="enclosed"
          fitted
          size="sm"
        >
          <Tabs.List w="full">
            <Tabs.Trigger value="signin">Sign In</Tabs.Trigger>
            <Tabs.Trigger value="signup">Sign Up</Tabs.Trigger>
          </Tabs.List>
        </Tabs.Root>

        {params.get('session') === 'ended' && mode === 'signin' ? (
          <Alert.Root status="warning" size="sm" rounded="lg" data-testid="session-ended">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{AUTH_TEXT.sessionEnded}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}

        {params.get('claim') && mode === 'signin' ? (
          // Sent here by /complete-signup with a payment for this e-mail: say why the plan is not there yet.
          <Alert.Root status="info" size="sm" rounded="lg" data-testid="claim-on-sign-in">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{BILLING_MSG.claimOnSignIn}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}

        {showInboxLink && inboxUrl && mode === 'signin' ? (
          <Alert.Root status="info" size="sm" rounded="lg">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>
                Your verification link is in the local inbox.{' '}
                <Link href={inboxUrl} target="_blank" rel="noreferrer" fontWeight="medium" color="brand.fg">
                  {AUTH_TEXT.openInbox} <LuExternalLink />
                </Link>
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}

        <form
          id={AUTH_FORM_ID}
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-label={mode === 'signup' ? 'Sign up form' : 'Sign in form'}
          data-testid={mode === 'signup' ? 'sign-up-form' : 'sign-in-form'}
        >
          <Stack gap="4">
            <Field.Root invalid={Boolean(errors.email)}>
              <Field.Label>Email</Field.Label>
              <Input type="email" name="email" autoComplete="email" placeholder="you@example.com" value={email} onChange={(e) => setEmail(e.target.value)} />
              <Field.ErrorText>{errors.email}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.password)}>
              <Field.Label>Password</Field.Label>
              <Input
                type="password"
                name="password"
                autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
                placeholder={mode === 'signup' ? 'At least 6 characters' : '••••••••'}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <Field.ErrorText>{errors.password}</Field.ErrorText>
              {mode === 'signin' ? (
                <Link asChild textStyle="sm" color="brand.fg" alignSelf="flex-end">
                  <RouterLink to={paths.forgotPassword.getHref({ email: email || undefined })}>{AUTH_TEXT.forgotPassword}</RouterLink>
                </Link>
              ) : null}
            </Field.Root>
            <Button type="submit" colorPalette="brand" loading={busy} data-testid="auth-submit" mt="1">
              {copy.submit}
            </Button>
          </Stack>
        </form>

        {googleSignIn ? (
          <>
            <HStack gap="3">
              <Separator flex="1" />
              <Text textStyle="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wider">
                or
              </Text>
              <Separator flex="1" />
            </HStack>
            <Button variant="outline" onClick={onGoogle} loading={google.isPending}>
              <FcGoogle /> Continue with Google
            </Button>
          </>
        ) : null}
      </Card.Body>
      <Card.Footer justifyContent="center" pt="0">
        <Box textStyle="sm" color="fg.muted">
          {copy.switchPrompt}{' '}
          <Link asChild color="brand.fg" fontWeight="medium">
            <RouterLink to={paths.auth.getHref({ mode: mode === 'signup' ? 'signin' : 'signup', invite: invite ?? undefined })} replace>
              {copy.switchLink}
            </RouterLink>
          </Link>
        </Box>
      </Card.Footer>
    </Card.Root>
  );
}
