import { Box, Flex, Heading, Link as ThemeLink, Separator, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import type { Config } from '../../../contract/schemas/catalog';
import type { Publisher } from '../../../contract/schemas/publisher';
import type { Checks } from '../../lib/access';
import { adminNav, publisherNav, type NavEntry } from './nav';

type Props = { checks: Checks | null; publisher: Publisher | null; config: Config; signedIn: boolean; onNavigate?: () => void };

function Entry({ entry, publisher, onNavigate }: { entry: NavEntry; publisher: Publisher | null; onNavigate?: () => void }) {
  if (entry.disabledWhen?.(publisher)) {
    return (
      <li>
        <span className="nav-link" aria-disabled="true" title="Not available for this publisher">
          {entry.label}
        </span>
      </li>
    );
  }
  return (
    <li>
      <Link to={entry.to} className="nav-link" activeOptions={{ exact: entry.to === '/publisher/admin' }} onClick={onNavigate}>
        {entry.label}
      </Link>
    </li>
  );
}

const list = { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 2 } as const;

/** The publisher layout's sidebar: every entry of SPEC §2 the user may read (or use, as its entry says), with its disabled rules. */
export function Sidebar({ checks, publisher, config, signedIn, onNavigate }: Props) {
  // Until the policy has loaded (checks null) no entry is known to be readable: the list fills in then.
  const visible = (entries: NavEntry[]) => entries.filter((e) => !!checks?.can(e.feature, e.permission ?? 'read'));
  const admin = checks?.can('system:administration', 'read') ? visible(adminNav) : [];
  return (
    <Flex direction="column" justify="between" height="100%" p="4" gap="4">
      <Box>
        <Heading as="h2" size="3" mb="1">
          {config.productName}.Chat Marketplace
        </Heading>
        <Text as="p" size="1" color="gray" mb="4">
          {publisher?.name ?? 'Publisher Portal'}
        </Text>
        <nav aria-label="Publisher" aria-busy={!checks}>
          <ul style={list}>
            {visible(publisherNav).map((e) => (
              <Entry key={e.label} entry={e} publisher={publisher} onNavigate={onNavigate} />
            ))}
          </ul>
        </nav>
        {admin.length > 0 && (
          <nav aria-labelledby="admin-nav-heading" style={{ marginTop: 'var(--space-5)' }}>
            <Text as="p" id="admin-nav-heading" size="1" weight="bold" color="gray" mb="2" style={{ textTransform: 'uppercase' }}>
              Administration
            </Text>
            <ul style={list}>
              {admin.map((e) => (
                <Entry key={e.label} entry={e} publisher={publisher} onNavigate={onNavigate} />
              ))}
            </ul>
          </nav>
        )}
      </Box>
      <Box>
        <Separator size="4" mb="3" />
        <Flex direction="column" gap="2">
          <ThemeLink size="2" href={config.termsUrl} target="_blank" rel="noreferrer">
            Terms and Conditions
          </ThemeLink>
          <ThemeLink size="2" href={config.privacyUrl} target="_blank" rel="noreferrer">
            Privacy policy
          </ThemeLink>
          {signedIn && (
            <Link to="/sign-out" className="nav-link" style={{ paddingLeft: 0 }}>
              Sign out
            </Link>
          )}
        </Flex>
      </Box>
    </Flex>
  );
}
