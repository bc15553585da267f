import { Badge, Box, Button, Checkbox, HStack, Stack, Text } from '@chakra-ui/react';
import type { NotificationRecipient } from '@repo/types';
import { NOTIFICATION_TEXT as TEXT } from '../utils/messages';

export interface RecipientPickerProps {
  recipients: readonly NotificationRecipient[];
  /** Absent in 'all' mode: the list is then only shown, not picked from. */
  selected?: ReadonlySet<number>;
  onChange?: (selected: Set<number>) => void;
}

const Who = ({ recipient }: { recipient: NotificationRecipient }) => (
  <HStack gap="2" wrap="wrap">
    <Text fontWeight="medium">{recipient.displayName || recipient.email}</Text>
    <Text color="fg.muted" fontSize="sm">
      {recipient.email}
    </Text>
    <Badge size="sm">{TEXT.agentTypes[recipient.agentType]}</Badge>
  </HStack>
);

/** The recipient list (spec §2: at most 300px high, then it scrolls), with check boxes in 'select' mode. */
export const RecipientPicker = ({ recipients, selected, onChange }: RecipientPickerProps) => {
  const picking = selected !== undefined && onChange !== undefined;
  const toggle = (id: number, on: boolean) => {
    if (!picking) return;
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  };
  return (
    <Stack gap="2">
      {picking && (
        <HStack justify="space-between">
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            {TEXT.selectedCount(selected.size, recipients.length)}
          </Text>
          <HStack gap="1">
            <Button size="xs" variant="ghost" onClick={() => onChange(new Set(recipients.map((recipient) => recipient.id)))}>
              {TEXT.selectAll}
            </Button>
            <Button size="xs" variant="ghost" onClick={() => onChange(new Set())}>
              {TEXT.clearAll}
            </Button>
          </HStack>
        </HStack>
      )}
      <Box
        maxH="300px"
        overflowY="auto"
        borderWidth="1px"
        rounded="md"
        p="2"
        data-testid="recipient-list"
        tabIndex={picking ? undefined : 0}
        aria-label={TEXT.recipientsHeading}
        role={picking ? 'group' : 'list'}
      >
        <Stack gap="2">
          {recipients.map((recipient) =>
            picking ? (
              <Checkbox.Root
                key={recipient.id}
                checked={selected.has(recipient.id)}
                onCheckedChange={(details) => toggle(recipient.id, details.checked === true)}
                colorPalette="brand"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  <Who recipient={recipient} />
                </Checkbox.Label>
              </Checkbox.Root>
            ) : (
              <Box key={recipient.id} role="listitem">
                <Who recipient={recipient} />
              </Box>
            ),
          )}
        </Stack>
      </Box>
    </Stack>
  );
};
