import { useEffect, useState } from 'react';

/** A blob: URL for a file while it is needed, revoked when the file changes or the component goes. */
export const useObjectUrl = (file: Blob | null | undefined): string | null => {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return undefined;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
};
