import { memo } from 'react';
import { Modal } from '@/components/ui/modal';
import type { ProjectRecord } from '../api/types';
import { PROPERTIES_TEXT } from '../utils/messages';
import { PropertyForm, type PropertyFormProps } from './property-form';

export interface PropertyFormDialogProps {
  open: boolean;
  /** The project to edit ('Edit Property'); absent for 'Add New Property'. */
  project?: PropertyFormProps['project'];
  onClose: () => void;
  onSaved?: (project: ProjectRecord) => void;
  /** Editing only: shows 'Delete Property' in the form; called after the property was deleted. */
  onDeleted?: () => void;
}

/** Memoised: on the project page it sits beside the busy units table. */
export const PropertyFormDialog = memo(({ open, project, onClose, onSaved, onDeleted }: PropertyFormDialogProps) => (
  <Modal open={open} title={project ? PROPERTIES_TEXT.editProperty : PROPERTIES_TEXT.addProperty} onClose={onClose}>
    <PropertyForm
      key={project?.id ?? 'new'}
      project={project}
      onCancel={onClose}
      onDeleted={
        onDeleted &&
        (() => {
          onClose();
          onDeleted();
        })
      }
      onSaved={(saved) => {
        onSaved?.(saved);
        onClose();
      }}
    />
  </Modal>
));
PropertyFormDialog.displayName = 'PropertyFormDialog';
