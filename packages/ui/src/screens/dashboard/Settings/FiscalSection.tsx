// Configurações, "Dados fiscais (NF-e)": what the store's invoices say about it besides the legal
// identity (inscrição estadual, regime, IBGE city code, series and next number, CFOPs, natureza
// da operação, default tax situation, when to issue), and above them whether the store issues NF-e
// at all (FiscalIssuingStatus). Part of the settings form: its fields go with the others through
// the sticky save bar. Pure.
import {
  CSOSN_CODES,
  CST_ICMS_CODES,
  NFE_ISSUE_ON,
  NFE_ISSUE_ON_LABELS,
  TAX_REGIME_CRT,
  TAX_REGIME_LABELS,
  TAX_REGIMES,
  taxSituationName,
  type TaxRegime,
} from '@vitrine/rules';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

import type { FiscalField, FiscalForm } from './fiscalForm';
import { FiscalIssuingStatus, type FiscalIssuingState } from './FiscalIssuingStatus';

export interface FiscalSectionProps {
  form: FiscalForm;
  errors: Partial<Record<FiscalField, string>>;
  onChange(field: FiscalField, value: string): void;
  /** The DOM id of a field (the form's error summary links to it). */
  fieldId(field: FiscalField): string;
  /** Whether the store issues NF-e (Query.invoicing); null hides it. */
  issuing?: FiscalIssuingState | null;
}

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' },
} as const;

export function FiscalSection({
  form,
  errors,
  onChange,
  fieldId,
  issuing = null,
}: FiscalSectionProps) {
  const regime = (form.taxRegime || null) as TaxRegime | null;
  const situation = taxSituationName(regime);
  const codes = situation === 'CSOSN' ? CSOSN_CODES : CST_ICMS_CODES;
  const field = (
    name: FiscalField,
    label: string,
    helper: string,
    extra: Partial<TextFieldProps> = {},
  ) => (
    <TextField
      id={fieldId(name)}
      label={label}
      fullWidth
      value={form[name]}
      error={!!errors[name]}
      helperText={errors[name] ?? helper}
      onChange={(event) => onChange(name, event.target.value)}
      {...extra}
    />
  );
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="fiscal-titulo"
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}
    >
      <Box>
        <Typography id="fiscal-titulo" component="h2" variant="h6">
          Dados fiscais (NF-e)
        </Typography>
        <Typography variant="body2" color="text.secondary">
          O que a nota fiscal de cada venda diz sobre a loja, além da razão social, do CNPJ e do
          endereço (em Dados da empresa).
        </Typography>
      </Box>
      {issuing ? <FiscalIssuingStatus state={issuing} /> : null}
      <Box sx={grid}>
        {field('stateRegistration', 'Inscrição estadual', 'Só os números, ou ISENTO.')}
        {field(
          'taxRegime',
          'Regime tributário',
          regime
            ? `CRT ${TAX_REGIME_CRT[regime]}.`
            : 'Sem regime: os códigos são lidos como CSOSN.',
          {
            select: true,
            slotProps: { select: { displayEmpty: true }, inputLabel: { shrink: true } },
            children: [
              <MenuItem key="" value="">
                Não informado
              </MenuItem>,
              ...TAX_REGIMES.map((value) => (
                <MenuItem key={value} value={value}>
                  {TAX_REGIME_LABELS[value]}
                </MenuItem>
              )),
            ],
          },
        )}
        {field('ibgeCityCode', 'Código IBGE do município', '7 dígitos, como 3550308 (São Paulo).', {
          slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 7 } },
        })}
        {field('nfeSeries', 'Série da NF-e', 'De 0 a 999.', {
          slotProps: { htmlInput: { inputMode: 'numeric' } },
        })}
        {field('nfeNextNumber', 'Próximo número da NF-e', 'O número que a próxima nota recebe.', {
          slotProps: { htmlInput: { inputMode: 'numeric' } },
        })}
        {field('nfeIssueOn', 'Emitir a NF-e', 'Quando a nota de um pedido é enviada.', {
          select: true,
          children: NFE_ISSUE_ON.map((value) => (
            <MenuItem key={value} value={value}>
              {NFE_ISSUE_ON_LABELS[value]}
            </MenuItem>
          )),
        })}
        {field(
          'cfopInsideState',
          'CFOP dentro do estado',
          'Venda para o mesmo estado: 5xxx, como 5102.',
          {
            slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 5 } },
          },
        )}
        {field(
          'cfopOutsideState',
          'CFOP para outro estado',
          'Venda para outro estado: 6xxx, como 6108.',
          {
            slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 5 } },
          },
        )}
        {field(
          'defaultTaxSituation',
          `${situation} padrão`,
          `Para produtos sem o seu: ${codes.join(', ')}.`,
          { slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 3 } } },
        )}
      </Box>
      {field(
        'natureOfOperation',
        'Natureza da operação',
        'Até 60 caracteres, como Venda de mercadoria.',
        {
          slotProps: { htmlInput: { maxLength: 60 } },
        },
      )}
    </Paper>
  );
}
