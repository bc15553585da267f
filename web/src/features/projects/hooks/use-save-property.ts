import type { ImageMetadata } from '@repo/types';
import { useState } from 'react';
import { ApiError, errorMessage, type FieldErrors } from '@/lib/api/api-error';
import { useCreateProject } from '../api/create-project';
import type { ProjectInput, ProjectRecord } from '../api/types';
import { useUpdateProject } from '../api/update-project';
import { uploadPropertyImage } from '../api/upload-property-image';
import { PROPERTIES_TEXT } from '../utils/messages';
import type { PropertyImageValue } from '../utils/property-image-value';

export type PropertyFields = Omit<ProjectInput, 'imageUrl' | 'imageMetadata'>;

export interface SaveOutcome {
  project?: ProjectRecord;
  error?: string;
  fieldErrors?: FieldErrors;
  /** Someone else saved the property since the form read it (409): offer to reload. */
  stale?: boolean;
}

/**
 * Submitting the property form (spec §4): a pending image is uploaded first, then the project is
 * created or updated with the returned URL and the crop metadata. Until then nothing is stored.
 */
export const useSaveProperty = (projectId?: number) => {
  const { createProject } = useCreateProject();
  const { updateProject } = useUpdateProject();
  const [isSaving, setSaving] = useState(false);

  /** `revision`: the one the edit form read (required by the server for an edit, unused on create). */
  const save = async (fields: PropertyFields, image: PropertyImageValue, revision?: number): Promise<SaveOutcome> => {
    setSaving(true);
    try {
      let imageUrl: string | null = null;
      let imageMetadata: ImageMetadata | null = null;
      if (image.kind === 'existing') {
        imageUrl = image.url;
        imageMetadata = image.metadata;
      } else if (image.kind === 'pending') {
        try {
          imageUrl = (await uploadPropertyImage(image.file)).url;
          imageMetadata = image.metadata;
        } catch (cause) {
          return { error: errorMessage(cause, PROPERTIES_TEXT.uploadFailed) };
        }
      }
      const input: ProjectInput = { ...fields, imageUrl, imageMetadata };
      try {
        const project =
          projectId === undefined ? await createProject(input) : await updateProject({ id: projectId, input: { ...input, revision: revision ?? 0 } });
        return { project };
      } catch (cause) {
        const fallback = projectId === undefined ? PROPERTIES_TEXT.saveFailed : PROPERTIES_TEXT.updateFailed;
        return {
          error: errorMessage(cause, fallback),
          fieldErrors: cause instanceof ApiError ? cause.fieldErrors : {},
          stale: cause instanceof ApiError && cause.status === 409,
        };
      }
    } finally {
      setSaving(false);
    }
  };

  return { save, isSaving };
};
