import { useCallback, useEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import type { UnitListItem } from '../api/types';
import { changedRowIds, steadyRows, type SteadyRow } from '../utils/steady-rows';

/** How long a row changed by someone else stays highlighted. */
export const FLASH_MS = 2_500;

const currentRows = (rows: readonly UnitListItem[]): SteadyRow[] => rows.map((unit) => ({ unit, state: 'current' }));

interface Held {
  ids: number[];
  /** The list and rows last seen: a new `rows` from the same list is the viewer's own sort or filter. */
  units: readonly UnitListItem[];
  rows: readonly UnitListItem[];
}

const hold = (rows: readonly UnitListItem[], units: readonly UnitListItem[]): Held => ({ ids: rows.map((unit) => unit.id), units, rows });

/**
 * The live table's manners: rows that changed while on screen are flagged for a brief highlight,
 * and while the pointer or the keyboard focus is on the table (the viewer is reading it) rows hold
 * still: a live change updates a row where it stands, a unit that left the list stays greyed, and
 * new units wait, until the viewer leaves the table or asks for them. A new sort, search or filter
 * (new rows from the same list: the viewer's own doing) applies at once.
 */
export const useSteadyRows = (rows: readonly UnitListItem[], units: readonly UnitListItem[]) => {
  const [holding, setHolding] = useState({ pointer: false, focus: false });
  const isHolding = holding.pointer || holding.focus;
  const [held, setHeld] = useState<Held | null>(null);
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

  // The held order, worked out while rendering (React's derived-state pattern) so no frame shows a stale one.
  let next = held;
  if (!isHolding) next = null;
  else if (!held || (held.units === units && held.rows !== rows)) next = hold(rows, units);
  else if (held.units !== units) next = { ...held, units, rows };
  if (next !== held) setHeld(next);

  const listed = useMemo(() => new Map(units.map((unit) => [unit.id, unit])), [units]);
  const heldIds = next?.ids ?? null;
  const view = useMemo(
    () => (heldIds ? steadyRows(heldIds, rows, listed, lastKnown.current) : { rows: currentRows(rows), pending: 0 }),
    [heldIds, rows, listed],
  );

  const release = useCallback(() => setHeld(hold(rows, units)), [rows, units]);
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
