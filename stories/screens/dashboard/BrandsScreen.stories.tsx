import type { Meta, StoryObj } from '@storybook/react-vite';
import { BrandsScreen } from '@vitrine/ui';
import { catalogMock, mediaMock, staffMock } from '@vitrine/ui/mocks';
import {
  makeCatalogStructure,
  makeStructureBrands,
} from '@vitrine/ui/mocks/catalog/catalogStructure.fixtures';
import { brandLogoUrl } from '@vitrine/ui/mocks/catalog/storefront.fixtures';
import { Route, Routes } from 'react-router-dom';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';

import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };
const PATH = '/dashboard/marcas';
// Two brands with a logo, two with their initial.
const brands = makeStructureBrands().map((brand, index) =>
  index < 2 ? { ...brand, logoUrl: brandLogoUrl(brand.name, brand.color) } : brand,
);
const catalog = { catalog: catalogMock.answers(makeCatalogStructure({ brands })) };

function BrandsPage() {
  return (
    <Routes>
      <Route path={PATH} element={<BrandsScreen />} />
    </Routes>
  );
}

/** /dashboard/marcas: every brand, ADMIN only. */
const meta = {
  title: 'Screens/Dashboard/Brands',
  component: BrandsScreen,
  parameters: {
    docs: {
      description: {
        component: `
As marcas (\`/dashboard/marcas\`): a lista de todas as marcas da loja, com logo, endereço, produtos,
cor e situação, e o diálogo de criar ou editar (aberto pela URL, \`?editar=<id>\` ou
\`?editar=nova\`) com a prévia do tema e o contraste da cor. Só ADMIN cria e altera.

**Estados**

- \`List\` / \`Playground\`: quatro marcas, uma inativa (com "Reativar").
- \`LowContrastColour\` (amarelo reprovado no AA: a loja escurece a cor) e \`ColourTyped\` (a prévia
  muda ao digitar a cor).
- \`DeactivateConfirm\` (aviso de que os produtos saem da loja) e \`Deactivated\`.
- \`CreateWithLogo\`, \`LogoUploadFailed\` (motivo do servidor sob o logo) e \`TakenAddress\`
  (endereço já em uso, no campo).
- \`Phone\` e \`PhoneEdit\` (o diálogo ocupa a tela; a prévia vem abaixo do formulário).
- \`Empty\`, \`Loading\` e \`LoadFailed\`.
- \`BrandManager\` e \`Support\`: sem permissão.

**GraphQL**: \`DashboardBrandsRole\` e \`DashboardBrands\` (queries); \`BrandCreate\` e
\`BrandUpdate\` (mutations; desativar é um \`BrandUpdate\`).

**Rede**: \`POST /media/\` (o arquivo do logo, antes de salvar).
`,
      },
    },
    route: PATH,
    session: 'staff',
    msw: { handlers: catalog },
  },
  render: () => <BrandsPage />,
} satisfies Meta<typeof BrandsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A lista: logo, endereço, produtos, cor, ativa ou não. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole('list', { name: 'Marcas' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    const raiz = within(list).getByRole('listitem', { name: 'Raiz' });
    await expect(within(raiz).getByText('Inativa')).toBeVisible();
    await expect(within(raiz).getByRole('button', { name: 'Reativar Raiz' })).toBeVisible();
  },
};

export const Playground: Story = {};

/**
 * Editando com um amarelo claro: a prévia no tema da marca, a cor reprovada no AA, o tom mais
 * escuro que a loja usa.
 */
export const LowContrastColour: Story = {
  parameters: { route: `${PATH}?editar=brand-3` },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Editar Sol de Inverno' });
    const report = within(dialog).getByRole('group', { name: 'Contraste da cor' });
    await expect(report).toHaveTextContent('Contraste com o fundo da loja: 1,4:1');
    await expect(report).toHaveTextContent('Reprovada no AA');
    await expect(report).toHaveTextContent(/escurece textos e botões desta cor para #[0-9a-f]{6}/);
  },
};

/** Digitar uma cor muda a prévia na hora. */
export const ColourTyped: Story = {
  parameters: { route: `${PATH}?editar=brand-2` },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Editar Maré Alta' });
    const field = within(dialog).getByRole('textbox', { name: /Cor da marca/ });
    await userEvent.clear(field);
    await userEvent.type(field, '#7c3aed');
    const report = within(dialog).getByRole('group', { name: 'Contraste da cor' });
    await expect(report).toHaveTextContent('Aprovada no AA');
    await expect(report).toHaveTextContent('A loja usa a cor como está em textos e botões.');
  },
};

