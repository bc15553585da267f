import { Alert, Button } from '@chakra-ui/react';
import type { UnitDetail } from '../api/types';
import { describeChanges, unitChangesSince } from '../utils/unit-changes';
import { LIVE_UNITS_TEXT } from '../utils/messages';

export interface UnitChangedNoticeProps {
  /** The unit as the form read it. */
  base: UnitDetail;
  /** The unit as it is now (kept current by the live stream). */
  current: UnitDetail;
  onReload: () => void;
}

/**
 * Told before saving: someone else changed the unit being edited. Says what changed and offers
 * to start again from the latest version; a save made anyway is still refused (409).
 */
export const UnitChangedNotice = ({ base, current, onReload }: UnitChangedNoticeProps) => {
  const { changed, fields } = unitChangesSince(base, current);
  if (!changed) return null;
  return (
    <Alert.Root status="warning" role="alert" data-testid="unit-changed-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{LIVE_UNITS_TEXT.changedWhileEditing}</Alert.Title>
        <Alert.Description>
          {LIVE_UNITS_TEXT.changedFields(describeChanges(fields))} {LIVE_UNITS_TEXT.changedHint}
        </Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onReload} alignSelf="center">
        {LIVE_UNITS_TEXT.reloadLatest}
      </Button>
    </Alert.Root>
  );
};
