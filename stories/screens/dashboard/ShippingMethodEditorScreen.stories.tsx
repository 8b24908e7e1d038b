import type { Meta, StoryObj } from '@storybook/react-vite';
import { DashboardShellScreen } from '@vitrine/ui';
import { catalogMock, checkoutMock, staffMock } from '@vitrine/ui/mocks';
import { makeCatalogStructure } from '@vitrine/ui/mocks/catalog/catalogStructure.fixtures';
import { Route, Routes } from 'react-router-dom';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';

import {
  ShippingMethodEditorScreen,
  ShippingMethodsScreen,
} from '../../../packages/ui/src/screens/dashboard/Shipping';
import { expectNoHorizontalScroll } from '../../support/layout';

const phone = { viewport: { value: 'mobile1', isRotated: false } };
const LIST = '/dashboard/frete';
const catalog = catalogMock.answers(makeCatalogStructure());

function ShippingPages() {
  return (
    <Routes>
      <Route
        path={LIST}
        element={
          <DashboardShellScreen>
            <ShippingMethodsScreen />
          </DashboardShellScreen>
        }
      />
      <Route
        path={`${LIST}/novo`}
        element={
          <DashboardShellScreen>
            <ShippingMethodEditorScreen />
          </DashboardShellScreen>
        }
      />
      <Route
        path={`${LIST}/:id`}
        element={
          <DashboardShellScreen>
            <ShippingMethodEditorScreen />
          </DashboardShellScreen>
        }
      />
    </Routes>
  );
}

/** /dashboard/frete/novo and /dashboard/frete/:id: one shipping method, ADMIN only. */
const meta = {
  title: 'Screens/Dashboard/Shipping/Editor',
  component: ShippingMethodEditorScreen,
  parameters: {
    docs: {
      description: {
        component: `
O editor de uma forma de entrega (\`/dashboard/frete/novo\` e \`/dashboard/frete/:id\`): nome, tipo
(entrega ou retirada), a transportadora que cota a entrega (Melhor Envio ou Correios, com o código
do serviço), a tabela de preços e prazos por região postal ou por estado, faixas de peso,
ativar/desativar e excluir, com os erros do servidor em cada célula e o simulador das formas já
salvas (\`?cep=&peso=\` na URL). Só ADMIN; as histórias o mostram dentro do
\`DashboardShellScreen\`.

**Estados**

- \`Filled\` / \`Playground\`: SEDEX, Sudeste por região e o Sul por estado; \`Phone\`: a tabela
  rola dentro da moldura, a página nunca de lado.
- \`Pickup\` (o ponto de retirada campo a campo, horário e instruções, e o prazo; sem tabela),
  \`Inactive\` ("Ativar") e \`New\` (nome obrigatório).
- \`FieldError\` (prazo acima do limite, na célula) e \`Save\` ("SEDEX salva.").
- \`CarrierQuoted\`: o PAC cotado pelo Melhor Envio (serviço 1), configurado neste servidor: cotação
  ao vivo, a tabela quando ele demora ou falha; \`CarrierNotConfigured\`: os Correios escolhidos
  num servidor sem o acesso deles, o aviso, e o código do serviço pedido antes de salvar.
- \`DeleteWithConfirm\` (volta à lista sem ela) e \`DeactivateConfirm\`.
- \`LeaveGuard\`: sair com alterações pede confirmação.
- \`Loading\`, \`Error\` (com "Tentar de novo") e \`NotFound\`.
- \`Support\`: sem permissão.

**GraphQL**: \`ShippingMe\`, \`ShippingMethods\`, \`ShippingMethod\`, \`ShippingCarriers\` e
\`ShippingSimulate\` (queries); \`ShippingMethodCreate\`, \`ShippingMethodUpdate\` e \`ShippingMethodDelete\`
(mutations).
`,
      },
    },
    route: `${LIST}/ship-sedex`,
    session: 'staff',
    msw: { handlers: { catalog } },
  },
  render: () => <ShippingPages />,
} satisfies Meta<typeof ShippingMethodEditorScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function findHeading(canvasElement: HTMLElement, name: string) {
  // The editor holds a table of a hundred inputs: give a loaded machine time to draw it.
  return within(canvasElement).findByRole('heading', { level: 1, name }, { timeout: 10_000 });
}

function saveButton(canvasElement: HTMLElement) {
  return within(canvasElement).getAllByRole('button', { name: 'Salvar' })[0]!;
}

