import { Button, Card, Field, Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LuSend } from 'react-icons/lu';
import { MSG } from '@shared/messages';
import { UI } from '@shared/ui';
import { toaster } from '@/components/ui/toaster';

const EMPTY = { name: '', email: '', subject: '', message: '' };

/** Sending is simulated (docs/product-rules.md#contact): about a second, then a toast and an empty form. */
export function ContactForm({ delayMs = UI.delays.contactSimulationMs }: { delayMs?: number }) {
  const [values, setValues] = useState(EMPTY);
  const [sending, setSending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function set(field: keyof typeof EMPTY) {
    return (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    timer.current = setTimeout(() => {
      setSending(false);
      setValues(EMPTY);
      toaster.success({ title: MSG.messageSent, description: "Thanks for reaching out. We'll reply within 24 hours." });
    }, delayMs);
  }

  return (
    <Card.Root variant="outline" rounded="2xl" bg="bg.panel">
      <Card.Body>
        <form onSubmit={onSubmit} aria-label="Contact form" data-testid="contact-form">
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <Field.Root required>
                <Field.Label>
                  Name <Field.RequiredIndicator />
                </Field.Label>
                <Input name="name" autoComplete="name" value={values.name} onChange={set('name')} />
              </Field.Root>
              <Field.Root required>
                <Field.Label>
                  Email <Field.RequiredIndicator />
                </Field.Label>
                <Input name="email" type="email" autoComplete="email" value={values.email} onChange={set('email')} />
              </Field.Root>
            </SimpleGrid>
            <Field.Root required>
              <Field.Label>
                Subject <Field.RequiredIndicator />
              </Field.Label>
              <Input name="subject" value={values.subject} onChange={set('subject')} />
            </Field.Root>
            <Field.Root required>
              <Field.Label>
                Message <Field.RequiredIndicator />
              </Field.Label>
              <Textarea name="message" rows={6} value={values.message} onChange={set('message')} />
            </Field.Root>
            <Button type="submit" colorPalette="brand" loading={sending} loadingText="Sending..." alignSelf="flex-start">
              <LuSend /> Send Message
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
