import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';

/**
 * One toaster for the whole app: `toaster.success/error/info(...)`. "Destructive" toasts are `error`.
 * Top right, under the 3.5rem top bar: at the bottom right a toast sat over the forms' submit
 * buttons, and as a toast pauses while the pointer rests on it, one raised by a click on the button
 * stayed there (issue 17.20).
 */
const TOAST_OFFSETS = { top: '4.5rem', right: '1rem', bottom: '1rem', left: '1rem' } as const;
export const toaster = createToaster({ placement: 'top-end', offsets: TOAST_OFFSETS, pauseOnPageIdle: true, max: 4 });

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.action ? <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger> : null}
            {toast.closable ? <Toast.CloseTrigger /> : null}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
