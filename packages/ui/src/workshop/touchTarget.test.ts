import { afterEach, describe, expect, it } from 'vitest';

import {
  findSmallTouchTargets,
  formatTouchTargetReport,
  type TouchTargetLayout,
} from './touchTarget';

// jsdom does no layout: each element states its size and display in data attributes.
const layout: TouchTargetLayout = {
  size(element) {
    const [width = '0', height = '0'] = (element.getAttribute('data-size') ?? '0x0').split('x');
    return { width: Number(width), height: Number(height) };
  },
  display(element) {
    return (
      element.getAttribute('data-display') ??
      (['A', 'SPAN', 'LABEL', 'INPUT', 'BUTTON', 'STRONG'].includes(element.tagName)
        ? 'inline'
        : 'block')
    );
  },
  visibility: (element) => element.getAttribute('data-visibility') ?? 'visible',
  stretchedOver: (element) =>
    element.hasAttribute('data-stretched') ? element.closest('[data-card]') : null,
};

function render(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('findSmallTouchTargets', () => {
  it('reports a button smaller than 44 px on either side, with its text and size', () => {
    const root = render(`
      <button data-size="64x36.5">Comprar</button>
      <button data-size="44x44">Ok</button>
      <button data-size="43.8x44">Quase</button>
    `);
    const offenders = findSmallTouchTargets(root, { layout });
    expect(offenders).toEqual([{ description: 'button "Comprar"', width: 64, height: 36.5 }]);
    expect(formatTouchTargetReport(offenders)).toBe(
      '1 touch target(s) smaller than 44x44 px:\n  - button "Comprar": 64x36.5 px',
    );
  });

  it('measures a visually hidden checkbox input by the clickable wrapper around it', () => {
    const root = render(`
      <span class="MuiButtonBase-root" data-size="44x44">
        <input type="checkbox" aria-label="Grande" data-size="44x44" />
      </span>
      <span class="MuiButtonBase-root" data-size="42x42">
        <input type="checkbox" aria-label="Pequeno" data-size="42x42" />
      </span>
    `);
    expect(findSmallTouchTargets(root, { layout })).toEqual([
      { description: 'input "Pequeno"', width: 42, height: 42 },
    ]);
  });

  it('counts the whole label row when the label wraps the input, and reports it once', () => {
    const root = render(`
      <label data-size="240x44" data-display="flex">
        <span class="MuiButtonBase-root" data-size="38x38"><input type="checkbox" data-size="38x38" /></span>
        Vermelho
      </label>
      <label data-size="240x30" data-display="flex"><input type="radio" data-size="18x18" /> PAC</label>
    `);
    const offenders = findSmallTouchTargets(root, { layout });
    expect(offenders).toHaveLength(1);
    expect(offenders[0]).toMatchObject({ width: 240, height: 30 });
  });

  it('exempts a link inside a sentence but not a link standing alone in a list', () => {
    const root = render(`
      <p>Leia a <a href="/privacidade" data-size="120x20">política de privacidade</a> antes.</p>
      <ul><li><a href="/trocas" data-size="80x20">Trocas</a></li></ul>
    `);
    expect(findSmallTouchTargets(root, { layout })).toEqual([
      { description: 'a "Trocas"', width: 80, height: 20 },
    ]);
  });

  it('does not exempt a block link even when its paragraph has other words', () => {
    const root = render(
      `<p>Frete <a href="/frete" data-size="80x20" data-display="inline-block">grátis</a></p>`,
    );
    expect(findSmallTouchTargets(root, { layout })).toHaveLength(1);
  });

  it('skips what nobody can see or tap: display none, aria-hidden, hidden, 1 px, zero size', () => {
    const root = render(`
      <div data-display="none"><button data-size="10x10">Escondido</button></div>
      <div aria-hidden="true"><button data-size="10x10">Fora da árvore</button></div>
      <button data-size="10x10" data-visibility="hidden">Invisível</button>
      <button hidden data-size="10x10">Atributo hidden</button>
      <a href="#conteudo" data-size="1x1">Pular para o conteúdo</a>
      <button data-size="0x0">Vazio</button>
      <input type="hidden" name="token" />
    `);
    expect(findSmallTouchTargets(root, { layout })).toEqual([]);
  });

  it('measures the frame of an outlined field rather than the bare input', () => {
    const root = render(`
      <div class="MuiInputBase-root" data-size="300x44"><input data-size="270x23" /></div>
      <div class="MuiInputBase-root" data-size="300x40"><div role="combobox" data-size="270x23">Relevância</div></div>
    `);
    expect(findSmallTouchTargets(root, { layout })).toEqual([
      { description: 'div[role=combobox] "Relevância"', width: 300, height: 40 },
    ]);
  });

  it('measures a link stretched over its card by a pseudo-element by the card', () => {
    const root = render(`
      <article data-card data-size="180x320"><h3><a href="/p/1" data-stretched data-size="150x19">Vestido</a></h3></article>
      <article data-size="180x320"><h3><a href="/p/2" data-size="150x19">Bermuda</a></h3></article>
    `);
    expect(findSmallTouchTargets(root, { layout })).toEqual([
      { description: 'a "Bermuda"', width: 150, height: 19 },
    ]);
  });

  it('leaves out elements a story exempts by selector', () => {
    const root = render(
      `<table class="dense"><tr><td><button data-size="30x30">Ver</button></td></tr></table>`,
    );
    expect(findSmallTouchTargets(root, { layout, exempt: ['.dense'] })).toEqual([]);
    expect(findSmallTouchTargets(root, { layout })).toHaveLength(1);
  });

  it('checks options only inside a listbox, and menu items', () => {
    const root = render(`
      <ul role="listbox"><li role="option" data-size="200x36">Menor preço</li></ul>
      <div role="option" data-size="10x10">Fora de uma lista</div>
      <ul role="menu"><li role="menuitem" data-size="200x48">Sair</li></ul>
    `);
    expect(findSmallTouchTargets(root, { layout })).toEqual([
      { description: 'li[role=option] "Menor preço"', width: 200, height: 36 },
    ]);
  });
});
