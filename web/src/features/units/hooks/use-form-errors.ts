import { useCallback, useMemo, useState } from 'react';
import type { FormErrors } from '../utils/unit-form-values';

/**
 * The errors a unit form shows. A submit flags the fields its check found wrong; from then on each
 * flagged field is checked again as the values change, so its error leaves as soon as the value is
 * valid (and its wording follows the value), while a field nobody has submitted is not scolded
 * before the next submit. A server error stays until its own field is edited: only the server can
 * say whether the new value would pass.
 */
export const useFormErrors = (checked: FormErrors) => {
  const [flagged, setFlagged] = useState<ReadonlySet<string>>(() => new Set());
  const [server, setServer] = useState<FormErrors>({});

  const errors = useMemo(() => {
    const shown: FormErrors = { ...server };
    for (const field of flagged) if (checked[field]) shown[field] = checked[field];
    return shown;
  }, [checked, flagged, server]);

  /** On submit: shows every error the check finds now; true when there is none. */
  const flagAll = useCallback(() => {
    setFlagged(new Set(Object.keys(checked)));
    setServer({});
    return Object.keys(checked).length === 0;
  }, [checked]);

  const edited = useCallback((field: string) => {
    setServer((current) => {
      if (!(field in current)) return current;
      const { [field]: _dropped, ...rest } = current;
      return rest;
    });
  }, []);

  return { errors, flagAll, setServerErrors: setServer, edited };
};
