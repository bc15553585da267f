import { Box, Field, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { NotificationPreview } from '@repo/types';
import { useState } from 'react';
import { FormError } from '@/components/feedback/form-error';
import { errorMessage } from '@/lib/api/api-error';
import type { SendNotificationArg } from '../api/notifications';
import { useNotificationPreview } from '../api/notifications';
import { NOTIFICATION_TEXT as TEXT } from '../utils/messages';

export interface EmailPreviewProps {
  /** Exactly what Send would post; the server answers with the e-mails it would send. */
  input: SendNotificationArg;
}

const PreviewMessage = ({ message }: { message: NotificationPreview }) => (
  <>
    <Text>
      <Text as="span" fontWeight="semibold">
        {TEXT.subject}:{' '}
      </Text>
      <span data-testid="email-preview-subject">{message.subject}</span>
    </Text>
    <Box as="pre" whiteSpace="pre-wrap" fontFamily="inherit" fontSize="sm" maxH="240px" overflowY="auto" data-testid="email-preview-body" tabIndex={0}>
      {message.text}
    </Box>
  </>
);

/**
 * The e-mails as the server will send them (POST /notifications/units/preview): one per recipient,
 * each listing only the units that recipient may see. The first recipient's is shown; a picker
 * shows any other's. Shown as text, never as markup.
 */
export const EmailPreview = ({ input }: EmailPreviewProps) => {
  const { messages, error, isLoading } = useNotificationPreview(input);
  const [chosen, setChosen] = useState<number | null>(null);
  const shown = messages?.find((message) => message.recipientId === chosen) ?? messages?.[0];

  let content;
  if (error) content = <FormError message={errorMessage(error, TEXT.previewFailed)} />;
  else if (isLoading || !messages || !shown)
    content = (
      <Text color="fg.muted" role="status">
        {TEXT.previewLoading}
      </Text>
    );
  else
    content = (
      <>
        {messages.length > 1 ? (
          <Field.Root>
            <Field.Label>{TEXT.previewFor(messages.length)}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={String(shown.recipientId)} onChange={(event) => setChosen(Number(event.target.value))}>
                {messages.map((message) => (
                  <option key={message.recipientId} value={message.recipientId}>
                    {TEXT.previewTo(message.toName || message.to)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            {TEXT.previewTo(shown.toName || shown.to)}
          </Text>
        )}
        <PreviewMessage message={shown} />
      </>
    );

  return (
    <Stack gap="2" as="section" aria-labelledby="email-preview-heading" borderWidth="1px" rounded="md" p="4" bg="bg.subtle" minW="0">
      <Heading as="h4" size="sm" id="email-preview-heading">
        {TEXT.previewHeading}
      </Heading>
      {content}
    </Stack>
  );
};
