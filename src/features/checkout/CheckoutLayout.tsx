import { Box, Flex, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { configQuery } from '../../lib/account';
import { checkoutText as T } from './strings';

/** The checkout pages' frame: the portal's name, and the page centred (it fits Rocket.Chat's modal and a phone). */
export function CheckoutLayout({ children }: { children: ReactNode }) {
  const product = useQuery(configQuery).data?.productName ?? 'Rocket';
  return (
    <Flex direction="column" style={{ minHeight: '100%' }}>
      <Box asChild px={{ initial: '3', sm: '5' }} py="3" style={{ borderBottom: '1px solid var(--gray-a5)' }}>
        <header>
          <Text size="3" weight="bold">
            {T.marketplace(product)}
          </Text>
        </header>
      </Box>
      <Box asChild px={{ initial: '3', sm: '5' }} py={{ initial: '4', sm: '6' }} style={{ flex: 1 }}>
        <main>
          <Box mx="auto" style={{ maxWidth: 640, width: '100%' }}>
            {children}
          </Box>
        </main>
      </Box>
    </Flex>
  );
}
