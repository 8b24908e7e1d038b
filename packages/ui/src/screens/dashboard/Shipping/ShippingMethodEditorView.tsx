// The shipping method editor (Frete › a method, ADMIN): name, kind, description, active; for a
// delivery the carrier that quotes it (if any), the region × weight-band table with per-state
// prices, handling days and the free-shipping rule; for pickup the counter (street to CEP, opening hours, instructions) and the
// days until ready. Every server error at its
// field; Salvar, Desativar and Excluir (both confirmed); the leave-without-saving question; the
// simulator of the saved methods beside it. Pure: props in, callbacks out.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import { useState, type ComponentProps } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { dashboardPaths } from '../../../routes/dashboardPaths';
import { LoadError, NoPermission } from '../Categories/PageStates';
import { DashboardPage } from '../shared/DashboardPage';
import { ShippingCarrierSection } from './ShippingCarrierSection';
import { DataSection, DeadlineSection, PickupSection, Section } from './ShippingEditorSections';
import { ShippingRateTable, type ShippingFormUpdate } from './ShippingRateTable';
import { ShippingSimulator, type ShippingSimulatorProps } from './ShippingSimulator';
import { type ShippingFieldErrors, type ShippingForm } from './shippingForm';
import type { ShippingCarrierInfo, ShippingMethod } from './ShippingScreen.graphql';
import { SHIPPING_FORBIDDEN } from './ShippingMethodsView';
import { LeaveDialog } from '../../../components/dashboard/LeaveDialog';
import { ConfirmDialog } from '../../../components/dashboard/ConfirmDialog';

export const SHIPPING_SIMULATOR_SAVED_NOTE =
  'Cota as formas de entrega salvas e ativas: salve para simular as alterações desta página.';

export interface ShippingMethodEditorViewProps {
  /** null: a new method. */
  method: ShippingMethod | null;
  form: ShippingForm | null;
  onChange: ShippingFormUpdate;
  errors: ShippingFieldErrors;
  /** An error no field owns (or the server's words for a failed request). */
  formError: string | null;
  storeThresholdCents: number | null;
  /** The carriers this server is configured to ask (shippingCarriers); null while unknown. */
  carriers?: ShippingCarrierInfo[] | null;
  saving?: boolean;
  onSave: () => void;
  /** Each rejects with an Error whose message is shown in the dialog. */
  onSetActive: (active: boolean) => Promise<void>;
  onDelete: () => Promise<void>;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  forbidden?: boolean;
  notFound?: boolean;
  /** The "saved" confirmation, until dismissed. */
  notice: string | null;
  onNoticeClose: () => void;
  leaveAsking: boolean;
  onLeave: () => void;
  onStay: () => void;
  simulator: ShippingSimulatorProps;
}

type Crumbs = ComponentProps<typeof DashboardPage>['breadcrumbs'];

/** The method asked for is gone: the way back to Frete. */
function MethodNotFound({ breadcrumbs }: { breadcrumbs: Crumbs }) {
  return (
    <DashboardPage title="Forma de entrega não encontrada" breadcrumbs={breadcrumbs}>
      <Alert severity="warning">
        Esta forma de entrega não existe mais.{' '}
        <Link component={RouterLink} to={dashboardPaths.shipping}>
          Voltar para Frete
        </Link>
      </Alert>
    </DashboardPage>
  );
}

function EditorLoading({ breadcrumbs }: { breadcrumbs: Crumbs }) {
  return (
    <DashboardPage title="Frete" breadcrumbs={breadcrumbs}>
      <Box role="status" aria-label="Carregando a forma de entrega">
        <Skeleton height={56} />
        <Skeleton height={240} />
      </Box>
    </DashboardPage>
  );
}

/** The page's actions: Desativar or Ativar and Excluir (an existing method), and Salvar. */
function EditorActions({
  method,
  onDeactivate,
  onActivate,
  onDelete,
  onSave,
  saving,
}: {
  method: ShippingMethod | null;
  onDeactivate: () => void;
  onActivate: () => void;
  onDelete: () => void;
  onSave: () => void;
  saving: boolean | undefined;
}) {
  return (
    <>
      {method === null ? null : method.active ? (
        <Button color="inherit" variant="outlined" onClick={onDeactivate}>
          Desativar
        </Button>
      ) : (
        <Button variant="outlined" onClick={onActivate}>
          Ativar
        </Button>
      )}
      {method === null ? null : (
        <Button color="error" variant="outlined" onClick={onDelete}>
          Excluir
        </Button>
      )}
      <Button variant="contained" onClick={onSave} disabled={saving}>
        {saving ? 'Salvando…' : 'Salvar'}
      </Button>
    </>
  );
}

