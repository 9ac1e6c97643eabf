// The code a screen needs, named in the document that opens it (docs/adr/0010-first-screen-by-design.md):
// Vite's manifest says which chunks each route's screen is built from; the file-based routes' names say which
// addresses each route answers (TanStack Router's naming: `publisher.apps.$id.tsx` answers /publisher/apps/<id>,
// `….{-$purchaseId}.tsx` with or without the last segment, `….index.tsx` the folder itself). The document for an address then preloads its screen's chunks beside the entry's, instead of the
// entry asking for them only once it has run.

type Chunk = { file: string; isEntry?: boolean; imports?: string[] };
type Manifest = Record<string, Chunk>;
type Route = { segments: string[]; index: boolean; files: string[] };

const SCREEN = /^src\/routes\/(.+)\.tsx\?tsr-split=component$/;

/** Whether a route's segments (`$x` any one segment, `{-$x}` one or none) match the address's, all of them or (`prefix`) its start. */
function matches(pattern: string[], path: string[], prefix: boolean): boolean {
  if (pattern.length === 0) return prefix || path.length === 0;
  const [head, ...rest] = pattern;
  if (/^\{-\$.+\}$/.test(head!)) return matches(rest, path, prefix) || (path.length > 0 && matches(rest, path.slice(1), prefix));
  if (path.length === 0) return false;
  return (head!.startsWith('$') || head === path[0]) && matches(rest, path.slice(1), prefix);
}

export function routePreloads(manifest: Manifest) {
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const inEntry = entryKey ? closure(entryKey) : new Set<string>();
  const routes: Route[] = [];
  for (const key of Object.keys(manifest)) {
    const name = SCREEN.exec(key)?.[1];
    if (!name || name === '__root') continue;
    const parts = name.split('.');
    const index = parts.at(-1) === 'index';
    routes.push({
      segments: index ? parts.slice(0, -1) : parts,
      index,
      files: [...closure(key)].filter((k) => !inEntry.has(k) && manifest[k]!.file.endsWith('.js')).map((k) => `/${manifest[k]!.file}`),
    });
  }
  /** The chunks the screen at `path` loads beyond the entry: its own route's, and its layouts'. */
  return (path: string): string[] => {
    const segments = path.split('?')[0]!.split('/').filter(Boolean);
    const files = new Set<string>();
    for (const route of routes) {
      if (matches(route.segments, segments, false) || (!route.index && matches(route.segments, segments, true))) for (const f of route.files) files.add(f);
    }
    return [...files].sort();
  };
}
