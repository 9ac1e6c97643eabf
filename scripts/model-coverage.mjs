// Prints, per machine, the states and transitions that generated paths covered while they ran against
// the real server or the real UI (coverage/model/, written by those tests only: unit tests that ask the
// machine itself, and brute-force enumeration, count for nothing). A report, not a gate: the model tests
// that must cover their whole machine (lifecycle, pricing) fail on their own when they do not.
import { existsSync, readFileSync } from 'node:fs';

const dir = 'coverage/model';
const machines = ['app-version-lifecycle', 'journey-lifecycle', 'pricing', 'subscription', 'app-wizard', 'auth'];
console.log('machine'.padEnd(24), 'driven against'.padEnd(16), 'states'.padStart(8), 'transitions'.padStart(12));
for (const name of machines) {
  const file = `${dir}/${name}.json`;
  if (!existsSync(file)) {
    console.log(name.padEnd(24), '–'.padEnd(16), '0'.padStart(8), '0'.padStart(12), '  no generated path ran against the server or the UI');
    continue;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const missing = [...r.states.missing, ...r.transitions.missing];
  console.log(
    name.padEnd(24),
    r.driver.padEnd(16),
    `${r.states.covered}/${r.states.total}`.padStart(8),
    `${r.transitions.covered}/${r.transitions.total}`.padStart(12),
  );
  for (const m of missing) console.log(`   not covered: ${m}`);
}
