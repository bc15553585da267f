import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ManagedUser } from '@repo/types';
import { USERS_TEXT } from '../utils/messages';
import { EditAgentForm } from './edit-agent-form';

export interface EditAgentDialogProps {
  /** The user being edited; null keeps the dialog closed. */
  user: ManagedUser | null;
  onClose: () => void;
  onSaved?: (user: ManagedUser) => void;
}

export const EditAgentDialog = ({ user, onClose, onSaved }: EditAgentDialogProps) => (
  <Dialog.Root open={user !== null} onOpenChange={(details) => !details.open && onClose()} size="lg" scrollBehavior="inside">
    <Portal>
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content>
          <Dialog.Header>
            <Dialog.Title>{user?.role === 'admin' ? USERS_TEXT.editProfileHeading : USERS_TEXT.editAgentHeading}</Dialog.Title>
          </Dialog.Header>
          {user && <EditAgentForm key={user.id} user={user} onClose={onClose} onSaved={onSaved} />}
          <Dialog.CloseTrigger asChild>
            <CloseButton size="sm" aria-label="Close" />
          </Dialog.CloseTrigger>
        </Dialog.Content>
      </Dialog.Positioner>
    </Portal>
  </Dialog.Root>
);
