import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface SettingsSectionProps {
  title: string;
  description?: string;
  tone?: 'default' | 'danger';
  /** Next to the title, e.g. a status badge. */
  aside?: ReactNode;
  children: ReactNode;
}

/** One card of the settings screen; its heading names the region for assistive technology. */
export const SettingsSection = ({ title, description, tone = 'default', aside, children }: SettingsSectionProps) => {
  const headingId = `settings-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Card.Root as="section" aria-labelledby={headingId} borderColor={tone === 'danger' ? 'border.error' : undefined}>
      <Card.Body>
        <Stack gap="4">
          <Stack gap="1">
            <Stack direction="row" align="center" gap="3">
              <Heading as="h3" size="md" id={headingId} color={tone === 'danger' ? 'fg.error' : undefined}>
                {title}
              </Heading>
              {aside}
            </Stack>
            {description && <Text color="fg.muted">{description}</Text>}
          </Stack>
          {children}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
};
