// 'em até 10x de R$ 12,99 sem juros': the numbers are the server's installment offer.
import { styled, useThemeProps, type SxProps, type Theme } from '@mui/material/styles';

import { formatBRL } from '../../../format';

export interface InstallmentLineProps {
  /** Number of installments offered. Below 2 nothing is shown. */
  count: number;
  /** The value of each installment, in centavos. */
  installmentCents: number;
  /** 'sem juros' unless the offer carries interest. */
  interestFree?: boolean;
  className?: string;
  sx?: SxProps<Theme>;
}

const Root = styled('p', { name: 'VtInstallmentLine', slot: 'Root' })(({ theme }) => ({
  margin: 0,
  color: theme.palette.text.secondary,
  fontSize: '0.875rem',
  lineHeight: 1.4,
  '& strong': { color: theme.palette.text.primary, fontWeight: 600 },
}));

export function InstallmentLine(inProps: InstallmentLineProps) {
  const {
    count,
    installmentCents,
    interestFree = true,
    ...other
  } = useThemeProps({ props: inProps, name: 'VtInstallmentLine' });
  if (!Number.isInteger(count) || count < 2) return null;
  return (
    <Root {...other}>
      em até{' '}
      <strong>
        {count}x de {formatBRL(installmentCents)}
      </strong>
      {interestFree ? ' sem juros' : ' com juros'}
    </Root>
  );
}
