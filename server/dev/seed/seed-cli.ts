import { loadConfig } from '../../config';
import { openDatabaseWithJobs } from '../../kernel/database';
import { DataDirInUseError } from '../../db/data-lock';
import { FileStorage, S3Storage } from '../../kernel/storage';
import { resetDatabase, seed, seedIfEmpty } from './seed';

/**
 * `npm run seed` fills an empty database with demo data; `npm run seed -- --reset` starts over. On the
 * embedded database it refuses while a portal has the data folder open (stop the portal first).
 */
const config = loadConfig();
let database: Awaited<ReturnType<typeof openDatabaseWithJobs>>;
try {
  database = await openDatabaseWithJobs({ url: config.databaseUrl, dataDir: config.dataDir });
} catch (e) {
  if (!(e instanceof DataDirInUseError)) throw e;
  console.error(`${e.message}\nnpm run seed changes nothing while the portal runs: stop it, then seed.`);
  process.exit(1);
}
// The file store the portal uses (the demo's packages go there).
const s3 = config.s3 ? await S3Storage.open(config.s3) : undefined;
const storage = s3 ?? new FileStorage(`${config.dataDir}/files`);
try {
  if (process.argv.includes('--reset')) {
    await resetDatabase(database.db);
    await seed(database.db, storage);
    console.log('Database reset and seeded with demo data.');
  } else {
    console.log((await seedIfEmpty(database.db, storage)) ? 'Seeded demo data.' : 'The database already has data; use --reset to start over.');
  }
} finally {
  await database.close();
  s3?.close();
}
