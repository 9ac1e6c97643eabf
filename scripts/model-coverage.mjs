// Prints the per-machine coverage that the model-based tests wrote to coverage/model/ (states and
// transitions of each machine exercised by the generated paths), and fails if anything was missed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const dir = 'coverage/model';
const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
if (!files.length) {
  console.error('model coverage: no reports in coverage/model (run the model-based tests first)');
  process.exit(1);
}
let incomplete = false;
console.log('machine'.padEnd(24), 'states'.padStart(10), 'transitions'.padStart(14));
for (const f of files.sort()) {
  const r = JSON.parse(readFileSync(`${dir}/${f}`, 'utf8'));
  const missing = [...r.states.missing, ...r.transitions.missing];
  incomplete ||= missing.length > 0;
  console.log(r.machine.padEnd(24), `${r.states.covered}/${r.states.total}`.padStart(10), `${r.transitions.covered}/${r.transitions.total}`.padStart(14));
  for (const m of missing) console.log(`   not covered: ${m}`);
}
process.exit(incomplete ? 1 : 0);
