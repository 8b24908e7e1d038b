import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProductEditorScreen } from '@vitrine/ui';
import { catalogMock, mediaMock, staffMock } from '@vitrine/ui/mocks';
import {
  CONCURRENT_EDIT_PRODUCT_ID,
  makeProductEditorCatalog,
} from '@vitrine/ui/mocks/catalog/staffProductEditor';
import { Route, Routes } from 'react-router-dom';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };
const breadcrumbs = {
  exempt: [
    {
      selector: 'nav[aria-label="Trilha de navegação"] a',
      reason: 'The breadcrumb repeats the side bar\'s "Produtos", which has a full-size target.',
    },
  ],
};

function EditorPage() {
  return (
    <Routes>
      <Route path="/dashboard/produtos/novo" element={<ProductEditorScreen />} />
      <Route path="/dashboard/produtos/:id" element={<ProductEditorScreen />} />
      <Route path="/dashboard/produtos" element={<p>Lista de produtos</p>} />
    </Routes>
  );
}

const at = (id: string) => `/dashboard/produtos/${id}`;
const NEW = '/dashboard/produtos/novo';
const editorCatalog = () => catalogMock.answers(makeProductEditorCatalog());

/** /dashboard/produtos/:id and /dashboard/produtos/novo over the editor's catalog fixtures. */
const meta = {
  title: 'Screens/Dashboard/Products/ProductEditor',
  component: ProductEditorScreen,
  parameters: {
    docs: {
      description: {
        component: `
O editor de produto (\`/dashboard/produtos/novo\` e \`/dashboard/produtos/:id\`): nome e endereço
(conferido enquanto se digita), descrição, marca e categoria, fotos (enviadas com progresso e
reordenáveis pelo teclado), a matriz de variações (tamanhos × cores, SKU, GTIN, preço), SEO com
prévia do Google e "Ver como o cliente". A chave de publicação diz o que o produto é ("Publicado no
site" / "Rascunho — não aparece no site") e o cabeçalho mostra a situação salva e o que salvar muda.
Um só salvamento com a versão carregada: se outra pessoa salvou antes, nada é sobrescrito — o
editor junta as duas versões (o que só ela mudou fica, o que só você mudou é reaplicado, o que as
duas mudaram você escolhe campo a campo). ADMIN e BRAND_MANAGER (só as suas marcas) editam; SUPPORT
só consulta.

**Estados**

- \`NewEmpty\` (novo, "será salvo como rascunho"), \`NewPublished\` (a chave ligada: "Publicado no
  site", "Salvar e publicar") e \`EditingFilled\` (3 fotos, matriz 2 × 2, SEO, "Tudo salvo").
- \`SlugTaken\`, \`ServerFieldErrors\` (SKU repetido, com o resumo de erros) e \`FormErrors\` (GTIN
  e preço conferidos antes de enviar).
- \`VersionConflict\` (as alterações da outra pessoa que ficam e as suas reaplicadas),
  \`VersionConflictChoice\` (o nome mudado pelas duas: escolha campo a campo antes de continuar),
  \`VersionConflictChoicePhone\` (a mesma escolha num celular) e \`VersionConflictDiscard\`.
- \`PhotoUpload\` (progresso; PDF recusado), \`PhotoUploading\` (salvar espera as fotos) e
  \`ReorderByKeyboard\` (a foto 3 vira a principal, anunciado).
- \`VariantMatrix\` (remover um tamanho com pedidos pede confirmação), \`LeaveGuard\` (sair sem
  salvar pergunta) e \`Preview\` (a página da loja antes de salvar).
- \`SupportReadOnly\` e \`BrandManagerNew\` (a única marca já escolhida).
- \`Loading\`, \`NotFound\`, \`LoadError\` e \`Phone\` (seções empilhadas, barra de salvar embaixo).

**GraphQL**: \`ProductEditorOptions\`, \`ProductEditorProduct\` e \`ProductSlugCheck\` (queries);
\`ProductSave\` (mutation).

**Rede**: \`POST /media/\` (cada foto, com progresso).
`,
      },
    },
    route: at('product-camiseta'),
    session: 'staff',
    touchTarget: breadcrumbs,
    msw: { handlers: { catalog: editorCatalog() } },
  },
  render: () => <EditorPage />,
} satisfies Meta<typeof ProductEditorScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

