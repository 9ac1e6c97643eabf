// npm run docs:config: writes docs/configuration.md's settings table from the settings' schema (scripts/config-doc.ts).
import { writeFileSync } from 'node:fs';
import { configurationDoc } from './config-doc';

writeFileSync('docs/configuration.md', configurationDoc());
console.log('docs/configuration.md: the settings table written');
