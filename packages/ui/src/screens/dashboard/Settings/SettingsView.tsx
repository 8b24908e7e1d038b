// Configurações, pure: the store's settings in sections (Loja, Pix with its live preview, Pix pelo
// banco, Parcelamento, Frete grátis, Página inicial, Análise, Páginas institucionais, Segurança, Limites
// de pedido), errors at their fields, a sticky save bar while something changed, the two-factor
// confirmation and the leave-without-saving question.
import Alert from '@mui/material/Alert';
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
import { useState, type FormEvent, type ReactNode } from 'react';

import { FormattedText } from '../../../components/FormattedText';
import { formatDateTime } from '../../../format/formatDate';
import { ListSkeleton, LoadError, NoPermission } from '../Categories/PageStates';
import { DashboardPage, MailDeliveryAlert, type MailDelivery } from '../shared';
import {
  brCodeText,
  formatPixKey,
  MERCHANT_CITY_MAX,
  MERCHANT_NAME_MAX,
  PIX_KEY_KIND_LABEL,
  readPixKey,
} from './pixKey';
import { PixPreviewPanel, type PixPreviewState } from './PixPreviewPanel';
import { FiscalSection } from './FiscalSection';
import type { FiscalIssuingState } from './FiscalIssuingStatus';
import { PixProviderCard, type PixProviderState } from './PixProviderCard';
import {
  expiryText,
  HERO_SUBTITLE_MAX,
  HERO_TITLE_MAX,
  installmentExample,
  parsePercent,
  POLICY_TEXT_MAX,
  type SettingsErrors,
  type SettingsField,
  type SettingsForm,
} from './settingsForm';
import { LeaveDialog } from '../../../components/dashboard/LeaveDialog';

export const SETTINGS_FORBIDDEN = 'Somente administradores podem ver e alterar as configurações.';

export interface SettingsViewProps {
  /** null until the settings load. */
  form: SettingsForm | null;
  updatedAt: string | null;
  updatedByName: string | null;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  forbidden?: boolean;
  errors: SettingsErrors;
  dirtyCount: number;
  saving: boolean;
  /** A failure not tied to a field. */
  saveProblem: string | null;
  saved: boolean;
  pixPreview: PixPreviewState;
  onChange<K extends SettingsField>(field: K, value: SettingsForm[K]): void;
  onSave(): void;
  onDiscard(): void;
  leaveAsking: boolean;
  onStay(): void;
  onLeave(): void;
  /** Whether the store's mails go out: a warning while they do not. */
  mailDelivery?: MailDelivery | null;
  /** "Pix pelo banco" (ADMIN): whether the bank's API confirms Pix; null hides it. */
  pixProvider?: PixProviderState | null;
  /** "Emissão de NF-e" in Dados fiscais (ADMIN): whether the store issues NF-e; null hides it. */
  fiscalIssuing?: FiscalIssuingState | null;
}

