// The coupon editor (Cupons › novo / um cupom, ADMIN): code (with "Gerar código"), description,
// kind and value, free shipping, minimum order, validity in São Paulo time, limits, brand and
// category scope, active; a live summary in one sentence and the usage so far beside it. Every
// server refusal shows at its field. Saving, deactivating or reactivating (confirmed) and deleting
// (confirmed, only while never used) go out through callbacks; the leave-without-saving question
// is asked here when the screen says so. Pure: props in, callbacks out (the form is local state).
import AutorenewRounded from '@mui/icons-material/AutorenewRounded';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { ptBR as pickersPtBR } from '@mui/x-date-pickers/locales';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { TOUCH_TARGET } from '../../../theme/createBrandTheme';
import { flattenCategoryTree } from '../ProductEditor/ProductEditorView';
import { DashboardPage, categoryTreeFromFlat } from '../shared';
import { ListErrorAlert, type ListError } from '../../../components/dashboard/ListStates';
import { CouponStatusChip } from './CouponsView';
import {
  COUPON_KIND_LABELS,
  cleanCouponCode,
  couponStatus,
  couponSummary,
  formatInstant,
  generateCouponCode,
  wallTimeToIso,
} from './couponFormat';
import {
  INVALID_DATE,
  emptyCouponForm,
  formFromCoupon,
  parseCouponForm,
  sameForm,
  type CouponFieldErrors,
  type CouponForm,
} from './couponForm';
import type {
  CouponBrand,
  CouponCategory,
  CouponInputValue,
  CouponKindValue,
  CouponNode,
} from './CouponsScreen.graphql';
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

const FIELD_ORDER = [
  'code',
  'description',
  'kind',
  'percent',
  'amountCents',
  'minSubtotalCents',
  'startsAt',
  'endsAt',
  'usageLimit',
  'perEmailLimit',
  'brandIds',
  'categoryIds',
];

const fieldId = (field: string) => `cupom-${field}`;

