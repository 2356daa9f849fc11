import { Button, Field, HStack, Input, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { WorkspaceNameSchema } from '@shared/workspaces';
import { toaster } from '@/components/ui/toaster';
import { useRenameWorkspace } from '../api/manage-members';

export function RenameWorkspaceForm({ name }: { name: string }) {
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const rename = useRenameWorkspace();
  const unchanged = value.trim() === name;

  function submit() {
    const parsed = WorkspaceNameSchema.safeParse(value);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    rename.mutate(parsed.data, {
      onSuccess: (renamed) => toaster.success({ title: 'Workspace renamed', description: renamed.name }),
      onError: (failure) => setError(failure.message),
    });
  }

  return (
    <chakra.form
      noValidate
      aria-label="Rename the workspace"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Field.Root invalid={Boolean(error)}>
        <Field.Label>Workspace name</Field.Label>
        <HStack gap="3" w="full" align="flex-start">
          <Input
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
            maxW="md"
          />
          <Button type="submit" variant="outline" loading={rename.isPending} disabled={unchanged}>
            Rename
          </Button>
        </HStack>
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      </Field.Root>
    </chakra.form>
  );
}
