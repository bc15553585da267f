import http from 'node:http';
import zlib from 'node:zlib';

/** What Chromium offers in Accept-Encoding. */
export const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire, not decoded. */
  raw: Buffer;
}

/** A request that leaves the body as sent (fetch would decode it and hide Content-Encoding's effect). */
export const rawRequest = (method: 'GET' | 'HEAD', baseUrl: string, urlPath: string, headers: Record<string, string> = {}) =>
  new Promise<RawResponse>((resolve, reject) => {
    http
      .request(new URL(urlPath, baseUrl), { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, raw: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject)
      .end();
  });

export const rawGet = (baseUrl: string, urlPath: string, headers: Record<string, string> = {}) => rawRequest('GET', baseUrl, urlPath, headers);

/** The body as text, undoing its Content-Encoding (br, gzip or none; anything else fails the test). */
export const decode = (response: RawResponse) => {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.raw).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(response.raw).toString('utf8');
  if (encoding === undefined) return response.raw.toString('utf8');
  throw new Error(`Unexpected Content-Encoding ${encoding}`);
};

/** Whether the answer says it varies on Accept-Encoding. */
export const variesOnEncoding = (response: RawResponse) =>
  String(response.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');
