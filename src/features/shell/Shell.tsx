import { Flex, IconButton, Text } from '@radix-ui/themes';
import { Cross1Icon, HamburgerMenuIcon } from '@radix-ui/react-icons';
import { useState, type ReactNode } from 'react';
import type { Config } from '../../../contract/schemas/catalog';
import type { Publisher } from '../../../contract/schemas/publisher';
import { useChecks } from '../../lib/use-permissions';
import { Sidebar } from './Sidebar';

/** The publisher layout: a 280 px sidebar that collapses behind a menu button below the md breakpoint. */
export function Shell(props: { publisher: Publisher | null; config: Config; signedIn: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const checks = useChecks();
  return (
    <div className="shell">
      <Flex className="shell-topbar" align="center" gap="3" p="3" style={{ borderBottom: '1px solid var(--gray-a5)' }} asChild>
        <header>
          <IconButton
            variant="ghost"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls="sidebar"
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <Cross1Icon /> : <HamburgerMenuIcon />}
          </IconButton>
          <Text as="p" size="3" weight="bold">
            {props.config.productName}.Chat Marketplace
          </Text>
        </header>
      </Flex>
      <aside id="sidebar" className="shell-sidebar" data-open={open} aria-label="Sidebar">
        <Sidebar {...props} checks={checks} onNavigate={() => setOpen(false)} />
      </aside>
      <main className="shell-main">{props.children}</main>
    </div>
  );
}
