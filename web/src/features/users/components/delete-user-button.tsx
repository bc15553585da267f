import { Button, Text } from '@chakra-ui/react';
import type { ManagedUser } from '@repo/types';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toaster } from '@/components/ui/toaster';
import { errorMessage } from '@/lib/api/api-error';
import { useDeleteUser } from '../api/delete-user';
import { displayNameOf } from '../utils/group-users';
import { USERS_TEXT } from '../utils/messages';

export interface DeleteUserButtonProps {
  user: ManagedUser;
  onDeleted: () => void;
}

/** 'Delete User' with its confirmation (spec §2); the server refuses admins and oneself. */
export const DeleteUserButton = ({ user, onDeleted }: DeleteUserButtonProps) => {
  const { deleteUser, isDeleting } = useDeleteUser();
  const [confirming, setConfirming] = useState(false);

  const handleConfirm = async () => {
    try {
      await deleteUser(user.id);
      setConfirming(false);
      toaster.success({ title: USERS_TEXT.userDeleted });
      onDeleted();
    } catch (cause) {
      setConfirming(false);
      toaster.error({ title: errorMessage(cause, USERS_TEXT.deleteFailed) });
    }
  };

  return (
    <>
      <Button colorPalette="red" variant="outline" onClick={() => setConfirming(true)}>
        {USERS_TEXT.deleteUser}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={USERS_TEXT.deleteUser}
        confirmLabel={USERS_TEXT.deleteUser}
        busyLabel={USERS_TEXT.deleting}
        busy={isDeleting}
        onConfirm={() => void handleConfirm()}
        onCancel={() => setConfirming(false)}
      >
        <Text>{USERS_TEXT.deleteConfirm(displayNameOf(user), user.email)}</Text>
      </ConfirmDialog>
    </>
  );
};
