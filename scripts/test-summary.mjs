// Adds up jest and Playwright JSON results into one "N passed, N failed, N skipped" line.
import fs from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) {
    console.error(`${file}: no results (the suite did not run)`);
    failed += 1;
    continue;
  }
  const result = JSON.parse(fs.readFileSync(file, 'utf8'));
  if ('numPassedTests' in result) {
    passed += result.numPassedTests;
    // A suite that failed to load has no failed tests but must still count.
    failed += result.numFailedTests + result.numRuntimeErrorTestSuites;
    skipped += result.numPendingTests + result.numTodoTests;
  } else if (result.stats) {
    passed += result.stats.expected + result.stats.flaky;
    failed += result.stats.unexpected;
    skipped += result.stats.skipped;
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
