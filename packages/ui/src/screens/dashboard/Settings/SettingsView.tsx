// Configurações, pure: the store's settings in sections (Loja, Pix with its live preview, Pix pelo
// banco, Parcelamento, Frete grátis, Página inicial, Análise, Páginas institucionais, Segurança, Limites
// de pedido), errors at their fields, a sticky save bar while something changed, the two-factor
// confirmation and the leave-without-saving question.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';

import { formatDateTime } from '../../../format/formatDate';
import { ListSkeleton, LoadError, NoPermission } from '../Categories/PageStates';
import { DashboardPage, MailDeliveryAlert, type MailDelivery } from '../shared';
import type { PixPreviewState } from './PixPreviewPanel';
import { FiscalSection } from './FiscalSection';
import type { FiscalIssuingState } from './FiscalIssuingStatus';
import { PixProviderCard, type PixProviderState } from './PixProviderCard';
import {
  HERO_SUBTITLE_MAX,
  HERO_TITLE_MAX,
  type SettingsErrors,
  type SettingsField,
  type SettingsForm,
} from './settingsForm';
import { LeaveDialog } from '../../../components/dashboard/LeaveDialog';
import {
  counter,
  fieldRenderer,
  InstallmentsSection,
  PixSection,
  PoliciesSection,
  reais,
  SaveBar,
  StoreSection,
  Section,
  SecuritySection,
  settingsFieldId,
  twoColumns,
  TwoFactorDialog,
} from './SettingsSections';

export { settingsFieldId };

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

  const field = fieldRenderer(form, errors, onChange);

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
          <StoreSection field={field} />

          <PixSection
            form={form}
            errors={errors}
            onChange={onChange}
            field={field}
            preview={props.pixPreview}
          />
          {props.pixProvider ? <PixProviderCard state={props.pixProvider} /> : null}

          <InstallmentsSection form={form} field={field} />

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

          <PoliciesSection form={form} errors={errors} onChange={onChange} />

          <SecuritySection
            form={form}
            errors={errors}
            onChange={onChange}
            onAskTwoFactor={() => setConfirmTwoFactor(true)}
          />

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
          <SaveBar
            dirtyCount={props.dirtyCount}
            saveProblem={props.saveProblem}
            saving={props.saving}
            onDiscard={props.onDiscard}
          />
        ) : null}
      </Box>

      <TwoFactorDialog
        open={confirmTwoFactor}
        onClose={() => setConfirmTwoFactor(false)}
        onConfirm={() => onChange('requireTwoFactor', true)}
      />

      <LeaveDialog
        open={props.leaveAsking}
        where="nas configurações"
        onLeave={props.onLeave}
        onStay={props.onStay}
      />
    </DashboardPage>
  );
}
