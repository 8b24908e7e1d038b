// "Pix pelo banco" in Configurações: whether Pix payments are confirmed by the bank's API (a PSP
// implementing the Banco Central's Pix API) or by hand and by statement; the PSP's host, the
// webhook, a missing Pix key and the charges open, waiting to be created and refused. Never a
// secret (the API has none to give). Pure.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import type { PixProviderStatus } from './SettingsScreen.graphql';

export type PixProviderState =
  { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; status: PixProviderStatus };

export const PIX_PROVIDER_FAILED = 'Não foi possível verificar o Pix pelo banco agora.';
export const PIX_MANUAL_TEXT = 'Os pagamentos Pix são conferidos manualmente ou pelo extrato.';
export const PIX_POLLING_TEXT = 'confirmação em até alguns minutos, por consulta';

/** A count as people read it ("1.024"). */
function count(value: number): string {
  return value.toLocaleString('pt-BR');
}

function webhookText(status: PixProviderStatus): string {
  if (!status.webhookConfigured) {
    return `Sem segredo de webhook (PIX_WEBHOOK_SECRET): ${PIX_POLLING_TEXT}.`;
  }
  if (!status.webhookRegistered) {
    return `Configurado, mas ainda não registrado no banco desde que o servidor iniciou: por enquanto, ${PIX_POLLING_TEXT}.`;
  }
  return 'Registrado no banco: o pagamento é confirmado em segundos.';
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: 0.5 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function Counts({ status }: { status: PixProviderStatus }) {
  const items = [
    { label: 'Cobranças abertas', value: status.openCount, hint: 'aguardando o cliente pagar' },
    {
      label: 'Aguardando criação',
      value: status.pendingCreationCount,
      hint: 'o banco estava indisponível; a loja tenta de novo',
    },
    {
      label: 'Recusadas pelo banco',
      value: status.failedCount,
      hint: 'o motivo aparece no pedido',
    },
  ];
  return (
    <Box
      component="ul"
      aria-label="Cobranças Pix no banco"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {items.map((item) => (
        <Box
          component="li"
          key={item.label}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
        >
          <Typography variant="h6" component="p">
            {count(item.value)}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {item.label}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {item.hint}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function PixProviderCard({ state }: { state: PixProviderState }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="pix-banco-titulo"
      aria-busy={state.kind === 'loading'}
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}
    >
      <Box>
        <Typography id="pix-banco-titulo" component="h2" variant="h6">
          Pix pelo banco
        </Typography>
        <Typography variant="body2" color="text.secondary">
          A confirmação automática dos pagamentos Pix pela API Pix do banco.
        </Typography>
      </Box>
      {state.kind === 'loading' ? (
        <Box role="status" aria-label="Verificando o Pix pelo banco">
          <Skeleton height={32} width="60%" />
          <Skeleton height={24} width="40%" />
        </Box>
      ) : state.kind === 'failed' ? (
        <Alert severity="error">{PIX_PROVIDER_FAILED}</Alert>
      ) : !state.status.configured ? (
        <Alert severity="info">
          <strong>Não configurado.</strong> {PIX_MANUAL_TEXT} Para que o banco confirme os
          pagamentos sozinho, um desenvolvedor configura no servidor o acesso à API Pix do banco (
          <code>PIX_PSP_URL</code>, <code>PIX_PSP_CLIENT_ID</code> e{' '}
          <code>PIX_PSP_CLIENT_SECRET</code>, e <code>PIX_WEBHOOK_SECRET</code> para o webhook).
        </Alert>
      ) : (
        <>
          <Alert severity="success">
            <strong>Ativo:</strong> cada pedido Pix tem uma cobrança no banco, e o pagamento é
            confirmado pela API do banco.
          </Alert>
          {!state.status.pixKeySet ? (
            <Alert severity="warning">
              A loja está sem chave Pix: as cobranças são feitas para a chave Pix da loja. Informe-a
              na seção Pix.
            </Alert>
          ) : null}
          <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
            <Item term="Banco (servidor da API)">
              <Box component="span" sx={{ fontFamily: 'monospace' }}>
                {state.status.host ?? '—'}
              </Box>
            </Item>
            <Item term="Webhook">{webhookText(state.status)}</Item>
          </Box>
          <Counts status={state.status} />
        </>
      )}
    </Paper>
  );
}