async function ready(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole('textbox', { name: /Nome/ });
  return canvas;
}

/** Um produto novo: campos vazios, marcado como rascunho, uma variante sem opções, sem fotos. */
export const NewEmpty: Story = {
  parameters: { route: NEW },
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Novo produto' })).toBeVisible();
    await expect(
      canvas.getByRole('switch', { name: 'Rascunho — não aparece no site' }),
    ).not.toBeChecked();
    await expect(canvas.getByText('Novo — será salvo como rascunho')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Salvar rascunho' })).toBeVisible();
    await expect(canvas.getByText('Nenhuma foto ainda.')).toBeVisible();
    await expect(canvas.getByRole('list', { name: 'Variações' }).children).toHaveLength(1);
  },
};

/** A chave ligada: o produto estará no site assim que for salvo. */
export const NewPublished: Story = {
  parameters: { route: NEW },
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    await userEvent.click(canvas.getByRole('switch', { name: 'Rascunho — não aparece no site' }));
    await expect(canvas.getByRole('switch', { name: 'Publicado no site' })).toBeChecked();
    await expect(canvas.getByText('Novo — será publicado ao salvar')).toBeVisible();
    await expect(
      canvas.getByText('Os clientes encontram e compram este produto na loja.'),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Salvar e publicar' })).toBeVisible();
  },
};

/** Editando um produto preenchido: fotos, uma matriz 2 × 2, GTIN, SEO com a prévia do Google. */
export const EditingFilled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Editar Camiseta básica' }),
    ).toBeVisible();
    await expect(canvas.getAllByRole('listitem', { name: /^Foto \d de 3/ })).toHaveLength(3);
    await expect(canvas.getAllByRole('listitem', { name: /^Variação / })).toHaveLength(4);
    await expect(canvas.getByText('GTIN válido.')).toBeVisible();
    await expect(canvas.getByText('44/70 caracteres. Vazio: o nome do produto.')).toBeVisible();
    await expect(canvas.getByLabelText('Prévia no Google')).toHaveTextContent(
      'vitrine.com.br › produto › camiseta-basica',
    );
    await expect(canvas.getByTestId('situacao-do-produto')).toHaveTextContent('Publicado no site');
    await expect(canvas.getByText('Tudo salvo')).toBeVisible();
  },
};

/** O nome gera um slug que outro produto já usa: o campo avisa e sugere um livre. */
export const SlugTaken: Story = {
  parameters: { route: NEW },
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    await fill(canvas.getByRole('textbox', { name: /Nome/ }), 'Vestido Midi');
    await expect(canvas.getByRole('textbox', { name: 'Endereço (slug)' })).toHaveValue(
      'vestido-midi',
    );
    await expect(await canvas.findByText(/Já usado por outro produto/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Usar vestido-midi-2' })).toBeVisible();
  },
};

/** O servidor recusa um SKU que outro produto usa: no campo e no link do resumo. */
export const ServerFieldErrors: Story = {
  parameters: { route: at('product-vestido') },
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    const sku = canvas.getByRole('textbox', { name: 'SKU' });
    await fill(sku, 'BONE-ABA-CURVA', { clear: true });
    await userEvent.click(canvas.getByRole('button', { name: /^Salvar/ }));
    const summary = await canvas.findByRole('alert', { name: /Corrija/ });
    await expect(summary).toHaveTextContent('Corrija 1 campo para salvar');
    await userEvent.click(within(summary).getByRole('link', { name: 'Variação 1 (Único): SKU' }));
    await expect(canvas.getByRole('textbox', { name: 'SKU' })).toHaveFocus();
    await expect(
      canvas.getByText(/^O SKU BONE-ABA-CURVA já é usado por outro produto \(Boné .+\)\.$/),
    ).toBeVisible();
  },
};

/** Verificado antes de enviar: um dígito verificador de GTIN errado e um preço faltando. */
export const FormErrors: Story = {
  parameters: { route: at('product-vestido') },
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    await fill(canvas.getByRole('textbox', { name: 'GTIN / EAN' }), '7891234567896');
    await expect(canvas.getByText('Dígito verificador inválido: confira o GTIN.')).toBeVisible();
    await userEvent.clear(canvas.getByRole('textbox', { name: 'Preço' }));
    await userEvent.click(canvas.getByRole('button', { name: /^Salvar/ }));
    await expect(
      await canvas.findByRole('alert', { name: 'Corrija 2 campos para salvar' }),
    ).toBeVisible();
  },
};

