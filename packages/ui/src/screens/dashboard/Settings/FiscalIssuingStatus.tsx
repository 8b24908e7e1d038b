// "Emissão de NF-e" inside Configurações → Dados fiscais: whether the store issues invoices (and
// what the server's administrator sets when it does not), the provider, its environment and host,
// whether SEFAZ's answers come by webhook or by polling, and links to the NF-e list filtered to
// the rejected and the waiting ones. Never a token (the API has none to give). Pure.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { dashboardPaths } from '../../../routes/dashboardPaths';
import type { InvoicingStatusNode } from './FiscalIssuing.graphql';

export type FiscalIssuingState =
  { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; status: InvoicingStatusNode };

export const FISCAL_ISSUING_FAILED = 'Não foi possível verificar a emissão de NF-e agora.';

const PROVIDER_NAMES: Record<string, string> = { focusnfe: 'Focus NFe' };

const ENVIRONMENT_NAMES: Record<string, string> = {
  homologacao: 'Homologação (testes: as notas não têm valor fiscal)',
  producao: 'Produção',
};

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

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('pt-BR')} ${count === 1 ? one : many}`;

/** The rejected and the waiting invoices, each a link to the list showing them. */
function Attention({ status }: { status: InvoicingStatusNode }) {
  const links = [
    status.rejectedCount > 0
      ? {
          key: 'REJECTED',
          text: plural(status.rejectedCount, 'nota rejeitada', 'notas rejeitadas'),
          hint: 'corrija os dados e envie de novo',
        }
      : null,
    status.pendingCount > 0
      ? {
          key: 'PENDING',
          text: plural(status.pendingCount, 'nota pendente', 'notas pendentes'),
          hint: 'aguardando o envio ao emissor',
        }
      : null,
  ].filter((link) => link !== null);
  if (links.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        Nenhuma nota rejeitada ou pendente
        {status.processingCount > 0
          ? `; ${plural(status.processingCount, 'nota aguarda', 'notas aguardam')} a resposta da SEFAZ.`
          : '.'}
      </Typography>
    );
  }
  return (
    <Alert severity={status.rejectedCount > 0 ? 'warning' : 'info'}>
      <Box component="ul" aria-label="Notas a acompanhar" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {links.map((link) => (
          <Box
            component="li"
            key={link.key}
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 0.5 }}
          >
            <Link
              component={RouterLink}
              to={dashboardPaths.invoicesWithStatus(link.key)}
              sx={{ fontWeight: 600, display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
            >
              {link.text}
            </Link>
            <span>({link.hint})</span>
          </Box>
        ))}
      </Box>
    </Alert>
  );
}

function NotConfigured() {
  return (
    <Alert severity="info">
      <strong>Emissão de NF-e não configurada.</strong> A loja não emite notas fiscais. Para emitir,
      quem administra o servidor configura o emissor de NF-e: <code>NFE_PROVIDER</code> (
      <code>focusnfe</code>), <code>NFE_API_URL</code> e <code>NFE_API_TOKEN</code> (o token da
      empresa no emissor), e <code>NFE_WEBHOOK_SECRET</code> para receber as respostas da SEFAZ por
      webhook. Os dados abaixo já podem ser preenchidos.
    </Alert>
  );
}

function Configured({ status }: { status: InvoicingStatusNode }) {
  return (
    <>
      <Alert severity="success">
        <strong>Emissão ativa:</strong> cada pedido pago (ou enviado, conforme abaixo) recebe a sua
        NF-e pelo emissor.
      </Alert>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
        <Item term="Emissor">
          {status.provider ? (PROVIDER_NAMES[status.provider] ?? status.provider) : '—'}
        </Item>
        <Item term="Ambiente">
          {status.environment ? (ENVIRONMENT_NAMES[status.environment] ?? status.environment) : '—'}
        </Item>
        <Item term="Servidor do emissor">
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {status.host ?? '—'}
          </Box>
        </Item>
        <Item term="Respostas da SEFAZ">
          {status.webhookConfigured
            ? 'Por webhook: o emissor avisa a loja assim que a SEFAZ responde.'
            : 'Por consulta: sem segredo de webhook (NFE_WEBHOOK_SECRET), a loja pergunta ao emissor de tempos em tempos (até alguns minutos).'}
        </Item>
      </Box>
    </>
  );
}

export function FiscalIssuingStatus({ state }: { state: FiscalIssuingState }) {
  return (
    <Box
      component="section"
      aria-labelledby="emissao-nfe-titulo"
      aria-busy={state.kind === 'loading'}
      sx={{ display: 'grid', gap: 1.5, pb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      <Typography
        id="emissao-nfe-titulo"
        component="h3"
        variant="subtitle1"
        sx={{ fontWeight: 600 }}
      >
        Emissão de NF-e
      </Typography>
      {state.kind === 'loading' ? (
        <Box role="status" aria-label="Verificando a emissão de NF-e">
          <Skeleton height={32} width="60%" />
          <Skeleton height={24} width="40%" />
        </Box>
      ) : state.kind === 'failed' ? (
        <Alert severity="error">{FISCAL_ISSUING_FAILED}</Alert>
      ) : (
        <>
          {state.status.configured ? <Configured status={state.status} /> : <NotConfigured />}
          {state.status.configured || state.status.rejectedCount + state.status.pendingCount > 0 ? (
            <Attention status={state.status} />
          ) : null}
        </>
      )}
    </Box>
  );
}
