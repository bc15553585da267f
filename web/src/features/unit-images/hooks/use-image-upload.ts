import type { ImageUploadOrigin } from '@repo/types';
import { useCallback, useState } from 'react';
import { errorMessage } from '@/lib/api/api-error';
import { uploadUnitImage } from '../api/upload-unit-image';
import { checkPickedFiles } from '../utils/check-files';
import { IMAGES_TEXT } from '../utils/messages';

export type PickedFileStatus = 'waiting' | 'uploading' | 'done' | 'failed';

export interface PickedFile {
  file: File;
  progress: number;
  status: PickedFileStatus;
  error: string | null;
}

export interface UseImageUploadArg {
  unitId: number;
  /** Images the unit already has: the limit counts them. */
  held: number;
  origin: ImageUploadOrigin;
  maxBytes: number;
}

export interface UploadOutcome {
  uploaded: number;
  failed: number;
}

const waiting = (file: File): PickedFile => ({ file, progress: 0, status: 'waiting', error: null });

/**
 * The image manager's selection and its upload: files go one after another (the server's limit
 * then counts each one in order), each with its own progress; a failed file stays listed with
 * the server's reason, and the uploaded ones show as done until the next pick.
 */
export const useImageUpload = ({ unitId, held, origin, maxBytes }: UseImageUploadArg) => {
  const [picked, setPicked] = useState<PickedFile[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [isUploading, setUploading] = useState(false);

  const pending = picked.filter((entry) => entry.status !== 'done');

  // A new pick starts a new list: the files of the last upload leave it.
  const pick = useCallback(
    (files: readonly File[]) => {
      const check = checkPickedFiles(files, held + pending.length, maxBytes);
      setErrors(check.errors);
      setPicked((current) => [...current.filter((entry) => entry.status !== 'done'), ...check.accepted.map(waiting)]);
    },
    [held, maxBytes, pending.length],
  );

  const remove = useCallback((file: File) => setPicked((current) => current.filter((entry) => entry.file !== file)), []);

  const update = (file: File, change: Partial<PickedFile>) =>
    setPicked((current) => current.map((entry) => (entry.file === file ? { ...entry, ...change } : entry)));

  const uploadAll = async (): Promise<UploadOutcome> => {
    const queue = pending.map((entry) => entry.file);
    setErrors([]);
    setUploading(true);
    let uploaded = 0;
    try {
      for (const file of queue) {
        update(file, { status: 'uploading', progress: 0, error: null });
        try {
          await uploadUnitImage({ unitId, file, origin, onProgress: (progress) => update(file, { progress }) });
          update(file, { status: 'done', progress: 100 });
          uploaded += 1;
        } catch (cause) {
          update(file, { status: 'failed', error: errorMessage(cause, IMAGES_TEXT.fileFailed) });
        }
      }
    } finally {
      setUploading(false);
    }
    return { uploaded, failed: queue.length - uploaded };
  };

  return { picked, pendingCount: pending.length, errors, isUploading, pick, remove, uploadAll };
};
