// Configurações, "Dados fiscais (NF-e)", against the MSW mock (which answers as the API, with the
// same @vitrine/rules): the store's fiscal data loads, a change is sent with the other settings
// (codes normalised by the server), a wrong value is caught before asking with the server's own
// message, the IBGE code is checked against the UF of the address as typed, and the tax situation
// field follows the regime (CSOSN under the Simples, CST otherwise).
import { FISCAL_MESSAGES } from '@vitrine/rules';
import { screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';

import { makeAdminSettings } from '../../../mocks/settings/adminSettings.fixtures';
import { validateSettingsInput } from '../../../mocks/settings/staffSettings';
import { server } from '../../../mocks/server';
import { renderAt } from '../../../test/renderAt';
import { signInAsStaff } from '../../../workshop';
import { SettingsScreen } from './SettingsScreen';

function recordUpdates() {
  const sent: Record<string, unknown>[] = [];
  const listener = async ({ request }: { request: Request }) => {
    if (request.method !== 'POST' || !request.url.includes('/graphql/')) return;
    const body = (await request.clone().json()) as {
      operationName?: string;
      variables?: Record<string, unknown>;
    };
    if (body.operationName === 'SettingsUpdate') sent.push(body.variables ?? {});
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

async function section() {
  return within(await screen.findByRole('region', { name: 'Dados fiscais (NF-e)' }));
}

describe('the settingsUpdate mock: fiscal data', () => {
  it('normalises as the API and refuses with its messages and fields', () => {
    const current = makeAdminSettings();
    expect(
      validateSettingsInput({ stateRegistration: 'isento', cfopInsideState: '5.405' }, current),
    ).toEqual({ stateRegistration: 'ISENTO', cfopInsideState: '5405' });
    expect(() => validateSettingsInput({ ibgeCityCode: '3304557' }, current)).toThrow(
      FISCAL_MESSAGES.ibgeCityCodeUf('SP'),
    );
    expect(() => validateSettingsInput({ taxRegime: 'LUCRO_REAL' }, current)).toThrow(
      FISCAL_MESSAGES.cst,
    );
  });
});

describe('Configurações: Dados fiscais (NF-e)', () => {
  it('loads the store’s fiscal data and saves a change with the others', async () => {
    const recorder = recordUpdates();
    stop = recorder.stop;
    const { user } = renderSettings();
    const fiscal = await section();
    const ie = fiscal.getByLabelText('Inscrição estadual');
    expect(ie).toHaveValue('110042490114');
    expect(fiscal.getByLabelText('Código IBGE do município')).toHaveValue('3550308');
    expect(fiscal.getByLabelText('CSOSN padrão')).toHaveValue('102');
    await user.clear(ie);
    await user.type(ie, '110.042.490.999');
    const next = fiscal.getByLabelText('Próximo número da NF-e');
    await user.clear(next);
    await user.type(next, '1500');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configurações salvas.')).toBeInTheDocument();
    expect(recorder.sent).toEqual([
      { input: { stateRegistration: '110042490999', nfeNextNumber: 1500 } },
    ]);
    expect(ie).toHaveValue('110042490999');
  });

  it('refuses a wrong value before asking, with the server’s message at the field', async () => {
    const recorder = recordUpdates();
    stop = recorder.stop;
    const { user } = renderSettings();
    const fiscal = await section();
    const cfop = fiscal.getByLabelText('CFOP dentro do estado');
    await user.clear(cfop);
    await user.type(cfop, '6102');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(FISCAL_MESSAGES.cfopInside)).toBeInTheDocument();
    expect(cfop).toHaveAttribute('aria-invalid', 'true');
    expect(recorder.sent).toEqual([]);
  });

  it('checks the IBGE code against the UF of the address as typed', async () => {
    const { user } = renderSettings();
    const fiscal = await section();
    const code = fiscal.getByLabelText('Código IBGE do município');
    await user.clear(code);
    await user.type(code, '3304557');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(FISCAL_MESSAGES.ibgeCityCodeUf('SP'))).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
  });

  it('names the tax situation by the regime and checks it against the regime', async () => {
    const { user } = renderSettings();
    const fiscal = await section();
    await user.click(fiscal.getByRole('combobox', { name: 'Regime tributário' }));
    await user.click(await screen.findByRole('option', { name: 'Lucro Presumido' }));
    const cst = fiscal.getByLabelText('CST padrão');
    expect(cst).toHaveValue('102');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(FISCAL_MESSAGES.cst)).toBeInTheDocument();
    await user.clear(cst);
    await user.type(cst, '00');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configurações salvas.')).toBeInTheDocument();
  });
});
