// The Correios "Declaração de Conteúdo" of an order (for parcels that travel without a nota
// fiscal): sender (the store's legal identity), recipient, the goods with quantity and value, the
// total, the parcel's weight (as quoted at checkout; blank to fill in by hand when unknown), the
// declaration and the signature lines. Pure.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { formatBRL } from '../../../format';
import type { StoreLegalIdentity } from '../../shared/storeLegal.graphql';
import { displayCpf, formatCep, formatKg, formatParcel } from './orderLabels';
import type { PrintOrder } from './PrintPages.graphql';
import { PrintFrame, Sheet } from './PrintFrame';

export interface ContentDeclarationViewProps {
  storeName: string;
  legal: StoreLegalIdentity | null;
  order: PrintOrder | null;
  loading?: boolean;
  notFound?: boolean;
  error?: string | null;
  onPrint(): void;
}

export const DECLARATION_TEXT =
  'Declaro que não me enquadro no conceito de contribuinte previsto no art. 4º da Lei Complementar nº 87/1996, uma vez que não realizo, com habitualidade ou em volume que caracterize intuito comercial, operações de circulação de mercadoria, ainda que se iniciem no exterior, ou estou dispensado da emissão da nota fiscal por força da legislação tributária vigente, responsabilizando-me, nos termos da lei e a quem de direito, por informações inverídicas. Declaro ainda que não estou postando conteúdo inflamável, explosivo, causador de combustão espontânea, tóxico, corrosivo, gás ou qualquer outro conteúdo que constitua perigo, conforme o art. 13 da Lei Postal nº 6.538/78.';

const border = '1px solid #000';
const cell = { border, p: '3px 6px', fontSize: 13, textAlign: 'left' } as const;

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box
      sx={{ display: 'flex', gap: 1, borderBottom: border, py: 0.5, fontSize: 13, minHeight: 26 }}
    >
      <Box component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
        {label}:
      </Box>
      <Box component="span">{value}</Box>
    </Box>
  );
}

function Party({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ border, p: 1 }}>
      <Typography
        component="h3"
        sx={{
          fontWeight: 700,
          fontSize: 14,
          textAlign: 'center',
          borderBottom: border,
          pb: 0.5,
          mb: 0.5,
        }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

type DeclaredOrder = NonNullable<ContentDeclarationViewProps['order']>;

/** The goods: one row a line, the totals, the weight and the parcel's size. */
function GoodsTable({ order }: { order: DeclaredOrder }) {
  const quantity = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  const value = order.lines.reduce(
    (sum, line) => sum + line.lineTotalCents - line.discountCents,
    0,
  );
  return (
    <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', mb: 1.5 }}>
      <caption style={{ captionSide: 'top', fontWeight: 700, fontSize: 14, border, padding: 4 }}>
        IDENTIFICAÇÃO DOS BENS
      </caption>
      <thead>
        <tr>
          <Box component="th" scope="col" sx={{ ...cell, width: 40 }}>
            Item
          </Box>
          <Box component="th" scope="col" sx={cell}>
            Conteúdo (discriminação)
          </Box>
          <Box component="th" scope="col" sx={{ ...cell, textAlign: 'right', width: 60 }}>
            Quant.
          </Box>
          <Box component="th" scope="col" sx={{ ...cell, textAlign: 'right', width: 110 }}>
            Valor
          </Box>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((line, index) => (
          <tr key={line.id}>
            <Box component="td" sx={cell}>
              {index + 1}
            </Box>
            <Box component="td" sx={cell}>
              {line.productName} – {line.variantLabel}
            </Box>
            <Box component="td" sx={{ ...cell, textAlign: 'right' }}>
              {line.quantity}
            </Box>
            <Box component="td" sx={{ ...cell, textAlign: 'right' }}>
              {formatBRL(line.lineTotalCents - line.discountCents)}
            </Box>
          </tr>
        ))}
        <tr>
          <Box component="th" scope="row" colSpan={2} sx={{ ...cell, textAlign: 'right' }}>
            Totais
          </Box>
          <Box component="td" sx={{ ...cell, textAlign: 'right', fontWeight: 700 }}>
            {quantity}
          </Box>
          <Box component="td" sx={{ ...cell, textAlign: 'right', fontWeight: 700 }}>
            {formatBRL(value)}
          </Box>
        </tr>
        <tr>
          <Box component="th" scope="row" colSpan={2} sx={{ ...cell, textAlign: 'right' }}>
            Peso total (kg)
          </Box>
          <Box component="td" colSpan={2} sx={{ ...cell, textAlign: 'right', fontWeight: 700 }}>
            {formatKg(order.weightGrams)}
          </Box>
        </tr>
        <tr>
          <Box component="th" scope="row" colSpan={2} sx={{ ...cell, textAlign: 'right' }}>
            Dimensões do volume (C × L × A)
          </Box>
          <Box component="td" colSpan={2} sx={{ ...cell, textAlign: 'right', fontWeight: 700 }}>
            {formatParcel(order.parcel)}
          </Box>
        </tr>
      </tbody>
    </Box>
  );
}

