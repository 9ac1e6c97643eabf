/**
 * Apps-Engine's storages for a review run, in memory (Rocket.Chat keeps them in MongoDB and GridFS): the
 * app's metadata, its logs and its package live only as long as the run's process.
 */
type Item = { id: string; _id?: string } & Record<string, unknown>;
type Ctor = new (...args: unknown[]) => object;

export function memoryStorages(load: <T>(path: string) => T) {
  const { AppMetadataStorage } = load<{ AppMetadataStorage: Ctor }>('server/storage/AppMetadataStorage.js');
  const { AppLogStorage } = load<{ AppLogStorage: Ctor }>('server/storage/AppLogStorage.js');
  const { AppSourceStorage } = load<{ AppSourceStorage: Ctor }>('server/storage/AppSourceStorage.js');
  const items = new Map<string, Item>();
  const sources = new Map<string, Buffer>();
  const logs: Record<string, unknown>[] = [];

  const metadataStorage = Object.assign(new (class extends AppMetadataStorage {})('memory'), {
    create: async (item: Item) => {
      const stored = { ...item, _id: item.id };
      items.set(item.id, stored);
      return stored;
    },
    retrieveOne: async (id: string) => items.get(id) ?? null,
    retrieveAll: async () => new Map(items),
    retrieveAllPrivate: async () => new Map(items),
    update: async (item: Item) => {
      items.set(item.id, item);
      return item;
    },
    remove: async (id: string) => ({ success: items.delete(id) }),
  });
  const logStorage = Object.assign(new (class extends AppLogStorage {})('memory'), {
    find: async () => ({ logs: [], total: 0 }),
    storeEntries: async (entry: Record<string, unknown>) => {
      if (logs.length < 200) logs.push(entry);
      return entry;
    },
    getEntriesFor: async () => [],
    removeEntriesFor: async () => undefined,
  });
  const sourceStorage = Object.assign(new (class extends AppSourceStorage {})(), {
    store: async (item: Item, zip: Buffer) => {
      sources.set(item.id, zip);
      return `memory:${item.id}`;
    },
    fetch: async (item: Item) => sources.get(item.id)!,
    update: async (item: Item, zip: Buffer) => {
      sources.set(item.id, zip);
      return `memory:${item.id}`;
    },
    remove: async (item: Item) => void sources.delete(item.id),
  });
  return { metadataStorage, logStorage, sourceStorage, logs };
}
