// Configurações with real data ('dashboard/configuracoes', ADMIN): settings, settingsUpdate with
// the changed fields only, and pixPreview asked 400 ms after the Pix fields stop changing (an
// invalid key shows the server's message at its field and no preview), pixProvider for "Pix
// pelo banco" and invoicing for "Emissão de NF-e". Leaving with unsaved changes asks first.
import { useMutation, useQuery } from '@apollo/client';
import { useEffect, useMemo, useState } from 'react';

import { readServerError } from '../../shared/graphqlErrors';
import { useMailDelivery } from '../shared';
import { useLeaveGuard } from '../../../components/dashboard/LeaveDialog';
import { SETTINGS_INVOICING_QUERY } from './FiscalIssuing.graphql';
import type { FiscalIssuingState } from './FiscalIssuingStatus';
import { exampleAmountCents, type PixPreviewState } from './PixPreviewPanel';
import type { PixProviderState } from './PixProviderCard';
import {
  dirtyFields,
  formOf,
  parsePercent,
  settingsInputOf,
  type SettingsErrors,
  type SettingsField,
  type SettingsForm,
} from './settingsForm';
import {
  DASHBOARD_SETTINGS_QUERY,
  DASHBOARD_SETTINGS_ROLE_QUERY,
  PIX_PREVIEW_QUERY,
  SETTINGS_PIX_PROVIDER_QUERY,
  SETTINGS_UPDATE_MUTATION,
  type AdminSettings,
  type PixPreviewVariables,
} from './SettingsScreen.graphql';
import { SettingsView } from './SettingsView';

export const SETTINGS_ERROR = 'Não foi possível carregar as configurações.';
export const PIX_PREVIEW_DELAY_MS = 400;

const PIX_FIELDS = ['pixKey', 'pixMerchantName', 'pixMerchantCity'] as const;

/** `value`, once it has stayed the same for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The server names a field as the input's key ('pixKey') or its path ('input.pixKey'). */
function fieldOf(path: string | null): SettingsField | null {
  if (path === null) return null;
  return path.replace(/^input\./, '') as SettingsField;
}

/** "Pix pelo banco": its own query (ADMIN only), so a failure leaves the form usable. */
function usePixProvider(admin: boolean): PixProviderState | null {
  const provider = useQuery(SETTINGS_PIX_PROVIDER_QUERY, { skip: !admin });
  if (!admin) return null;
  if (provider.data) return { kind: 'ready', status: provider.data.pixProvider };
  return provider.error ? { kind: 'failed' } : { kind: 'loading' };
}

/** "Emissão de NF-e" in Dados fiscais: its own query too (ADMIN only). */
function useFiscalIssuing(admin: boolean): FiscalIssuingState | null {
  const invoicing = useQuery(SETTINGS_INVOICING_QUERY, { skip: !admin });
  if (!admin) return null;
  if (invoicing.data) return { kind: 'ready', status: invoicing.data.invoicing };
  return invoicing.error ? { kind: 'failed' } : { kind: 'loading' };
}

