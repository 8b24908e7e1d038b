// 'Cupom de desconto': apply a code, see it applied (with its discount) or why it was refused.
// A code is checked as typed (letters, digits, '-' and '_') before it is applied; a saved code the
// server refused stays on show with the reason and 'Remover', so it never sticks to the cart.
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { styled, useThemeProps, type SxProps, type Theme } from '@mui/material/styles';
import { useId, useState, type FormEvent } from 'react';

import { couponCodeError, MAX_COUPON_CODE_LENGTH } from '../../../cart/cartRules';
import { formatBRL } from '../../../format';

export interface CouponFieldProps {
  /** The code the server applied. */
  appliedCode?: string | null;
  /**
   * The code saved in the cart. When the server did not apply it, it is shown with the reason
   * ('error') and 'Remover'.
   */
  savedCode?: string | null;
  /** Its discount, from the server. */
  discountCents?: number | null;
  freeShipping?: boolean;
  /** Why the server refused the code (Portuguese). */
  error?: string | null;
  loading?: boolean;
  /** Called with a well-formed code, trimmed and upper-cased. */
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

const Refused = styled('div', { name: 'VtCouponField', slot: 'Refused' })(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  alignItems: 'center',
  columnGap: 8,
  padding: theme.spacing(1, 1.5),
  borderRadius: 8,
  border: `1px dashed ${theme.palette.error.main}`,
  backgroundColor: '#fef3f2',
  color: theme.palette.error.main,
  fontSize: '0.875rem',
  fontWeight: 600,
  '& svg': { fontSize: 18, verticalAlign: 'text-bottom', marginRight: 6 },
  '& .VtCouponField-reason': {
    gridColumn: '1 / -1',
    fontWeight: 400,
    color: theme.palette.text.primary,
  },
}));

export function CouponField(inProps: CouponFieldProps) {
  const {
    appliedCode,
    savedCode,
    discountCents,
    freeShipping = false,
    error,
    loading = false,
    onApply,
    onRemove,
    ...other
  } = useThemeProps({ props: inProps, name: 'VtCouponField' });
  const [code, setCode] = useState('');
  /** Why the typed code cannot be a coupon, found before it is applied. */
  const [formatError, setFormatError] = useState<string | null>(null);
  const inputId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim().toUpperCase();
    if (trimmed === '') return;
    const problem = couponCodeError(trimmed);
    setFormatError(problem);
    if (problem !== null) return;
    setCode('');
    onApply(trimmed);
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

  // A saved code the server did not apply: the reason, and always a way to take it off.
  const refused =
    savedCode && savedCode !== appliedCode ? (
      <Refused role="status">
        <span>
          <LocalOfferOutlined aria-hidden />
          {loading ? `Aplicando o cupom ${savedCode}…` : `Cupom ${savedCode} não aplicado`}
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
        {!loading && error ? <span className="VtCouponField-reason">{error}</span> : null}
      </Refused>
    ) : null;
  const fieldError = formatError ?? (refused ? null : (error ?? null));

  return (
    <Root {...other}>
      {refused}
      <Row onSubmit={submit} noValidate aria-label="Cupom de desconto">
        <TextField
          id={inputId}
          size="small"
          label="Cupom de desconto"
          value={code}
          onChange={(event) => {
            setCode(event.target.value.toUpperCase());
            setFormatError(null);
          }}
          error={Boolean(fieldError)}
          helperText={fieldError ?? undefined}
          slotProps={{
            htmlInput: {
              autoCapitalize: 'characters',
              autoComplete: 'off',
              maxLength: MAX_COUPON_CODE_LENGTH,
            },
          }}
        />
        <Button type="submit" variant="outlined" disabled={loading || code.trim() === ''}>
          {loading ? 'Aplicando…' : 'Aplicar'}
        </Button>
      </Row>
    </Root>
  );
}
