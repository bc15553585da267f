import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no matchMedia; the theme provider asks it for the system colour scheme.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom cannot parse the cascade layers Chakra emits and reports each stylesheet as an error.
const reportError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  const first = args[0];
  const text = first instanceof Error ? first.message : String(first);
  if (text.startsWith('Error: Could not parse CSS stylesheet') || text.startsWith('Could not parse CSS stylesheet')) return;
  reportError(...args);
};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
