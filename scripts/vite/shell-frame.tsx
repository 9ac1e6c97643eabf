// The publisher shell as HTML, rendered at build time (scripts/vite/shell-before-script.ts) from the SPA's own
// layout components, so the document paints the sidebar, the header and a loading main before the JavaScript
// runs and the SPA's first render lays out the very same boxes (docs/adr/0010-first-screen-by-design.md). The
// text the server's configuration sets is left as placeholders the server fills in
// (server/kernel/plugins/spa-document.ts).
import { Theme } from '@radix-ui/themes';
import { VisuallyHidden } from 'radix-ui';
import { renderToStaticMarkup } from 'react-dom/server';
import { PageLoader } from '../../src/components/PageLoader';
import { ShellLayout, SidebarLayout } from '../../src/features/shell/layout';
import { themeProps } from '../../src/lib/theme';

/** What the server replaces, with its configuration's values (HTML-escaped). */
export const SHELL_PLACEHOLDERS = { productName: '__PORTAL_PRODUCT_NAME__', termsUrl: '__PORTAL_TERMS_URL__', privacyUrl: '__PORTAL_PRIVACY_URL__' };

export function renderShellFrame(): string {
  const config = SHELL_PLACEHOLDERS;
  return renderToStaticMarkup(
    <Theme {...themeProps}>
      <ShellLayout
        productName={config.productName}
        open={false}
        sidebar={
          <SidebarLayout
            config={config}
            publisherName="Publisher Portal"
            nav={null}
            admin={null}
            // The router's <Link> renders this anchor; the frame has no router.
            signOut={
              <a href="/sign-out" className="nav-link" style={{ paddingLeft: 0 }}>
                Sign out
              </a>
            }
          />
        }
      >
        {/* The screen's own heading replaces it; until then the page has one, for those who read by headings. */}
        <VisuallyHidden.Root asChild>
          <h1>{config.productName}.Chat Marketplace</h1>
        </VisuallyHidden.Root>
        <PageLoader />
      </ShellLayout>
    </Theme>,
  );
}
