#!/usr/bin/env node
// Adds up the JSON reports of Vitest and Playwright in a folder and prints, per report, the ten
// slowest test files, then one closing line: "N passed, N failed, N skipped". Exits non-zero when
// a suite failed or nothing ran.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const root = process.cwd();
let passed = 0;
let failed = 0;
let skipped = 0;

const rel = (file) => path.relative(root, file);
const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(7)} s`;

function printSlowest(title, files) {
  const slowest = [...files].sort((a, b) => b.ms - a.ms).slice(0, 10);
  console.log(`  slowest files of ${title}:`);
  for (const f of slowest) console.log(`  ${seconds(f.ms)}  ${f.file}`);
}

/** Vitest's jest-compatible report: one entry per file with its start and end. */
function vitestFiles(report) {
  return report.testResults.map((r) => ({ file: rel(r.name), ms: r.endTime - r.startTime }));
}

/** Playwright's report: suites per file, each test with its results' durations. */
function playwrightFiles(report) {
  const byFile = new Map();
  const walk = (suite, file) => {
    const f = suite.file ?? file;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? []) byFile.set(f, (byFile.get(f) ?? 0) + (result.duration ?? 0));
    for (const child of suite.suites ?? []) walk(child, f);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  return [...byFile].map(([file, ms]) => ({ file: `e2e/${file}`, ms }));
}

for (const file of existsSync(dir) ? readdirSync(dir).sort() : []) {
  if (!file.endsWith('.json')) continue;
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    if (report.numFailedTestSuites > 0 && report.numFailedTests === 0) failed += report.numFailedTestSuites;
    console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
    printSlowest(file, vitestFiles(report));
  } else if (report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected + (report.stats.flaky ?? 0);
    skipped += report.stats.skipped;
    console.log(`${file}: ${report.stats.expected} passed, ${report.stats.unexpected} failed`);
    printSlowest(`${file} (test time summed over workers)`, playwrightFiles(report));
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
