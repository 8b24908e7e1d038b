// Keeps the documentation honest (CI step "docs"): the root README stays a short introduction
// (at most 200 lines), no page of README.md, packages/api/README.md or docs/ speaks of work items
// ("issue 17", "#27", "item 5": the docs describe the code, the history lives in git), and every
// relative link of those pages points at a file that exists (and, into a Markdown page, at a
// heading it has).
//
//   node scripts/docs-check.mjs        exit 1 and one line per problem when something is wrong
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const README_MAX_LINES = 200;

/** Every Markdown page under `dir`, recursively. */
function markdownUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return markdownUnder(full);
    return name.endsWith('.md') ? [full] : [];
  });
}

const pages = [
  path.join(ROOT, 'README.md'),
  path.join(ROOT, 'packages/api/README.md'),
  ...markdownUnder(path.join(ROOT, 'docs')),
];

/** A page's lines with fenced code blocks blanked, so their text is neither prose nor links. */
function proseLines(text) {
  let fence = null;
  return text.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      return '';
    }
    if (marker) {
      fence = marker;
      return '';
    }
    return line;
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes. */
function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a Markdown page's headings give (repeated headings get -1, -2, ...). */
function anchorsOf(file) {
  const seen = new Map();
  const anchors = new Set();
  for (const line of proseLines(readFileSync(file, 'utf8'))) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

// Work-item references in prose: "issue 17", "issues 13 and 14", "#27", "item 5", "items 2 and 5".
const WORK_ITEM = /\bissues?\s+#?\d+|(?<![\w&/`])#\d+\b|\bitems?\s+\d+\b/gi;
// [text](target) and [text](target "title"); images too. Reference-style links are not used.
const LINK = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

const problems = [];
for (const file of pages) {
  const rel = path.relative(ROOT, file);
  const text = readFileSync(file, 'utf8');
  const lines = proseLines(text);

  if (rel === 'README.md') {
    const count = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
    if (count > README_MAX_LINES) {
      problems.push(
        `${rel}: ${count} lines, at most ${README_MAX_LINES} (move the details to docs/)`,
      );
    }
  }

  lines.forEach((line, index) => {
    const where = `${rel}:${index + 1}`;
    // Inline code may quote anything (a colour, a URL fragment): only the prose is checked.
    const prose = line.replace(/`[^`]*`/g, '``');
    for (const [workItem] of prose.matchAll(WORK_ITEM)) {
      problems.push(`${where}: "${workItem}": describe the code, not the work item`);
    }
    for (const [, target] of prose.matchAll(LINK)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
      const [filePart, anchor] = target.split('#', 2);
      const linked = filePart ? path.resolve(path.dirname(file), decodeURI(filePart)) : file;
      if (!existsSync(linked)) {
        problems.push(`${where}: link to ${target}: no such file`);
        continue;
      }
      if (anchor && linked.endsWith('.md') && !anchorsOf(linked).has(anchor.toLowerCase())) {
        problems.push(`${where}: link to ${target}: no heading with that anchor`);
      }
    }
  });
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`docs-check: ${problems.length} problem(s) in ${pages.length} pages`);
  process.exit(1);
}
console.log(`docs-check: ${pages.length} pages, README.md within ${README_MAX_LINES} lines, ok`);