/** The confirmations of Desativar and Excluir. */
function MethodConfirmDialogs({
  method,
  confirm,
  onClose,
  onDeactivate,
  onDelete,
}: {
  method: ShippingMethod;
  confirm: 'deactivate' | 'delete' | null;
  onClose: () => void;
  onDeactivate: () => Promise<void>;
  onDelete: () => Promise<void>;
}) {
  return (
    <>
      <ConfirmDialog
        open={confirm === 'deactivate'}
        title={`Desativar ${method.name}?`}
        text={`O checkout deixa de oferecer ${method.name}. Os pedidos já feitos não mudam; dá para ativar de novo depois.`}
        confirmLabel="Desativar"
        danger={false}
        onConfirm={onDeactivate}
        onClose={onClose}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        title={`Excluir ${method.name}?`}
        text={`${method.name} será excluída de vez, com a sua tabela de preços. Os pedidos já feitos guardam o nome e o prazo dela.`}
        confirmLabel={`Excluir ${method.name}`}
        danger
        onConfirm={onDelete}
        onClose={onClose}
      />
    </>
  );
}

export function ShippingMethodEditorView(props: ShippingMethodEditorViewProps) {
  const { method, form, errors, onChange, loading = false, error = null } = props;
  const [confirm, setConfirm] = useState<'deactivate' | 'delete' | null>(null);
  const creating = method === null;
  const title = creating ? 'Nova forma de entrega' : method.name;
  const breadcrumbs = [
    { label: 'Painel', to: dashboardPaths.home },
    { label: 'Frete', to: dashboardPaths.shipping },
    { label: creating ? 'Nova' : method.name },
  ];

  if (props.forbidden) {
    return (
      <DashboardPage title="Frete">
        <NoPermission message={SHIPPING_FORBIDDEN} />
      </DashboardPage>
    );
  }
  if (props.notFound) {
    return <MethodNotFound breadcrumbs={breadcrumbs.slice(0, 2)} />;
  }
  if (error !== null && form === null) {
    return (
      <DashboardPage title="Frete" breadcrumbs={breadcrumbs.slice(0, 2)}>
        <LoadError message={error} {...(props.onRetry ? { onRetry: props.onRetry } : {})} />
      </DashboardPage>
    );
  }
  if (form === null || (loading && form === null)) {
    return <EditorLoading breadcrumbs={breadcrumbs.slice(0, 2)} />;
  }

  const pickup = form.kind === 'PICKUP';
  const set = (change: Partial<ShippingForm>) => onChange((current) => ({ ...current, ...change }));

  return (
    <DashboardPage
      title={title}
      breadcrumbs={breadcrumbs}
      actions={
        <EditorActions
          method={method}
          onDeactivate={() => setConfirm('deactivate')}
          onActivate={() => void props.onSetActive(true)}
          onDelete={() => setConfirm('delete')}
          onSave={props.onSave}
          saving={props.saving}
        />
      }
    >
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) 360px' },
          alignItems: 'start',
        }}
      >
        <Box
          component="form"
          noValidate
          aria-label={title}
          onSubmit={(event) => {
            event.preventDefault();
            props.onSave();
          }}
          sx={{ display: 'grid', gap: 2, minWidth: 0 }}
        >
          {props.formError ? (
            <Alert severity="error" role="alert">
              {props.formError}
            </Alert>
          ) : null}
          {method !== null && !method.active ? (
            <Alert severity="info">
              Inativa: o checkout não oferece esta forma de entrega até que seja ativada.
            </Alert>
          ) : null}
          <DataSection form={form} errors={errors} set={set} />

          {pickup ? (
            <PickupSection method={method} form={form} errors={errors} set={set} />
          ) : (
            <>
              <Section title="Cotação por transportadora">
                <ShippingCarrierSection
                  form={form}
                  errors={errors}
                  carriers={props.carriers ?? null}
                  onChange={set}
                />
              </Section>
              <Section title="Tabela de preços">
                {errors.table ? (
                  <Alert severity="error" role="alert">
                    {errors.table}
                  </Alert>
                ) : null}
                <ShippingRateTable form={form} errors={errors} onChange={onChange} />
              </Section>
              <DeadlineSection
                form={form}
                errors={errors}
                set={set}
                storeThresholdCents={props.storeThresholdCents}
              />
            </>
          )}
          <Box>
            <Button type="submit" variant="contained" disabled={props.saving}>
              {props.saving ? 'Salvando…' : 'Salvar'}
            </Button>
          </Box>
        </Box>
        <ShippingSimulator {...props.simulator} note={SHIPPING_SIMULATOR_SAVED_NOTE} />
      </Box>

      {method !== null ? (
        <MethodConfirmDialogs
          method={method}
          confirm={confirm}
          onClose={() => setConfirm(null)}
          onDeactivate={() => props.onSetActive(false)}
          onDelete={props.onDelete}
        />
      ) : null}

      <LeaveDialog
        open={props.leaveAsking}
        where="nesta forma de entrega"
        onLeave={props.onLeave}
        onStay={props.onStay}
      />

      <Snackbar
        open={props.notice !== null}
        message={props.notice ?? ''}
        onClose={props.onNoticeClose}
        autoHideDuration={5000}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      />
    </DashboardPage>
  );
}
