// The built workshop, checked in a browser (Debian's chromium) as a designer uses it:
// - Storybook's own texts are in Portuguese: no text of packages/ui/src/workshop/chrome.ts's list
//   (CHROME_LABELS' English keys: "Show code", "Copy code", "This story has no controls",
//   "Reset controls", the toolbar's tips...) shows in the manager, its Controls panel (with and
//   without controls), its search, or a docs page (outside the stories' own content), and their
//   Portuguese does ("Mostrar o código", "Ocultar o código" once opened...);
// - the sidebar's search finds stories by their Portuguese names ("Cartão de produto" finds
//   ProductCard, "Sacola" the cart's screens, "Botão" a button) — labels.ts's workshopIndex.
//
//   npm run workshop:check                     builds the workshop (a temporary folder), checks it
//   npm run workshop:check -- --dir <folder>   checks a build as it is (dist/workshop...)
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Frame, type Page } from '@playwright/test';

import { CHROME_LABELS, DOCS_SCOPE } from '../packages/ui/src/workshop/chrome';
import { chromiumLaunchOptions } from './lib/chromium.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// Generous: the check may share the machine with a full test run.
const TIMEOUT = 120_000;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

async function build(): Promise<string> {
  const out = await mkdtemp(path.join(os.tmpdir(), 'vitrine-workshop-'));
  console.log(`Building the workshop into ${out} ...`);
  const result = spawnSync(
    path.join(ROOT, 'node_modules', '.bin', 'storybook'),
    ['build', '--quiet', '-o', out],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('The workshop build failed.');
  return out;
}

function serve(dir: string): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    void (async () => {
      let file = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
      if (file.endsWith('/')) file += 'index.html';
      const full = path.join(dir, path.normalize(file));
      try {
        if (!full.startsWith(dir) || !(await stat(full)).isFile()) throw new Error('no file');
        response.writeHead(200, {
          'content-type': TYPES[path.extname(full)] ?? 'application/octet-stream',
        });
        response.end(await readFile(full));
      } catch {
        response.writeHead(404).end('not found');
      }
    })();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * The texts a person sees or hears in a frame: visible text nodes and the labels and tips of
 * visible elements, outside the stories' own content (#storybook-root, .sb-story); code and the
 * docs' prose are ours (a story's code name `Default` in a description is not Storybook's).
 */
function shownTexts(frame: Page | Frame): Promise<string[]> {
  // A string, run as it is in the page (tsx's helpers do not exist there).
  return frame.evaluate<string[]>(`(() => {
    const skip = '#storybook-root, .sb-story, script, style';
    const ownText = ${JSON.stringify(DOCS_SCOPE.skipText ?? 'code')};
    const visible = (element) =>
      element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
    const texts = new Set();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = (node.nodeValue || '').trim();
      if (text === '' || !parent || parent.closest(skip) || parent.closest(ownText)) continue;
      if (visible(parent)) texts.add(text);
    }
    for (const element of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
      if (element.closest(skip) || !visible(element)) continue;
      for (const attribute of ['aria-label', 'title', 'placeholder']) {
        const value = (element.getAttribute(attribute) || '').trim();
        if (value) texts.add(value);
      }
    }
    return [...texts];
  })()`);
}

const failures: string[] = [];

function check(condition: boolean, message: string) {
  console.log(`${condition ? 'ok  ' : 'FAIL'} ${message}`);
  if (!condition) failures.push(message);
}

/** No English text of the list shows; each of `expected` does. */
async function checkPortuguese(where: string, frame: Page | Frame, expected: string[] = []) {
  const texts = await shownTexts(frame);
  const english = texts.filter((text) => Object.hasOwn(CHROME_LABELS, text));
  check(english.length === 0, `${where}: no English (${english.join(' | ') || 'none'})`);
  for (const text of expected) check(texts.includes(text), `${where}: shows "${text}"`);
}

/** The story's preview frame, once its page has rendered. */
async function preview(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector('#storybook-preview-iframe', {
    state: 'attached',
    timeout: TIMEOUT,
  });
  const frame = await handle.contentFrame();
  if (!frame) throw new Error('No preview frame.');
  return frame;
}

/** Opens an addon panel's tab; `ready` (either language) says its content has come. */
async function openPanel(page: Page, name: string, ready?: RegExp) {
  await page.getByRole('tab', { name }).click({ timeout: TIMEOUT });
  if (ready) await page.getByText(ready).first().waitFor({ timeout: TIMEOUT });
  // Storybook shows a panel's content after a short delay (the empty Controls after 100 ms).
  await page.waitForTimeout(1_500);
}

/** The search's results for `query`: each one's name and path, as the list shows them. */
async function search(page: Page, query: string): Promise<string[]> {
  const field = page.locator('#storybook-explorer-searchfield');
  await field.fill('');
  await field.fill(query);
  await page.waitForTimeout(1_000);
  return page.locator('.search-result-item--label').allInnerTexts();
}

async function run(dir: string) {
  const server = await serve(dir);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.setDefaultTimeout(TIMEOUT);

    // A story with controls: the toolbar, the tabs and the Controls panel.
    await page.goto(`${base}?path=/story/components-actionbutton--playground`);
    await preview(page);
    await page.locator('.sidebar-item').first().waitFor();
    await openPanel(page, 'Controles', /^(Definir texto|Set string)$/);
    await checkPortuguese('A story with controls', page, ['Controles', 'Nome', 'Controle']);

    // A story without controls: the Controls panel's empty message.
    await page.goto(`${base}?path=/story/fundamentos-amostras--espacamento`);
    await preview(page);
    await openPanel(
      page,
      'Controles',
      /^(Esta história não tem controles|This story has no controls)$/,
    );
    await checkPortuguese('A story without controls', page, [
      'Esta história não tem controles',
      'Ler a documentação',
    ]);
    await openPanel(page, 'Acessibilidade');
    await checkPortuguese('The accessibility panel', page);
    await openPanel(page, 'Interações');
    await checkPortuguese('The interactions panel', page);

    // A docs page: the code buttons (closed, then open), the zoom buttons, the props table.
    await page.goto(`${base}?path=/docs/components-storefront-pricetag--docs`);
    const docs = await preview(page);
    const toggle = docs.locator('.docblock-code-toggle').first();
    await toggle.waitFor({ timeout: TIMEOUT });
    await docs.locator('.docblock-argstable').first().waitFor({ timeout: TIMEOUT });
    await page.waitForTimeout(1_000);
    await checkPortuguese('A docs page', docs, ['Mostrar o código', 'Copiar o código', 'Nome']);
    await toggle.click();
    await page.waitForTimeout(800);
    await checkPortuguese('A docs page with its code open', docs, ['Ocultar o código']);
    await checkPortuguese('The frame around a docs page', page);

    // The menu's pages: About and the keyboard shortcuts.
    await page.goto(`${base}?path=/settings/about`);
    await page.getByText(/^(Esta oficina usa o Storybook|You are on Storybook)/).waitFor();
    await checkPortuguese('The About page', page, ['Software livre mantido pela']);
    await page.goto(`${base}?path=/settings/shortcuts`);
    await page.getByText(/^(Comandos|Commands)$/).waitFor();
    await checkPortuguese('The keyboard shortcuts', page, ['Atalhos de teclado', 'Comandos']);

    // The sidebar's search, by Portuguese names: a result named or placed by the words typed.
    const found = async (query: string, expected: RegExp) => {
      const results = await search(page, query);
      const hit = results.find((result) => expected.test(result.replace(/\s+/g, ' ')));
      check(hit !== undefined, `Searching "${query}" finds ${String(expected)} (${hit ?? 'none'})`);
    };
    await found('Cartão de produto', /ProductCard · Cartão de produto/);
    await found('Seletor de quantidade', /QuantityStepper · Seletor de quantidade/);
    await found('Botão', /Botão de marcas/);
    await found('Sacola', /Sacola/);
    await found('Esgotado', /Esgotado/);
    await search(page, 'xyzzyq');
    await checkPortuguese('A search that finds nothing', page, ['Nenhum componente encontrado']);
  } finally {
    await browser.close();
    server.close();
  }
}

const dirFlag = process.argv.indexOf('--dir');
const given = dirFlag >= 0 ? process.argv[dirFlag + 1] : undefined;
const dir = given ? path.resolve(given) : await build();
try {
  await run(dir);
} finally {
  if (!given) await rm(dir, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.error(`\nworkshop check: ${failures.length} failed`);
  process.exit(1);
}
console.log('\nworkshop check: every check passed');
