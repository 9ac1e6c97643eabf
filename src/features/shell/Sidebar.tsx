import { Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import type { Config } from '../../../contract/schemas/catalog';
import type { Publisher } from '../../../contract/schemas/publisher';
import type { Checks } from '../../lib/access';
import { navList, SidebarLayout } from './layout';
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

/** The publisher layout's sidebar: every entry of SPEC §2 the user may read (or use, as its entry says), with its disabled rules. */
export function Sidebar({ checks, publisher, config, signedIn, onNavigate }: Props) {
  // Until the policy has loaded (checks null) no entry is known to be readable: the list fills in then.
  const visible = (entries: NavEntry[]) => entries.filter((e) => !!checks?.can(e.feature, e.permission ?? 'read'));
  const admin = checks?.can('system:administration', 'read') ? visible(adminNav) : [];
  return (
    <SidebarLayout
      config={config}
      publisherName={publisher?.name ?? 'Publisher Portal'}
      nav={checks && visible(publisherNav).map((e) => <Entry key={e.label} entry={e} publisher={publisher} onNavigate={onNavigate} />)}
      admin={
        admin.length > 0 && (
          <nav aria-labelledby="admin-nav-heading" style={{ marginTop: 'var(--space-5)' }}>
            <Text as="p" id="admin-nav-heading" size="1" weight="bold" color="gray" mb="2" style={{ textTransform: 'uppercase' }}>
              Administration
            </Text>
            <ul style={navList}>
              {admin.map((e) => (
                <Entry key={e.label} entry={e} publisher={publisher} onNavigate={onNavigate} />
              ))}
            </ul>
          </nav>
        )
      }
      signOut={
        signedIn && (
          <Link to="/sign-out" className="nav-link" style={{ paddingLeft: 0 }}>
            Sign out
          </Link>
        )
      }
    />
  );
}