/** As formas de entrega nunca respondem: o esqueleto. */
export const Loading: Story = {
  parameters: { msw: { handlers: { catalog, checkout: checkoutMock.pending() } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('status', {
        name: 'Carregando a forma de entrega',
      }),
    ).toBeInTheDocument();
  },
};

/** A API falha: a mensagem com "Tentar de novo". */
export const Error: Story = {
  parameters: { msw: { handlers: { catalog, checkout: checkoutMock.fails() } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('Não foi possível carregar as formas de entrega.'),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Tentar de novo' })).toBeVisible();
  },
};

/** SUPPORT: sem permissão. */
export const Support: Story = {
  parameters: {
    msw: {
      handlers: { catalog, staff: staffMock.answers({ name: 'Bruno Lima', role: 'SUPPORT' }) },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(
        'Somente administradores podem ver e alterar as formas de entrega.',
      ),
    ).toBeVisible();
  },
};

/** Uma forma de entrega que não existe mais. */
export const NotFound: Story = {
  parameters: { route: `${LIST}/ship-apagada` },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(/Esta forma de entrega não existe mais/),
    ).toBeVisible();
  },
};

/**
 * SEDEX: o Sudeste por região postal, o Sul por estado, nunca grátis; o simulador das formas
 * salvas.
 */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findHeading(canvasElement, 'SEDEX');
    await expect(
      canvas.getByRole('textbox', { name: 'Preço SP capital e região (0), até 300 g' }),
    ).toHaveValue('29,90');
    await expect(canvas.getByRole('checkbox', { name: 'Atender RS (9)' })).not.toBeChecked();
    await expect(canvas.getByRole('textbox', { name: 'Preço UF RS, até 300 g' })).toHaveValue(
      '42,90',
    );
    await expect(canvas.getByText(/Cota as formas de entrega salvas e ativas/)).toBeVisible();
  },
};

export const Playground: Story = {};

/**
 * Um notebook em 1366 px (com a barra lateral aberta): as tabelas de preço cabem sem rolar para o
 * lado (issue 29: em 1366 a tabela por região rolava).
 */
export const FilledAt1366: Story = {
  globals: { viewport: { value: 'desktop1366', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findHeading(canvasElement, 'SEDEX');
    for (const name of ['Preços por região postal', 'Preços por estado']) {
      const table = canvas.getByRole('region', { name });
      await expect(table.scrollWidth).toBeLessThanOrEqual(table.clientWidth);
    }
  },
};

/** Retirada na loja: o balcão (endereço, CEP, horário, instruções) e os dias, sem tabela. */
export const Pickup: Story = {
  parameters: { route: `${LIST}/ship-pickup` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findHeading(canvasElement, 'Retirada na loja');
    // The counter field by field, as the shopper reads it on the order and in its mails.
    const counter = canvas.getByRole('region', { name: 'Retirada' });
    await expect(within(counter).getByRole('textbox', { name: /Rua \/ avenida/ })).toHaveValue(
      'Rua Harmonia',
    );
    await expect(within(counter).getByRole('textbox', { name: /^CEP/ })).toHaveValue('05435-000');
    await expect(
      within(counter).getByRole('textbox', { name: /Horário de funcionamento/ }),
    ).toHaveValue('Seg. a sáb., 10h às 19h');
    await expect(canvas.queryByRole('region', { name: 'Preços por região postal' })).toBeNull();
  },
};

/** Uma forma de entrega inativa: avisada no topo, "Ativar" em vez de "Desativar". */
export const Inactive: Story = {
  parameters: { route: `${LIST}/ship-moto` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findHeading(canvasElement, 'Motoboy SP');
    await expect(canvas.getByText(/Inativa: o checkout não oferece/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Ativar' })).toBeVisible();
  },
};

/** Uma forma de entrega nova: a tabela vazia, todas as regiões atendidas até serem desmarcadas. */
export const New: Story = {
  parameters: { route: `${LIST}/novo` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findHeading(canvasElement, 'Nova forma de entrega');
    await userEvent.click(saveButton(canvasElement));
    await expect(await canvas.findByText('Informe o nome da forma de entrega.')).toBeVisible();
  },
};

/** Prazo acima do limite do servidor: a recusa dele naquela célula. */
export const FieldError: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findHeading(canvasElement, 'SEDEX');
    const days = canvas.getByRole('textbox', { name: 'Prazo em dias úteis MG (3)' });
    await userEvent.clear(days);
    await userEvent.type(days, '120');
    await userEvent.click(saveButton(canvasElement));
    await expect(await canvas.findByText('O prazo deve ser de 0 a 90 dias úteis.')).toBeVisible();
    await expect(days).toHaveAttribute('aria-invalid', 'true');
  },
};

/**
 * Um preço alterado e salvo: a confirmação (o teste do componente cobre o erro seguido de salvar).
 */
export const Save: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findHeading(canvasElement, 'SEDEX');
    const days = canvas.getByRole('textbox', { name: 'Prazo em dias úteis MG (3)' });
    await userEvent.clear(days);
    await userEvent.type(days, '4');
    await userEvent.click(saveButton(canvasElement));
    await expect(await screen.findByText('SEDEX salva.')).toBeVisible();
    // Typing scrolled the table sideways to the days column, by as much as the moment allowed:
    // back to its start, so the screenshot is the same on every run.
    canvas.getByRole('region', { name: 'Preços por região postal' }).scrollLeft = 0;
  },
};

