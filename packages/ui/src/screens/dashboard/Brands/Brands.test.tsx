// Brands: the contrast the storefront works with for a colour, and the page against the MSW mock:
// a light colour fails AA and shows the darker shade the store uses, deactivating asks first and
// sends the whole brand with active: false, a refused slug shows at its field (the server's
// refusal, or the rules' before sending), BRAND_MANAGER sees no brands. (The logo upload is played in the story: jsdom's XMLHttpRequest does not send
// FormData bodies MSW can read.)
import { getContrastRatio } from '@mui/material/styles';
import { CATALOG_INPUT_MESSAGES } from '@vitrine/rules';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';

import { catalogMock, staffMock } from '../../../mocks';
import { makeCatalogStructure } from '../../../mocks/catalog/catalogStructure.fixtures';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { signInAsStaff } from '../../../workshop';
import { BRAND_SURFACES, brandContrast, formatRatio, toHex } from './brandContrast';
import { BrandsScreen } from './BrandsScreen';

describe('brand contrast', () => {
  it('fails AA for a light yellow and gives the darker shade the storefront uses, which passes', () => {
    const contrast = brandContrast('#FACC15');
    expect(contrast).not.toBeNull();
    if (!contrast) return;
    expect(contrast.color).toBe('#facc15');
    // WCAG: (L1 + 0.05) / (L2 + 0.05) on #fafaf9, the lighter surface for this colour: 1.466.
    expect(contrast.ratio).toBeCloseTo(1.47, 2);
    expect(contrast.passesAA).toBe(false);
    expect(contrast.darkened).toBe(true);
    expect(contrast.shown).toMatch(/^#[0-9a-f]{6}$/);
    expect(contrast.shownRatio).toBeGreaterThanOrEqual(4.5);
    for (const surface of BRAND_SURFACES) {
      expect(getContrastRatio(contrast.shown, surface)).toBeGreaterThanOrEqual(4.5);
    }
    // The button label on the darker shade reads too.
    expect(contrast.buttonRatio).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps a colour that already passes as it is', () => {
    const contrast = brandContrast('#0e7490');
    expect(contrast?.passesAA).toBe(true);
    expect(contrast?.darkened).toBe(false);
    expect(contrast?.shown).toBe('#0e7490');
    expect(contrast?.buttonText).toBe('#ffffff');
    expect(formatRatio(contrast?.ratio ?? 0)).toBe('5,1:1');
  });

  it('refuses what is not #rrggbb and writes ratios rounded down with a comma', () => {
    expect(brandContrast('amarelo')).toBeNull();
    expect(brandContrast('#fc1')).toBeNull();
    expect(formatRatio(4.49)).toBe('4,4:1');
    expect(formatRatio(21)).toBe('21,0:1');
    expect(toHex('rgb(138, 109, 11)')).toBe('#8a6d0b');
  });
});

/** The variables of every operation of this name the page sent. */
function recordOperations(name: string) {
  const sent: Record<string, unknown>[] = [];
  const listener = async ({ request }: { request: Request }) => {
    if (request.method !== 'POST' || !request.url.includes('/graphql/')) return;
    const body = (await request.clone().json()) as {
      operationName?: string;
      variables?: Record<string, unknown>;
    };
    if (body.operationName === name) sent.push(body.variables ?? {});
  };
  server.events.on('request:start', listener);
  return { sent, stop: () => server.events.removeListener('request:start', listener) };
}

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
});

function renderBrands(route = '/dashboard/marcas') {
  signInAsStaff();
  server.use(...catalogMock.answers(makeCatalogStructure()));
  return renderAt(route, <Route path="/dashboard/marcas" element={<BrandsScreen />} />);
}

