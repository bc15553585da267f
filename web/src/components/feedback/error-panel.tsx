import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';

export interface ErrorPanelProps {
  title?: string;
  message: string;
  actionLabel: string;
  actionHref: string;
}

/**
 * A screen that could not be shown: what went wrong and the way back (e.g. 'Return to Dashboard').
 * It is the page's content, so it has the page's h1: the title, or without one the message itself.
 */
export const ErrorPanel = ({ title, message, actionLabel, actionHref }: ErrorPanelProps) => (
  <Stack gap="4" align="center" textAlign="center" py="16" role="alert">
    {title ? (
      <>
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <Text color="fg.muted">{message}</Text>
      </>
    ) : (
      <Heading as="h1" size="md" fontWeight="normal" color="fg.muted">
        {message}
      </Heading>
    )}
    <Button asChild colorPalette="brand">
      <Link to={actionHref}>{actionLabel}</Link>
    </Button>
  </Stack>
);
