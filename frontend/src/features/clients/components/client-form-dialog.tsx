import { Button, chakra, Dialog, Field, Input, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { CLIENT_MSG, CLIENT_NAME_MAX, isHttpUrl, type Client } from '@shared/clients';
import { TitledDialog } from '@/components/titled-dialog';
import { isApiError } from '@/lib/api-error';
import { fieldErrorsOfDetails } from '@/lib/field-errors';
import { useCreateClient } from '../api/create-client';
import { useUpdateClient } from '../api/update-client';

export interface ClientFormDialogProps {
  /** The client to edit; none: Add Client. */
  client?: Client;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** docs/product-rules.md#other-forms: the name is required (the button is disabled while it is empty); the logo URL is optional, http(s) only. */
function ClientForm({ client, onDone }: { client?: Client; onDone: () => void }) {
  const [name, setName] = useState(client?.name ?? '');
  const [logoUrl, setLogoUrl] = useState(client?.logo_url ?? '');
  const create = useCreateClient({ onSuccess: onDone });
  const update = useUpdateClient({ onSuccess: onDone });
  const pending = create.isPending || update.isPending;
  const logoInvalid = logoUrl.trim() !== '' && !isHttpUrl(logoUrl.trim());
  const nameTooLong = name.trim().length > CLIENT_NAME_MAX;
  const canSubmit = name.trim() !== '' && !nameTooLong && !logoInvalid && !pending;
  // A field the API refuses (its 400 names it in `details`) is marked, not only toasted.
  const refused = create.error ?? update.error;
  const serverErrors = isApiError(refused) ? fieldErrorsOfDetails(refused.details) : {};
  const nameError = nameTooLong ? CLIENT_MSG.nameTooLong : serverErrors.name;
  const logoError = logoInvalid ? CLIENT_MSG.logoUrlInvalid : serverErrors.logo_url;

  function submit() {
    if (!canSubmit) return;
    const body = { name: name.trim(), logo_url: logoUrl.trim() || null };
    if (client) update.mutate({ id: client.id, body });
    else create.mutate(body);
  }

  return (
    <chakra.form
      display="contents"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Dialog.Body>
        <Stack gap="4">
          <Field.Root required invalid={Boolean(nameError)}>
            <Field.Label>
              Client Name <Field.RequiredIndicator />
            </Field.Label>
            <Input value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. Acme Bakery" autoFocus />
            {nameError ? <Field.ErrorText>{nameError}</Field.ErrorText> : null}
          </Field.Root>
          <Field.Root invalid={Boolean(logoError)}>
            <Field.Label>Logo URL (optional)</Field.Label>
            <Input type="url" value={logoUrl} onChange={(e) => setLogoUrl(e.target.value)} placeholder="https://example.com/logo.png" />
            {logoError ? <Field.ErrorText>{logoError}</Field.ErrorText> : null}
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" disabled={pending}>
            Cancel
          </Button>
        </Dialog.ActionTrigger>
        <Button type="submit" colorPalette="brand" disabled={!canSubmit} loading={pending}>
          {client ? 'Save Changes' : 'Add Client'}
        </Button>
      </Dialog.Footer>
    </chakra.form>
  );
}

export function ClientFormDialog({ client, open, onOpenChange }: ClientFormDialogProps) {
  return (
    <TitledDialog title={client ? 'Edit Client' : 'Add Client'} open={open} onOpenChange={onOpenChange}>
      <ClientForm client={client} onDone={() => onOpenChange(false)} />
    </TitledDialog>
  );
}
