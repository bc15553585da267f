import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';
import { API_BASE, readPayload } from './api-fetch';

export interface UploadOptions {
  /** Called with 0–100 as the request body goes out (spec §7: upload progress in percent). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

// A Response cannot carry a body with these statuses.
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * A multipart POST that reports upload progress, which fetch cannot do: XMLHttpRequest sends it,
 * and its answer goes through the same payload and error parsing as apiFetch (one ApiError, the
 * 401 hand-off to the session).
 */
export const apiUpload = <T>(path: string, form: FormData, { onProgress, signal }: UploadOptions = {}): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, message: NETWORK_ERROR_MESSAGE }));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    xhr.onloadend = () => signal?.removeEventListener('abort', abort);
    xhr.onload = () => {
      const body = NULL_BODY.has(xhr.status) ? null : xhr.responseText;
      const response = new Response(body, { status: xhr.status, statusText: xhr.statusText });
      readPayload<T>(path, response).then((payload) => {
        onProgress?.(100);
        resolve(payload);
      }, reject);
    };
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', abort);
    xhr.send(form);
  });
