/**
 * The one way a request path may be written (issue #25, finding 1). The router matches the raw path
 * (undecoded, letter case as written: see router.ts), and so does every guard and header middleware.
 * A path that another reader could take for a different one is refused before any of them runs:
 *
 * - an empty segment (`//api/units`, `/api//units`): some proxies and file servers merge them;
 * - a dot segment (`/api/./units`, `/x/../api/units`): URL resolution removes them;
 * - a percent-escape of a character that never needs one (`/%61pi`, `%2e`), of a slash or of a
 *   backslash (`/api%2Funits`, `%5C`), or a malformed escape: decoding changes what the path says;
 * - a backslash: some readers take it for a slash.
 *
 * Browsers, the portal and the CMS panel never send such a path for a real route: browsers resolve
 * dot segments and never escape unreserved characters, and encodeURIComponent escapes none of them.
 * Escapes of everything else (spaces, Arabic, '%25') stay: they mean the same to every reader.
 */
const UNRESERVED_OR_SEPARATOR = /^[A-Za-z0-9\-._~/\\]$/;

const hasMisleadingEscape = (path: string) => {
  for (let at = path.indexOf('%'); at >= 0; at = path.indexOf('%', at + 1)) {
    const hex = path.slice(at + 1, at + 3);
    if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return true;
    if (UNRESERVED_OR_SEPARATOR.test(String.fromCharCode(parseInt(hex, 16)))) return true;
  }
  return false;
};

export const isCanonicalPath = (path: string): boolean =>
  path.startsWith('/') && !path.includes('//') && !path.includes('\\') && !/(?:^|\/)\.{1,2}(?:\/|$)/.test(path) && !hasMisleadingEscape(path);
