import { useCallback, useEffect, useRef, useState } from 'react';
import type { UnitDetail } from '../api/types';

/** After the form's own immediate writes (the image source), changes seen this soon are its own. */
const OWN_WRITE_MS = 4_000;

/**
 * The unit as the edit form read it: what a save sends the revision of, so a change someone else
 * made meanwhile is refused (409) rather than overwritten, however often the page re-reads the
 * unit. The form's own writes move it on: `rebase` after a save, `expectOwnChange` before a write
 * whose effect arrives through a re-read.
 */
export const useEditBase = (unit: UnitDetail) => {
  const [base, setBase] = useState(unit);
  const ownUntil = useRef(0);

  useEffect(() => {
    if (Date.now() < ownUntil.current) setBase(unit);
  }, [unit]);

  const expectOwnChange = useCallback(() => {
    ownUntil.current = Date.now() + OWN_WRITE_MS;
  }, []);
  return { base, rebase: setBase, expectOwnChange };
};
