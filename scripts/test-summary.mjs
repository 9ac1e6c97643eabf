// Sums the JSON reports the test runs wrote to .tmp/test-results/ into one closing line.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const dir = '.tmp/test-results';
let passed = 0;
let failed = 0;
let skipped = 0;
for (const f of existsSync(dir) ? readdirSync(dir).filter((x) => x.endsWith('.json')) : []) {
  const r = JSON.parse(readFileSync(`${dir}/${f}`, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
