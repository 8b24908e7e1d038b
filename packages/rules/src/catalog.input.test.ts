import { describe, expect, it } from 'vitest';

import {
  CATALOG_INPUT_MESSAGES as M,
  categoryDeleteRefusal,
  categoryParentRefusal,
  categoryPositionRefusal,
  checkBrandInput,
  checkCategoryInput,
  checkLogoUrl,
  checkOptionalText,
  checkSlug,
  type BrandInput,
} from './catalog.input';

const brand = (extra: Partial<BrandInput> = {}): BrandInput => ({
  name: 'Ipê Amarelo',
  color: '#1A73E8',
  ...extra,
});

function issueOf(result: { ok: boolean; issue?: unknown; value?: unknown }) {
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.value)}`);
  return result.issue;
}

describe('texts and slugs', () => {
  it('names the field with its label, the article dropped at the start of a sentence', () => {
    expect(
      issueOf(checkOptionalText('x'.repeat(321), 'f', 'a descrição para buscadores', 320)),
    ).toEqual({
      field: 'f',
      message: 'Descrição para buscadores deve ter no máximo 320 caracteres.',
    });
    expect(checkOptionalText('  ', 'f', 'a descrição', 10)).toEqual({ ok: true, value: null });
  });

  it('takes a slug given as it is, or makes one from the name', () => {
    expect(checkSlug(' tenis-leve ', 'x', 'input.slug')).toEqual({ ok: true, value: 'tenis-leve' });
    expect(checkSlug(null, 'Tênis Leve!', 'input.slug')).toEqual({ ok: true, value: 'tenis-leve' });
    expect(issueOf(checkSlug('Tênis Leve', 'x', 'input.slug'))).toEqual({
      field: 'input.slug',
      message: M.slugInvalid,
    });
    expect(issueOf(checkSlug('a'.repeat(81), 'x', 'input.slug'))).toMatchObject({
      message: M.slugInvalid,
    });
    expect(issueOf(checkSlug(undefined, '!!!', 'input.slug'))).toEqual({
      field: 'input.slug',
      message: 'Não foi possível gerar um slug a partir do nome; informe um slug.',
    });
  });

  it('takes an uploaded logo or an https address, and what the caller counts as uploaded', () => {
    expect(checkLogoUrl('/media/a.png', 'f')).toEqual({ ok: true, value: '/media/a.png' });
    expect(checkLogoUrl(' https://cdn.test/a.png ', 'f')).toEqual({
      ok: true,
      value: 'https://cdn.test/a.png',
    });
    expect(issueOf(checkLogoUrl('http://cdn.test/a.png', 'f'))).toEqual({
      field: 'f',
      message: M.logo,
    });
    expect(issueOf(checkLogoUrl(`https://cdn.test/${'a'.repeat(490)}`, 'f'))).toMatchObject({
      message: M.logo,
    });
    expect(issueOf(checkLogoUrl('data:image/png;base64,AA', 'f'))).toMatchObject({
      message: M.logo,
    });
    const data = (url: string) => url.startsWith('data:image/');
    expect(checkLogoUrl('data:image/png;base64,AA', 'f', data).ok).toBe(true);
  });
});

describe('checkBrandInput', () => {
  it('reads a new brand: slug from the name, colour in lower case, active by default', () => {
    expect(checkBrandInput(brand({ description: ' Café ' }), null)).toEqual({
      ok: true,
      value: {
        slug: 'ipe-amarelo',
        name: 'Ipê Amarelo',
        description: 'Café',
        color: '#1a73e8',
        logoUrl: null,
        seoTitle: null,
        seoDescription: null,
        active: true,
      },
    });
  });

  it('keeps the current slug and state of a brand when the input leaves them out', () => {
    const checked = checkBrandInput(brand({ name: 'Outro' }), { slug: 'velho', active: false });
    expect(checked).toMatchObject({ ok: true, value: { slug: 'velho', active: false } });
  });

  it('checks name, slug, description, colour, logo and the search texts, in that order', () => {
    const all = brand({
      name: ' ',
      slug: 'Mau Slug',
      description: 'x'.repeat(2001),
      color: 'azul',
      logoUrl: 'ftp://x',
      seoTitle: 'x'.repeat(121),
      seoDescription: 'x'.repeat(321),
    });
    const steps: [Partial<BrandInput>, string, string][] = [
      [{}, 'input.name', 'Informe o nome da marca.'],
      [{ name: 'A' }, 'input.slug', M.slugInvalid],
      [{ slug: 'a' }, 'input.description', 'Descrição deve ter no máximo 2000 caracteres.'],
      [
        { description: null },
        'input.color',
        'Cor inválida: use o formato hexadecimal #RRGGBB (ex.: #1A73E8).',
      ],
      [{ color: '#000000' }, 'input.logoUrl', M.logo],
      [
        { logoUrl: null },
        'input.seoTitle',
        'Título para buscadores deve ter no máximo 120 caracteres.',
      ],
      [
        { seoTitle: null },
        'input.seoDescription',
        'Descrição para buscadores deve ter no máximo 320 caracteres.',
      ],
    ];
    let input = all;
    for (const [fix, field, message] of steps) {
      input = { ...input, ...fix };
      expect(issueOf(checkBrandInput(input, null))).toEqual({ field, message });
    }
    expect(issueOf(checkBrandInput(brand({ name: 'x'.repeat(121) }), null))).toEqual({
      field: 'input.name',
      message: 'Nome da marca deve ter no máximo 120 caracteres.',
    });
  });
});

