// The coupon editor (Cupons › novo / um cupom, ADMIN): code (with "Gerar código"), description,
// kind and value, free shipping, minimum order, validity in São Paulo time, limits, brand and
// category scope, active; a live summary in one sentence and the usage so far beside it. Every
// server refusal shows at its field. Saving, deactivating or reactivating (confirmed) and deleting
// (confirmed, only while never used) go out through callbacks; the leave-without-saving question
// is asked here when the screen says so. Pure: props in, callbacks out (the form is local state,
// in useCouponEditor; the cards are in CouponFormSections and CouponSidePanel).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { ptBR as pickersPtBR } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/pt-br';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { flattenCategoryTree } from '../ProductEditor/ProductEditorView';
import { DashboardPage, categoryTreeFromFlat } from '../shared';
import { ListErrorAlert, type ListError } from '../../../components/dashboard/ListStates';
import { formSummary } from './couponEditor';
import {
  CouponActiveCard,
  CouponCodeSection,
  CouponDiscountSection,
  CouponLimitsSection,
  CouponScopeSection,
  CouponValiditySection,
} from './CouponFormSections';
import { couponStatus } from './couponFormat';
import type {
  CouponBrand,
  CouponCategory,
  CouponInputValue,
  CouponNode,
} from './CouponsScreen.graphql';
import { CouponSidePanel } from './CouponSidePanel';
import { CouponStatusChip } from './CouponsView';
import { useCouponEditor } from './useCouponEditor';
import { LeaveDialog } from '../../../components/dashboard/LeaveDialog';
import { ConfirmDialog } from '../../../components/dashboard/ConfirmDialog';

const pickerLocaleText = pickersPtBR.components.MuiLocalizationProvider.defaultProps.localeText;

/** Why an action failed: the input field the server named ('code', 'usageLimit'...), if any. */
export interface CouponActionError {
  field: string | null;
  message: string;
}

export interface CouponEditorViewProps {
  mode: 'new' | 'edit';
  /** The saved coupon (edit); null while loading or for a new one. */
  coupon: CouponNode | null;
  brands: CouponBrand[];
  categories: CouponCategory[];
  loading?: boolean;
  error?: ListError | null;
  onRetry?(): void;
  /** The :id is not among the coupons. */
  notFound?: boolean;
  listHref: string;
  /** Resolves with the saved coupon; rejects with a CouponActionError. */
  onSave(input: CouponInputValue): Promise<CouponNode>;
  onSetActive(active: boolean): Promise<CouponNode>;
  onDelete(): Promise<void>;
  /** "Cupom X criado." after the create page sent the staff member here. */
  notice?: string | null;
  /** The form differs from what is saved (the screen guards leaving). */
  onDirtyChange?(dirty: boolean): void;
  leaveAsking?: boolean;
  onLeave?(): void;
  onStay?(): void;
  /** Now, for the status (a prop so screenshots and tests are stable). */
  now?: number;
}

export function CouponEditorView(props: CouponEditorViewProps) {
  const { mode, coupon, loading = false, error = null, notFound = false } = props;
  const title = mode === 'new' ? 'Novo cupom' : (coupon?.code ?? 'Cupom');
  const breadcrumbs = [{ label: 'Cupons', to: props.listHref }, { label: title }];

  if (error?.kind === 'forbidden') {
    return (
      <DashboardPage title="Cupons" breadcrumbs={breadcrumbs}>
        <ListErrorAlert error={error} what="os cupons" />
      </DashboardPage>
    );
  }
  if (error) {
    return (
      <DashboardPage title={title} breadcrumbs={breadcrumbs}>
        <ListErrorAlert error={error} what="o cupom" onRetry={props.onRetry} />
      </DashboardPage>
    );
  }
  if (notFound) {
    return (
      <DashboardPage title="Cupom não encontrado" breadcrumbs={breadcrumbs}>
        <Alert severity="warning" role="alert">
          Este cupom não existe ou foi excluído.{' '}
          <Button component={RouterLink} to={props.listHref} size="small">
            Ver os cupons
          </Button>
        </Alert>
      </DashboardPage>
    );
  }
  if (loading || (mode === 'edit' && coupon === null)) {
    return (
      <DashboardPage title={title} breadcrumbs={breadcrumbs}>
        <Box
          role="status"
          aria-busy="true"
          aria-label="Carregando o cupom"
          sx={{ display: 'grid', gap: 2 }}
        >
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} variant="rounded" height={140} />
          ))}
        </Box>
      </DashboardPage>
    );
  }
  return (
    <CouponEditorForm
      key={coupon?.id ?? 'novo'}
      {...props}
      title={title}
      breadcrumbs={breadcrumbs}
    />
  );
}

