import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ColorModeProvider } from '@/components/ui/color-mode';
import { SessionProvider } from '@/features/auth/components/session-provider';
import { ApiProvider } from '@/lib/api/swr-config';
import { system } from '@/lib/theme';

export interface AppProviderProps {
  children: ReactNode;
}

export const AppProvider = ({ children }: AppProviderProps) => (
  <ChakraProvider value={system}>
    <ColorModeProvider>
      <ApiProvider>
        <SessionProvider>{children}</SessionProvider>
      </ApiProvider>
    </ColorModeProvider>
  </ChakraProvider>
);