/** Desativar avisa que os produtos saem da loja. */
export const DeactivateConfirm: Story = {
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole('list', { name: 'Marcas' });
    await userEvent.click(within(list).getByRole('button', { name: 'Desativar Aurora' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desativar a marca Aurora?' });
    await expect(dialog).toHaveTextContent('Os produtos da marca deixam de aparecer na loja.');
  },
};

/** Confirmado: a marca aparece como inativa. */
export const Deactivated: Story = {
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole('list', { name: 'Marcas' });
    await userEvent.click(within(list).getByRole('button', { name: 'Desativar Aurora' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desativar a marca Aurora?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    await waitFor(() =>
      expect(
        within(within(list).getByRole('listitem', { name: 'Aurora' })).getByText('Inativa'),
      ).toBeVisible(),
    );
  },
};

/** Uma marca nova com um logo enviado por `POST /media/`. */
export const CreateWithLogo: Story = {
  parameters: { route: `${PATH}?editar=nova` },
  play: async ({ canvasElement }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Nova marca' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'Brisa');
    await userEvent.upload(
      within(dialog).getByLabelText('Arquivo do logo'),
      new File([new Uint8Array(256)], 'brisa.png', { type: 'image/png' }),
    );
    await expect(await within(dialog).findByRole('img', { name: 'Logo atual' })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar marca' }));
    await expect(
      await within(canvasElement).findByRole('listitem', { name: 'Brisa' }),
    ).toBeVisible();
  },
};

/** O envio falha: o motivo do servidor sob o logo. */
export const LogoUploadFailed: Story = {
  parameters: {
    route: `${PATH}?editar=nova`,
    msw: {
      handlers: {
        ...catalog,
        media: mediaMock.fails('A imagem está corrompida ou incompleta; envie outro arquivo.'),
      },
    },
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Nova marca' });
    await userEvent.upload(
      within(dialog).getByLabelText('Arquivo do logo'),
      new File([new Uint8Array(256)], 'logo.png', { type: 'image/png' }),
    );
    await expect(
      await within(dialog).findByText(
        'A imagem está corrompida ou incompleta; envie outro arquivo.',
      ),
    ).toBeVisible();
  },
};

/** Um nome já usado como endereço: a recusa do servidor no campo. */
export const TakenAddress: Story = {
  parameters: { route: `${PATH}?editar=nova` },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Nova marca' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'Aurora');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar marca' }));
    await expect(
      await within(dialog).findByText('Já existe uma marca com este slug.'),
    ).toBeVisible();
  },
};

/** Celular: a lista quebra linha, o diálogo ocupa a tela. */
export const Phone: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('list', { name: 'Marcas' });
    await expectNoHorizontalScroll(320);
  },
};

/** Celular, editando: o formulário e, abaixo dele, a prévia. */
export const PhoneEdit: Story = {
  globals: phone,
  parameters: { route: `${PATH}?editar=brand-1` },
  play: async () => {
    await expect(await screen.findByRole('dialog', { name: 'Editar Aurora' })).toBeVisible();
    await expectNoHorizontalScroll(320);
  },
};

/** Ainda sem marcas. */
export const Empty: Story = {
  parameters: {
    msw: { handlers: { catalog: catalogMock.answers(makeCatalogStructure({ brands: [] })) } },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Nenhuma marca ainda.')).toBeVisible();
  },
};

/** As marcas nunca carregam. */
export const Loading: Story = {
  parameters: { msw: { handlers: { catalog: catalogMock.pending() } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('status', { name: 'Carregando as marcas' }),
    ).toBeInTheDocument();
  },
};

/** As marcas falham ao carregar. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: { catalog: catalogMock.fails() } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Não foi possível carregar as marcas.'),
    ).toBeVisible();
  },
};

/** Um gerente de marca: sem permissão. */
export const BrandManager: Story = {
  parameters: {
    msw: {
      handlers: {
        ...catalog,
        staff: staffMock.answers({
          name: 'Carla Dias',
          role: 'BRAND_MANAGER',
          brandIds: ['brand-1'],
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(
        'Somente administradores podem criar e alterar marcas.',
      ),
    ).toBeVisible();
  },
};

/** SUPPORT: sem permissão. */
export const Support: Story = {
  parameters: {
    msw: {
      handlers: { ...catalog, staff: staffMock.answers({ name: 'Bruno Lima', role: 'SUPPORT' }) },
    },
  },
  play: BrandManager.play,
};