/**
 * Outra pessoa salvou nesse meio-tempo (renomeou o produto, aumentou o preço): as alterações dela
 * ficam, a minha descrição é reaplicada sobre a versão atual; nada a escolher.
 */
export const VersionConflict: Story = {
  parameters: { route: at(CONCURRENT_EDIT_PRODUCT_ID) },
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    const description = canvas.getByRole('textbox', { name: 'Descrição' });
    await fill(description, 'Boné de sarja **lavada**.', { clear: true });
    await userEvent.click(canvas.getByRole('button', { name: /^Salvar/ }));
    const dialog = await body(canvasElement).findByRole('dialog', {
      name: 'Outra pessoa alterou este produto',
    });
    const theirs = await within(dialog).findByRole('region', {
      name: /Alterações da outra pessoa/,
    });
    await expect(theirs).toHaveTextContent('Agora: Boné aba curva (nova coleção)');
    await expect(within(dialog).getByRole('region', { name: /Suas alterações/ })).toHaveTextContent(
      'Seu: Boné de sarja **lavada**.',
    );
    await expect(within(dialog).queryByRole('radiogroup')).toBeNull();
    await expect(
      within(dialog).getByRole('button', { name: 'Continuar editando sobre a atual' }),
    ).toBeEnabled();
    await expect(
      within(dialog).getByRole('button', { name: 'Descartar os meus e usar a atual' }),
    ).toBeVisible();
  },
};

/** As duas pessoas mudaram o nome: cada campo assim é escolhido, um a um, antes de continuar. */
export const VersionConflictChoice: Story = {
  parameters: { route: at(CONCURRENT_EDIT_PRODUCT_ID) },
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    await fill(canvas.getByRole('textbox', { name: /Nome/ }), ' infantil');
    await fill(canvas.getByRole('textbox', { name: 'Descrição' }), 'Boné de sarja **lavada**.', {
      clear: true,
    });
    await userEvent.click(canvas.getByRole('button', { name: /^Salvar/ }));
    const dialog = await body(canvasElement).findByRole('dialog', {
      name: 'Outra pessoa alterou este produto',
    });
    const name = await within(dialog).findByRole('radiogroup', { name: 'Nome' });
    const keepMine = within(dialog).getByRole('button', {
      name: 'Continuar editando sobre a atual',
    });
    await expect(keepMine).toBeDisabled();
    await expect(within(dialog).getByText('Falta escolher 1 campo.')).toBeVisible();
    await expect(
      within(name).getByRole('radio', { name: 'Manter o meu: Boné aba curva infantil' }),
    ).not.toBeChecked();
    await expect(
      within(name).getByRole('radio', {
        name: 'Usar o da outra pessoa: Boné aba curva (nova coleção)',
      }),
    ).not.toBeChecked();
  },
};

/** A mesma escolha num celular: o diálogo ocupa a tela, nada rola para o lado. */
export const VersionConflictChoicePhone: Story = {
  ...VersionConflictChoice,
  globals: phone,
  play: async (context) => {
    await VersionConflictChoice.play?.(context);
    await expectNoHorizontalScroll(320);
  },
};

/** Descartando: o formulário mostra o produto atual, nada a salvar. */
export const VersionConflictDiscard: Story = {
  parameters: { route: at(CONCURRENT_EDIT_PRODUCT_ID) },
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    await fill(canvas.getByRole('textbox', { name: /Nome/ }), ' infantil');
    await userEvent.click(canvas.getByRole('button', { name: /^Salvar/ }));
    const dialog = await body(canvasElement).findByRole('dialog', {
      name: 'Outra pessoa alterou este produto',
    });
    await within(dialog).findByRole('region', { name: /Alterações da outra pessoa/ });
    await userEvent.click(within(dialog).getByRole('button', { name: /Descartar os meus/ }));
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: /Nome/ })).toHaveValue(
        'Boné aba curva (nova coleção)',
      ),
    );
    await expect(canvas.getByText('Tudo salvo')).toBeVisible();
  },
};

