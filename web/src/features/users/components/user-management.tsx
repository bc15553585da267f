import { Heading, Stack } from '@chakra-ui/react';
import type { ManagedUser } from '@repo/types';
import { useCallback, useState } from 'react';
import { USERS_TEXT } from '../utils/messages';
import { CreateUserForm } from './create-user-form';
import { EditAgentDialog } from './edit-agent-dialog';
import { ExistingUsers } from './existing-users';

export interface UserManagementProps {
  currentUserId: number;
  /** The signed-in admin edited their own profile (the header shows the name). */
  onCurrentUserUpdated?: () => void;
}

/** The admin dashboard's Users tab (spec §2). */
export const UserManagement = ({ currentUserId, onCurrentUserUpdated }: UserManagementProps) => {
  const [editing, setEditing] = useState<ManagedUser | null>(null);
  const handleClose = useCallback(() => setEditing(null), []);
  const handleSaved = (user: ManagedUser) => {
    if (user?.id === currentUserId || editing?.id === currentUserId) onCurrentUserUpdated?.();
  };

  return (
    <Stack gap="6">
      <Heading as="h2" size="xl">
        {USERS_TEXT.heading}
      </Heading>
      <CreateUserForm />
      <ExistingUsers currentUserId={currentUserId} onEdit={setEditing} />
      <EditAgentDialog user={editing} onClose={handleClose} onSaved={handleSaved} />
    </Stack>
  );
};