describe('categories', () => {
  it('reads a name and a slug, keeping the current slug on an update without one', () => {
    expect(checkCategoryInput({ name: ' Calças Jeans ' }, null)).toEqual({
      ok: true,
      value: { name: 'Calças Jeans', slug: 'calcas-jeans' },
    });
    expect(checkCategoryInput({ name: 'Novo', slug: null }, 'antigo')).toEqual({
      ok: true,
      value: { name: 'Novo', slug: 'antigo' },
    });
    expect(issueOf(checkCategoryInput({ name: 'x'.repeat(81) }, null))).toEqual({
      field: 'input.name',
      message: 'Nome da categoria deve ter no máximo 80 caracteres.',
    });
  });

  const tree = [
    { id: 'roupas', parentId: null },
    { id: 'calcas', parentId: 'roupas' },
    { id: 'jeans', parentId: 'calcas' },
  ];

  it('refuses an unknown parent in each operation’s words', () => {
    expect(categoryParentRefusal(tree, null, 'nada', 'create')).toEqual({
      field: 'input.parentId',
      message: 'Categoria não encontrada.',
    });
    expect(categoryParentRefusal(tree, 'jeans', 'nada', 'update')).toEqual({
      field: 'input.parentId',
      message: 'Categoria pai não encontrada.',
    });
    expect(categoryParentRefusal(tree, 'jeans', 'nada', 'move')).toEqual({
      field: 'parentId',
      message: 'Categoria de destino não encontrada.',
    });
  });

  it('refuses a parent that is the category or one of its subcategories, not an ancestor', () => {
    expect(categoryParentRefusal(tree, 'roupas', 'jeans', 'update')).toEqual({
      field: 'input.parentId',
      message: M.parentCycle,
    });
    expect(categoryParentRefusal(tree, 'calcas', 'calcas', 'move')).toEqual({
      field: 'parentId',
      message: 'Uma categoria não pode ficar dentro dela mesma.',
    });
    expect(categoryParentRefusal(tree, 'jeans', 'roupas', 'move')).toBeNull();
    expect(categoryParentRefusal(tree, 'jeans', null, 'update')).toBeNull();
  });

  it('takes a position from 0, whole', () => {
    expect(categoryPositionRefusal(0, 'position')).toBeNull();
    expect(categoryPositionRefusal(-1, 'input.position')).toEqual({
      field: 'input.position',
      message: 'A posição não pode ser negativa.',
    });
    expect(categoryPositionRefusal(1.5, 'position')).not.toBeNull();
  });

  it('explains why a category cannot be deleted: products first, then subcategories', () => {
    expect(categoryDeleteRefusal('Acessórios', 3, 2)).toBe(
      'A categoria Acessórios tem 3 produtos: mova-os para outra categoria antes de excluí-la.',
    );
    expect(categoryDeleteRefusal('Bonés', 1, 0)).toBe(
      'A categoria Bonés tem 1 produto: mova-o para outra categoria antes de excluí-la.',
    );
    expect(categoryDeleteRefusal('Roupas', 0, 1)).toBe(
      'A categoria Roupas tem 1 subcategoria: mova-a ou exclua-a antes.',
    );
    expect(categoryDeleteRefusal('Roupas', 0, 2)).toBe(
      'A categoria Roupas tem 2 subcategorias: mova-as ou exclua-as antes.',
    );
    expect(categoryDeleteRefusal('Vazia', 0, 0)).toBeNull();
  });
});
