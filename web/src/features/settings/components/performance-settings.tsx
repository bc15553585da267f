import { Alert, Button, Stack, Switch, Text } from '@chakra-ui/react';
import { TIMERS_MS } from '@repo/types';
import { useEffect, useState } from 'react';
import { isDataCachingEnabled, setDataCachingEnabled } from '@/lib/api/cache-persistence';
import { useClearCachedData } from '@/lib/api/swr-config';
import { SETTINGS_TEXT } from '../utils/messages';
import { SettingsSection } from './settings-section';

/** Data Caching (on by default) and 'Clear All Cached Data' (spec §2, §7). */
export const PerformanceSettings = () => {
  const clearCachedData = useClearCachedData();
  const [enabled, setEnabled] = useState(isDataCachingEnabled);
  // A time, not a flag: a second click within the 3 seconds shows the message for 3 more.
  const [clearedAt, setClearedAt] = useState<number | null>(null);

  useEffect(() => {
    if (clearedAt === null) return undefined;
    const timer = setTimeout(() => setClearedAt(null), TIMERS_MS.cacheClearedBanner);
    return () => clearTimeout(timer);
  }, [clearedAt]);

  const handleToggle = (next: boolean) => {
    setDataCachingEnabled(next);
    setEnabled(next);
  };

  const handleClear = async () => {
    await clearCachedData();
    setClearedAt(Date.now());
  };

  return (
    <SettingsSection title={SETTINGS_TEXT.performanceHeading}>
      <Stack gap="4" align="flex-start">
        <Stack gap="1">
          <Switch.Root checked={enabled} onCheckedChange={(details) => handleToggle(details.checked)} colorPalette="brand">
            <Switch.HiddenInput />
            <Switch.Control>
              <Switch.Thumb />
            </Switch.Control>
            <Switch.Label>{SETTINGS_TEXT.dataCaching}</Switch.Label>
          </Switch.Root>
          <Text color="fg.muted" fontSize="sm">
            {SETTINGS_TEXT.dataCachingHint}
          </Text>
        </Stack>
        <Button variant="outline" onClick={() => void handleClear()}>
          {SETTINGS_TEXT.clearCache}
        </Button>
        <div role="status" aria-live="polite">
          {clearedAt !== null && (
            <Alert.Root status="success">
              <Alert.Indicator />
              <Alert.Title>{SETTINGS_TEXT.cacheCleared}</Alert.Title>
            </Alert.Root>
          )}
        </div>
      </Stack>
    </SettingsSection>
  );
};
