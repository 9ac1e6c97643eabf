import { Box } from '@radix-ui/themes';

/**
 * A description as the catalog serves it to Rocket.Chat (`detailedDescription.rendered`): HTML the server rendered
 * from the publisher's Markdown when it was saved and sanitized there (server/catalog/markdown/markdown.ts: a short
 * list of elements, links to http(s) and mailto only, raw HTML shown as text) — the same bytes Rocket.Chat's page
 * injects, so the portal shows them as they are.
 */
export function RenderedText({ html }: { html: string }) {
  return <Box className="rendered-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
