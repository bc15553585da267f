import { Button, Flex, NativeSelect, Text } from '@chakra-ui/react';
import { UNIT_STATUSES, type UnitStatus } from '@repo/types';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toaster } from '@/components/ui/toaster';
import { errorMessage } from '@/lib/api/api-error';
import { useChangeUnitStatuses } from '../api/change-unit-statuses';
import { useDeleteUnits } from '../api/delete-units';
import { UNITS_TEXT } from '../utils/messages';

export interface SelectionBarProps {
  projectId: number | string;
  selected: readonly number[];
  onClear: () => void;
  /** Actions of other features on the selection, first in the bar (the route composes them: Send Email Notification). */
  actions?: ReactNode;
}

type Pending = { kind: 'status'; status: UnitStatus } | { kind: 'delete' } | null;

/** The admin's bar while units are selected (spec §2): Send Email Notification, Change Status, Delete Selected Units, Clear Selection. */
export const SelectionBar = ({ projectId, selected, onClear, actions }: SelectionBarProps) => {
  const { changeUnitStatuses, isChanging } = useChangeUnitStatuses(projectId);
  const { deleteUnits, isDeleting } = useDeleteUnits(projectId);
  const [status, setStatus] = useState<UnitStatus>('available');
  const [pending, setPending] = useState<Pending>(null);
  const count = selected.length;

  const handleConfirm = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'status') {
        await changeUnitStatuses([...selected], pending.status);
        toaster.success({ title: UNITS_TEXT.statusChanged(pending.status, count) });
      } else {
        const { deleted } = await deleteUnits([...selected]);
        toaster.success({ title: UNITS_TEXT.unitsDeleted(deleted) });
      }
      onClear();
    } catch (cause) {
      toaster.error({ title: errorMessage(cause, pending.kind === 'status' ? UNITS_TEXT.statusChangeFailed : UNITS_TEXT.bulkDeleteFailed) });
    } finally {
      setPending(null);
    }
  };

  return (
    <Flex role="region" aria-label={UNITS_TEXT.selected(count)} gap="3" wrap="wrap" align="center" p="3" rounded="md" bg="brand.subtle" borderWidth="1px">
      <Text fontWeight="medium" aria-live="polite">
        {UNITS_TEXT.selected(count)}
      </Text>
      {actions}
      <NativeSelect.Root size="sm" w="auto">
        <NativeSelect.Field aria-label={UNITS_TEXT.newStatus} value={status} onChange={(event) => setStatus(event.target.value as UnitStatus)}>
          {UNIT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Button size="sm" colorPalette="brand" onClick={() => setPending({ kind: 'status', status })}>
        {UNITS_TEXT.changeStatus}
      </Button>
      <Button size="sm" colorPalette="red" variant="outline" onClick={() => setPending({ kind: 'delete' })}>
        {UNITS_TEXT.deleteSelected}
      </Button>
      <Button size="sm" variant="ghost" onClick={onClear}>
        {UNITS_TEXT.clearSelection}
      </Button>
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'delete' ? UNITS_TEXT.deleteSelected : UNITS_TEXT.changeStatus}
        confirmLabel={pending?.kind === 'delete' ? UNITS_TEXT.deleteSelected : UNITS_TEXT.changeStatus}
        busyLabel={pending?.kind === 'delete' ? UNITS_TEXT.deleting : UNITS_TEXT.changing}
        busy={isChanging || isDeleting}
        tone={pending?.kind === 'delete' ? 'danger' : 'primary'}
        onConfirm={() => void handleConfirm()}
        onCancel={() => setPending(null)}
      >
        <Text>{pending?.kind === 'status' ? UNITS_TEXT.changeConfirm(count, pending.status) : UNITS_TEXT.deleteSelectedConfirm(count)}</Text>
      </ConfirmDialog>
    </Flex>
  );
};
