import { useCallback, useMemo, useState } from 'react';

/**
 * The admin's selected units, by id. Ids that leave the list (deleted, or hidden by a reload) drop
 * out of the selection, so a bulk action never carries units the admin can no longer see.
 */
export const useUnitSelection = (availableIds: readonly number[]) => {
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const available = useMemo(() => new Set(availableIds), [availableIds]);
  const selected = useMemo(() => [...picked].filter((id) => available.has(id)), [picked, available]);
  const selectedSet = useMemo(() => new Set(selected), [selected]);

  const toggle = useCallback((id: number, checked: boolean) => {
    setPicked((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  /** The header checkbox: selects the shown rows, or clears them when all are selected already. */
  const toggleAll = useCallback((ids: readonly number[], checked: boolean) => {
    setPicked((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);

  const clear = useCallback(() => setPicked(new Set()), []);

  return { selected, isSelected: (id: number) => selectedSet.has(id), toggle, toggleAll, clear };
};