/**
 * O PAC cotado pelo Melhor Envio (serviço 1), configurado neste servidor: o checkout mostra o preço e
 * o prazo dele, e a tabela vale quando ele demora mais de 0,7 s ou falha.
 */
export const CarrierQuoted: Story = {
  parameters: { route: `${LIST}/ship-pac` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findHeading(canvasElement, 'PAC');
    const section = canvas.getByRole('region', { name: 'Cotação por transportadora' });
    await expect(within(section).getByRole('combobox', { name: 'Transportadora' })).toHaveValue(
      'MELHOR_ENVIO',
    );
    await expect(within(section).getByRole('textbox', { name: /Código do serviço/ })).toHaveValue(
      '1',
    );
    // What this server is configured for is a query of its own (ShippingCarriers), which may
    // answer after the method: wait for its note rather than read it at once.
    await expect(
      await within(section).findByText(/^Cotação ao vivo/, {}, { timeout: 10_000 }),
    ).toBeVisible();
  },
};

/**
 * Os Correios escolhidos num servidor sem o acesso deles: o aviso de que a tabela vale até um
 * desenvolvedor configurar, e o código do serviço pedido ao salvar.
 */
export const CarrierNotConfigured: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findHeading(canvasElement, 'SEDEX');
    const section = canvas.getByRole('region', { name: 'Cotação por transportadora' });
    await userEvent.selectOptions(
      within(section).getByRole('combobox', { name: 'Transportadora' }),
      'Correios',
    );
    await expect(
      await within(section).findByText(
        /^Correios não está configurado neste servidor/,
        {},
        { timeout: 10_000 },
      ),
    ).toBeVisible();
    await userEvent.click(saveButton(canvasElement));
    await expect(
      await within(section).findByText(
        'Informe o código do serviço nos Correios, como 03298 (PAC) ou 03220 (SEDEX).',
      ),
    ).toBeVisible();
  },
};

/** Excluir pede confirmação antes, citando a forma de entrega; depois volta à lista, já sem ela. */
export const DeleteWithConfirm: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findHeading(canvasElement, 'SEDEX');
    await userEvent.click(canvas.getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir SEDEX?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir SEDEX' }));
    // Back to the list, which a loaded machine may take longer than 5 s to draw (as the editor).
    const list = await canvas.findByRole(
      'list',
      { name: 'Formas de entrega' },
      { timeout: 10_000 },
    );
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.getAttribute('aria-label')),
      ).toEqual(['PAC', 'Retirada na loja', 'Motoboy SP']),
    );
  },
};

/** Desativar pede confirmação antes. */
export const DeactivateConfirm: Story = {
  play: async ({ canvasElement }) => {
    await findHeading(canvasElement, 'SEDEX');
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Desativar' }));
    await expect(await screen.findByRole('dialog', { name: 'Desativar SEDEX?' })).toHaveTextContent(
      'O checkout deixa de oferecer SEDEX.',
    );
  },
};

/** Sair com alterações não salvas pede confirmação antes. */
export const LeaveGuard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findHeading(canvasElement, 'SEDEX');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Nome' }), ' 10');
    const crumbs = canvas.getByRole('navigation', { name: 'Trilha de navegação' });
    await userEvent.click(within(crumbs).getByRole('link', { name: 'Frete' }));
    await expect(await screen.findByRole('dialog', { name: 'Sair sem salvar?' })).toBeVisible();
  },
};

/** Um celular: a tabela rola dentro do próprio quadro, a página nunca rola para o lado. */
export const Phone: Story = {
  globals: phone,
  play: async ({ canvasElement }) => {
    await findHeading(canvasElement, 'SEDEX');
    await expectNoHorizontalScroll(320);
  },
};