function isActionError(value: unknown): value is CouponActionError {
  return typeof value === 'object' && value !== null && 'message' in value;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography component="h2" variant="h6">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function DateTimeField({
  label,
  field,
  value,
  error,
  helper,
  onChange,
}: {
  label: string;
  field: string;
  value: string;
  error: string | undefined;
  helper: string;
  onChange(wall: string): void;
}) {
  return (
    <DateTimePicker
      label={label}
      ampm={false}
      value={value === '' || value === INVALID_DATE ? null : dayjs(value)}
      onChange={(next) => {
        if (next === null) onChange('');
        else onChange(next.isValid() ? next.format('YYYY-MM-DDTHH:mm') : INVALID_DATE);
      }}
      slotProps={{
        textField: {
          id: fieldId(field),
          error: error !== undefined,
          helperText: error ?? helper,
          sx: { '& .MuiPickersInputBase-root': { minHeight: TOUCH_TARGET } },
        },
        field: { clearable: true },
      }}
    />
  );
}

function UsageCard({ coupon }: { coupon: CouponNode }) {
  const limit = coupon.usageLimit;
  return (
    <Card variant="outlined" component="section" aria-label="Uso até agora">
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography component="h2" variant="h6">
          Uso até agora
        </Typography>
        <Typography variant="h5" component="p">
          {coupon.usedCount} {coupon.usedCount === 1 ? 'uso' : 'usos'}
          {limit !== null ? (
            <Typography component="span" color="text.secondary">
              {' '}
              de {limit}
            </Typography>
          ) : null}
        </Typography>
        {limit !== null ? (
          <LinearProgress
            variant="determinate"
            value={Math.min(100, (coupon.usedCount / limit) * 100)}
            aria-label="Usos do limite"
          />
        ) : null}
        <Typography variant="body2" color="text.secondary">
          {limit === null
            ? 'Sem limite total de usos.'
            : coupon.usedCount >= limit
              ? 'Limite atingido: o cupom não é mais aceito.'
              : `Restam ${limit - coupon.usedCount} ${limit - coupon.usedCount === 1 ? 'uso' : 'usos'}.`}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Criado em {formatInstant(coupon.createdAt)} · alterado em{' '}
          {formatInstant(coupon.updatedAt)}
        </Typography>
      </CardContent>
    </Card>
  );
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

function CouponEditorForm(
  props: CouponEditorViewProps & {
    title: string;
    breadcrumbs: { label: string; to?: string }[];
  },
) {
  const { mode, coupon, brands, onDirtyChange } = props;
  const [mountedAt] = useState(() => Date.now());
  const now = props.now ?? mountedAt;
  const [form, setForm] = useState<CouponForm>(() =>
    coupon ? formFromCoupon(coupon) : emptyCouponForm(),
  );
  const [baseline, setBaseline] = useState<CouponForm>(form);
  const [errors, setErrors] = useState<CouponFieldErrors>({});
  const [pageError, setPageError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // The news the previous page left ("Cupom X criado."), then this page's own.
  const [notice, setNotice] = useState<string | null>(props.notice ?? null);
  const [confirm, setConfirm] = useState<'active' | 'delete' | null>(null);
  const dirty = !sameForm(form, baseline);

  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  const categoryOptions = useMemo(
    () => flattenCategoryTree(categoryTreeFromFlat(props.categories)),
    [props.categories],
  );
  const brandName = new Map(brands.map((brand) => [brand.id, brand.name]));
  const categoryName = new Map(categoryOptions.map((option) => [option.id, option.label]));

  function set<K extends keyof CouponForm>(key: K, value: CouponForm[K], errorField?: string) {
    setForm((previous) => ({ ...previous, [key]: value }));
    const field = errorField ?? key;
    if (errors[field] !== undefined) {
      setErrors((previous) => {
        const next = { ...previous };
        delete next[field];
        return next;
      });
    }
  }

  function focusFirst(found: CouponFieldErrors) {
    const first = FIELD_ORDER.find((field) => found[field] !== undefined);
    if (first) {
      // After the error has rendered (aria-invalid and the message are read with the focus).
      setTimeout(() => document.getElementById(fieldId(first))?.focus(), 0);
    }
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const parsed = parseCouponForm(form);
    setPageError(null);
    setErrors(parsed.errors);
    if (Object.keys(parsed.errors).length > 0) {
      focusFirst(parsed.errors);
      return;
    }
    setSaving(true);
    try {
      const saved = await props.onSave(parsed.input);
      const next = formFromCoupon(saved);
      setForm(next);
      setBaseline(next);
      setNotice(mode === 'new' ? `Cupom ${saved.code} criado.` : 'Alterações salvas.');
    } catch (rejected) {
      const failure = isActionError(rejected)
        ? rejected
        : { field: null, message: 'Não foi possível salvar agora. Tente novamente.' };
      if (failure.field !== null && FIELD_ORDER.includes(failure.field)) {
        const found = { [failure.field]: failure.message };
        setErrors(found);
        focusFirst(found);
      } else {
        setPageError(failure.message);
      }
    } finally {
      setSaving(false);
    }
  }

  const parsed = parseCouponForm(form);
  const summary = couponSummary({
    ...parsed.input,
    percent: form.kind === 'PERCENT' ? parsed.input.percent : null,
    brandNames: form.brandIds.map((id) => brandName.get(id) ?? id),
    categoryNames: form.categoryIds.map((id) => categoryName.get(id) ?? id),
    startsAt:
      form.startsAt === '' || form.startsAt === INVALID_DATE
        ? null
        : wallTimeToIso(form.startsAt, 'start'),
    endsAt:
      form.endsAt === '' || form.endsAt === INVALID_DATE ? null : wallTimeToIso(form.endsAt, 'end'),
  });
  const status = coupon ? couponStatus(coupon, now) : null;
  const help = (field: string, text?: string) => ({
    id: fieldId(field),
    error: errors[field] !== undefined,
    helperText: errors[field] ?? text,
  });

  const actions =
    mode === 'edit' && coupon ? (
      <>
        <Button
          variant="outlined"
          color={coupon.active ? 'warning' : 'primary'}
          onClick={() => setConfirm('active')}
        >
          {coupon.active ? 'Desativar' : 'Reativar'}
        </Button>
        {coupon.usedCount === 0 ? (
          <Button variant="outlined" color="error" onClick={() => setConfirm('delete')}>
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
      {pageError !== null ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {pageError}
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
            onSubmit={(event) => void handleSubmit(event)}
            sx={{ display: 'grid', gap: 2, minWidth: 0 }}
          >
            <Section title="Código">
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
                <TextField
                  label="Código"
                  required
                  value={form.code}
                  onChange={(event) => set('code', cleanCouponCode(event.target.value))}
                  {...help('code', "Letras, números, '-' e '_'; o cliente digita no carrinho.")}
                  slotProps={{
                    htmlInput: { maxLength: 40, autoCapitalize: 'characters', spellCheck: false },
                  }}
                  sx={{ flex: '1 1 200px', '& input': { fontFamily: 'monospace' } }}
                />
                <Button
                  variant="outlined"
                  startIcon={<AutorenewRounded />}
                  onClick={() => set('code', generateCouponCode())}
                  sx={{ minHeight: 56 }}
                >
                  Gerar código
                </Button>
              </Box>
              <TextField
                label="Descrição (só para a equipe)"
                value={form.description}
                onChange={(event) => set('description', event.target.value)}
                {...help('description', 'Para que serve o cupom, onde foi divulgado.')}
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
            </Section>

            <Section title="Desconto">
              <TextField
                select
                label="Tipo"
                value={form.kind}
                onChange={(event) => set('kind', event.target.value as CouponKindValue)}
                {...help('kind')}
              >
                {(Object.keys(COUPON_KIND_LABELS) as CouponKindValue[]).map((kind) => (
                  <MenuItem key={kind} value={kind}>
                    {COUPON_KIND_LABELS[kind]}
                  </MenuItem>
                ))}
              </TextField>
              {form.kind === 'PERCENT' ? (
                <TextField
                  label="Porcentagem"
                  required
                  value={form.percent}
                  onChange={(event) => set('percent', event.target.value)}
                  {...help('percent', 'De 0,01 a 100, sobre os produtos que o cupom alcança.')}
                  slotProps={{
                    htmlInput: { inputMode: 'decimal' },
                    input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                  }}
                />
              ) : null}
              {form.kind === 'FIXED' ? (
                <TextField
                  label="Valor do desconto"
                  required
                  value={form.amount}
                  onChange={(event) => set('amount', event.target.value, 'amountCents')}
                  {...help('amountCents', 'Descontado do total dos produtos que o cupom alcança.')}
                  slotProps={{
                    htmlInput: { inputMode: 'decimal' },
                    input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
                  }}
                />
              ) : null}
              {form.kind !== 'FREE_SHIPPING' ? (
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={form.freeShipping}
                      onChange={(event) => set('freeShipping', event.target.checked)}
                    />
                  }
                  label="Também dá frete grátis"
                />
              ) : null}
              <TextField
                label="Pedido mínimo"
                value={form.minSubtotal}
                onChange={(event) => set('minSubtotal', event.target.value, 'minSubtotalCents')}
                {...help(
                  'minSubtotalCents',
                  'Soma dos produtos que o cupom alcança; vazio: qualquer valor.',
                )}
                slotProps={{
                  htmlInput: { inputMode: 'decimal' },
                  input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
                }}
              />
            </Section>

            <Section title="Validade">
              <Typography variant="body2" color="text.secondary">
                Horário de Brasília. Sem datas, o cupom vale desde já e não expira.
              </Typography>
              <Box
                sx={{
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
                }}
              >
                <DateTimeField
                  label="Começa em"
                  field="startsAt"
                  value={form.startsAt}
                  error={errors.startsAt}
                  helper="Vazio: vale desde já."
                  onChange={(wall) => set('startsAt', wall)}
                />
                <DateTimeField
                  label="Termina em"
                  field="endsAt"
                  value={form.endsAt}
                  error={errors.endsAt}
                  helper="Vazio: não expira. Vale até o fim do minuto."
                  onChange={(wall) => set('endsAt', wall)}
                />
              </Box>
            </Section>

            <Section title="Limites">
              <Box
                sx={{
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
                }}
              >
                <TextField
                  label="Usos no total"
                  value={form.usageLimit}
                  onChange={(event) => set('usageLimit', event.target.value)}
                  {...help('usageLimit', 'Vazio: ilimitado.')}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                />
                <TextField
                  label="Usos por e-mail"
                  value={form.perEmailLimit}
                  onChange={(event) => set('perEmailLimit', event.target.value)}
                  {...help('perEmailLimit', 'Por cliente (e-mail do pedido). Vazio: ilimitado.')}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                />
              </Box>
            </Section>

            <Section title="Vale para">
              <Typography variant="body2" color="text.secondary">
                Sem marcas nem categorias, vale para a loja inteira. Com as duas, só para os
                produtos da marca nessas categorias (e nas subcategorias).
              </Typography>
              <Autocomplete
                multiple
                options={brands}
                value={brands.filter((brand) => form.brandIds.includes(brand.id))}
                getOptionLabel={(brand) => (brand.active ? brand.name : `${brand.name} (inativa)`)}
                isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
                onChange={(_event, chosen) =>
                  set(
                    'brandIds',
                    chosen.map((brand) => brand.id),
                  )
                }
                noOptionsText="Nenhuma marca encontrada"
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Marcas"
                    {...help('brandIds', 'Vazio: todas as marcas.')}
                  />
                )}
              />
              <Autocomplete
                multiple
                options={categoryOptions}
                value={categoryOptions.filter((option) => form.categoryIds.includes(option.id))}
                getOptionLabel={(option) => option.path}
                isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
                onChange={(_event, chosen) =>
                  set(
                    'categoryIds',
                    chosen.map((option) => option.id),
                  )
                }
                renderOption={({ key, ...optionProps }, option) => (
                  <li key={key} {...optionProps}>
                    <Box component="span" sx={{ pl: option.depth * 2 }}>
                      {option.label}
                    </Box>
                  </li>
                )}
                noOptionsText="Nenhuma categoria encontrada"
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Categorias"
                    {...help('categoryIds', 'Vazio: todas as categorias.')}
                  />
                )}
              />
            </Section>

            <Card variant="outlined">
              <CardContent>
                <FormControlLabel
                  control={
                    <Switch
                      checked={form.active}
                      onChange={(event) => set('active', event.target.checked)}
                    />
                  }
                  label="Ativo"
                />
                <FormHelperText sx={{ mt: 0 }}>
                  Desligado, o cupom é recusado no carrinho, mesmo dentro da validade.
                </FormHelperText>
              </CardContent>
            </Card>

            <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
              <Button type="submit" variant="contained" size="large" disabled={saving}>
                {mode === 'new' ? 'Criar cupom' : 'Salvar alterações'}
              </Button>
            </Box>
          </Box>

          <Box
            sx={{
              display: 'grid',
              gap: 2,
              position: { md: 'sticky' },
              top: { md: 80 },
              minWidth: 0,
            }}
          >
            <Card
              component="section"
              aria-label="Resumo"
              sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}
            >
              <CardContent sx={{ display: 'grid', gap: 1 }}>
                <Typography component="h2" variant="overline">
                  Resumo
                </Typography>
                <Typography
                  sx={{
                    fontFamily: 'monospace',
                    fontWeight: 700,
                    fontSize: '1.25rem',
                    overflowWrap: 'anywhere',
                  }}
                >
                  {form.code === '' ? 'SEM CÓDIGO' : form.code}
                </Typography>
                <Typography data-testid="cupom-resumo" aria-live="polite">
                  {summary}.
                </Typography>
                {!form.active ? (
                  <Typography variant="body2">Inativo: não é aceito agora.</Typography>
                ) : null}
              </CardContent>
            </Card>
            {coupon ? <UsageCard coupon={coupon} /> : null}
            {coupon && coupon.usedCount > 0 ? (
              <Typography variant="body2" color="text.secondary">
                Já usado em pedidos: não pode ser excluído, só desativado (o histórico dos pedidos e
                os limites por cliente dependem dele).
              </Typography>
            ) : null}
          </Box>
        </Box>
      </LocalizationProvider>

      {coupon && confirm === 'active' ? (
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
          onClose={() => setConfirm(null)}
          onConfirm={async () => {
            const saved = await props.onSetActive(!coupon.active);
            setForm((previous) => ({ ...previous, active: saved.active }));
            setBaseline((previous) => ({ ...previous, active: saved.active }));
            setNotice(
              saved.active ? `Cupom ${saved.code} reativado.` : `Cupom ${saved.code} desativado.`,
            );
          }}
        />
      ) : null}
      {coupon && confirm === 'delete' ? (
        <ConfirmDialog
          open
          title={`Excluir o cupom ${coupon.code}?`}
          text={`O cupom ${coupon.code} será excluído de vez e não poderá ser recuperado. Quem tentar usá-lo verá que ele não existe.`}
          confirmLabel="Excluir"
          danger
          onClose={() => setConfirm(null)}
          onConfirm={props.onDelete}
        />
      ) : null}

      <LeaveDialog
        open={props.leaveAsking ?? false}
        where="neste cupom"
        onLeave={() => props.onLeave?.()}
        onStay={() => props.onStay?.()}
      />

      <Snackbar
        open={notice !== null}
        message={notice}
        autoHideDuration={6000}
        onClose={(_event, reason) => {
          if (reason === 'clickaway') return;
          setNotice(null);
        }}
      />
    </DashboardPage>
  );
}
