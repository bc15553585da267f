import { Button, Field, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { UNIT_STATUSES, type UnitStatus } from '@repo/types';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toaster } from '@/components/ui/toaster';
import { errorMessage } from '@/lib/api/api-error';
import { useDeleteUnit } from '../api/delete-unit';
import type { UnitDetail } from '../api/types';
import { useUpdateUnit } from '../api/update-unit';
import { UNIT_DETAIL_TEXT } from '../utils/messages';

export interface UnitAdminToolsProps {
  unit: UnitDetail;
  editing: boolean;
  onEdit: () => void;
  onDeleted: () => void;
}

/** Admin only (spec §2): 'Edit Unit', the status dropdown that saves at once, and 'Delete Unit'. */
export const UnitAdminTools = ({ unit, editing, onEdit, onDeleted }: UnitAdminToolsProps) => {
  const { updateUnit, isUpdating } = useUpdateUnit();
  const { deleteUnit, isDeleting } = useDeleteUnit();
  const [confirming, setConfirming] = useState(false);

  const handleStatus = async (status: UnitStatus) => {
    try {
      await updateUnit({ unit, input: { status, ...(unit.revision === undefined ? {} : { revision: unit.revision }) } });
      toaster.success({ title: UNIT_DETAIL_TEXT.statusSaved(status) });
    } catch (cause) {
      toaster.error({ title: errorMessage(cause, UNIT_DETAIL_TEXT.statusFailed) });
    }
  };

  const handleDelete = async () => {
    try {
      await deleteUnit({ id: unit.id, projectId: unit.projectId });
      setConfirming(false);
      onDeleted();
    } catch (cause) {
      setConfirming(false);
      toaster.error({ title: errorMessage(cause, UNIT_DETAIL_TEXT.deleteFailed) });
    }
  };

  return (
    <HStack gap="3" wrap="wrap" align="flex-end">
      {!editing && (
        <Button colorPalette="brand" size="sm" onClick={onEdit}>
          {UNIT_DETAIL_TEXT.editUnit}
        </Button>
      )}
      <Field.Root w="auto" disabled={isUpdating || editing}>
        <Field.Label fontSize="xs">{UNIT_DETAIL_TEXT.quickStatus}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={unit.status} onChange={(event) => void handleStatus(event.target.value as UnitStatus)}>
            {UNIT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Button colorPalette="red" variant="outline" size="sm" onClick={() => setConfirming(true)}>
        {UNIT_DETAIL_TEXT.deleteUnit}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={UNIT_DETAIL_TEXT.confirmDeletion}
        confirmLabel={UNIT_DETAIL_TEXT.deleteUnit}
        busyLabel={UNIT_DETAIL_TEXT.deleting}
        busy={isDeleting}
        onConfirm={() => void handleDelete()}
        onCancel={() => setConfirming(false)}
      >
        <Text>{UNIT_DETAIL_TEXT.deleteConfirm(unit.unitNumber || unit.name || String(unit.id))}</Text>
      </ConfirmDialog>
    </HStack>
  );
};