function imageFile(name: string, type: string) {
  return new File([new Uint8Array([137, 80, 78, 71])], name, { type });
}

function dropFiles(target: HTMLElement, files: File[]) {
  const data = new DataTransfer();
  for (const file of files) data.items.add(file);
  target.dispatchEvent(
    new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }),
  );
}

/** Types by pasting: one input event instead of one per character (the form is large). */
async function fill(field: HTMLElement, text: string, { clear = false } = {}) {
  if (clear) await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
}

/** Duas fotos soltas de uma vez: a imagem é enviada mostrando o progresso, o PDF é recusado. */
export const PhotoUpload: Story = {
  parameters: {
    route: NEW,
    msw: { handlers: { catalog: editorCatalog(), media: mediaMock.slow(600) } },
  },
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    dropFiles(canvas.getByTestId('zona-de-fotos'), [
      imageFile('frente.png', 'image/png'),
      imageFile('manual.pdf', 'application/pdf'),
    ]);
    await expect(
      await canvas.findByRole('progressbar', { name: 'Enviando frente.png' }),
    ).toBeVisible();
    await expect(
      await canvas.findByText('Não é uma imagem: envie JPEG, PNG ou WebP.'),
    ).toBeVisible();
    await expect(
      await canvas.findByRole('textbox', { name: 'Texto alternativo' }, { timeout: 5000 }),
    ).toBeVisible();
    await expect(canvas.getByText('Principal')).toBeVisible();
  },
};

/** O envio em andamento, congelado (o servidor nunca responde). */
export const PhotoUploading: Story = {
  parameters: {
    route: NEW,
    msw: { handlers: { catalog: editorCatalog(), media: mediaMock.pending() } },
  },
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    await userEvent.upload(canvas.getByTestId('arquivo-fotos'), imageFile('lado.png', 'image/png'));
    await expect(
      await canvas.findByRole('progressbar', { name: 'Enviando lado.png' }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /^Salvar/ }));
    await expect(
      await canvas.findByRole('alert', { name: /Corrija \d+ campos? para salvar/ }),
    ).toHaveTextContent('Espere as fotos terminarem de enviar.');
  },
};

/**
 * O teclado move a terceira foto para o início (ela passa a ser a principal), e a mudança é
 * anunciada.
 */
export const ReorderByKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    const handle = canvas.getByRole('button', { name: /^Mover foto 3/ });
    handle.focus();
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: /^Mover foto 2/ })).toHaveFocus(),
    );
    await userEvent.keyboard('{ArrowUp}');
    await expect(
      await canvas.findByText('Foto movida para a posição 1 de 3: agora é a principal.'),
    ).toBeInTheDocument();
    const first = canvas.getAllByRole('listitem', { name: /^Foto 1 de 3, principal/ })[0];
    await expect(within(first!).getByRole('textbox', { name: 'Texto alternativo' })).toHaveValue(
      'Camiseta básica vermelha',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Mover a foto 1 para baixo' }));
    await expect(await canvas.findByText('Foto movida para a posição 2 de 3.')).toBeInTheDocument();
    await expect(canvas.getByText('Alterações não salvas')).toBeVisible();
  },
};

/** Tamanhos e cores formam a matriz; remover um tamanho que tem pedidos pede confirmação antes. */
export const VariantMatrix: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    const sizes = canvas.getByRole('combobox', { name: 'Tamanhos' });
    await userEvent.type(sizes, 'G{Enter}');
    await expect(canvas.getAllByRole('listitem', { name: /^Variação / })).toHaveLength(6);
    await expect(canvas.getByRole('listitem', { name: 'Variação G / Azul' })).toBeVisible();
    await expect(
      within(canvas.getByRole('listitem', { name: 'Variação G / Azul' })).getByRole('textbox', {
        name: 'SKU',
      }),
    ).toHaveValue('CAMISETA-BASICA-G-AZUL');
    const chipP = canvas.getByRole('button', { name: 'P' });
    // The chip's remove icon (MUI names its icons by test id in development builds only).
    const removeP = chipP.querySelector<SVGElement>('.MuiChip-deleteIcon');
    if (!removeP) throw new Error('the chip P has no remove icon');
    await userEvent.click(removeP);
    const dialog = await body(canvasElement).findByRole('dialog', {
      name: 'Remover variações com pedidos?',
    });
    await expect(dialog).toHaveTextContent('Os pedidos guardam a própria cópia');
  },
};