/** The sender's declaration, with the place, date and signature lines. */
function Declaration() {
  return (
    <Box component="section" aria-label="Declaração" sx={{ border, p: 1 }}>
      <Typography
        component="h3"
        sx={{ fontWeight: 700, fontSize: 14, textAlign: 'center', mb: 0.5 }}
      >
        DECLARAÇÃO
      </Typography>
      <Typography sx={{ fontSize: 12, textAlign: 'justify' }}>{DECLARATION_TEXT}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 4, mt: 4, fontSize: 13 }}>
        <Box sx={{ flex: '1 1 200px' }}>____________________, ____ de ______________ de ______</Box>
        <Box
          sx={{
            flex: '1 1 200px',
            borderTop: border,
            pt: 0.5,
            textAlign: 'center',
            alignSelf: 'flex-end',
          }}
        >
          Assinatura do Declarante/Remetente
        </Box>
      </Box>
    </Box>
  );
}

export function ContentDeclarationView({
  storeName,
  legal,
  order,
  loading = false,
  notFound = false,
  error = null,
  onPrint,
}: ContentDeclarationViewProps) {
  const address = order?.address;
  return (
    <PrintFrame
      title={order ? `Declaração de conteúdo ${order.number}` : 'Declaração de conteúdo'}
      loading={loading}
      error={notFound ? 'Pedido não encontrado.' : error}
      onPrint={onPrint}
    >
      {order && address ? (
        <Sheet label={`Declaração de conteúdo do pedido ${order.number}`}>
          <Typography
            component="h2"
            sx={{ fontSize: 20, fontWeight: 700, textAlign: 'center', mb: 1.5 }}
          >
            DECLARAÇÃO DE CONTEÚDO
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
              gap: 1.5,
              mb: 1.5,
              '@media print': { gridTemplateColumns: '1fr 1fr' },
            }}
          >
            <Party title="REMETENTE">
              <Field label="Nome" value={legal?.legalName ?? storeName} />
              <Field label="Endereço" value={legal?.legalAddress ?? ''} />
              <Field label="CPF/CNPJ" value={legal?.cnpj ?? ''} />
            </Party>
            <Party title="DESTINATÁRIO">
              <Field label="Nome" value={order.customer.name} />
              <Field
                label="Endereço"
                value={[
                  `${address.street}, ${address.number}`,
                  address.complement,
                  address.district,
                ]
                  .filter(Boolean)
                  .join(' – ')}
              />
              <Field label="Cidade/UF" value={`${address.city}/${address.uf}`} />
              <Field label="CEP" value={formatCep(address.postalCode)} />
              <Field
                label="CPF/CNPJ"
                value={order.customer.cpf ? displayCpf(order.customer.cpf) : ''}
              />
            </Party>
          </Box>
          <GoodsTable order={order} />
          <Declaration />
          <Typography sx={{ fontSize: 10, mt: 1, textAlign: 'justify' }}>
            ATENÇÃO: O declarante/remetente é responsável exclusivamente pelas informações
            declaradas. É contribuinte de ICMS qualquer pessoa física ou jurídica que realize, com
            habitualidade ou em volume que caracterize intuito comercial, operações de circulação de
            mercadoria (Lei Complementar nº 87/96, art. 4º). Constitui crime contra a ordem
            tributária deixar de fornecer, quando obrigatório, nota fiscal relativa a venda de
            mercadoria efetivamente realizada (Lei nº 8.137/90, art. 1º, V). Pedido {order.number}.
          </Typography>
        </Sheet>
      ) : null}
    </PrintFrame>
  );
}
