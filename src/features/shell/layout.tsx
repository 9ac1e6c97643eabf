import { Box, Flex, Heading, IconButton, Link as ThemeLink, Separator, Text } from '@radix-ui/themes';
import { Cross1Icon, HamburgerMenuIcon } from '@radix-ui/react-icons';
import type { ReactNode } from 'react';
import type { Config } from '../../../contract/schemas/catalog';

// The publisher layout's boxes with their parts passed in: no router, no query, no API client, so the server's
// document carries them before the SPA's code runs (scripts/vite/shell-frame.tsx;
// docs/adr/0010-first-screen-by-design.md) and the SPA's first render lays out the very same boxes (Shell, Sidebar).

export const navList = { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 2 } as const;

/**
 * The publisher layout's boxes: a 280 px sidebar that collapses behind a menu button below the md breakpoint.
 */
export function ShellLayout(props: { productName: string; open: boolean; onToggle?: () => void; sidebar: ReactNode; children: ReactNode }) {
  return (
    <div className="shell">
      <Flex className="shell-topbar" align="center" gap="3" p="3" style={{ borderBottom: '1px solid var(--gray-a5)' }} asChild>
        <header>
          <IconButton
            variant="ghost"
            aria-label={props.open ? 'Close menu' : 'Open menu'}
            aria-expanded={props.open}
            aria-controls="sidebar"
            onClick={props.onToggle}
          >
            {props.open ? <Cross1Icon /> : <HamburgerMenuIcon />}
          </IconButton>
          <Text as="p" size="3" weight="bold">
            {props.productName}.Chat Marketplace
          </Text>
        </header>
      </Flex>
      <aside id="sidebar" className="shell-sidebar" data-open={props.open} aria-label="Sidebar">
        {props.sidebar}
      </aside>
      <main className="shell-main">{props.children}</main>
    </div>
  );
}

/** The sidebar: the product, the publisher's name, the navigation, and the links at its foot. */
export function SidebarLayout(props: {
  config: Pick<Config, 'productName' | 'termsUrl' | 'privacyUrl'>;
  publisherName: string;
  nav: ReactNode;
  admin: ReactNode;
  signOut: ReactNode;
}) {
  return (
    <Flex direction="column" justify="between" height="100%" p="4" gap="4">
      <Box>
        <Heading as="h2" size="3" mb="1" id="sidebar-title">
          {props.config.productName}.Chat Marketplace
        </Heading>
        <Text as="p" size="1" color="gray" mb="4">
          {props.publisherName}
        </Text>
        <nav aria-label="Publisher" aria-busy={!props.nav}>
          <ul style={navList}>{props.nav}</ul>
        </nav>
        {props.admin}
      </Box>
      <Box>
        <Separator size="4" mb="3" />
        <Flex direction="column" gap="2">
          <ThemeLink size="2" href={props.config.termsUrl} target="_blank" rel="noreferrer">
            Terms and Conditions
          </ThemeLink>
          <ThemeLink size="2" href={props.config.privacyUrl} target="_blank" rel="noreferrer">
            Privacy policy
          </ThemeLink>
          {props.signOut}
        </Flex>
      </Box>
    </Flex>
  );
}