/**
 * Em 1366 px os seis campos da variante dividem uma linha: cada rótulo fica acima do seu campo,
 * longe da unidade dentro dele (o rótulo em repouso de um campo vazio encostava nela:
 * 'Comprimentocm').
 */
export const VariantFieldsAt1366: Story = {
  globals: { viewport: { value: 'desktop1366', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    const variant = canvas.getAllByRole('listitem', { name: /^Variação / })[0]!;
    for (const name of ['Peso', 'Comprimento', 'Largura', 'Altura', 'Estoque', 'Preço']) {
      const input = within(variant).getByRole('textbox', { name });
      const root = input.closest<HTMLElement>('.MuiTextField-root')!;
      const label = root.querySelector('label')!.getBoundingClientRect();
      const unit = root.querySelector('.MuiInputAdornment-root')!.getBoundingClientRect();
      // The label ends above the field's box, so it cannot overlap the unit.
      await expect(label.bottom).toBeLessThanOrEqual(unit.top);
    }
    // No helper text runs into a label of the row below.
    const labels = [...variant.querySelectorAll('label')].map((el) => el.getBoundingClientRect());
    const helpers = [...variant.querySelectorAll('.MuiFormHelperText-root')]
      .filter((el) => (el.textContent ?? '').trim() !== '')
      .map((el) => el.getBoundingClientRect());
    const overlaps = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    for (const helper of helpers) {
      await expect(labels.filter((label) => overlaps(helper, label))).toEqual([]);
    }
  },
};

/** Sair com alterações não salvas pede confirmação antes. */
export const LeaveGuard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    await fill(canvas.getByRole('textbox', { name: /Nome/ }), ' lisa');
    await userEvent.click(canvas.getByRole('link', { name: 'Produtos' }));
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Sair sem salvar?' });
    await expect(within(dialog).getByRole('button', { name: 'Sair sem salvar' })).toBeVisible();
    await expect(canvas.queryByText('Lista de produtos')).toBeNull();
  },
};

/** 'Ver como o cliente': a página da loja montada com os valores do formulário, antes de salvar. */
export const Preview: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    await fill(canvas.getByRole('textbox', { name: /Nome/ }), ' premium');
    await userEvent.click(canvas.getByRole('button', { name: 'Ver como o cliente' }));
    const dialog = await body(canvasElement).findByRole('dialog', { name: /Como o cliente verá/ });
    await expect(
      within(dialog).getByRole('heading', { level: 1, name: 'Camiseta básica premium' }),
    ).toBeVisible();
    await expect(within(dialog).getByText('algodão orgânico').tagName).toBe('STRONG');
  },
};

/** SUPPORT só lê: todos os campos desativados, sem barra de salvar. */
export const SupportReadOnly: Story = {
  parameters: {
    msw: {
      handlers: { catalog: editorCatalog(), staff: staffMock.answers({ role: 'SUPPORT' }) },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    await expect(canvas.getByText(/só consulta produtos/)).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: /Nome/ })).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: /^Salvar/ })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Escolher fotos' })).toBeNull();
  },
};

/** Um gerente de marca da Aurora: um produto novo já vem com a única marca dele escolhida. */
export const BrandManagerNew: Story = {
  parameters: {
    route: NEW,
    msw: {
      handlers: {
        catalog: editorCatalog(),
        staff: staffMock.answers({ role: 'BRAND_MANAGER', brandIds: ['brand-aurora'] }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    await expect(canvas.getByRole('combobox', { name: /Marca/ })).toHaveTextContent('Aurora');
    await expect(canvas.getByText('Só as suas marcas.')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { catalog: catalogMock.pending() } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByLabelText('Carregando produto')).toBeVisible();
  },
};

export const NotFound: Story = {
  parameters: { route: at('produto-inexistente') },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'Produto não encontrado' }),
    ).toBeVisible();
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: { catalog: catalogMock.fails() } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      /Não foi possível/,
    );
  },
};

/** Um celular: as seções se empilham, a barra de salvar fica embaixo, nada rola para o lado. */
export const Phone: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    await expect(canvas.getByRole('button', { name: /^Salvar/ })).toBeVisible();
    await expectNoHorizontalScroll(320);
  },
};