function Section({
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

const twoColumns = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
} as const;

/** The DOM id of a field, for the error summary's links and tests. */
export const settingsFieldId = (field: SettingsField) => `config-${field}`;

function PolicyText({
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

export function SettingsView(props: SettingsViewProps) {
  const { form, errors, onChange } = props;
  const [confirmTwoFactor, setConfirmTwoFactor] = useState(false);

  if (props.forbidden) {
    return (
      <DashboardPage title="Configurações">
        <NoPermission message={SETTINGS_FORBIDDEN} />
      </DashboardPage>
    );
  }
  if (form === null) {
    return (
      <DashboardPage title="Configurações" maxWidth={1100}>
        {props.error ? (
          <LoadError message={props.error} {...(props.onRetry ? { onRetry: props.onRetry } : {})} />
        ) : (
          <ListSkeleton label="Carregando as configurações" rows={6} />
        )}
      </DashboardPage>
    );
  }

  /** A TextField bound to a form field, its error or helper below it. */
  const field = (
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
  const reais = { input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> } };
  const counter = (length: number, max: number) => `${length}/${max}`;

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

  function submit(event: FormEvent) {
    event.preventDefault();
    props.onSave();
  }

  return (
    <DashboardPage title="Configurações" maxWidth={1100}>
      <MailDeliveryAlert delivery={props.mailDelivery ?? null} />
      <Box component="form" noValidate onSubmit={submit} aria-label="Configurações da loja">
        {props.updatedByName && props.updatedAt ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Alterado por {props.updatedByName} em {formatDateTime(props.updatedAt)}
          </Typography>
        ) : null}
        {props.saved && props.dirtyCount === 0 ? (
          <Alert severity="success" sx={{ mb: 2 }} role="status">
            Configurações salvas.
          </Alert>
        ) : null}
        <Box sx={{ display: 'grid', gap: 3 }}>
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
                state={props.pixPreview}
                discountPercent={parsePercent(form.pixDiscountPercent)}
                expiryText={expiryMinutes !== null ? expiryText(expiryMinutes) : null}
              />
            </Box>
          </Section>
          {props.pixProvider ? <PixProviderCard state={props.pixProvider} /> : null}

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

          <Section
            id="frete"
            title="Frete grátis"
            description="Para toda a loja; cada forma de envio pode ter o seu."
          >
            {field('freeShippingThresholdCents', 'Frete grátis a partir de', {
              helper: 'Vazio: sem frete grátis para toda a loja.',
              slotProps: { ...reais, htmlInput: { inputMode: 'decimal' } },
              sx: { maxWidth: 320 },
            })}
          </Section>

          <Section id="inicio" title="Página inicial">
            {field('heroTitle', 'Título', {
              helper: counter(form.heroTitle.trim().length, HERO_TITLE_MAX),
              required: true,
            })}
            {field('heroSubtitle', 'Subtítulo', {
              helper: counter(form.heroSubtitle.trim().length, HERO_SUBTITLE_MAX),
            })}
          </Section>

          <Section id="analise" title="Análise">
            {field('analyticsMeasurementId', 'ID de medição do Google Analytics', {
              helper: 'Como G-XXXXXXXXXX; vazio: sem Google Analytics.',
              sx: { maxWidth: 360 },
            })}
          </Section>

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

          <Section id="seguranca" title="Segurança">
            <FormControlLabel
              control={
                <Switch
                  id={settingsFieldId('requireTwoFactor')}
                  checked={form.requireTwoFactor}
                  onChange={(event) => {
                    if (event.target.checked) setConfirmTwoFactor(true);
                    else onChange('requireTwoFactor', false);
                  }}
                />
              }
              label="Exigir verificação em duas etapas de toda a equipe"
            />
            <Typography
              variant="body2"
              color={errors.requireTwoFactor ? 'error' : 'text.secondary'}
            >
              {errors.requireTwoFactor ??
                (form.requireTwoFactor
                  ? 'Todos entram com senha e um código do aplicativo autenticador.'
                  : 'Cada pessoa escolhe se usa a verificação em duas etapas.')}
            </Typography>
          </Section>

          <Section
            id="limites"
            title="Limites de pedido"
            description="Quanto um pedido pode levar."
          >
            <Box sx={twoColumns}>
              {field('guestMaxUnitsPerLine', 'Unidades de um produto por pedido', {
                helper: 'De 1 a 50.',
                slotProps: { htmlInput: { inputMode: 'numeric' } },
              })}
              {field('guestMaxUnitsPerOrder', 'Unidades por pedido', {
                helper: 'De 1 a 500.',
                slotProps: { htmlInput: { inputMode: 'numeric' } },
              })}
            </Box>
          </Section>

          <FiscalSection
            form={form}
            errors={errors}
            onChange={onChange}
            fieldId={settingsFieldId}
            issuing={props.fiscalIssuing ?? null}
          />
        </Box>

        {props.dirtyCount > 0 ? (
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
              {props.dirtyCount === 1
                ? '1 alteração não salva'
                : `${props.dirtyCount} alterações não salvas`}
            </Typography>
            {props.saveProblem ? (
              <Typography variant="body2" color="error" role="alert" sx={{ flexBasis: '100%' }}>
                {props.saveProblem}
              </Typography>
            ) : null}
            <Button onClick={props.onDiscard} disabled={props.saving}>
              Descartar
            </Button>
            <Button variant="contained" type="submit" disabled={props.saving}>
              {props.saving ? 'Salvando…' : 'Salvar'}
            </Button>
          </Paper>
        ) : null}
      </Box>

      <Dialog
        open={confirmTwoFactor}
        onClose={() => setConfirmTwoFactor(false)}
        aria-labelledby="dois-fatores-titulo"
      >
        <DialogTitle id="dois-fatores-titulo">Exigir verificação em duas etapas?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Depois de salvar, toda a equipe precisará de um código do aplicativo autenticador para
            entrar no painel. Quem ainda não configurou a verificação em duas etapas terá de
            configurá-la no próximo acesso, antes de continuar.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmTwoFactor(false)}>Cancelar</Button>
          <Button
            variant="contained"
            onClick={() => {
              setConfirmTwoFactor(false);
              onChange('requireTwoFactor', true);
            }}
          >
            Exigir
          </Button>
        </DialogActions>
      </Dialog>

      <LeaveDialog
        open={props.leaveAsking}
        where="nas configurações"
        onLeave={props.onLeave}
        onStay={props.onStay}
      />
    </DashboardPage>
  );
}
