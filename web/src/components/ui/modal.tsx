import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  size?: 'sm' | 'md' | 'lg' | 'xl' | 'full';
  /** The content: a Dialog.Body, and a Dialog.Footer when the modal has buttons. */
  children: ReactNode;
}

/**
 * The frame every form modal shares: backdrop, a titled header, a close button, content that
 * scrolls inside; Escape and the backdrop close it. Rendered content is kept out while closed.
 */
export const Modal = ({ open, title, onClose, size = 'lg', children }: ModalProps) => (
  <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} size={size} scrollBehavior="inside">
    <Portal>
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content>
          <Dialog.Header>
            <Dialog.Title>{title}</Dialog.Title>
          </Dialog.Header>
          {open && children}
          <Dialog.CloseTrigger asChild>
            <CloseButton size="sm" aria-label="Close" />
          </Dialog.CloseTrigger>
        </Dialog.Content>
      </Dialog.Positioner>
    </Portal>
  </Dialog.Root>
);
