import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import { formatPrice } from '@repo/types';
import { InlineError } from '@/components/feedback/inline-error';
import { loadFailureMessage } from '@/lib/api/api-error';
import { useUnitHistory } from '../api/get-unit-history';
import type { UnitHistoryEntry } from '../api/types';
import { UNIT_DETAIL_TEXT } from '../utils/messages';

export interface UnitHistoryProps {
  unitId: number;
  visibleTo: readonly string[] | null;
}

/** What changed, from what to what: 'available → sold', a price in the project's currency. */
const describeChange = (entry: UnitHistoryEntry, visibleTo: readonly string[] | null): string | null => {
  const show = (key: string, record: Record<string, unknown> | null) => {
    const value = record?.[key];
    if (key === 'price') return formatPrice(typeof value === 'number' ? value : value === null || value === undefined ? null : Number(value), visibleTo);
    return value === null || value === undefined ? '—' : String(value);
  };
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])].filter((key) => key === 'status' || key === 'price');
  if (keys.length === 0) return null;
  return keys
    .map((key) => {
      if (entry.before && entry.after) return `${key}: ${show(key, entry.before)} → ${show(key, entry.after)}`;
      return `${key}: ${show(key, entry.after ?? entry.before)}`;
    })
    .join('; ');
};

/** The unit's audit trail (admins only; beyond the spec): who changed what, when. */
export const UnitHistory = ({ unitId, visibleTo }: UnitHistoryProps) => {
  const { entries, error, isLoading } = useUnitHistory(unitId);
  return (
    <Card.Root as="section" aria-labelledby="unit-history-heading">
      <Card.Body gap="3">
        <Heading as="h2" size="md" id="unit-history-heading">
          {UNIT_DETAIL_TEXT.history}
        </Heading>
        {isLoading ? (
          <Text color="fg.muted">{UNIT_DETAIL_TEXT.historyLoading}</Text>
        ) : error ? (
          <InlineError message={loadFailureMessage(error, UNIT_DETAIL_TEXT.historyFailed)} />
        ) : entries.length === 0 ? (
          <Text color="fg.muted">{UNIT_DETAIL_TEXT.historyEmpty}</Text>
        ) : (
          <Stack as="ol" gap="2" listStyleType="none">
            {entries.map((entry) => {
              const change = describeChange(entry, visibleTo);
              return (
                <Stack as="li" key={entry.id} gap="0" py="2" borderBottomWidth="1px">
                  <Text fontWeight="medium">
                    {UNIT_DETAIL_TEXT.historyActions[entry.action] ?? entry.action}
                    {change ? ` — ${change}` : ''}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {entry.actorEmail ?? '—'}
                    {entry.source === 'cms-panel' ? ` ${UNIT_DETAIL_TEXT.historyViaPanel}` : ''} ·{' '}
                    <time dateTime={entry.createdAt}>{new Date(entry.createdAt).toLocaleString()}</time>
                  </Text>
                </Stack>
              );
            })}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
};
