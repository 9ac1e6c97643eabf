/**
 * An address of the listing as a link, the way Rocket.Chat's app page normalizes one (AppDetailsPage/tabs/AppDetails/
 * normalizeUrl.tsx): an email address becomes `mailto:`, a bare domain `https://`; a web address stays. Anything else
 * (`javascript:`, `data:` …) is no link at all: null, and the text is shown as it is.
 */
export function listingHref(value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  if (/^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/.test(v)) return `mailto:${v}`;
  const url = /^[a-z][a-z\d+.-]*:/i.test(v) ? v : `https://${v}`;
  if (!URL.canParse(url)) return null;
  const { protocol, hostname } = new URL(url);
  return (protocol === 'https:' || protocol === 'http:') && hostname !== '' ? url : null;
}
