import { IconButton, Portal, Tooltip } from '@chakra-ui/react';

export interface InfoTooltipProps {
  /** The button's accessible name, e.g. 'About roles'. */
  label: string;
  content: string;
}

const InfoIcon = () => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v6M12 7.5v.5" strokeLinecap="round" />
  </svg>
);

/** An (i) button whose help text shows on hover and on keyboard focus. */
export const InfoTooltip = ({ label, content }: InfoTooltipProps) => (
  <Tooltip.Root lazyMount unmountOnExit openDelay={150} closeDelay={100}>
    <Tooltip.Trigger asChild>
      <IconButton aria-label={label} variant="ghost" size="2xs" rounded="full" color="fg.muted">
        <InfoIcon />
      </IconButton>
    </Tooltip.Trigger>
    <Portal>
      <Tooltip.Positioner>
        <Tooltip.Content maxW="xs">{content}</Tooltip.Content>
      </Tooltip.Positioner>
    </Portal>
  </Tooltip.Root>
);
