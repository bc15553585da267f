import { Box, HStack, Text } from '@chakra-ui/react';
import { useLiveStatus } from '@/lib/live/live-status';

export const LIVE_TEXT = {
  live: 'Live',
  liveHelp: 'Changes made by others appear here as they happen.',
  paused: 'Live updates paused',
  pausedHelp: 'Reconnecting. Meanwhile this screen refreshes itself every few seconds and when you come back to it.',
} as const;

/**
 * The header's discreet word on live updates: a small 'Live' while the screen's stream is open, and
 * 'Live updates paused' while it is down (the screen then falls back to re-reading). Nothing on
 * screens without a stream, or while the first connection is being made.
 */
export const LiveIndicator = () => {
  const status = useLiveStatus();
  if (status !== 'live' && status !== 'paused') return null;
  const paused = status === 'paused';
  return (
    <HStack gap="1.5" role="status" title={paused ? LIVE_TEXT.pausedHelp : LIVE_TEXT.liveHelp} data-live-status={status}>
      <Box aria-hidden="true" boxSize="2" rounded="full" bg={paused ? 'orange.solid' : 'green.solid'} />
      <Text fontSize="xs" color={paused ? 'orange.fg' : 'fg.muted'}>
        {paused ? LIVE_TEXT.paused : LIVE_TEXT.live}
      </Text>
    </HStack>
  );
};
