import { TIMERS_MS } from '@repo/types';
import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a named export, giving up after the spec's chunk time-out (120 s) so a stalled
 * download ends on the router's error screen instead of an endless spinner. Its message is the
 * reader's: it does not name the export.
 */
export const lazyNamed = <Name extends string, Props extends object>(load: () => Promise<Record<Name, ComponentType<Props>>>, name: Name) =>
  lazy(async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Loading this screen took too long. Check your connection and reload the page.')), TIMERS_MS.lazyChunkTimeout);
    });
    try {
      const module = await Promise.race([load(), timeout]);
      return { default: module[name] };
    } finally {
      clearTimeout(timer);
    }
  });
