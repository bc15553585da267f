import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ColorModeProvider } from '../components/ui/color-mode';
import { SessionProvider } from '../features/auth/components/session-provider';
import { unitFormImages } from '../features/images/hooks/use-unit-form-images';
import { ApiProvider } from '../lib/api/swr-config';
import { system } from '../lib/theme';
import { UnitFormImagesProvider } from '../lib/unit-form-images';

export interface AppProviderProps {
  children: ReactNode;
}

export const AppProvider = ({ children }: AppProviderProps) => (
  <ChakraProvider value={system}>
    <ColorModeProvider>
      <ApiProvider>
        <SessionProvider>
          <UnitFormImagesProvider value={unitFormImages}>{children}</UnitFormImagesProvider>
        </SessionProvider>
      </ApiProvider>
    </ColorModeProvider>
  </ChakraProvider>
);
