import { apiFetch } from '@/lib/api/api-fetch';
import { PROJECTS_PATH } from './types';

export const PROPERTY_IMAGE_PATH = `${PROJECTS_PATH}/property-image`;

/**
 * Uploads a property image (multipart `file`); the server checks the bytes, stores the file under
 * property_images/ and answers its public URL. Nothing refers to it until the project is saved.
 */
export const uploadPropertyImage = (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiFetch<{ url: string }>(PROPERTY_IMAGE_PATH, { method: 'POST', body: form });
};
