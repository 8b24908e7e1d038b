// The settings' sections and parts: the section card, the fields bound to the form, Pix (with its
// live preview), Parcelamento, Páginas institucionais, Segurança, the sticky save bar and the
// two-factor confirmation.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';

import { FormattedText } from '../../../components/FormattedText';
import {
  brCodeText,
  formatPixKey,
  MERCHANT_CITY_MAX,
  MERCHANT_NAME_MAX,
  PIX_KEY_KIND_LABEL,
  readPixKey,
} from './pixKey';
import { PixPreviewPanel, type PixPreviewState } from './PixPreviewPanel';
import {
  expiryText,
  installmentExample,
  parsePercent,
  POLICY_TEXT_MAX,
  type SettingsErrors,
  type SettingsField,
  type SettingsForm,
} from './settingsForm';
import type { SettingsViewProps } from './SettingsView';

export function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`${id}-titulo`}
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}
    >
      <Box>
        <Typography id={`${id}-titulo`} component="h2" variant="h6">
          {title}
        </Typography>
        {description ? (
          <Typography variant="body2" color="text.secondary">
            {description}
          </Typography>
        ) : null}
      </Box>
      {children}
    </Paper>
  );
}

export const twoColumns = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
} as const;

/** The DOM id of a field, for the error summary's links and tests. */
export const settingsFieldId = (field: SettingsField) => `config-${field}`;

export function PolicyText({
  field,
  label,
  emptyText,
  value,
  error,
  onChange,
}: {
  field: SettingsField;
  label: string;
  emptyText: string;
  value: string;
  error: string | undefined;
  onChange(value: string): void;
}) {
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mr: 'auto' }}>
          {label}
        </Typography>
        <Tabs
          value={tab}
          onChange={(_event, next: 'write' | 'preview') => setTab(next)}
          aria-label={`${label}: escrever ou pré-visualizar`}
        >
          <Tab value="write" label="Escrever" />
          <Tab value="preview" label="Pré-visualizar" />
        </Tabs>
      </Box>
      {tab === 'write' ? (
        <TextField
          id={settingsFieldId(field)}
          label={label}
          multiline
          minRows={4}
          maxRows={16}
          fullWidth
          value={value}
          error={!!error}
          helperText={
            error ??
            `${value.length.toLocaleString('pt-BR')}/${POLICY_TEXT_MAX.toLocaleString('pt-BR')} · parágrafos separados por linha em branco; **negrito**, *itálico*, linhas com "- " viram lista.`
          }
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <Box
          role="region"
          aria-label={`Pré-visualização: ${label}`}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, minHeight: 100 }}
        >
          {value.trim() ? (
            <FormattedText text={value} />
          ) : (
            <Typography color="text.secondary">{emptyText}</Typography>
          )}
        </Box>
      )}
    </Box>
  );
}

type OnChange = SettingsViewProps['onChange'];

/** A TextField bound to a form field, its error or helper below it. */
export type FieldRenderer = (
  name: Exclude<SettingsField, 'requireTwoFactor' | 'pixUniqueCents'>,
  label: string,
  extra?: Partial<TextFieldProps> & { helper?: ReactNode },
) => ReactNode;

export function fieldRenderer(
  form: SettingsForm,
  errors: SettingsErrors,
  onChange: OnChange,
): FieldRenderer {
  return (
    name: Exclude<SettingsField, 'requireTwoFactor' | 'pixUniqueCents'>,
    label: string,
    extra: Partial<TextFieldProps> & { helper?: ReactNode } = {},
  ) => {
    const { helper, ...rest } = extra;
    const error = errors[name];
    return (
      <TextField
        id={settingsFieldId(name)}
        label={label}
        fullWidth
        value={form[name]}
        error={!!error}
        helperText={error ?? helper ?? ' '}
        onChange={(event) => onChange(name, event.target.value)}
        {...rest}
      />
    );
  };
}

export const reais = {
  input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
};
export const counter = (length: number, max: number) => `${length}/${max}`;

/** The store's name and the company's identification, shown in the storefront's footer. */
export function StoreSection({ field }: { field: FieldRenderer }) {
  return (
    <Section
      id="loja"
      title="Loja"
      description="Nome e identificação da empresa, mostrados no rodapé da loja."
    >
      {field('storeName', 'Nome da loja', { required: true })}
      <Box sx={twoColumns}>
        {field('contactEmail', 'E-mail de atendimento', { type: 'email' })}
        {field('contactPhone', 'Telefone de atendimento', {
          helper: 'Com DDD, como (11) 3456-7890.',
          type: 'tel',
        })}
        {field('legalName', 'Razão social')}
        {field('cnpj', 'CNPJ', { helper: 'Como 12.345.678/0001-95.' })}
      </Box>
      {field('legalAddress', 'Endereço da empresa', {
        helper: 'Uma linha, com cidade e CEP.',
      })}
    </Section>
  );
}

