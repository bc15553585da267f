import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { memo } from 'react';
import { UNIT_FORM_TEXT } from '../utils/messages';
import { UnitForm } from './unit-form';

export interface UnitFormDialogProps {
  open: boolean;
  projectId: number;
  onClose: () => void;
}

/** The 'Add New Unit' modal; its form starts empty every time it opens. Memoised: it sits beside the busy table. */
export const UnitFormDialog = memo(({ open, projectId, onClose }: UnitFormDialogProps) => (
  <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} size="xl" scrollBehavior="inside">
    <Portal>
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content>
          <Dialog.Header>
            <Dialog.Title>{UNIT_FORM_TEXT.addTitle}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body pb="6">{open && <UnitForm projectId={projectId} onCancel={onClose} onSaved={onClose} />}</Dialog.Body>
          <Dialog.CloseTrigger asChild>
            <CloseButton size="sm" aria-label="Close" />
          </Dialog.CloseTrigger>
        </Dialog.Content>
      </Dialog.Positioner>
    </Portal>
  </Dialog.Root>
));
UnitFormDialog.displayName = 'UnitFormDialog';
