// The size limits' baseline only shrinks: every file listed in scripts/size-baseline.json must
// still be over its limit (a file split under it leaves the list, so it cannot grow back unseen).
// Run by `npm run lint` after ESLint, which applies the limits to every other source file.
import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';

const baseline = JSON.parse(readFileSync(new URL('./size-baseline.json', import.meta.url), 'utf8'));
const LIMITS = {
  files: ['max-lines', { max: 600 }],
  functions: ['max-lines-per-function', { max: 150 }],
};

let stale = 0;
for (const [list, [rule, options]] of Object.entries(LIMITS)) {
  const eslint = new ESLint({
    overrideConfig: { rules: { [rule]: ['error', options] } },
    // Only the limit is asked about; the other rules ran in `eslint .`.
    ruleFilter: ({ ruleId }) => ruleId === rule,
  });
  // (An empty list is nothing to check: lintFiles([]) would lint the whole tree.)
  if (baseline[list].length === 0) continue;
  const results = await eslint.lintFiles(baseline[list]);
  for (const result of results) {
    const over = result.messages.some((message) => message.ruleId === rule);
    if (!over) {
      stale += 1;
      const path = result.filePath.replace(`${process.cwd()}/`, '');
      console.error(
        `${path} is now within ${rule} (${options.max}): remove it from scripts/size-baseline.json "${list}".`,
      );
    }
  }
}
if (stale > 0) process.exit(1);
console.log(
  `size baseline: ${baseline.files.length} files over 600 lines, ${baseline.functions.length} files with a function over 150 lines (may only shrink)`,
);