/** The account that receives Pix: key, recipient, discount, time to pay, unique cents; the preview. */
export function PixSection({
  form,
  errors,
  onChange,
  field,
  preview,
}: {
  form: SettingsForm;
  errors: SettingsErrors;
  onChange: OnChange;
  field: FieldRenderer;
  preview: PixPreviewState;
}) {
  const pixReading = readPixKey(form.pixKey);
  const pixHelper =
    form.pixKey.trim() === ''
      ? 'Vazio: a loja não oferece Pix.'
      : pixReading.kind === null
        ? 'CPF, CNPJ, e-mail, celular com +55 ou chave aleatória.'
        : pixReading.key === null
          ? `Parece ${PIX_KEY_KIND_LABEL[pixReading.kind].toLowerCase()}, mas ainda não é válido.`
          : `${PIX_KEY_KIND_LABEL[pixReading.kind]}: ${formatPixKey(pixReading.key)}`;
  const nameLength = brCodeText(form.pixMerchantName).length;
  const cityLength = brCodeText(form.pixMerchantCity).length;
  const expiryMinutes = /^\d+$/.test(form.pixExpiryMinutes.trim())
    ? Number(form.pixExpiryMinutes)
    : null;
  return (
    <Section id="pix" title="Pix" description="A conta que recebe os pagamentos por Pix.">
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 300px' },
        }}
      >
        <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          {field('pixKey', 'Chave Pix', { helper: pixHelper })}
          {field('pixMerchantName', 'Nome do recebedor', {
            helper: `${counter(nameLength, MERCHANT_NAME_MAX)} · sem acentos no código Pix`,
            required: true,
          })}
          {field('pixMerchantCity', 'Cidade do recebedor', {
            helper: counter(cityLength, MERCHANT_CITY_MAX),
            required: true,
          })}
          <Box sx={twoColumns}>
            {field('pixDiscountPercent', 'Desconto no Pix', {
              helper: 'De 0 a 50%.',
              slotProps: {
                input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                htmlInput: { inputMode: 'decimal' },
              },
            })}
            {field('pixExpiryMinutes', 'Prazo para pagar', {
              helper:
                expiryMinutes !== null
                  ? `${expiryText(expiryMinutes)} · de 10 a 1440.`
                  : 'De 10 a 1440 minutos.',
              slotProps: {
                input: { endAdornment: <InputAdornment position="end">min</InputAdornment> },
                htmlInput: { inputMode: 'numeric' },
              },
            })}
          </Box>
          <Box>
            <FormControlLabel
              control={
                <Switch
                  id={settingsFieldId('pixUniqueCents')}
                  checked={form.pixUniqueCents}
                  onChange={(event) => onChange('pixUniqueCents', event.target.checked)}
                  slotProps={{ input: { 'aria-describedby': 'pix-centavos-ajuda' } }}
                />
              }
              label="Diferenciar valores de Pix iguais"
            />
            <Typography
              id="pix-centavos-ajuda"
              variant="body2"
              color={errors.pixUniqueCents ? 'error' : 'text.secondary'}
            >
              {errors.pixUniqueCents ??
                'Quando dois pedidos Pix aguardam o mesmo valor, o mais novo ganha alguns centavos de desconto (até R$\u00a00,99), para o extrato do banco apontar o pedido pelo valor. O cliente vê e paga o total exato.'}
            </Typography>
          </Box>
        </Box>
        <PixPreviewPanel
          state={preview}
          discountPercent={parsePercent(form.pixDiscountPercent)}
          expiryText={expiryMinutes !== null ? expiryText(expiryMinutes) : null}
        />
      </Box>
    </Section>
  );
}

/** Card instalments: the maximum, the interest-free ones, the interest, the smallest instalment. */
export function InstallmentsSection({ form, field }: { form: SettingsForm; field: FieldRenderer }) {
  return (
    <Section
      id="parcelamento"
      title="Parcelamento"
      description="Parcelas no cartão: sem juros até o número escolhido; depois, com os juros ao mês (Tabela Price), cobrados no total do pedido. Juros 0: só parcelas sem juros. Com juros aqui, desligue o acréscimo de parcelamento na conta do gateway, ou o cliente paga juros duas vezes."
    >
      <Box
        sx={{
          ...twoColumns,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' },
        }}
      >
        {field('maxInstallments', 'Máximo de parcelas', {
          helper: 'De 1 a 12.',
          slotProps: { htmlInput: { inputMode: 'numeric' } },
        })}
        {field('interestFreeInstallments', 'Parcelas sem juros', {
          helper: 'Até o máximo de parcelas.',
          slotProps: { htmlInput: { inputMode: 'numeric' } },
        })}
        {field('installmentInterestPercent', 'Juros ao mês (%)', {
          helper: 'De 0 a 9,99; 0: só sem juros.',
          slotProps: { htmlInput: { inputMode: 'decimal' } },
        })}
        {field('minInstallmentCents', 'Parcela mínima', {
          helper: 'De R$ 1,00 a R$ 10.000,00.',
          slotProps: { ...reais, htmlInput: { inputMode: 'decimal' } },
        })}
      </Box>
      <Typography variant="body2" color="text.secondary" role="status">
        {installmentExample(form) ?? ''}
      </Typography>
    </Section>
  );
}

