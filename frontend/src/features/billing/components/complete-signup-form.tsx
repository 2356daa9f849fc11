import { Alert, Box, Button, Card, Circle, Field, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { LuCircleAlert, LuCircleCheck } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import * as z from 'zod';
import { PasswordSchema, firstIssue } from '@shared/auth';
import { BILLING_MSG } from '@shared/billing';
import { MSG } from '@shared/messages';
import { NewPasswordField } from '@/components/new-password-field';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { fieldErrorsOf, fieldErrorsOfDetails, type FieldErrors } from '@/lib/field-errors';
import { useCheckoutStatus } from '../api/check-checkout';
import { useCompleteSignup } from '../api/complete-signup';

// docs/product-rules.md#account-forms: 6 to 72 characters, then the confirmation must match; the first failure is the toast.
const PasswordsSchema = z
  .object({ password: PasswordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: MSG.passwordsDontMatch, path: ['confirm'] });

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.');

interface CompleteSignupFormProps {
  email: string;
  sessionId: string;
}

/**
 * After a public checkout (docs/product-rules.md#complete-signup): the payment is checked first, so "Payment
 * Successful!" is said only about a payment that is paid and unused; until the answer
 * comes the page says it is checking, and a link without a usable payment gets its own screen.
 */
export function CompleteSignupForm({ email, sessionId }: CompleteSignupFormProps) {
  const status = useCheckoutStatus({ email, session_id: sessionId });
  if (status.isPending) return <CheckingPayment />;
  if (status.isError) return <PaymentProblem email={email} error={status.error} />;
  if (status.data.account === 'existing') return <SignInToClaim email={email} sessionId={sessionId} />;
  return <PasswordStep email={email} sessionId={sessionId} />;
}

/**
 * The paid e-mail already has an account: its holder signs in with the password they have, and the
 * payment is attached once they have (claim-checkout). Asking for a new password here would only
 * end in a refusal, and a payer who is not the holder must not get a way in.
 */
function SignInToClaim({ email, sessionId }: CompleteSignupFormProps) {
  return (
    <Card.Root w="full" maxW="md" variant="outline" bg="bg.panel" shadow="lg" rounded="2xl" data-testid="existing-account">
      <Card.Header gap="3" pb="2" alignItems="center" textAlign="center">
        <Circle size="12" bg="green.subtle" color="green.fg" fontSize="2xl" aria-hidden>
          <LuCircleCheck />
        </Circle>
        <Card.Title as="h1" textStyle="2xl" letterSpacing="tight">
          {BILLING_MSG.paymentSuccessful}
        </Card.Title>
        <Card.Description>
          <Box as="span" fontWeight="semibold" color="fg" data-testid="complete-signup-email">
            {email}
          </Box>
        </Card.Description>
      </Card.Header>
      <Card.Body gap="4" alignItems="center" textAlign="center">
        <Text>{BILLING_MSG.existingAccountPaid}</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to={paths.auth.getHref({ email, claim: sessionId })}>{BILLING_MSG.signInToClaim}</RouterLink>
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

function CheckingPayment() {
  return (
    <Card.Root w="full" maxW="md" variant="outline" bg="bg.panel" shadow="lg" rounded="2xl" data-testid="checking-payment">
      <Card.Body gap="4" alignItems="center" textAlign="center" py="10">
        <Spinner size="lg" color="brand.solid" borderWidth="3px" />
        <Text role="status" color="fg.muted">
          Checking your payment…
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

function PaymentProblem({ email, error }: { email: string; error: unknown }) {
  const code = isApiError(error) ? error.code : null;
  // A 4xx says what is wrong with this payment; anything else is our side or the network.
  const known = isApiError(error) && error.status >= 400 && error.status < 500;
  const title = known ? error.message : "We couldn't check your payment";
  return (
    <Card.Root w="full" maxW="md" variant="outline" bg="bg.panel" shadow="lg" rounded="2xl" data-testid="payment-problem">
      <Card.Header gap="3" pb="2" alignItems="center" textAlign="center">
        <Circle size="12" bg="orange.subtle" color="orange.fg" fontSize="2xl" aria-hidden>
          <LuCircleAlert />
        </Circle>
        <Card.Title as="h1" textStyle="2xl" letterSpacing="tight">
          {title}
        </Card.Title>
        <Card.Description>
          {code === 'PAYMENT_ALREADY_USED'
            ? 'An account was already created with this payment. Sign in to use it.'
            : known
              ? 'Open the link from the checkout page again, or choose a plan to start over.'
              : 'Please reload the page in a moment. Your payment is safe.'}
        </Card.Description>
      </Card.Header>
      <Card.Body gap="3" alignItems="center">
        {code === 'PAYMENT_ALREADY_USED' ? (
          <Button asChild colorPalette="brand">
            <RouterLink to={paths.auth.getHref({ email })}>Go to Sign In</RouterLink>
          </Button>
        ) : known ? (
          <Button asChild colorPalette="brand">
            <RouterLink to={paths.landing.getHref()}>See plans</RouterLink>
          </Button>
        ) : (
          <Button colorPalette="brand" onClick={() => window.location.reload()}>
            Reload
          </Button>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The paid visitor picks a password and the API creates the account holding the subscription. The
 * e-mail typed at checkout proves nothing, so the account signs in only after the verification
 * link in the mail Cognito sent; the page says so and offers the sign-in page.
 */
function PasswordStep({ email, sessionId }: CompleteSignupFormProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [created, setCreated] = useState(false);
  // The e-mail got an account after the payment was checked: the payment is attached after signing in to it instead.
  const [accountExists, setAccountExists] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const completeSignup = useCompleteSignup();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = PasswordsSchema.safeParse({ password, confirm });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      toaster.error({ title: MSG.validationErrorTitle, description: firstIssue(parsed) ?? MSG.passwordTooShort });
      return;
    }
    setErrors({});
    try {
      await completeSignup.mutateAsync({ email, session_id: sessionId, password, confirm });
    } catch (error) {
      setAccountExists(isApiError(error) && error.code === 'ACCOUNT_EXISTS');
      if (isApiError(error)) setErrors(fieldErrorsOfDetails(error.details));
      toaster.error({ title: 'Error', description: messageOf(error) });
      return;
    }
    setCreated(true);
    toaster.success({ title: BILLING_MSG.accountCreatedTitle, description: BILLING_MSG.accountCreatedText });
  }

  return (
    <Card.Root w="full" maxW="md" variant="outline" bg="bg.panel" shadow="lg" rounded="2xl">
      <Card.Header gap="3" pb="2" alignItems="center" textAlign="center">
        <Circle size="12" bg="green.subtle" color="green.fg" fontSize="2xl" aria-hidden>
          <LuCircleCheck />
        </Circle>
        <Card.Title as="h1" textStyle="2xl" letterSpacing="tight">
          {BILLING_MSG.paymentSuccessful}
        </Card.Title>
        <Card.Description>
          Create a password to finish setting up your account for{' '}
          <Box as="span" fontWeight="semibold" color="fg" data-testid="complete-signup-email">
            {email}
          </Box>
          .
        </Card.Description>
      </Card.Header>
      <Card.Body gap="5">
        {created ? (
          <Alert.Root status="success" rounded="lg" data-testid="verify-email">
            <Alert.Indicator />
            <Alert.Content gap="3">
              <Alert.Title>{BILLING_MSG.accountCreatedTitle}</Alert.Title>
              <Alert.Description>{BILLING_MSG.accountCreatedText}</Alert.Description>
              <Button asChild size="sm" colorPalette="brand" alignSelf="flex-start">
                <RouterLink to={paths.auth.getHref({ email })}>Go to Sign In</RouterLink>
              </Button>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        {accountExists ? (
          <Alert.Root status="info" rounded="lg" data-testid="account-exists">
            <Alert.Indicator />
            <Alert.Content gap="3">
              <Alert.Description>{BILLING_MSG.accountExists}</Alert.Description>
              <Button asChild size="sm" colorPalette="brand" alignSelf="flex-start">
                <RouterLink to={paths.auth.getHref({ email, claim: sessionId })}>{BILLING_MSG.signInToClaim}</RouterLink>
              </Button>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        {created ? null : (
          <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Complete signup form">
            <Stack gap="4">
              <Field.Root>
                <Field.Label>Email</Field.Label>
                <Input type="email" name="email" autoComplete="username" value={email} readOnly disabled />
              </Field.Root>
              <NewPasswordField label="Create Password" value={password} onChange={setPassword} error={errors.password} />
              <Field.Root invalid={Boolean(errors.confirm)}>
                <Field.Label>Confirm Password</Field.Label>
                <Input type="password" name="confirm" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
                <Field.ErrorText>{errors.confirm}</Field.ErrorText>
              </Field.Root>
              <Button type="submit" colorPalette="brand" loading={completeSignup.isPending} mt="1">
                Complete Setup
              </Button>
              <Text textStyle="xs" color="fg.muted" textAlign="center">
                Your subscription is attached to this email.
              </Text>
            </Stack>
          </form>
        )}
      </Card.Body>
    </Card.Root>
  );
}
