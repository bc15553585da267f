import type { ReactNode } from 'react';
import { useCallback } from 'react';
import { SWRConfig, useSWRConfig, type SWRConfiguration } from 'swr';
import { ApiError } from './api-error';
import { clearPersistedCache, createPersistentCache, isCachedKey } from './cache-persistence';

const MAX_RETRIES = 3;

export const swrConfig: SWRConfiguration = {
  provider: createPersistentCache,
  // A refusal (4xx) will not change by asking again; a dropped connection or a 5xx might.
  onErrorRetry: (error, _key, config, revalidate, { retryCount }) => {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return;
    if (retryCount > MAX_RETRIES) return;
    setTimeout(() => void revalidate({ retryCount }), (config.errorRetryInterval ?? 5000) * 2 ** (retryCount - 1));
  },
};

export interface ApiProviderProps {
  children: ReactNode;
}

export const ApiProvider = ({ children }: ApiProviderProps) => <SWRConfig value={swrConfig}>{children}</SWRConfig>;

/** 'Clear All Cached Data': forgets the persisted entries and the cached data, then refetches what is on screen. */
export const useClearCachedData = () => {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    clearPersistedCache();
    await mutate(isCachedKey, undefined, { revalidate: true });
  }, [mutate]);
};