export function PoliciesSection({
  form,
  errors,
  onChange,
}: {
  form: SettingsForm;
  errors: SettingsErrors;
  onChange: OnChange;
}) {
  return (
    <Section
      id="paginas"
      title="Páginas institucionais"
      description="Textos das páginas da loja; vazio usa o texto padrão."
    >
      <PolicyText
        field="exchangesPolicyText"
        label="Trocas e devoluções"
        emptyText="Vazio: a loja mostra o texto padrão de trocas e devoluções."
        value={form.exchangesPolicyText}
        error={errors.exchangesPolicyText}
        onChange={(value) => onChange('exchangesPolicyText', value)}
      />
      <PolicyText
        field="privacyPolicyText"
        label="Privacidade"
        emptyText="Vazio: a loja mostra a política de privacidade padrão."
        value={form.privacyPolicyText}
        error={errors.privacyPolicyText}
        onChange={(value) => onChange('privacyPolicyText', value)}
      />
      <PolicyText
        field="contactPageText"
        label="Contato"
        emptyText="Vazio: a página mostra só os dados de contato."
        value={form.contactPageText}
        error={errors.contactPageText}
        onChange={(value) => onChange('contactPageText', value)}
      />
    </Section>
  );
}

/** Two-factor for the whole team (turning it on is asked first). */
export function SecuritySection({
  form,
  errors,
  onChange,
  onAskTwoFactor,
}: {
  form: SettingsForm;
  errors: SettingsErrors;
  onChange: OnChange;
  onAskTwoFactor: () => void;
}) {
  return (
    <Section id="seguranca" title="Segurança">
      <FormControlLabel
        control={
          <Switch
            id={settingsFieldId('requireTwoFactor')}
            checked={form.requireTwoFactor}
            onChange={(event) => {
              if (event.target.checked) onAskTwoFactor();
              else onChange('requireTwoFactor', false);
            }}
          />
        }
        label="Exigir verificação em duas etapas de toda a equipe"
      />
      <Typography variant="body2" color={errors.requireTwoFactor ? 'error' : 'text.secondary'}>
        {errors.requireTwoFactor ??
          (form.requireTwoFactor
            ? 'Todos entram com senha e um código do aplicativo autenticador.'
            : 'Cada pessoa escolhe se usa a verificação em duas etapas.')}
      </Typography>
    </Section>
  );
}

/** Sticks to the bottom while something changed: how many changes, the save problem, the buttons. */
export function SaveBar({
  dirtyCount,
  saveProblem,
  saving,
  onDiscard,
}: {
  dirtyCount: number;
  saveProblem: string | null;
  saving: boolean;
  onDiscard: () => void;
}) {
  return (
    <Paper
      elevation={3}
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        mt: 3,
        p: 1.5,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'flex-end',
        gap: 1.5,
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }} role="status">
        {dirtyCount === 1 ? '1 alteração não salva' : `${dirtyCount} alterações não salvas`}
      </Typography>
      {saveProblem ? (
        <Typography variant="body2" color="error" role="alert" sx={{ flexBasis: '100%' }}>
          {saveProblem}
        </Typography>
      ) : null}
      <Button onClick={onDiscard} disabled={saving}>
        Descartar
      </Button>
      <Button variant="contained" type="submit" disabled={saving}>
        {saving ? 'Salvando…' : 'Salvar'}
      </Button>
    </Paper>
  );
}

export function TwoFactorDialog({
  open,
  onClose,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="dois-fatores-titulo">
      <DialogTitle id="dois-fatores-titulo">Exigir verificação em duas etapas?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Depois de salvar, toda a equipe precisará de um código do aplicativo autenticador para
          entrar no painel. Quem ainda não configurou a verificação em duas etapas terá de
          configurá-la no próximo acesso, antes de continuar.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button
          variant="contained"
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          Exigir
        </Button>
      </DialogActions>
    </Dialog>
  );
}