export function SettingsScreen() {
  const me = useQuery(DASHBOARD_SETTINGS_ROLE_QUERY);
  const role = me.data?.me.role ?? null;
  const query = useQuery(DASHBOARD_SETTINGS_QUERY, { skip: role !== 'ADMIN' });
  const mailDelivery = useMailDelivery(role === 'ADMIN');
  const pixProvider = usePixProvider(role === 'ADMIN');
  const fiscalIssuing = useFiscalIssuing(role === 'ADMIN');
  const [update] = useMutation(SETTINGS_UPDATE_MUTATION);

  const [saved, setSaved] = useState<AdminSettings | null>(null);
  const [form, setForm] = useState<SettingsForm | null>(null);
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [saving, setSaving] = useState(false);
  const [saveProblem, setSaveProblem] = useState<string | null>(null);
  const [justSaved, setJustSaved] = useState(false);

  const loaded = query.data?.settings ?? null;
  // The first answer fills the form (adjusting state while rendering, not in an effect).
  if (loaded && saved === null) {
    setSaved(loaded);
    setForm(formOf(loaded));
  }

  const savedForm = useMemo(() => (saved ? formOf(saved) : null), [saved]);
  const dirty = form && savedForm ? dirtyFields(form, savedForm) : [];
  const guard = useLeaveGuard(dirty.length > 0);

  // The Pix preview, from the settled Pix fields.
  const pixInput = useMemo<PixPreviewVariables['input'] | null>(() => {
    if (!form) return null;
    return {
      pixKey: form.pixKey.trim(),
      pixMerchantName: form.pixMerchantName,
      pixMerchantCity: form.pixMerchantCity,
      amountCents: exampleAmountCents(parsePercent(form.pixDiscountPercent)),
    };
  }, [form]);
  const settledPixInput = useSettled(pixInput, PIX_PREVIEW_DELAY_MS);
  const pixOff = form !== null && form.pixKey.trim() === '';
  const preview = useQuery(PIX_PREVIEW_QUERY, {
    variables: {
      input: settledPixInput ?? { pixKey: '', pixMerchantName: '', pixMerchantCity: '' },
    },
    skip: settledPixInput === null || settledPixInput.pixKey === '',
  });
  const previewError = preview.error ? readServerError(preview.error) : null;
  const previewField = fieldOf(previewError?.field ?? null);
  const settling = pixInput !== settledPixInput;

  let pixPreview: PixPreviewState;
  if (pixOff) pixPreview = { kind: 'off' };
  else if (previewError && previewField && !settling) pixPreview = { kind: 'invalid' };
  else if (previewError && !settling)
    pixPreview = { kind: 'failed', message: previewError.message };
  else if (preview.data && !preview.loading && !settling) {
    pixPreview = { kind: 'ready', preview: preview.data.pixPreview };
  } else pixPreview = { kind: 'loading' };

  // The preview's field error shows until that field changes again.
  const shownErrors: SettingsErrors = { ...errors };
  if (
    previewError &&
    previewField &&
    !settling &&
    (PIX_FIELDS as readonly string[]).includes(previewField) &&
    shownErrors[previewField] === undefined
  ) {
    shownErrors[previewField] = previewError.message;
  }

  async function save() {
    if (!form || !savedForm) return;
    const { input, errors: found } = settingsInputOf(form, savedForm);
    setSaveProblem(null);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setSaveProblem('Corrija os campos indicados.');
      document.getElementById(`config-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const result = await update({ variables: { input } });
      const next = result.data?.settingsUpdate;
      if (next) {
        setSaved(next);
        setForm(formOf(next));
        setErrors({});
        setJustSaved(true);
      }
    } catch (error) {
      const read = readServerError(error as Error);
      const field = fieldOf(read.field);
      if (field && form && field in form) {
        setErrors({ [field]: read.message });
        setSaveProblem('Corrija os campos indicados.');
        document.getElementById(`config-${field}`)?.focus();
      } else {
        setSaveProblem(read.message);
      }
    } finally {
      setSaving(false);
    }
  }

  const loadError = me.error ?? query.error;
  return (
    <SettingsView
      form={form}
      updatedAt={saved?.updatedAt ?? null}
      updatedByName={saved?.updatedByName ?? null}
      loading={me.loading || query.loading}
      error={loadError ? SETTINGS_ERROR : null}
      onRetry={() => void (me.error ? me.refetch() : query.refetch())}
      forbidden={role !== null && role !== 'ADMIN'}
      mailDelivery={mailDelivery}
      pixProvider={pixProvider}
      fiscalIssuing={fiscalIssuing}
      errors={shownErrors}
      dirtyCount={dirty.length}
      saving={saving}
      saveProblem={saveProblem}
      saved={justSaved}
      pixPreview={pixPreview}
      onChange={(field, value) => {
        setForm((previous) => (previous ? { ...previous, [field]: value } : previous));
        setErrors((previous) => {
          if (previous[field] === undefined) return previous;
          const next = { ...previous };
          delete next[field];
          return next;
        });
        setJustSaved(false);
      }}
      onSave={() => void save()}
      onDiscard={() => {
        if (savedForm) setForm(savedForm);
        setErrors({});
        setSaveProblem(null);
      }}
      leaveAsking={guard.asking}
      onStay={guard.stay}
      onLeave={guard.proceed}
    />
  );
}
