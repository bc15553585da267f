import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { memo } from 'react';
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
  <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} size="lg" scrollBehavior="inside">
    <Portal>
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content>
          <Dialog.Header>
            <Dialog.Title>{project ? PROPERTIES_TEXT.editProperty : PROPERTIES_TEXT.addProperty}</Dialog.Title>
          </Dialog.Header>
          {open && (
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
          )}
          <Dialog.CloseTrigger asChild>
            <CloseButton size="sm" aria-label="Close" />
          </Dialog.CloseTrigger>
        </Dialog.Content>
      </Dialog.Positioner>
    </Portal>
  </Dialog.Root>
));
PropertyFormDialog.displayName = 'PropertyFormDialog';
