// Storybook's own texts in Portuguese (chrome.ts): whole known texts change as Storybook renders and
// re-renders them, with their spaces; a story's content and any other text never change.
import { afterEach, describe, expect, it } from 'vitest';

import { CHROME_LABELS, chromeLabel, DOCS_SCOPE, watchChrome } from './chrome';

const observers: MutationObserver[] = [];
afterEach(() => {
  for (const observer of observers.splice(0)) observer.disconnect();
  document.body.innerHTML = '';
});

/** Lets the MutationObserver's callback run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A docs page as Storybook draws it: a story's preview, its code buttons, the props table. */
function docsPage(): HTMLElement {
  const root = document.createElement('div');
  root.id = 'storybook-docs';
  root.innerHTML = `
    <div class="sbdocs-preview">
      <button title="Zoom in" aria-label="Zoom in"></button>
      <div class="docs-story">
        <div class="sb-story"><button>Copy code</button><p>Default</p><span title="Reset zoom"></span></div>
      </div>
      <div class="sbdocs-preview-actions">
        <button class="docblock-code-toggle">Show code</button><button>Copy code</button>
      </div>
    </div>
    <table class="docblock-argstable"><thead><tr><th><span>Name</span></th><th><span>Default</span></th></tr></thead>
      <tbody><tr><td><button>Set string</button><textarea placeholder="Edit string..."></textarea></td></tr></tbody>
    </table>
    <p>Storybook couldn't find or generate any controls for this story. Define <code>args</code> or <code>argTypes</code>, or configure docgen to let Storybook generate controls automatically.</p>
    <p>A Vitrine mostra Show code como exemplo</p>
    <p class="sbdocs sbdocs-p">Estados: <code>Default</code> e</p><ul><li class="sbdocs sbdocs-li">Default</li></ul>`;
  document.body.append(root);
  return root;
}

describe("Storybook's texts in Portuguese", () => {
  it('translates whole known texts only, keeping the spaces around them', () => {
    expect(chromeLabel('Show code')).toBe('Mostrar o código');
    expect(chromeLabel('  Read docs')).toBe('  Ler a documentação');
    expect(chromeLabel(' or ')).toBe(' ou ');
    expect(chromeLabel('Show code now')).toBeUndefined();
    // An object control's JSON field names its arg.
    expect(chromeLabel('Edit pricedShippingMethodId as JSON')).toBe(
      'Editar pricedShippingMethodId como JSON',
    );
    expect(chromeLabel('')).toBeUndefined();
    // Not an inherited property of an object.
    expect(chromeLabel('constructor')).toBeUndefined();
    expect(chromeLabel('toString')).toBeUndefined();
  });

  it('has no label still in English or empty', () => {
    for (const [english, portuguese] of Object.entries(CHROME_LABELS)) {
      expect(portuguese.trim(), english).not.toBe('');
      expect(portuguese, english).not.toBe(english);
    }
  });

  it("translates a docs page's buttons, tips and table, not the story in it", async () => {
    const root = docsPage();
    observers.push(watchChrome(document.body, DOCS_SCOPE));
    await settle();
    const actions = root.querySelector('.sbdocs-preview-actions')!;
    expect(actions.textContent.trim()).toBe('Mostrar o códigoCopiar o código');
    expect(root.querySelector('button[title]')!.getAttribute('title')).toBe('Aproximar');
    expect(root.querySelector('button[title]')!.getAttribute('aria-label')).toBe('Aproximar');
    expect(root.querySelector('thead')!.textContent).toBe('NomePadrão');
    expect(root.querySelector('td button')!.textContent).toBe('Definir texto');
    expect(root.querySelector('textarea')!.getAttribute('placeholder')).toBe('Editar texto...');
    expect(root.querySelectorAll(':scope > p')[0]!.textContent).toBe(
      'A oficina não encontrou nem gerou controles para esta história. Defina args ou argTypes, ou configure o docgen para gerar os controles automaticamente.',
    );
    // The story's own texts and a sentence that only contains a known text stay as they are.
    expect(root.querySelector('.sb-story')!.textContent).toBe('Copy codeDefault');
    expect(root.querySelector('.sb-story span')!.getAttribute('title')).toBe('Reset zoom');
    expect(root.querySelectorAll(':scope > p')[1]!.textContent).toBe(
      'A Vitrine mostra Show code como exemplo',
    );
    // The docs' prose and code are ours: a story named Default keeps its name there.
    expect(root.querySelector('.sbdocs-p')!.textContent).toBe('Estados: Default e');
    expect(root.querySelector('.sbdocs-li')!.textContent).toBe('Default');
  });

  it('translates what Storybook renders or re-renders later', async () => {
    const root = docsPage();
    observers.push(watchChrome(document.body, DOCS_SCOPE));
    await settle();
    // React changes the toggle's text in place, as after a click.
    const toggle = root.querySelector('.docblock-code-toggle')!;
    toggle.firstChild!.nodeValue = 'Hide code';
    // A tip set anew, and a panel added.
    root.querySelector('button[title]')!.setAttribute('title', 'Zoom out');
    const panel = document.createElement('div');
    panel.innerHTML = '<h3>This story has no controls</h3><a> Read docs</a>';
    document.body.append(panel);
    // A story that renders later keeps its texts.
    const story = root.querySelector('.sb-story')!;
    story.append(document.createTextNode('Show code'));
    await settle();
    expect(toggle.textContent).toBe('Ocultar o código');
    expect(root.querySelector('button[title]')!.getAttribute('title')).toBe('Afastar');
    expect(panel.textContent).toBe('Esta história não tem controles Ler a documentação');
    expect(story.textContent).toBe('Copy codeDefaultShow code');
  });
});
