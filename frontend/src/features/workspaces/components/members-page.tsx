import { Badge, Box, Button, Card, Center, Field, Flex, Heading, Input, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { INVITABLE_ROLES, ROLE_NAMES, type InviteView, type MemberView, type MembersResponse } from '@shared/workspaces';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { toaster } from '@/components/ui/toaster';
import { useMe } from '@/lib/api/me';
import { getWorkspacesQueryOptions, useCurrentWorkspace, useSwitchWorkspace, pickWorkspace } from '@/lib/api/workspaces';
import { isApiError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { formatInZone, userTimezone } from '@/lib/time';
import { useMembers } from '../api/members';
import { useChangeRole, useDeleteWorkspace, useRemoveMember, useRevokeInvite, useTransferOwnership } from '../api/manage-members';
import { ApprovalSetting } from './approval-setting';
import { InviteForm } from './invite-form';
import { RenameWorkspaceForm } from './rename-workspace-form';

type InvitableRole = (typeof INVITABLE_ROLES)[number];

function Section({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Card.Root variant="outline">
      <Card.Header gap="1">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        {description ? (
          <Text textStyle="sm" color="fg.muted">
            {description}
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

export function seatsLine(seats: MembersResponse['seats']): string {
  return `${seats.used} of ${seats.limit} ${seats.limit === 1 ? 'seat' : 'seats'} used`;
}

/** /home/members: who works in the current workspace, who is invited, the plan's seats, and the workspace's name (Admin and Owner). */
export function MembersPage() {
  const members = useMembers();
  const header = <PageHeader title="Members" description="Who works in this workspace, and what each may do." />;

  if (members.isPending) {
    return (
      <Stack gap="6">
        {header}
        <Center py="16">
          <Spinner aria-label="Loading members" />
        </Center>
      </Stack>
    );
  }
  if (members.isError) {
    // A refusal (not a member, role too low) says why; anything else offers another try.
    const refused = isApiError(members.error) && members.error.status === 403;
    return (
      <Stack gap="6">
        {header}
        {refused ? (
          <Text role="alert" color="fg.error">
            {members.error.message}
          </Text>
        ) : (
          <LoadError message="Couldn't load the members" onRetry={() => void members.refetch()} retrying={members.isFetching} />
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="6">
      {header}
      <MembersContent data={members.data} />
    </Stack>
  );
}

function MembersContent({ data }: { data: MembersResponse }) {
  const { user } = useAuth();
  const { data: me } = useMe();
  const zone = userTimezone(me?.settings.timezone);
  const { workspaces } = useCurrentWorkspace();
  const switchTo = useSwitchWorkspace();
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const revoke = useRevokeInvite();
  const transfer = useTransferOwnership();
  const [removing, setRemoving] = useState<MemberView | null>(null);
  const [transferTo, setTransferTo] = useState<MemberView | null>(null);
  const viewerIsOwner = data.workspace.role === 'owner';
  const alone = data.members.length <= 1 && data.invites.length === 0;
  const seatsFull = data.seats.used >= data.seats.limit;

  function confirmRemove() {
    if (!removing) return;
    const leaving = removing.user_id === user?.sub;
    remove.mutate(
      { userId: removing.user_id, self: leaving },
      {
        onSuccess: () => {
          setRemoving(null);
          if (leaving) {
            toaster.success({ title: `You left ${data.workspace.name}` });
            const next = pickWorkspace(
              (workspaces ?? []).filter((w) => w.id !== data.workspace.id),
              null,
              user?.sub,
            );
            if (next) switchTo(next.id);
          } else toaster.success({ title: 'Member removed', description: removing.email ?? undefined });
        },
        onError: (error) => {
          setRemoving(null);
          toaster.error({ title: 'Could not remove the member', description: error.message });
        },
      },
    );
  }

  function confirmTransfer() {
    if (!transferTo) return;
    const to = transferTo;
    transfer.mutate(to.user_id, {
      onSuccess: () => {
        setTransferTo(null);
        toaster.success({ title: `${to.email ?? 'The member'} is now the Owner`, description: 'You are an Admin of this workspace now.' });
      },
      onError: (error) => {
        setTransferTo(null);
        toaster.error({ title: 'Could not transfer the ownership', description: error.message });
      },
    });
  }

  return (
    <>
      <Section title="Approvals">
        <ApprovalSetting />
      </Section>

      <Section title="Invite people" description={<span data-testid="seats">{seatsLine(data.seats)}</span>}>
        <InviteForm />
        {seatsFull ? (
          <Text textStyle="sm" color="fg.muted" mt="3">
            Every seat is taken: the server will refuse a new invitation until one is freed or the plan is upgraded.
          </Text>
        ) : null}
      </Section>

      <Section title={`Members of ${data.workspace.name}`}>
        {alone ? (
          <Text color="fg.muted" data-testid="members-empty">
            It is just you here so far. Invite the people you work with: each gets an e-mail with a link that works for 7 days.
          </Text>
        ) : null}
        <Stack as="ul" listStyleType="none" gap="0" mt={alone ? '4' : '0'} data-testid="members-list">
          {data.members.map((member) => (
            <MemberRow
              key={member.user_id}
              member={member}
              isSelf={member.user_id === user?.sub}
              joined={formatInZone(member.joined_at, zone, 'MMM d, yyyy')}
              changing={changeRole.isPending && changeRole.variables?.userId === member.user_id}
              onRoleChange={(role) =>
                changeRole.mutate(
                  { userId: member.user_id, role },
                  {
                    onSuccess: (updated) => toaster.success({ title: `${updated.email ?? 'Member'} is now ${ROLE_NAMES[updated.role]}` }),
                    onError: (error) => toaster.error({ title: 'Could not change the role', description: error.message }),
                  },
                )
              }
              onRemove={() => setRemoving(member)}
              onTransfer={viewerIsOwner && member.role !== 'owner' && member.user_id !== user?.sub ? () => setTransferTo(member) : undefined}
            />
          ))}
        </Stack>
      </Section>

      {data.invites.length > 0 ? (
        <Section title="Pending invitations">
          <Stack as="ul" listStyleType="none" gap="0" data-testid="invites-list">
            {data.invites.map((invite) => (
              <InviteRow
                key={invite.id}
                invite={invite}
                expires={formatInZone(invite.expires_at, zone, 'MMM d, yyyy')}
                revoking={revoke.isPending && revoke.variables === invite.id}
                onRevoke={() =>
                  revoke.mutate(invite.id, {
                    onSuccess: () => toaster.success({ title: 'Invitation revoked', description: invite.email }),
                    onError: (error) => toaster.error({ title: 'Could not revoke the invitation', description: error.message }),
                  })
                }
              />
            ))}
          </Stack>
        </Section>
      ) : null}

      <Section title="Workspace">
        <RenameWorkspaceForm key={data.workspace.name} name={data.workspace.name} />
      </Section>

      {viewerIsOwner ? <DeleteWorkspaceZone workspace={data.workspace} isFirst={data.workspace.id === user?.sub} /> : null}

      <ConfirmDialog
        open={transferTo !== null}
        onOpenChange={(open) => !open && setTransferTo(null)}
        title={`Make ${transferTo?.email ?? 'this member'} the Owner of ${data.workspace.name}?`}
        description="They get billing (the plan and its subscription stay with the workspace) and deleting the workspace. You become an Admin, and only the new Owner can give the ownership back."
        confirmLabel="Transfer ownership"
        confirmPalette="brand"
        onConfirm={confirmTransfer}
        pending={transfer.isPending}
      />

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={removing?.user_id === user?.sub ? `Leave ${data.workspace.name}?` : `Remove ${removing?.email ?? 'this member'}?`}
        description={
          removing?.user_id === user?.sub
            ? 'You will lose access to its posts, connections and clients at once. An Admin can invite you again.'
            : 'They lose access to this workspace at once. What they made stays in the workspace.'
        }
        confirmLabel={removing?.user_id === user?.sub ? 'Leave' : 'Remove'}
        onConfirm={confirmRemove}
        pending={remove.isPending}
      />
    </>
  );
}

function Row({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Flex
      as="li"
      py="3"
      gap="3"
      align="center"
      wrap="wrap"
      borderBottomWidth="1px"
      borderColor="border.muted"
      _last={{ borderBottomWidth: 0 }}
      data-testid={testId}
    >
      {children}
    </Flex>
  );
}

function MemberRow({
  member,
  isSelf,
  joined,
  changing,
  onRoleChange,
  onRemove,
  onTransfer,
}: {
  member: MemberView;
  isSelf: boolean;
  joined: string;
  changing: boolean;
  onRoleChange: (role: InvitableRole) => void;
  onRemove: () => void;
  /** Only for the Owner looking at another member. */
  onTransfer?: () => void;
}) {
  const label = member.email ?? 'A member without an e-mail';
  const isOwner = member.role === 'owner';
  return (
    <Row testId="member-row">
      <Box flex="1" minW="48">
        <Text fontWeight="medium" truncate>
          {label} {isSelf ? <Badge size="sm">You</Badge> : null}
        </Text>
        <Text textStyle="xs" color="fg.muted">
          Joined {joined}
        </Text>
      </Box>
      {isOwner || isSelf ? (
        <Badge variant="subtle" colorPalette={isOwner ? 'brand' : 'gray'} data-testid="member-role">
          {ROLE_NAMES[member.role]}
        </Badge>
      ) : (
        <NativeSelect.Root size="sm" w="36" disabled={changing}>
          <NativeSelect.Field aria-label={`Role of ${label}`} value={member.role} onChange={(e) => onRoleChange(e.currentTarget.value as InvitableRole)}>
            {INVITABLE_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_NAMES[r]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
      {onTransfer ? (
        <Button size="sm" variant="outline" onClick={onTransfer} aria-label={`Transfer ownership to ${label}`}>
          Transfer ownership
        </Button>
      ) : null}
      {isOwner ? null : (
        <Button size="sm" variant="ghost" colorPalette="red" onClick={onRemove} aria-label={isSelf ? 'Leave this workspace' : `Remove ${label}`}>
          {isSelf ? 'Leave' : 'Remove'}
        </Button>
      )}
    </Row>
  );
}

/**
 * The Owner's danger zone: deleting the workspace with everything in it, confirmed by typing its
 * name. A person's first workspace goes only with their account (the server refuses it too).
 */
function DeleteWorkspaceZone({ workspace, isFirst }: { workspace: MembersResponse['workspace']; isFirst: boolean }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const switchTo = useSwitchWorkspace();
  const remove = useDeleteWorkspace();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');

  function confirmDelete() {
    remove.mutate(typed, {
      onSuccess: () => {
        setOpen(false);
        toaster.success({ title: `${workspace.name} was deleted` });
        // The list is read again first, so the deleted workspace is no longer one to fall back to.
        void queryClient
          .fetchQuery({ ...getWorkspacesQueryOptions(), staleTime: 0 })
          .catch((error: unknown) => {
            console.error('Could not read the workspaces', error);
            return [];
          })
          .then((list) => {
            const next = pickWorkspace(
              list.filter((w) => w.id !== workspace.id),
              null,
              user?.sub,
            );
            if (next) switchTo(next.id);
          });
      },
      onError: (error) => toaster.error({ title: 'Could not delete the workspace', description: error.message }),
    });
  }

  return (
    <Section title="Danger zone">
      {isFirst ? (
        <Text textStyle="sm" color="fg.muted" data-testid="first-workspace-note">
          This is your first workspace: it stays as long as your account does. To remove it, delete your account in Settings.
        </Text>
      ) : (
        <Stack gap="3" align="flex-start">
          <Text textStyle="sm">
            Deleting {workspace.name} removes its posts, schedules, media, connections, clients, queue, analytics and subscription, and every member loses
            access at once. This cannot be undone.
          </Text>
          <Button
            colorPalette="red"
            variant="outline"
            onClick={() => {
              setTyped('');
              setOpen(true);
            }}
          >
            Delete workspace
          </Button>
        </Stack>
      )}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Delete ${workspace.name}?`}
        description={
          <Stack gap="3">
            <Text textStyle="sm" color="fg.muted">
              Everything in this workspace is deleted, its subscription is cancelled and every member loses access at once. There is no way back.
            </Text>
            <Field.Root>
              <Field.Label>Type {workspace.name} to confirm</Field.Label>
              <Input value={typed} onChange={(e) => setTyped(e.currentTarget.value)} autoComplete="off" />
            </Field.Root>
          </Stack>
        }
        confirmLabel="Delete workspace"
        confirmDisabled={typed.trim() !== workspace.name}
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </Section>
  );
}

function InviteRow({ invite, expires, revoking, onRevoke }: { invite: InviteView; expires: string; revoking: boolean; onRevoke: () => void }) {
  return (
    <Row testId="invite-row">
      <Box flex="1" minW="48">
        <Text fontWeight="medium" truncate>
          {invite.email}
        </Text>
        <Text textStyle="xs" color="fg.muted">
          {ROLE_NAMES[invite.role]} · expires {expires}
        </Text>
      </Box>
      <Button size="sm" variant="outline" onClick={onRevoke} loading={revoking} aria-label={`Revoke the invitation of ${invite.email}`}>
        Revoke
      </Button>
    </Row>
  );
}
