import { Field, Input } from '@chakra-ui/react';

interface NewPasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** A password being chosen (sign-up completion, verification, reset): the browser offers to generate and save it. */
export function NewPasswordField({ label, value, onChange, error }: NewPasswordFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Input
        type="password"
        name="password"
        autoComplete="new-password"
        placeholder="At least 6 characters"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
