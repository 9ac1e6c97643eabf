import { loadConfig } from '../config';
import { openDatabase } from './client';
import { resetDatabase, seed, seedIfEmpty } from './seed';

/** `npm run seed` fills an empty database with demo data; `npm run seed -- --reset` starts over. */
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dir: `${config.dataDir}/pglite` });
try {
  if (process.argv.includes('--reset')) {
    await resetDatabase(database.db);
    await seed(database.db);
    console.log('Database reset and seeded with demo data.');
  } else {
    console.log((await seedIfEmpty(database.db)) ? 'Seeded demo data.' : 'The database already has data; use --reset to start over.');
  }
} finally {
  await database.close();
}
