import http from 'node:http';
import { CSV_TEMPLATE_HEADER } from '@repo/types';

/** A CSV of `count` new units numbered `<prefix>1`, `<prefix>2`, ... in the import template's columns. */
export const unitsCsv = (count: number, prefix: string) =>
  [
    CSV_TEMPLATE_HEADER,
    ...Array.from(
      { length: count },
      (_, index) => `${prefix}${index + 1},1 Bedroom,${(index % 40) + 1},${900000 + index},750.5,1,1,Sea View,Bright corner unit ${index},,Balcony`,
    ),
  ].join('\r\n');

export interface RawResponse {
  status: number;
  body: string;
}

/**
 * A CSV import sent over a raw HTTP request, so a test controls when the body goes out: `send`
 * writes a part of it, `finish` the rest; `response` settles with the answer or the socket error.
 */
export const startImport = (baseUrl: string, projectId: number, token: string, csv: string) => {
  const boundary = `----portal-test-${Date.now()}`;
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="units.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  );
  const url = new URL(`/api/projects/${projectId}/units/import`, baseUrl);
  const request = http.request(url, {
    method: 'POST',
    agent: false,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': body.length },
  });
  const response = new Promise<RawResponse>((resolve, reject) => {
    request.on('response', (incoming) => {
      let text = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => (text += chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: text }));
      incoming.on('error', reject);
    });
    request.on('error', reject);
  });
  let sent = 0;
  return {
    response,
    /** Writes the next `bytes` of the body (flushHeaders first, so the server starts on the request). */
    send: (bytes: number) =>
      new Promise<void>((resolve) => {
        const part = body.subarray(sent, Math.min(body.length, sent + bytes));
        sent += part.length;
        request.write(part, () => resolve());
      }),
    finish: () => {
      request.end(body.subarray(sent));
      sent = body.length;
    },
    size: body.length,
  };
};

/** The whole import at once. */
export const sendImport = (baseUrl: string, projectId: number, token: string, csv: string) => {
  const upload = startImport(baseUrl, projectId, token, csv);
  upload.finish();
  return upload.response;
};
