// Adds up the JSON reports of the CI's test runs into one closing line: "N passed, N failed, N skipped".
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const directory = process.argv[2] ?? '.ci-results';
let passed = 0;
let failed = 0;
let skipped = 0;

for (const name of ['unit.json', 'pg.json', 'unit-node24.json']) {
  const file = path.join(directory, name);
  if (!existsSync(file)) throw new Error(`missing test report ${file}`);
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  console.log(`${name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
const e2eFile = path.join(directory, 'e2e.json');
if (!existsSync(e2eFile)) throw new Error(`missing test report ${e2eFile}`);
const e2e = JSON.parse(readFileSync(e2eFile, 'utf8')).stats;
passed += e2e.expected + e2e.flaky;
failed += e2e.unexpected;
skipped += e2e.skipped;
console.log(`e2e.json: ${e2e.expected + e2e.flaky} passed, ${e2e.unexpected} failed`);

console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
