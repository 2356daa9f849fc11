import { Alert, Button, Center, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { LuMailOpen } from 'react-icons/lu';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { INVITE_MSG, InviteTokenSchema, ROLE_DESCRIPTIONS, ROLE_NAMES } from '@shared/workspaces';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { getWorkspacesQueryOptions, useSwitchWorkspace } from '@/lib/api/workspaces';
import { useAuth } from '@/lib/auth';
import { forgetPendingInvite, rememberPendingInvite } from '@/lib/pending-invite';
import { LinkCard } from '@/components/link-card';
import { browserTimezone, formatInZone } from '@/lib/time';
import { useAcceptInvite, useInvitePreview } from '../api/invites';

function Problem({ message, signedIn }: { message: string; signedIn: boolean }) {
  return (
    <Stack gap="4" align="center" textAlign="center" role="alert" data-testid="invite-problem">
      <Text>{message}</Text>
      <Button asChild variant="outline">
        <RouterLink to={signedIn ? paths.app.root.getHref() : paths.landing.getHref()}>{signedIn ? 'Go to your workspace' : 'Go to the home page'}</RouterLink>
      </Button>
    </Stack>
  );
}

/**
 * /invite?token=…, the link of an invitation e-mail: who invites whom as what, until when. A visitor
 * signs in or signs up and comes back here; a signed-in person accepts and lands in the workspace.
 */
export function InvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const tokenValid = InviteTokenSchema.safeParse(token).success;
  const preview = useInvitePreview(token);
  const { loading, user, signOut } = useAuth();
  const navigate = useNavigate();
  const accept = useAcceptInvite();
  const queryClient = useQueryClient();
  const switchTo = useSwitchWorkspace();

  function onAccept() {
    accept.mutate(token, {
      onSuccess: ({ workspace }) => {
        forgetPendingInvite();
        // The switch needs the list to hold the new workspace, or the shell would fall back to another one.
        void queryClient
          .fetchQuery({ ...getWorkspacesQueryOptions(), staleTime: 0 })
          .catch((error: unknown) => console.error('Could not read the workspaces', error))
          .then(() => {
            toaster.success({ title: `You joined ${workspace.name}`, description: `Your role: ${ROLE_NAMES[workspace.role]}` });
            switchTo(workspace.id);
          });
      },
    });
  }

  /** Someone else is signed in: accepting would only be refused, so they sign out and come back as the invitee. */
  function onSignOutAndContinue(email: string) {
    rememberPendingInvite(token);
    signOut()
      .catch((error: unknown) => console.error('Sign-out before accepting an invitation failed', error))
      .finally(() => navigate(paths.auth.getHref({ email, invite: token })));
  }

  let body;
  if (!tokenValid) body = <Problem message={INVITE_MSG.notFound} signedIn={Boolean(user)} />;
  else if (preview.isPending)
    body = (
      <Center py="8">
        <Spinner aria-label="Loading the invitation" />
      </Center>
    );
  else if (preview.isError) body = <Problem message={preview.error.message} signedIn={Boolean(user)} />;
  else {
    const invite = preview.data;
    const expires = formatInZone(invite.expires_at, browserTimezone(), 'MMM d, yyyy, h:mm a');
    body = (
      <Stack gap="5">
        <Stack gap="2">
          <Text data-testid="invite-summary">
            <Text as="strong">{invite.workspace_name}</Text> invited <Text as="strong">{invite.email}</Text> to join as {ROLE_NAMES[invite.role]}.
          </Text>
          <Text textStyle="sm" color="fg.muted">
            {ROLE_NAMES[invite.role]}s: {ROLE_DESCRIPTIONS[invite.role]}
          </Text>
          <Text textStyle="sm" color="fg.muted">
            This invitation expires {expires}.
          </Text>
        </Stack>
        {accept.isError ? (
          <Alert.Root status="error" size="sm" rounded="lg" data-testid="accept-error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>
                {accept.error.message}{' '}
                <Link asChild color="brand.fg" fontWeight="medium">
                  <RouterLink to={paths.app.root.getHref()}>Go to your workspace</RouterLink>
                </Link>
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        {loading ? (
          <Center>
            <Spinner aria-label="Checking your session" />
          </Center>
        ) : user && user.email && user.email.trim().toLowerCase() !== invite.email ? (
          <Stack gap="3" data-testid="invite-other-account">
            <Alert.Root status="warning" size="sm" rounded="lg">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Description>
                  This invitation is for {invite.email}. You are signed in as {user.email}.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
            <Button colorPalette="brand" onClick={() => onSignOutAndContinue(invite.email)}>
              Sign out and continue
            </Button>
            <Button asChild variant="outline">
              <RouterLink to={paths.app.root.getHref()}>Go to your workspace</RouterLink>
            </Button>
          </Stack>
        ) : user ? (
          <Stack gap="2">
            <Button colorPalette="brand" onClick={onAccept} loading={accept.isPending}>
              Accept invitation
            </Button>
            <Text textStyle="xs" color="fg.muted" textAlign="center">
              Signed in as {user.email ?? 'you'}
            </Text>
          </Stack>
        ) : (
          <Stack gap="2">
            <Text textStyle="sm" color="fg.muted">
              Sign in with {invite.email} to accept, or create an account with that address.
            </Text>
            <Button asChild colorPalette="brand">
              <RouterLink to={paths.auth.getHref({ email: invite.email, invite: token })} onClick={() => rememberPendingInvite(token)}>
                Sign in to accept
              </RouterLink>
            </Button>
            <Button asChild variant="outline">
              <RouterLink to={paths.auth.getHref({ mode: 'signup', email: invite.email, invite: token })} onClick={() => rememberPendingInvite(token)}>
                Create an account
              </RouterLink>
            </Button>
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <LinkCard icon={<LuMailOpen />} title="You are invited">
      {body}
    </LinkCard>
  );
}
