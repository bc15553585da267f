import { Button, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy?: boolean;
  /** 'danger' (the default) for destructive actions; 'primary' for a change that is not a loss. */
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onCancel: () => void;
}

/** The question before a destructive or bulk action: Cancel gets the focus, a destructive action is red. */
export const ConfirmDialog = ({ open, title, children, confirmLabel, busyLabel, busy = false, tone = 'danger', onConfirm, onCancel }: ConfirmDialogProps) => (
  <Dialog.Root
    lazyMount
    unmountOnExit
    open={open}
    role="alertdialog"
    onOpenChange={(details) => {
      if (!details.open && !busy) onCancel();
    }}
  >
    <Portal>
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content>
          <Dialog.Header>
            <Dialog.Title>{title}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>{children}</Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button colorPalette={tone === 'danger' ? 'red' : 'brand'} onClick={onConfirm} loading={busy} loadingText={busyLabel}>
              {confirmLabel}
            </Button>
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Positioner>
    </Portal>
  </Dialog.Root>
);
