import { Alert, Button, Field, HStack, Input, NativeSelect, Stack, Text, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { CreateInviteBodySchema, INVITABLE_ROLES, INVITE_MSG, ROLE_DESCRIPTIONS, ROLE_NAMES } from '@shared/workspaces';
import { useInviteMember } from '../api/manage-members';

type InvitableRole = (typeof INVITABLE_ROLES)[number];

/** E-mail and role; the outcome (sent, or the server's reason: seats full, already a member) shows under the form. */
export function InviteForm({ disabled }: { disabled?: boolean }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('editor');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const invite = useInviteMember();

  function submit() {
    const parsed = CreateInviteBodySchema.safeParse({ email, role });
    if (!parsed.success) {
      setOutcome({ ok: false, text: parsed.error.issues[0]?.message ?? INVITE_MSG.notFound });
      return;
    }
    setOutcome(null);
    invite.mutate(parsed.data, {
      onSuccess: (sent) => {
        setOutcome({ ok: true, text: INVITE_MSG.sent(sent.email) });
        setEmail('');
      },
      onError: (error) => setOutcome({ ok: false, text: error.message }),
    });
  }

  return (
    <chakra.form
      noValidate
      aria-label="Invite a member"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="3">
        <HStack gap="3" align="flex-start" wrap={{ base: 'wrap', md: 'nowrap' }}>
          <Field.Root flex="2" minW={{ base: 'full', md: '0' }} invalid={outcome !== null && !outcome.ok}>
            <Field.Label>E-mail</Field.Label>
            <Input
              type="email"
              autoComplete="off"
              placeholder="teammate@example.com"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setOutcome(null);
              }}
            />
          </Field.Root>
          <Field.Root flex="1" minW={{ base: 'full', md: '40' }}>
            <Field.Label>Role</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={role} onChange={(e) => setRole(e.currentTarget.value as InvitableRole)}>
                {INVITABLE_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_NAMES[r]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </HStack>
        <Text textStyle="sm" color="fg.muted" data-testid="role-description">
          {ROLE_NAMES[role]}: {ROLE_DESCRIPTIONS[role]}
        </Text>
        {outcome ? (
          <Alert.Root status={outcome.ok ? 'success' : 'error'} size="sm" rounded="lg" data-testid="invite-outcome">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{outcome.text}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={invite.isPending} disabled={disabled}>
          Send invitation
        </Button>
      </Stack>
    </chakra.form>
  );
}
