import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { renderNotificationEmail, type NotificationAddressee, type NotificationProject, type NotificationUnit } from '@repo/types';
import { useMemo } from 'react';
import { NOTIFICATION_TEXT as TEXT } from '../utils/messages';

export interface EmailPreviewProps {
  to: NotificationAddressee;
  project: NotificationProject;
  units: readonly NotificationUnit[];
}

/**
 * The e-mail as the first recipient will get it: the server renders its mail with the same function
 * (renderNotificationEmail), so subject and fields match. Shown as text, never as markup.
 */
export const EmailPreview = ({ to, project, units }: EmailPreviewProps) => {
  const email = useMemo(() => renderNotificationEmail(to, project, units, window.location.origin), [to, project, units]);
  return (
    <Stack gap="2" as="section" aria-labelledby="email-preview-heading" borderWidth="1px" rounded="md" p="4" bg="bg.subtle">
      <Heading as="h4" size="sm" id="email-preview-heading">
        {TEXT.previewHeading}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {TEXT.previewTo(to.displayName || to.email)}
      </Text>
      <Text>
        <Text as="span" fontWeight="semibold">
          {TEXT.subject}:{' '}
        </Text>
        <span data-testid="email-preview-subject">{email.subject}</span>
      </Text>
      <Box as="pre" whiteSpace="pre-wrap" fontFamily="inherit" fontSize="sm" maxH="240px" overflowY="auto" data-testid="email-preview-body" tabIndex={0}>
        {email.text}
      </Box>
    </Stack>
  );
};
