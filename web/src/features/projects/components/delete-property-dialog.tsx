import { Text } from '@chakra-ui/react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toaster } from '@/components/ui/toaster';
import { useDeleteProject } from '../api/delete-project';
import { PROPERTIES_TEXT } from '../utils/messages';

export interface DeletePropertyDialogProps {
  /** The property to delete; null keeps the dialog closed. */
  project: { id: number; name: string } | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/** The delete confirmation of spec §2, with its exact wording. */
export const DeletePropertyDialog = ({ project, onClose, onDeleted }: DeletePropertyDialogProps) => {
  const { deleteProject, isDeleting } = useDeleteProject();

  const handleConfirm = async () => {
    if (!project) return;
    try {
      await deleteProject(project.id);
      toaster.success({ title: PROPERTIES_TEXT.deleted(project.name) });
      onClose();
      onDeleted?.();
    } catch {
      toaster.error({ title: PROPERTIES_TEXT.deleteFailed });
      onClose();
    }
  };

  return (
    <ConfirmDialog
      open={project !== null}
      title={PROPERTIES_TEXT.deleteProperty}
      confirmLabel={PROPERTIES_TEXT.deleteProperty}
      busyLabel={PROPERTIES_TEXT.deleting}
      busy={isDeleting}
      onConfirm={() => void handleConfirm()}
      onCancel={onClose}
    >
      <Text>{project ? PROPERTIES_TEXT.deleteConfirm(project.name) : ''}</Text>
    </ConfirmDialog>
  );
};
