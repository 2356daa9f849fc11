import { Button, Card, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { LuMailCheck, LuMailWarning } from 'react-icons/lu';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useConfirmEmail } from '../api/confirm-sign-up';
import { useResendVerificationLink } from '../api/resend-sign-up-code';
import { AUTH_TEXT, errorMessage } from '../texts';

/** The target of the link in the verification mail: /auth/verify?email=…&code=… */
export function VerifyEmail() {
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const code = params.get('code')?.trim() ?? '';
  const navigate = useNavigate();
  const confirm = useConfirmEmail();
  const { mutate: confirmMutate } = confirm;
  const resend = useResendVerificationLink();
  const [resent, setResent] = useState(false);
  // A code works once: StrictMode's second effect run must not send it again.
  const attempted = useRef<string | null>(null);

  useEffect(() => {
    if (!email || !code || attempted.current === `${email}:${code}`) return;
    attempted.current = `${email}:${code}`;
    confirmMutate(
      { email, code },
      {
        onSuccess: () => {
          toaster.success({ title: AUTH_TEXT.emailVerified });
          void navigate(paths.auth.getHref({ email }), { replace: true });
        },
      },
    );
  }, [email, code, confirmMutate, navigate]);

  function onResend() {
    resend.mutate(email, {
      onSuccess: () => {
        setResent(true);
        toaster.success({ title: AUTH_TEXT.newLinkSent });
      },
      onError: (error) => toaster.error({ title: AUTH_TEXT.errorTitle, description: errorMessage(error) }),
    });
  }

  const incomplete = !email || !code;

  return (
    <Card.Root w="full" maxW="md" variant="outline" bg="bg.panel" shadow="lg" rounded="2xl">
      <Card.Body>
        {incomplete ? (
          <Outcome
            icon={<LuMailWarning />}
            title="This verification link is incomplete"
            text="Open the link from your verification e-mail again, or sign up once more to get a new one."
          />
        ) : confirm.isError ? (
          <Stack gap="5">
            <Outcome icon={<LuMailWarning />} title="We couldn't verify your email" text={errorMessage(confirm.error)} isError />
            {resent ? (
              <Text textStyle="sm" color="fg.muted" textAlign="center">
                We sent a new link to {email}.
              </Text>
            ) : (
              <Button colorPalette="brand" onClick={onResend} loading={resend.isPending}>
                Send a new link
              </Button>
            )}
          </Stack>
        ) : confirm.isSuccess ? (
          <Outcome icon={<LuMailCheck />} title={AUTH_TEXT.emailVerified} />
        ) : (
          <Stack align="center" gap="4" py="6" role="status" aria-live="polite">
            <Spinner size="lg" color="brand.solid" borderWidth="3px" />
            <Text color="fg.muted">Verifying your email...</Text>
          </Stack>
        )}
      </Card.Body>
      <Card.Footer justifyContent="center">
        <Link asChild textStyle="sm" color="brand.fg">
          <RouterLink to={paths.auth.getHref(email ? { email } : {})}>Back to sign in</RouterLink>
        </Link>
      </Card.Footer>
    </Card.Root>
  );
}

interface OutcomeProps {
  icon: ReactNode;
  title: string;
  text?: string;
  isError?: boolean;
}

function Outcome({ icon, title, text, isError = false }: OutcomeProps) {
  return (
    <Stack align="center" gap="3" textAlign="center" pt="4">
      <Text fontSize="3xl" color="brand.fg" aria-hidden>
        {icon}
      </Text>
      <Text as="h1" textStyle="xl" fontWeight="semibold" letterSpacing="tight">
        {title}
      </Text>
      {text ? (
        <Text color="fg.muted" role={isError ? 'alert' : undefined}>
          {text}
        </Text>
      ) : null}
    </Stack>
  );
}
