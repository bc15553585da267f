import { useEffect, useState } from 'react';

/** blob: URLs for the picked files while they are shown, revoked when the list changes or the component goes. */
export const useObjectUrls = (files: readonly File[]): string[] => {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const created = files.map((file) => URL.createObjectURL(file));
    setUrls(created);
    return () => created.forEach((url) => URL.revokeObjectURL(url));
  }, [files]);
  return urls;
};
