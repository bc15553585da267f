import { HStack, Spinner, Text, type StackProps } from '@chakra-ui/react';

export interface InlineSpinnerProps {
  /** What is loading, in the spec's form ('Loading...', 'Loading insights...'). */
  label: string;
  /** The space above and below, where the loaded content will stand. */
  py?: StackProps['py'];
}

/** A part of a screen still loading (a lazily loaded panel or step, its first data): a small spinner and its words, announced politely. */
export const InlineSpinner = ({ label, py = '10' }: InlineSpinnerProps) => (
  <HStack gap="3" py={py} justify="center" role="status">
    <Spinner size="sm" />
    <Text color="fg.muted">{label}</Text>
  </HStack>
);