describe('BrandsScreen', () => {
  it('deactivates a brand after the warning, sending the whole brand with active: false', async () => {
    const recorder = recordOperations('BrandUpdate');
    stop = recorder.stop;
    const { user } = renderBrands();
    const list = await screen.findByRole('list', { name: 'Marcas' });
    const aurora = within(list).getByRole('listitem', { name: 'Aurora' });
    expect(within(aurora).getByText('Ativa')).toBeInTheDocument();
    await user.click(within(aurora).getByRole('button', { name: 'Desativar Aurora' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desativar a marca Aurora?' });
    expect(dialog).toHaveTextContent('Os produtos da marca deixam de aparecer na loja.');
    await user.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(recorder.sent).toEqual([
      {
        id: 'brand-1',
        input: {
          slug: 'aurora',
          name: 'Aurora',
          description: 'Roupas leves para o dia a dia.',
          color: '#c2410c',
          logoUrl: null,
          seoTitle: 'Aurora: roupas leves',
          seoDescription: null,
          active: false,
        },
      },
    ]);
    await waitFor(() =>
      expect(
        within(within(list).getByRole('listitem', { name: 'Aurora' })).getByText('Inativa'),
      ).toBeInTheDocument(),
    );
  });

  it("names each brand's storefront page by the path the storefront serves (/marcas/<slug>), also in the form", async () => {
    const { user } = renderBrands();
    const list = await screen.findByRole('list', { name: 'Marcas' });
    const aurora = within(list).getByRole('listitem', { name: 'Aurora' });
    expect(aurora).toHaveTextContent('/marcas/aurora');
    expect(list).not.toHaveTextContent('/marca/');
    await user.click(within(aurora).getByRole('button', { name: 'Editar Aurora' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Aurora' });
    expect(dialog).toHaveTextContent('A página fica em /marcas/aurora');
  });

  it('previews a low-contrast colour with its AA failure and the shade the store uses', async () => {
    const { user } = renderBrands('/dashboard/marcas?editar=brand-2');
    const dialog = await screen.findByRole('dialog', { name: 'Editar Maré Alta' });
    const report = within(dialog).getByRole('group', { name: 'Contraste da cor' });
    expect(report).toHaveTextContent('Contraste com o fundo da loja: 5,1:1');
    expect(report).toHaveTextContent('Aprovada no AA');
    const color = within(dialog).getByRole('textbox', { name: /Cor da marca/ });
    await user.clear(color);
    await user.type(color, '#facc15');
    const after = within(dialog).getByRole('group', { name: 'Contraste da cor' });
    expect(after).toHaveTextContent('Contraste com o fundo da loja: 1,4:1');
    expect(after).toHaveTextContent('Reprovada no AA');
    const shown = brandContrast('#facc15')?.shown ?? '';
    expect(after).toHaveTextContent(`escurece textos e botões desta cor para ${shown}`);
    // The picker and the text field are one value.
    expect(within(dialog).getByLabelText('Escolher a cor')).toHaveValue('#facc15');
  });

  it('shows the server refusal of a taken address at its field', async () => {
    const { user } = renderBrands();
    await user.click(await screen.findByRole('button', { name: 'Nova marca' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova marca' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'Outra Aurora');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Identificador no endereço' }),
      'aurora',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Criar marca' }));
    // The server's words for its unique slug (the mock answers them too).
    expect(
      await within(dialog).findByText('Já existe uma marca com este slug.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByRole('textbox', { name: 'Identificador no endereço' }),
    ).toHaveAttribute('aria-invalid', 'true');
  });

  it("checks the brand by the server's rule before sending: a slug with capitals at its field", async () => {
    const { user } = renderBrands();
    await user.click(await screen.findByRole('button', { name: 'Nova marca' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova marca' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'Nova Marca');
    const slug = within(dialog).getByRole('textbox', { name: 'Identificador no endereço' });
    await user.type(slug, 'Nova-Marca');
    await user.click(within(dialog).getByRole('button', { name: 'Criar marca' }));
    expect(await within(dialog).findByText(CATALOG_INPUT_MESSAGES.slugInvalid)).toBeInTheDocument();
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Nova marca' })).toBeInTheDocument();
  });

  it('tells a BRAND_MANAGER only administrators change brands', async () => {
    server.use(...staffMock.answers({ role: 'BRAND_MANAGER', brandIds: ['brand-1'] }));
    renderBrands();
    expect(
      await screen.findByText('Somente administradores podem criar e alterar marcas.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Marcas' })).toBeNull();
  });
});
