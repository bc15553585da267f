import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearPersistedCache } from '@/lib/api/cache-persistence';
import { recipes as chakraRecipes, slotRecipes as chakraSlotRecipes } from '@chakra-ui/react/theme';
import { system } from '@/lib/theme';
import { mockApi } from './mock-api';

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

// jsdom has no ResizeObserver; popovers (floating-ui) observe their anchor with one.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

// jsdom has no CSS.escape; the dialogs' focus trap escapes ids with it.
if (typeof globalThis.CSS === 'undefined' || typeof globalThis.CSS.escape !== 'function') {
  const escape = (value: string) => value.replace(/([^\w-])/g, '\\$1');
  globalThis.CSS = { ...(globalThis.CSS ?? {}), escape } as typeof CSS;
}

// jsdom cannot parse the cascade layers Chakra emits and reports each stylesheet as an error.
const reportError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  const first = args[0];
  const text = first instanceof Error ? first.message : String(first);
  if (text.startsWith('Error: Could not parse CSS stylesheet') || text.startsWith('Could not parse CSS stylesheet')) return;
  reportError(...args);
};

// The theme holds only the recipes the portal's components use (lib/theme.ts): a component rendered
// without its recipe (one Chakra's full theme has) would be unstyled, so it fails the test that
// renders it, naming the recipe. (Some components, Text and Box among them, have none anywhere.)
const { getRecipeFn, getSlotRecipeFn } = system;
system.getRecipeFn = (key, fallback) => {
  if (key in chakraRecipes && !system.isRecipe(key)) throw new Error(`The theme has no '${key}' recipe: add it to lib/theme.ts`);
  return getRecipeFn(key, fallback);
};
system.getSlotRecipeFn = (key, fallback) => {
  if (key in chakraSlotRecipes && !system.isSlotRecipe(key)) throw new Error(`The theme has no '${key}' slot recipe: add it to lib/theme.ts`);
  return getSlotRecipeFn(key, fallback);
};

// The signed-in screens are lazy modules: their first import in a busy run can outlast the 1 s default.
configure({ asyncUtilTimeout: 5000 });

// Every test starts against a server where nobody is signed in; tests that need more stub their own.
beforeEach(() => {
  mockApi();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  // The persisted cache's writes still waiting for an idle moment too: the next test's cache would
  // store them when it is created, and start from this test's lists (a project's units and ETag).
  clearPersistedCache();
  window.sessionStorage.clear();
});
