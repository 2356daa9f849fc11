import { Alert, Box, Button, Card, Field, Input, Link, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { LuExternalLink } from 'react-icons/lu';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import * as z from 'zod';
import { EmailSchema, firstIssue, PasswordSchema } from '@shared/auth';
import { MSG } from '@shared/messages';
import { NewPasswordField } from '@/components/new-password-field';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { getRuntimeConfig } from '@/config/runtime-config';
import { fieldErrorsOf, type FieldErrors } from '@/lib/field-errors';
import { useConfirmPasswordReset, useRequestPasswordReset } from '../api/reset-password';
import { AUTH_TEXT, resetErrorMessage } from '../texts';

const RequestSchema = z.object({ email: EmailSchema });
const ConfirmSchema = z.object({ email: EmailSchema, code: z.string().trim().min(1, { message: AUTH_TEXT.codeRequired }), password: PasswordSchema });

/**
 * Forgot password (docs/product-rules.md#sign-in-and-sign-up): step 1 asks for the e-mail and has
 * Cognito mail a code; step 2 takes the code (the mail's link fills it in) and the new password.
 * Done: every session of the account has ended, and the user signs in with the new password.
 */
export function ForgotPassword() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState(params.get('code') ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  // The mail's link carries the code: straight to step 2.
  const [step, setStep] = useState<'request' | 'confirm'>(params.get('code') ? 'confirm' : 'request');
  const request = useRequestPasswordReset();
  const confirm = useConfirmPasswordReset();
  const { inboxUrl } = getRuntimeConfig();

  async function onRequest(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = RequestSchema.safeParse({ email });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      toaster.error({ title: MSG.validationErrorTitle, description: firstIssue(parsed) ?? MSG.emailInvalid });
      return;
    }
    setErrors({});
    try {
      await request.mutateAsync(parsed.data);
      setParams({ email: parsed.data.email }, { replace: true });
      setStep('confirm');
    } catch (error) {
      toaster.error({ title: AUTH_TEXT.errorTitle, description: resetErrorMessage(error) });
    }
  }

  async function onConfirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ConfirmSchema.safeParse({ email, code, password });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      toaster.error({ title: MSG.validationErrorTitle, description: firstIssue(parsed) ?? MSG.passwordTooShort });
      return;
    }
    setErrors({});
    try {
      await confirm.mutateAsync(parsed.data);
      toaster.success({ title: AUTH_TEXT.passwordResetDone });
      void navigate(paths.auth.getHref({ email: parsed.data.email }), { replace: true });
    } catch (error) {
      toaster.error({ title: AUTH_TEXT.errorTitle, description: resetErrorMessage(error) });
    }
  }

  return (
    <Card.Root w="full" maxW="md" variant="outline" bg="bg.panel" shadow="lg" rounded="2xl">
      <Card.Header gap="1.5" pb="2">
        <Card.Title as="h1" textStyle="2xl" letterSpacing="tight">
          Reset your password
        </Card.Title>
        <Card.Description>{step === 'request' ? AUTH_TEXT.resetIntro : AUTH_TEXT.resetCodeSent}</Card.Description>
      </Card.Header>
      <Card.Body gap="5">
        {step === 'confirm' && inboxUrl ? (
          <Alert.Root status="info" size="sm" rounded="lg">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>
                The code is in the local inbox.{' '}
                <Link href={inboxUrl} target="_blank" rel="noreferrer" fontWeight="medium" color="brand.fg">
                  {AUTH_TEXT.openInbox} <LuExternalLink />
                </Link>
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        {step === 'request' ? (
          <form onSubmit={(event) => void onRequest(event)} noValidate aria-label="Request a password reset">
            <Stack gap="4">
              <Field.Root invalid={Boolean(errors.email)}>
                <Field.Label>Email</Field.Label>
                <Input type="email" name="email" autoComplete="email" placeholder="you@example.com" value={email} onChange={(e) => setEmail(e.target.value)} />
                <Field.ErrorText>{errors.email}</Field.ErrorText>
              </Field.Root>
              <Button type="submit" colorPalette="brand" loading={request.isPending}>
                Send reset code
              </Button>
            </Stack>
          </form>
        ) : (
          <form onSubmit={(event) => void onConfirm(event)} noValidate aria-label="Set a new password">
            <Stack gap="4">
              <Field.Root invalid={Boolean(errors.email)}>
                <Field.Label>Email</Field.Label>
                <Input type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
                <Field.ErrorText>{errors.email}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(errors.code)}>
                <Field.Label>Code from the e-mail</Field.Label>
                <Input name="code" autoComplete="one-time-code" inputMode="numeric" value={code} onChange={(e) => setCode(e.target.value)} />
                <Field.ErrorText>{errors.code}</Field.ErrorText>
              </Field.Root>
              <NewPasswordField label="New password" value={password} onChange={setPassword} error={errors.password} />
              <Button type="submit" colorPalette="brand" loading={confirm.isPending}>
                Set new password
              </Button>
            </Stack>
          </form>
        )}
      </Card.Body>
      <Card.Footer justifyContent="center" pt="0">
        <Box textStyle="sm" color="fg.muted">
          <Link asChild color="brand.fg" fontWeight="medium">
            <RouterLink to={paths.auth.getHref({ email: email || undefined })}>Back to sign in</RouterLink>
          </Link>
        </Box>
      </Card.Footer>
    </Card.Root>
  );
}
