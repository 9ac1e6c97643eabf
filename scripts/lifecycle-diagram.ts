// Writes docs/lifecycle.md from machines/app-version-lifecycle.ts (npm run docs:lifecycle).
import { writeFileSync } from 'node:fs';
import { handWritten, lifecycleDoc } from './lifecycle-doc';

writeFileSync('docs/lifecycle.md', lifecycleDoc() + handWritten());
console.log('wrote docs/lifecycle.md');
