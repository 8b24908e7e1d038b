// Configurações against the MSW mock: the settings load with who changed them last, the live Pix
// preview follows the fields (an invalid key: the server's message at the field, no QR), Salvar
// sends only the changed fields, a refusal shows at its field, the two-factor switch asks first,
// "Diferenciar valores de Pix iguais" is saved and read back,
// interest-free installments beyond the maximum are refused before asking, the monthly interest
// of the instalments (Juros ao mês) is saved with its live example or refused in Portuguese, other
// roles see no settings.
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { Link, Route } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';

import { staffMock } from '../../../mocks';
import { makeAdminSettings } from '../../../mocks/settings/adminSettings.fixtures';
import { installmentRulesOf, validateSettingsInput } from '../../../mocks/settings/staffSettings';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { signInAsStaff } from '../../../workshop';
import { readPixKey } from './pixKey';
import { SettingsScreen } from './SettingsScreen';

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

function renderSettings() {
  signInAsStaff();
  return renderAt(
    '/dashboard/configuracoes',
    <Route path="/dashboard/configuracoes" element={<SettingsScreen />} />,
  );
}

describe('readPixKey', () => {
  it('tells the kind and normalises valid keys only', () => {
    expect(readPixKey('12.345.678/0001-95')).toEqual({ kind: 'CNPJ', key: '12345678000195' });
    expect(readPixKey('12.345.678/0001-96')).toEqual({ kind: 'CNPJ', key: null });
    expect(readPixKey('529.982.247-25')).toEqual({ kind: 'CPF', key: '52998224725' });
    expect(readPixKey('Loja@Exemplo.com.br')).toEqual({
      kind: 'EMAIL',
      key: 'loja@exemplo.com.br',
    });
    expect(readPixKey('+55 (11) 98765-4321')).toEqual({ kind: 'PHONE', key: '+5511987654321' });
    expect(readPixKey('+1 555 0100').key).toBeNull();
    expect(readPixKey('123E4567-E89B-12D3-A456-426614174000')).toEqual({
      kind: 'EVP',
      key: '123e4567-e89b-12d3-a456-426614174000',
    });
    expect(readPixKey('qualquer coisa')).toEqual({ kind: null, key: null });
  });
});

