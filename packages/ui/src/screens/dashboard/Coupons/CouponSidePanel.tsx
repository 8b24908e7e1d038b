// Beside the coupon editor's form: the live summary (code and one sentence), the usage so far and
// why a used coupon can only be deactivated.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

import { formatInstant } from './couponFormat';
import type { CouponForm } from './couponForm';
import type { CouponNode } from './CouponsScreen.graphql';

function UsageCard({ coupon }: { coupon: CouponNode }) {
  const limit = coupon.usageLimit;
  return (
    <Card variant="outlined" component="section" aria-label="Uso até agora">
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography component="h2" variant="h6">
          Uso até agora
        </Typography>
        <Typography variant="h5" component="p">
          {coupon.usedCount} {coupon.usedCount === 1 ? 'uso' : 'usos'}
          {limit !== null ? (
            <Typography component="span" color="text.secondary">
              {' '}
              de {limit}
            </Typography>
          ) : null}
        </Typography>
        {limit !== null ? (
          <LinearProgress
            variant="determinate"
            value={Math.min(100, (coupon.usedCount / limit) * 100)}
            aria-label="Usos do limite"
          />
        ) : null}
        <Typography variant="body2" color="text.secondary">
          {limit === null
            ? 'Sem limite total de usos.'
            : coupon.usedCount >= limit
              ? 'Limite atingido: o cupom não é mais aceito.'
              : `Restam ${limit - coupon.usedCount} ${limit - coupon.usedCount === 1 ? 'uso' : 'usos'}.`}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Criado em {formatInstant(coupon.createdAt)} · alterado em{' '}
          {formatInstant(coupon.updatedAt)}
        </Typography>
      </CardContent>
    </Card>
  );
}

function SummaryCard({ form, summary }: { form: CouponForm; summary: string }) {
  return (
    <Card
      component="section"
      aria-label="Resumo"
      sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}
    >
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography component="h2" variant="overline">
          Resumo
        </Typography>
        <Typography
          sx={{
            fontFamily: 'monospace',
            fontWeight: 700,
            fontSize: '1.25rem',
            overflowWrap: 'anywhere',
          }}
        >
          {form.code === '' ? 'SEM CÓDIGO' : form.code}
        </Typography>
        <Typography data-testid="cupom-resumo" aria-live="polite">
          {summary}.
        </Typography>
        {!form.active ? (
          <Typography variant="body2">Inativo: não é aceito agora.</Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}

export function CouponSidePanel({
  form,
  summary,
  coupon,
}: {
  form: CouponForm;
  /** The coupon as typed, in one sentence (couponEditor's formSummary). */
  summary: string;
  coupon: CouponNode | null;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        position: { md: 'sticky' },
        top: { md: 80 },
        minWidth: 0,
      }}
    >
      <SummaryCard form={form} summary={summary} />
      {coupon ? <UsageCard coupon={coupon} /> : null}
      {coupon && coupon.usedCount > 0 ? (
        <Typography variant="body2" color="text.secondary">
          Já usado em pedidos: não pode ser excluído, só desativado (o histórico dos pedidos e os
          limites por cliente dependem dele).
        </Typography>
      ) : null}
    </Box>
  );
}