/** Deactivating or reactivating, and deleting (only offered while never used), confirmed. */
function CouponConfirmDialogs({
  coupon,
  confirm,
  onClose,
  onSetActive,
  onActiveChanged,
  onDelete,
}: {
  coupon: CouponNode | null;
  confirm: 'active' | 'delete' | null;
  onClose(): void;
  onSetActive(active: boolean): Promise<CouponNode>;
  onActiveChanged(saved: CouponNode): void;
  onDelete(): Promise<void>;
}) {
  if (!coupon) return null;
  if (confirm === 'active') {
    return (
      <ConfirmDialog
        open
        title={coupon.active ? `Desativar ${coupon.code}?` : `Reativar ${coupon.code}?`}
        text={
          coupon.active
            ? 'O cupom deixa de ser aceito no carrinho a partir de agora. Os pedidos já feitos não mudam; dá para reativar depois.'
            : 'O cupom volta a ser aceito no carrinho, dentro da validade e dos limites.'
        }
        confirmLabel={coupon.active ? 'Desativar' : 'Reativar'}
        danger={coupon.active}
        onClose={onClose}
        onConfirm={async () => onActiveChanged(await onSetActive(!coupon.active))}
      />
    );
  }
  if (confirm === 'delete') {
    return (
      <ConfirmDialog
        open
        title={`Excluir o cupom ${coupon.code}?`}
        text={`O cupom ${coupon.code} será excluído de vez e não poderá ser recuperado. Quem tentar usá-lo verá que ele não existe.`}
        confirmLabel="Excluir"
        danger
        onClose={onClose}
        onConfirm={onDelete}
      />
    );
  }
  return null;
}

function CouponEditorForm(
  props: CouponEditorViewProps & {
    title: string;
    breadcrumbs: { label: string; to?: string }[];
  },
) {
  const { mode, coupon, brands } = props;
  const [mountedAt] = useState(() => Date.now());
  const now = props.now ?? mountedAt;
  const editor = useCouponEditor(props);
  const { form, set, help, saving } = editor;

  const categoryOptions = useMemo(
    () => flattenCategoryTree(categoryTreeFromFlat(props.categories)),
    [props.categories],
  );
  const status = coupon ? couponStatus(coupon, now) : null;

  const actions =
    mode === 'edit' && coupon ? (
      <>
        <Button
          variant="outlined"
          color={coupon.active ? 'warning' : 'primary'}
          onClick={() => editor.setConfirm('active')}
        >
          {coupon.active ? 'Desativar' : 'Reativar'}
        </Button>
        {coupon.usedCount === 0 ? (
          <Button variant="outlined" color="error" onClick={() => editor.setConfirm('delete')}>
            Excluir
          </Button>
        ) : null}
        <Button type="submit" form="cupom-form" variant="contained" disabled={saving}>
          Salvar
        </Button>
      </>
    ) : (
      <Button type="submit" form="cupom-form" variant="contained" disabled={saving}>
        Salvar
      </Button>
    );

  return (
    <DashboardPage title={props.title} breadcrumbs={props.breadcrumbs} actions={actions}>
      {status !== null ? (
        <Box sx={{ mt: -2, mb: 2 }}>
          <CouponStatusChip status={status} />
        </Box>
      ) : null}
      {editor.pageError !== null ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {editor.pageError}
        </Alert>
      ) : null}
      <LocalizationProvider
        dateAdapter={AdapterDayjs}
        adapterLocale="pt-br"
        localeText={pickerLocaleText}
      >
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
            alignItems: 'start',
          }}
        >
          <Box
            component="form"
            id="cupom-form"
            noValidate
            aria-label={mode === 'new' ? 'Novo cupom' : `Cupom ${coupon?.code ?? ''}`}
            onSubmit={(event) => void editor.handleSubmit(event)}
            sx={{ display: 'grid', gap: 2, minWidth: 0 }}
          >
            <CouponCodeSection form={form} set={set} help={help} />
            <CouponDiscountSection form={form} set={set} help={help} />
            <CouponValiditySection form={form} set={set} errors={editor.errors} />
            <CouponLimitsSection form={form} set={set} help={help} />
            <CouponScopeSection
              form={form}
              set={set}
              help={help}
              brands={brands}
              categoryOptions={categoryOptions}
            />
            <CouponActiveCard form={form} set={set} />

            <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
              <Button type="submit" variant="contained" size="large" disabled={saving}>
                {mode === 'new' ? 'Criar cupom' : 'Salvar alterações'}
              </Button>
            </Box>
          </Box>

          <CouponSidePanel
            form={form}
            summary={formSummary(form, brands, categoryOptions)}
            coupon={coupon}
          />
        </Box>
      </LocalizationProvider>

      <CouponConfirmDialogs
        coupon={coupon}
        confirm={editor.confirm}
        onClose={() => editor.setConfirm(null)}
        onSetActive={props.onSetActive}
        onActiveChanged={editor.activeChanged}
        onDelete={props.onDelete}
      />

      <LeaveDialog
        open={props.leaveAsking ?? false}
        where="neste cupom"
        onLeave={() => props.onLeave?.()}
        onStay={() => props.onStay?.()}
      />

      <Snackbar
        open={editor.notice !== null}
        message={editor.notice}
        autoHideDuration={6000}
        onClose={(_event, reason) => {
          if (reason === 'clickaway') return;
          editor.setNotice(null);
        }}
      />
    </DashboardPage>
  );
}
