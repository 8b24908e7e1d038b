// Prints every failed test of vitest JSON reports, with the first lines of its message: CI's log
// is read from its tail, so the summary calls this last and a failure is never lost above it.
// Usage: node scripts/ci-failures.mjs <report.json>...  (missing or unreadable files are skipped)
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const MESSAGE_LINES = 12;
let count = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) continue;
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    console.log(`${file}: not a readable report`);
    continue;
  }
  for (const suite of report.testResults ?? []) {
    const where = relative(process.cwd(), suite.name ?? '');
    const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (failedTests.length === 0 && suite.status === 'failed') {
      count += 1;
      console.log(`\n✗ ${where} (the file failed)`);
      console.log(firstLines(suite.message ?? ''));
    }
    for (const test of failedTests) {
      count += 1;
      console.log(`\n✗ ${where} > ${test.fullName ?? test.title}`);
      console.log(firstLines((test.failureMessages ?? []).join('\n')));
    }
  }
}
console.log(count === 0 ? 'no failed test in the reports' : `\n${count} failed`);

function firstLines(text) {
  // eslint-disable-next-line no-control-regex
  const plain = text.replace(/\u001b\[[0-9;]*m/g, '');
  return plain
    .split('\n')
    .slice(0, MESSAGE_LINES)
    .map((line) => `    ${line}`)
    .join('\n');
}
