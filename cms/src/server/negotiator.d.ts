// negotiator 1.x (the `preferred` option of encodings() is new in 1.0; @types/negotiator describes 0.6).
declare module 'negotiator' {
  import type { IncomingHttpHeaders } from 'node:http';

  class Negotiator {
    constructor(request: { headers: IncomingHttpHeaders });
    /** The codings of `available` the Accept-Encoding header accepts, by its weights, then by `preferred`. */
    encodings(available?: readonly string[], options?: { preferred?: readonly string[] }): string[];
  }
  export = Negotiator;
}
