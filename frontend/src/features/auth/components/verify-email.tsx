import { Button, Card, Field, Input, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { LuMailCheck, LuMailWarning } from 'react-icons/lu';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import * as z from 'zod';
import { firstIssue, PasswordSchema } from '@shared/auth';
import { BILLING_MSG } from '@shared/billing-messages';
import { MSG } from '@shared/messages';
import { NewPasswordField } from '@/components/new-password-field';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { fieldErrorsOf, type FieldErrors } from '@/lib/field-errors';
import { useConfirmCheckoutSignup } from '../api/confirm-checkout-signup';
import { useConfirmEmail } from '../api/confirm-sign-up';
import { useResendVerificationLink } from '../api/resend-sign-up-code';
import { AUTH_TEXT, errorMessage } from '../texts';

const PasswordsSchema = z
  .object({ password: PasswordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: MSG.passwordsDontMatch, path: ['confirm'] });

/**
 * The target of the link in the verification mail: /auth/verify?email=…&code=…. An account a paid
 * checkout made has `&password=new`: its owner sets the password while verifying, because the one
 * the payer chose proves nothing about who owns the address.
 */
export function VerifyEmail() {
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const code = params.get('code')?.trim() ?? '';
  if (params.get('password') === 'new' && email && code) return <VerifyAndChoosePassword email={email} code={code} />;
  return <VerifyOnly email={email} code={code} />;
}

function VerifyOnly({ email, code }: { email: string; code: string }) {
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
    resend.mutate(
      { email },
      {
        onSuccess: () => {
          setResent(true);
          toaster.success({ title: AUTH_TEXT.newLinkSent });
        },
        onError: (error) => toaster.error({ title: AUTH_TEXT.errorTitle, description: errorMessage(error) }),
      },
    );
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

function VerifyAndChoosePassword({ email, code }: { email: string; code: string }) {
  const navigate = useNavigate();
  const confirm = useConfirmCheckoutSignup();
  const resend = useResendVerificationLink();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [resent, setResent] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = PasswordsSchema.safeParse({ password, confirm: again });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      toaster.error({ title: MSG.validationErrorTitle, description: firstIssue(parsed) ?? MSG.passwordTooShort });
      return;
    }
    setErrors({});
    try {
      await confirm.mutateAsync({ email, code, password });
    } catch {
      return; // shown below
    }
    toaster.success({ title: BILLING_MSG.emailVerifiedPasswordSet });
    void navigate(paths.auth.getHref({ email }), { replace: true });
  }

  function onResend() {
    resend.mutate(
      { email, choosePassword: true },
      {
        onSuccess: () => {
          setResent(true);
          toaster.success({ title: AUTH_TEXT.newLinkSent });
        },
        onError: (error) => toaster.error({ title: AUTH_TEXT.errorTitle, description: errorMessage(error) }),
      },
    );
  }

  const errorCode = isApiError(confirm.error) ? confirm.error.code : null;
  // A wrong or used code can be replaced by a new link; an address already verified cannot.
  const canResend = errorCode === 'BAD_CODE' || errorCode === 'EXPIRED_CODE';

  return (
    <Card.Root w="full" maxW="md" variant="outline" bg="bg.panel" shadow="lg" rounded="2xl">
      <Card.Header gap="1.5" pb="2">
        <Card.Title as="h1" textStyle="2xl" letterSpacing="tight">
          Verify your email and choose a password
        </Card.Title>
        <Card.Description>
          A plan was paid for with {email}. If that was you, choose the password for this account (it can be the one you picked after paying).
        </Card.Description>
      </Card.Header>
      <Card.Body gap="5">
        {confirm.isError ? (
          <Text color="fg.error" role="alert">
            {errorMessage(confirm.error)}
          </Text>
        ) : null}
        {confirm.isError && canResend ? (
          resent ? (
            <Text textStyle="sm" color="fg.muted">
              We sent a new link to {email}.
            </Text>
          ) : (
            <Button variant="outline" onClick={onResend} loading={resend.isPending}>
              Send a new link
            </Button>
          )
        ) : null}
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Verify and choose a password">
          <Stack gap="4">
            <NewPasswordField label="Password" value={password} onChange={setPassword} error={errors.password} />
            <Field.Root invalid={Boolean(errors.confirm)}>
              <Field.Label>Confirm password</Field.Label>
              <Input type="password" name="confirm" autoComplete="new-password" value={again} onChange={(e) => setAgain(e.target.value)} />
              <Field.ErrorText>{errors.confirm}</Field.ErrorText>
            </Field.Root>
            <Button type="submit" colorPalette="brand" loading={confirm.isPending}>
              Verify and set password
            </Button>
          </Stack>
        </form>
      </Card.Body>
      <Card.Footer justifyContent="center">
        <Link asChild textStyle="sm" color="brand.fg">
          <RouterLink to={paths.auth.getHref({ email })}>Back to sign in</RouterLink>
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
