import { useCallback, useEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import type { UnitListItem } from '../api/types';
import { changedRowIds, steadyRows, type SteadyRow } from '../utils/steady-rows';

/** How long a row changed by someone else stays highlighted. */
export const FLASH_MS = 2_500;

const currentRows = (rows: readonly UnitListItem[]): SteadyRow[] => rows.map((unit) => ({ unit, state: 'current' }));

/**
 * The live table's manners: rows that changed while on screen are flagged for a brief highlight,
 * and while the pointer or the keyboard focus is on the table (the viewer is reading it) rows hold
 * still: a live change updates a row where it stands, a unit that left the list stays greyed, and
 * new units wait, until the viewer leaves the table or asks for them. A new sort or filter, the
 * viewer's own doing, applies at once.
 */
export const useSteadyRows = (rows: readonly UnitListItem[], units: readonly UnitListItem[], viewKey: string) => {
  const [holding, setHolding] = useState({ pointer: false, focus: false });
  const isHolding = holding.pointer || holding.focus;
  const [held, setHeld] = useState<{ ids: number[]; viewKey: string } | null>(null);
  const lastKnown = useRef(new Map<number, UnitListItem>());
  const versions = useRef<Map<number, string> | null>(null);
  const [flashing, setFlashing] = useState<ReadonlySet<number>>(new Set());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  // Which rows changed: against the versions of the whole list already seen, so clearing a filter flashes nothing.
  useEffect(() => {
    const before = versions.current;
    versions.current = new Map(units.map((unit) => [unit.id, unit.updatedAt]));
    for (const unit of units) lastKnown.current.set(unit.id, unit);
    if (!before || before.size === 0) return;
    const changed = new Set(changedRowIds(before, units));
    if (changed.size === 0) return;
    setFlashing((current) => new Set([...current, ...changed]));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setFlashing((current) => new Set([...current].filter((id) => !changed.has(id))));
    }, FLASH_MS);
    timers.current.add(timer);
  }, [units]);

  const ids = useMemo(() => rows.map((unit) => unit.id), [rows]);
  // Hold the order shown when the viewer started reading, and again after each sort or filter of theirs.
  useEffect(() => {
    if (!isHolding) setHeld(null);
    else setHeld((current) => (current && current.viewKey === viewKey ? current : { ids, viewKey }));
    // `ids` is left out on purpose: a live change must not re-take the held order.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isHolding, viewKey]);

  const listed = useMemo(() => new Map(units.map((unit) => [unit.id, unit])), [units]);
  const view = useMemo(
    () => (held && held.viewKey === viewKey ? steadyRows(held.ids, rows, listed, lastKnown.current) : { rows: currentRows(rows), pending: 0 }),
    [held, viewKey, rows, listed],
  );

  const release = useCallback(() => setHeld((current) => (current ? { ids, viewKey: current.viewKey } : current)), [ids]);
  const holdHandlers = useMemo(
    () => ({
      onPointerEnter: () => setHolding((current) => ({ ...current, pointer: true })),
      onPointerLeave: () => setHolding((current) => ({ ...current, pointer: false })),
      onFocus: () => setHolding((current) => ({ ...current, focus: true })),
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHolding((current) => ({ ...current, focus: false }));
      },
    }),
    [],
  );

  // The table gives way to its empty state (whose area gets no pointer-leave): nothing is read any more.
  const empty = view.rows.length === 0;
  useEffect(() => {
    if (empty) setHolding({ pointer: false, focus: false });
  }, [empty]);

  const gone = view.rows.filter((row) => row.state === 'gone').length;
  return { rows: view.rows, pending: view.pending, gone, flashing, release, holdHandlers };
};
