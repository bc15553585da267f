import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

export type UnitsView = 'table' | 'stack';

const storageKey = (userKey: string) => `propertyPortal.unitsView.${userKey}`;

const readStored = (userKey: string): UnitsView | null => {
  try {
    const value = window.localStorage.getItem(storageKey(userKey));
    return value === 'stack' || value === 'table' ? value : null;
  } catch {
    return null;
  }
};

const store = (userKey: string, view: UnitsView) => {
  try {
    window.localStorage.setItem(storageKey(userKey), view);
  } catch {
    // Storage refused (private mode, quota): the URL still holds the choice.
  }
};

/**
 * The project page's 'Table' / 'Stacking Plan' choice. The URL holds it (?view=stack), so a link
 * opens the same view; without one, the viewer's last choice on this device (localStorage, keyed
 * by user, so two people sharing a browser keep their own).
 */
export const useUnitsView = (userKey: string) => {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('view');
  const view: UnitsView = fromUrl === 'stack' || fromUrl === 'table' ? fromUrl : (readStored(userKey) ?? 'table');

  // A shared link's choice becomes this viewer's choice too.
  useEffect(() => {
    if (fromUrl === 'stack' || fromUrl === 'table') store(userKey, fromUrl);
  }, [fromUrl, userKey]);

  const setView = useCallback(
    (next: UnitsView) => {
      store(userKey, next);
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === 'stack') updated.set('view', 'stack');
          else updated.delete('view');
          return updated;
        },
        { replace: true },
      );
    },
    [setParams, userKey],
  );

  return { view, setView };
};