describe('the settingsUpdate mock: pixUniqueCents', () => {
  it("stores a boolean and refuses anything else with the server's message", () => {
    const current = makeAdminSettings();
    expect(current.pixUniqueCents).toBe(false);
    expect(validateSettingsInput({ pixUniqueCents: true }, current)).toEqual({
      pixUniqueCents: true,
    });
    let refusal: unknown = null;
    try {
      validateSettingsInput({ pixUniqueCents: 'sim' }, current);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({
      message: 'Informe se os valores de Pix iguais devem ser diferenciados.',
      extensions: { code: 'BAD_USER_INPUT', field: 'pixUniqueCents' },
    });
  });
});

describe('the settingsUpdate mock: installmentInterestPercent', () => {
  const INTEREST_ERROR =
    'Os juros do parcelamento devem ser um percentual ao mês entre 0 e 9,99, com no máximo duas casas decimais.';

  it("stores 0 to 9,99 with two decimals and refuses the rest with the server's message", () => {
    const current = makeAdminSettings();
    expect(current.installmentInterestPercent).toBe(0);
    expect(validateSettingsInput({ installmentInterestPercent: 1.99 }, current)).toEqual({
      installmentInterestPercent: 1.99,
    });
    for (const bad of [10, -1, 1.999, '2']) {
      expect(() => validateSettingsInput({ installmentInterestPercent: bad }, current)).toThrow(
        expect.objectContaining({
          message: INTEREST_ERROR,
          extensions: expect.objectContaining({ field: 'installmentInterestPercent' }),
        }),
      );
    }
  });

  it("keeps the storefront's InstallmentRules as the server reads them", () => {
    const withInterest = makeAdminSettings({
      maxInstallments: 12,
      interestFreeInstallments: 6,
      installmentInterestPercent: 1.99,
      minInstallmentCents: 500,
    });
    expect(installmentRulesOf(withInterest)).toEqual({
      maxInstallments: 6,
      minInstallmentCents: 500,
      maxInstallmentsWithInterest: 12,
      monthlyInterestPercent: 1.99,
    });
    expect(installmentRulesOf({ ...withInterest, installmentInterestPercent: 0 })).toEqual({
      maxInstallments: 6,
      minInstallmentCents: 500,
      maxInstallmentsWithInterest: 6,
      monthlyInterestPercent: 0,
    });
  });
});

// A page of thirty fields renders slowly in jsdom on a loaded machine.
describe('SettingsScreen', { timeout: 90_000 }, () => {
  it('loads every section with who changed it last and the Pix preview', async () => {
    renderSettings();
    expect(await screen.findByLabelText(/^Nome da loja/)).toHaveValue('Vitrine');
    expect(screen.getByText('Alterado por Ana Souza em 20/11/2026, 10:45')).toBeInTheDocument();
    expect(screen.getByLabelText('Chave Pix')).toHaveValue('12345678000195');
    expect(screen.getByText('CNPJ: 12.345.678/0001-95')).toBeInTheDocument();
    expect(screen.getByLabelText('Parcela mínima')).toHaveValue('50,00');
    expect(screen.getByLabelText('Frete grátis a partir de')).toHaveValue('299,00');
    expect(screen.getByText('12/25 · sem acentos no código Pix')).toBeInTheDocument();
    const preview = screen.getByLabelText('Como o cliente verá');
    const qr = await within(preview).findByRole('img', { name: /^QR Code Pix de R\$\s95,00$/ });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    const code = within(preview).getByLabelText('Pix copia e cola');
    expect((code as HTMLTextAreaElement).value).toContain('540595.00');
    expect((code as HTMLTextAreaElement).value).toContain('12345678000195');
    // Nothing changed: no save bar.
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
  });

  it('updates the preview as the Pix fields change, and shows an invalid key at its field', async () => {
    const { user } = renderSettings();
    const preview = await screen.findByLabelText('Como o cliente verá');
    await within(preview).findByRole('img', { name: /^QR Code Pix de R\$\s95,00$/ });
    const discount = screen.getByLabelText('Desconto no Pix');
    await user.clear(discount);
    await user.type(discount, '10');
    expect(
      await within(preview).findByRole('img', { name: /^QR Code Pix de R\$\s90,00$/ }),
    ).toBeInTheDocument();
    const key = screen.getByLabelText('Chave Pix');
    await user.clear(key);
    await user.type(key, 'loja@exemplo');
    expect(
      await screen.findByText(
        'Chave Pix inválida: use um CPF ou CNPJ válido, um e-mail, um celular com +55 e DDD ou uma chave aleatória.',
      ),
    ).toBeInTheDocument();
    expect(key).toHaveAttribute('aria-invalid', 'true');
    expect(within(preview).queryByRole('img')).toBeNull();
    await user.type(key, '.com.br');
    expect(
      await within(preview).findByRole('img', { name: /^QR Code Pix de R\$\s90,00$/ }),
    ).toBeInTheDocument();
    expect(key).toHaveAttribute('aria-invalid', 'false');
    expect(
      (within(preview).getByLabelText('Pix copia e cola') as HTMLTextAreaElement).value,
    ).toContain('loja@exemplo.com.br');
  });

  it('saves only the changed fields and shows the new author', async () => {
    const recorder = recordOperations('SettingsUpdate');
    stop = recorder.stop;
    const { user } = renderSettings();
    const name = await screen.findByLabelText(/^Nome da loja/);
    await user.clear(name);
    await user.type(name, 'Casa Aurora');
    const threshold = screen.getByLabelText('Frete grátis a partir de');
    await user.clear(threshold);
    expect(screen.getByText('2 alterações não salvas')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configurações salvas.')).toBeInTheDocument();
    expect(recorder.sent).toEqual([
      { input: { storeName: 'Casa Aurora', freeShippingThresholdCents: null } },
    ]);
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
    expect(screen.getByText(/^Alterado por Ana Souza em /)).toBeInTheDocument();
  });

  it("shows the server's refusal at its field and keeps the change", async () => {
    const { user } = renderSettings();
    const phone = await screen.findByLabelText('Telefone de atendimento');
    await user.clear(phone);
    await user.type(phone, '123');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText(
        'Telefone de contato inválido: informe o DDD e o número, como (11) 3456-7890.',
      ),
    ).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveValue('123');
    expect(screen.getByText('Corrija os campos indicados.')).toBeInTheDocument();
  });

  it('refuses more interest-free installments than installments before asking', async () => {
    const recorder = recordOperations('SettingsUpdate');
    stop = recorder.stop;
    const { user } = renderSettings();
    const max = await screen.findByLabelText('Máximo de parcelas');
    await user.clear(max);
    await user.type(max, '6');
    const free = screen.getByLabelText('Parcelas sem juros');
    await user.clear(free);
    await user.type(free, '8');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText(
        'As parcelas sem juros não podem passar do número máximo de parcelas (6).',
      ),
    ).toBeInTheDocument();
    expect(recorder.sent).toEqual([]);
  });

  it('saves the monthly interest of the instalments, with a live example of the table', async () => {
    const recorder = recordOperations('SettingsUpdate');
    stop = recorder.stop;
    const { user, unmount } = renderSettings();
    const interest = await screen.findByLabelText('Juros ao mês (%)');
    expect(interest).toHaveValue('0');
    expect(
      screen.getByText(
        /depois, com os juros ao mês \(Tabela Price\), cobrados no total do pedido\. Juros 0: só parcelas sem juros\. .*desligue o acréscimo de parcelamento na conta do gateway/,
      ),
    ).toBeInTheDocument();
    const max = screen.getByLabelText('Máximo de parcelas');
    await user.clear(max);
    await user.type(max, '12');
    const free = screen.getByLabelText('Parcelas sem juros');
    await user.clear(free);
    await user.type(free, '6');
    const min = screen.getByLabelText('Parcela mínima');
    await user.clear(min);
    await user.type(min, '5,00');
    await user.clear(interest);
    await user.type(interest, '1,99');
    expect(screen.getByText(/^Exemplo em R\$/)).toHaveTextContent(
      /^Exemplo em R\$\s100,00: até 6x sem juros de R\$\s16,66 ou 12x de R\$\s9,46 com juros \(total R\$\s113,52\)\.$/,
    );
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Configurações salvas.');
    expect(recorder.sent).toEqual([
      {
        input: {
          maxInstallments: 12,
          interestFreeInstallments: 6,
          minInstallmentCents: 500,
          installmentInterestPercent: 1.99,
        },
      },
    ]);
    // A fresh page load reads the stored value back from the mock server.
    unmount();
    renderSettings();
    expect(await screen.findByLabelText('Juros ao mês (%)')).toHaveValue('1,99');
  });

  it('refuses a monthly interest the server would refuse, in Portuguese, before asking', async () => {
    const recorder = recordOperations('SettingsUpdate');
    stop = recorder.stop;
    const { user } = renderSettings();
    const interest = await screen.findByLabelText('Juros ao mês (%)');
    await user.clear(interest);
    await user.type(interest, '12,5');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const message =
      'Os juros do parcelamento devem ser um percentual ao mês entre 0 e 9,99, com no máximo duas casas decimais.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(interest).toHaveAttribute('aria-invalid', 'true');
    expect(interest).toHaveAccessibleDescription(message);
    expect(recorder.sent).toEqual([]);
  });

  it('asks before requiring two-factor sign-in, explaining the effect', async () => {
    const recorder = recordOperations('SettingsUpdate');
    stop = recorder.stop;
    const { user } = renderSettings();
    const toggle = await screen.findByRole('switch', {
      name: 'Exigir verificação em duas etapas de toda a equipe',
    });
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog', {
      name: 'Exigir verificação em duas etapas?',
    });
    expect(dialog).toHaveTextContent('toda a equipe precisará de um código');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await user.click(
      within(
        await screen.findByRole('dialog', { name: 'Exigir verificação em duas etapas?' }),
      ).getByRole('button', { name: 'Exigir' }),
    );
    expect(toggle).toBeChecked();
    await user.click(await screen.findByRole('button', { name: 'Salvar' }));
    await screen.findByText('Configurações salvas.');
    expect(recorder.sent).toEqual([{ input: { requireTwoFactor: true } }]);
  });

  it('saves "Diferenciar valores de Pix iguais" and reads back what the server stored', async () => {
    const recorder = recordOperations('SettingsUpdate');
    stop = recorder.stop;
    const { user, unmount } = renderSettings();
    const toggle = await screen.findByRole('switch', { name: 'Diferenciar valores de Pix iguais' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/o mais novo ganha alguns centavos de desconto/);
    await user.click(toggle);
    expect(toggle).toBeChecked();
    expect(screen.getByText('1 alteração não salva')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Configurações salvas.');
    expect(recorder.sent).toEqual([{ input: { pixUniqueCents: true } }]);
    expect(toggle).toBeChecked();
    // A fresh page load reads the stored value back from the mock server.
    unmount();
    renderSettings();
    expect(
      await screen.findByRole('switch', { name: 'Diferenciar valores de Pix iguais' }),
    ).toBeChecked();
  });

  it("shows the server's refusal of pixUniqueCents at the switch", async () => {
    server.use(
      graphql.mutation('SettingsUpdate', () =>
        HttpResponse.json({
          errors: [
            {
              message: 'Informe se os valores de Pix iguais devem ser diferenciados.',
              extensions: { code: 'BAD_USER_INPUT', field: 'pixUniqueCents' },
            },
          ],
        }),
      ),
    );
    const { user } = renderSettings();
    const toggle = await screen.findByRole('switch', { name: 'Diferenciar valores de Pix iguais' });
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Informe se os valores de Pix iguais devem ser diferenciados.');
    expect(toggle).toHaveAccessibleDescription(
      'Informe se os valores de Pix iguais devem ser diferenciados.',
    );
    expect(toggle).toBeChecked();
    expect(screen.getByText('Corrija os campos indicados.')).toBeInTheDocument();
  });

  it('previews an institutional text as the store shows it', async () => {
    const { user } = renderSettings();
    const text = await screen.findByLabelText('Trocas e devoluções');
    await user.type(text, 'Troca em **30 dias**.');
    await user.click(
      within(
        screen.getByRole('tablist', { name: 'Trocas e devoluções: escrever ou pré-visualizar' }),
      ).getByRole('tab', { name: 'Pré-visualizar' }),
    );
    const preview = screen.getByLabelText('Pré-visualização: Trocas e devoluções');
    expect(within(preview).getByText('30 dias').tagName).toBe('STRONG');
  });

  it('asks before leaving with unsaved changes', async () => {
    signInAsStaff();
    const { user } = renderAt(
      '/dashboard/configuracoes',
      <>
        <Route
          path="/dashboard/configuracoes"
          element={
            <>
              <Link to="/dashboard">Início</Link>
              <SettingsScreen />
            </>
          }
        />
        <Route path="/dashboard" element={<p>Página inicial do painel</p>} />
      </>,
    );
    const name = await screen.findByLabelText(/^Nome da loja/);
    await user.type(name, '!');
    await user.click(screen.getByRole('link', { name: 'Início' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sair sem salvar?' });
    await user.click(within(dialog).getByRole('button', { name: 'Continuar editando' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/configuracoes');
    expect(name).toHaveValue('Vitrine!');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('link', { name: 'Início' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Sair sem salvar?' })).getByRole('button', {
        name: 'Sair sem salvar',
      }),
    );
    expect(await screen.findByText('Página inicial do painel')).toBeInTheDocument();
  });

  it('tells SUPPORT only administrators see the settings', async () => {
    server.use(...staffMock.answers({ role: 'SUPPORT' }));
    renderSettings();
    expect(
      await screen.findByText('Somente administradores podem ver e alterar as configurações.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
  });
});
