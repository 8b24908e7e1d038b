// 'Cupom de desconto': apply a code, see it applied (with its discount) or why it was refused.
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { styled, useThemeProps, type SxProps, type Theme } from '@mui/material/styles';
import { useId, useState, type FormEvent } from 'react';

import { formatBRL } from '../../../format';

export interface CouponFieldProps {
  /** The code the server applied. */
  appliedCode?: string | null;
  /** Its discount, from the server. */
  discountCents?: number | null;
  freeShipping?: boolean;
  /** Why the server refused the code (Portuguese). */
  error?: string | null;
  loading?: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
  className?: string;
  sx?: SxProps<Theme>;
}

const Root = styled('div', { name: 'VtCouponField', slot: 'Root' })({ display: 'grid', gap: 8 });

const Row = styled('form', { name: 'VtCouponField', slot: 'Row' })({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: 8,
  alignItems: 'start',
  '& .MuiButton-root': { minHeight: 44 },
});

const Applied = styled('div', { name: 'VtCouponField', slot: 'Applied' })(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 8,
  padding: theme.spacing(1, 1.5),
  borderRadius: 8,
  border: `1px dashed ${theme.palette.success.main}`,
  backgroundColor: '#ecfdf3',
  color: theme.palette.success.main,
  fontSize: '0.875rem',
  fontWeight: 600,
  '& svg': { fontSize: 18, verticalAlign: 'text-bottom', marginRight: 6 },
}));

export function CouponField(inProps: CouponFieldProps) {
  const {
    appliedCode,
    discountCents,
    freeShipping = false,
    error,
    loading = false,
    onApply,
    onRemove,
    ...other
  } = useThemeProps({ props: inProps, name: 'VtCouponField' });
  const [code, setCode] = useState('');
  const inputId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim().toUpperCase();
    if (trimmed !== '') onApply(trimmed);
  }

  if (appliedCode) {
    const benefit = [
      discountCents ? `-${formatBRL(discountCents)}` : null,
      freeShipping ? 'frete grátis' : null,
    ]
      .filter(Boolean)
      .join(' e ');
    return (
      <Root {...other}>
        <Applied role="status">
          <span>
            <LocalOfferOutlined aria-hidden />
            Cupom {appliedCode} aplicado{benefit ? `: ${benefit}` : ''}
          </span>
          <Button
            size="small"
            color="inherit"
            onClick={onRemove}
            disabled={loading}
            sx={{ minHeight: 44 }}
          >
            Remover
          </Button>
        </Applied>
      </Root>
    );
  }

  return (
    <Root {...other}>
      <Row onSubmit={submit} noValidate aria-label="Cupom de desconto">
        <TextField
          id={inputId}
          size="small"
          label="Cupom de desconto"
          value={code}
          onChange={(event) => setCode(event.target.value.toUpperCase())}
          error={Boolean(error)}
          helperText={error ?? undefined}
          slotProps={{
            htmlInput: { autoCapitalize: 'characters', autoComplete: 'off', maxLength: 40 },
          }}
        />
        <Button type="submit" variant="outlined" disabled={loading || code.trim() === ''}>
          {loading ? 'Aplicando…' : 'Aplicar'}
        </Button>
      </Row>
    </Root>
  );
}
