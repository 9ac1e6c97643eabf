// Sums the JSON reports the test runs wrote to .tmp/test-results/ into one closing line, after naming each
// failed test with the first line of its message (the end of a long CI log is what gets read).
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
  for (const file of r.testResults ?? []) {
    const where = String(file.name ?? '').replace(`${process.cwd()}/`, '');
    const failures = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failures) {
      const why = String(t.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, 300);
      console.log(`FAILED ${f.replace(/\.json$/, '')}: ${where} › ${t.fullName ?? t.title}: ${why}`);
    }
    // A file that failed to run at all (a crash, an error outside any test) has no failed test of its own.
    if (!failures.length && file.status === 'failed')
      console.log(
        `FAILED ${f.replace(/\.json$/, '')}: ${where}: ${String(file.message ?? '')
          .split('\n')[0]
          .slice(0, 300)}`,
      );
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
