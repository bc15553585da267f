import { Toaster as ChakraToaster, createToaster, Portal, Stack, Toast } from '@chakra-ui/react';
import { TIMERS_MS } from '@repo/types';

/** The one toaster: mutation errors and confirmations, gone after 3 seconds (spec §9). */
export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, duration: TIMERS_MS.toast });

export const Toaster = () => (
  <Portal>
    <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
      {(toast) => (
        <Toast.Root width={{ md: 'sm' }}>
          <Toast.Indicator />
          <Stack gap="1" flex="1" maxWidth="100%">
            {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
            {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
          </Stack>
          <Toast.CloseTrigger aria-label="Dismiss notification" />
        </Toast.Root>
      )}
    </ChakraToaster>
  </Portal>
);
