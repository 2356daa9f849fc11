import { Button, chakra, Dialog, Field, Input } from '@chakra-ui/react';
import { useState } from 'react';
import { WorkspaceNameSchema, WORKSPACE_NAME_MAX, type WorkspaceSummary } from '@shared/workspaces';
import { TitledDialog } from '@/components/titled-dialog';
import { useCreateWorkspace } from '../api/create-workspace';

/** The name field checks the same rule the server does; whatever the server still refuses is shown as it says it. */
function CreateWorkspaceForm({ onCreated, onCancel }: { onCreated: (workspace: WorkspaceSummary) => void; onCancel: () => void }) {
  const [name, setName] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const create = useCreateWorkspace();
  const error = localError ?? create.error?.message;

  function submit() {
    const parsed = WorkspaceNameSchema.safeParse(name);
    if (!parsed.success) {
      setLocalError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setLocalError(null);
    create.mutate(parsed.data, { onSuccess: onCreated });
  }

  return (
    <chakra.form
      display="contents"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Dialog.Body>
        <Field.Root required invalid={Boolean(error)}>
          <Field.Label>
            Workspace name <Field.RequiredIndicator />
          </Field.Label>
          <Input
            value={name}
            maxLength={WORKSPACE_NAME_MAX + 20}
            onChange={(e) => {
              setName(e.target.value);
              setLocalError(null);
              create.reset();
            }}
            placeholder="e.g. Acme Agency"
            autoFocus
          />
          {error ? (
            <Field.ErrorText>{error}</Field.ErrorText>
          ) : (
            <Field.HelperText>You will be its Owner. Invite people from its Members page.</Field.HelperText>
          )}
        </Field.Root>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" colorPalette="brand" loading={create.isPending}>
          Create workspace
        </Button>
      </Dialog.Footer>
    </chakra.form>
  );
}

export function CreateWorkspaceDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (workspace: WorkspaceSummary) => void;
}) {
  return (
    <TitledDialog title="Create workspace" open={open} onOpenChange={onOpenChange}>
      <CreateWorkspaceForm
        onCreated={(workspace) => {
          onOpenChange(false);
          onCreated(workspace);
        }}
        onCancel={() => onOpenChange(false)}
      />
    </TitledDialog>
  );
}
