import { Dialog } from '@chakra-ui/react';
import { memo } from 'react';
import { Modal } from '@/components/ui/modal';
import { UNIT_FORM_TEXT } from '../utils/messages';
import { UnitForm } from './unit-form';

export interface UnitFormDialogProps {
  open: boolean;
  projectId: number;
  onClose: () => void;
}

/** The 'Add New Unit' modal; its form starts empty every time it opens. Memoised: it sits beside the busy table. */
export const UnitFormDialog = memo(({ open, projectId, onClose }: UnitFormDialogProps) => (
  <Modal open={open} title={UNIT_FORM_TEXT.addTitle} onClose={onClose} size="xl">
    <Dialog.Body pb="6">
      <UnitForm projectId={projectId} onCancel={onClose} onSaved={onClose} />
    </Dialog.Body>
  </Modal>
));
UnitFormDialog.displayName = 'UnitFormDialog';
