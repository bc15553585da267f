import type { ManagedUser } from '@repo/types';
import { Modal } from '@/components/ui/modal';
import { USERS_TEXT } from '../utils/messages';
import { EditAgentForm } from './edit-agent-form';

export interface EditAgentDialogProps {
  /** The user being edited; null keeps the dialog closed. */
  user: ManagedUser | null;
  onClose: () => void;
  onSaved?: (user: ManagedUser) => void;
}

export const EditAgentDialog = ({ user, onClose, onSaved }: EditAgentDialogProps) => (
  <Modal open={user !== null} title={user?.role === 'admin' ? USERS_TEXT.editProfileHeading : USERS_TEXT.editAgentHeading} onClose={onClose}>
    {user && <EditAgentForm key={user.id} user={user} onClose={onClose} onSaved={onSaved} />}
  </Modal>
);
