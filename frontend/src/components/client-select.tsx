import { Field, NativeSelect } from '@chakra-ui/react';
import { useAgencyView, useClients } from '@/lib/api/clients';

interface ClientSelectProps {
  /** '' means none: "All clients" for a filter, "No client" when composing. */
  value: string;
  onChange: (clientId: string) => void;
  /** The text of the '' choice. */
  emptyLabel: string;
  label?: string;
  size?: 'xs' | 'sm' | 'md';
  maxW?: string;
}

/**
 * A client picker for agency mode (assigning a post, filtering posts and the calendar). Renders
 * nothing for a creator, so callers can place it unconditionally.
 */
export function ClientSelect({ value, onChange, emptyLabel, label = 'Client', size = 'sm', maxW = '60' }: ClientSelectProps) {
  const agency = useAgencyView();
  const clients = useClients({ enabled: agency });
  if (!agency) return null;
  return (
    <Field.Root maxW={maxW}>
      <Field.Label textStyle="xs" color="fg.muted">
        {label}
      </Field.Label>
      <NativeSelect.Root size={size}>
        <NativeSelect.Field aria-label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          <option value="">{emptyLabel}</option>
          {(clients.data ?? []).map((client) => (
            <option key={client.id} value={client.id}>
              {client.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
