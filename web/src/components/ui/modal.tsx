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
 * scrolls inside; Escape and the backdrop close it. Nothing of it is mounted while it is closed, so
 * the closed modals beside a busy screen (the project page has three) cost its render nothing.
 */
export const Modal = ({ open, title, onClose, size = 'lg', children }: ModalProps) => (
  <Dialog.Root lazyMount unmountOnExit open={open} onOpenChange={(details) => !details.open && onClose()} size={size} scrollBehavior="inside">
    <Portal>
      <Dialog.Backdrop />
      <Dialog.Positioner>
        {/* A form wrapping the body and the footer is laid out as they would be: the body scrolls, the footer stays inside. */}
        <Dialog.Content css={{ '& > form': { display: 'flex', flexDirection: 'column', flex: '1', minHeight: '0' } }}>
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
