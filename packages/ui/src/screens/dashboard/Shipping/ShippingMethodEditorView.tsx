// The shipping method editor (Frete › a method, ADMIN): name, kind, description, active; for a
// delivery the carrier that quotes it (if any), the region × weight-band table with per-state
// prices, handling days and the free-shipping rule; for pickup the counter (street to CEP, opening hours, instructions) and the
// days until ready. Every server error at its
// field; Salvar, Desativar and Excluir (both confirmed); the leave-without-saving question; the
// simulator of the saved methods beside it. Pure: props in, callbacks out.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { formatBRL } from '../../../format';
import { maskCep } from '../../../forms/br';
import { dashboardPaths } from '../../../routes/dashboardPaths';
import { LoadError, NoPermission } from '../Categories/PageStates';
import { DashboardPage } from '../shared/DashboardPage';
import { ShippingCarrierSection } from './ShippingCarrierSection';
import { ShippingRateTable, type ShippingFormUpdate } from './ShippingRateTable';
import { ShippingSimulator, type ShippingSimulatorProps } from './ShippingSimulator';
import {
  UFS,
  type PickupPointForm,
  type ShippingFieldErrors,
  type ShippingForm,
} from './shippingForm';
import type { ShippingCarrierInfo, ShippingKind, ShippingMethod } from './ShippingScreen.graphql';
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

const UF_OPTIONS = ['', ...UFS];

/** The counter's fields: street to CEP, opening hours and the store's instructions. */
function PickupPointFields({
  point,
  errors,
  onChange,
}: {
  point: PickupPointForm;
  errors: ShippingFieldErrors;
  onChange: (change: Partial<PickupPointForm>) => void;
}) {
  const field = (name: keyof PickupPointForm, label: string, hint = ' ') => ({
    label,
    value: point[name],
    onChange: (event: { target: { value: string } }) => onChange({ [name]: event.target.value }),
    error: errors[`pickupPoint.${name}`] !== undefined,
    helperText: errors[`pickupPoint.${name}`] ?? hint,
  });
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(6, minmax(0, 1fr))' },
        '& > *': { gridColumn: { xs: '1 / -1', sm: 'span 6' } },
      }}
    >
      <TextField
        {...field('street', 'Rua / avenida')}
        required
        autoComplete="off"
        sx={{ gridColumn: { sm: 'span 4' } }}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <TextField
        {...field('number', 'Número', 'Ou s/n.')}
        required
        sx={{ gridColumn: { sm: 'span 2' } }}
        slotProps={{ htmlInput: { maxLength: 20 } }}
      />
      <TextField
        {...field('complement', 'Complemento (opcional)', 'Loja, andar, sala.')}
        sx={{ gridColumn: { sm: 'span 3' } }}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <TextField
        {...field('district', 'Bairro')}
        required
        sx={{ gridColumn: { sm: 'span 3' } }}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <TextField
        {...field('city', 'Cidade')}
        required
        sx={{ gridColumn: { sm: 'span 3' } }}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <TextField
        {...field('uf', 'UF')}
        select
        required
        sx={{ gridColumn: { sm: 'span 1' } }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {UF_OPTIONS.map((uf) => (
          <option key={uf} value={uf}>
            {uf === '' ? 'UF' : uf}
          </option>
        ))}
      </TextField>
      <TextField
        {...field('postalCode', 'CEP')}
        onChange={(event) => onChange({ postalCode: maskCep(event.target.value) })}
        required
        placeholder="00000-000"
        sx={{ gridColumn: { sm: 'span 2' } }}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <TextField
        {...field(
          'hours',
          'Horário de funcionamento',
          'Como o cliente lê, por exemplo: "Seg. a sex., 10h às 19h; sáb., 10h às 14h".',
        )}
        required
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <TextField
        {...field(
          'instructions',
          'Instruções para retirar (opcional)',
          'Onde fica o balcão, quem mais pode retirar. O cliente sempre é avisado de levar um documento com foto e o número do pedido.',
        )}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `frete-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={id}
      sx={{ p: 2, display: 'grid', gap: 2, minWidth: 0 }}
    >
      <Typography id={id} component="h2" variant="h6">
        {title}
      </Typography>
      {children}
    </Paper>
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
    return (
      <DashboardPage title="Forma de entrega não encontrada" breadcrumbs={breadcrumbs.slice(0, 2)}>
        <Alert severity="warning">
          Esta forma de entrega não existe mais.{' '}
          <Link component={RouterLink} to={dashboardPaths.shipping}>
            Voltar para Frete
          </Link>
        </Alert>
      </DashboardPage>
    );
  }
  if (error !== null && form === null) {
    return (
      <DashboardPage title="Frete" breadcrumbs={breadcrumbs.slice(0, 2)}>
        <LoadError message={error} {...(props.onRetry ? { onRetry: props.onRetry } : {})} />
      </DashboardPage>
    );
  }
  if (form === null || (loading && form === null)) {
    return (
      <DashboardPage title="Frete" breadcrumbs={breadcrumbs.slice(0, 2)}>
        <Box role="status" aria-label="Carregando a forma de entrega">
          <Skeleton height={56} />
          <Skeleton height={240} />
        </Box>
      </DashboardPage>
    );
  }

  const pickup = form.kind === 'PICKUP';
  const set = (change: Partial<ShippingForm>) => onChange((current) => ({ ...current, ...change }));
  const helper = (field: string, fallback = ' ') => errors[field] ?? fallback;
  const storeThreshold =
    props.storeThresholdCents === null
      ? 'Usar o da loja (a loja não oferece frete grátis)'
      : `Usar o da loja (a partir de ${formatBRL(props.storeThresholdCents)})`;

  return (
    <DashboardPage
      title={title}
      breadcrumbs={breadcrumbs}
      actions={
        <>
          {creating ? null : method.active ? (
            <Button color="inherit" variant="outlined" onClick={() => setConfirm('deactivate')}>
              Desativar
            </Button>
          ) : (
            <Button variant="outlined" onClick={() => void props.onSetActive(true)}>
              Ativar
            </Button>
          )}
          {creating ? null : (
            <Button color="error" variant="outlined" onClick={() => setConfirm('delete')}>
              Excluir
            </Button>
          )}
          <Button variant="contained" onClick={props.onSave} disabled={props.saving}>
            {props.saving ? 'Salvando…' : 'Salvar'}
          </Button>
        </>
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
          <Section title="Dados">
            <TextField
              label="Nome"
              value={form.name}
              onChange={(event) => set({ name: event.target.value })}
              error={errors.name !== undefined}
              helperText={helper('name', 'Como o cliente vê no checkout, como "PAC" ou "SEDEX".')}
              required
              slotProps={{ htmlInput: { maxLength: 80 } }}
            />
            <FormControl error={errors.kind !== undefined}>
              <FormLabel id="frete-tipo">Tipo</FormLabel>
              <RadioGroup
                row
                aria-labelledby="frete-tipo"
                value={form.kind}
                onChange={(event) => set({ kind: event.target.value as ShippingKind })}
              >
                <FormControlLabel value="DELIVERY" control={<Radio />} label="Entrega" />
                <FormControlLabel value="PICKUP" control={<Radio />} label="Retirada na loja" />
              </RadioGroup>
              {errors.kind ? <FormHelperText>{errors.kind}</FormHelperText> : null}
            </FormControl>
            <TextField
              label="Descrição"
              value={form.description}
              onChange={(event) => set({ description: event.target.value })}
              error={errors.description !== undefined}
              helperText={helper('description', 'Opcional: uma linha sob o nome no checkout.')}
              multiline
              minRows={2}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={form.active}
                  onChange={(event) => set({ active: event.target.checked })}
                />
              }
              label="Ativa (oferecida no checkout)"
            />
          </Section>

          {pickup ? (
            <Section title="Retirada">
              <Typography variant="body2" color="text.secondary">
                O endereço, o horário e as instruções aparecem para o cliente no checkout, na
                confirmação, no acompanhamento e em todos os e-mails do pedido. Cada pedido guarda o
                endereço de quando foi feito.
              </Typography>
              {method?.pickupPoint && !method.pickupPoint.street && method.pickupAddress ? (
                <Alert severity="warning">
                  Endereço atual, numa linha só: {method.pickupAddress}. Preencha os campos abaixo
                  para continuar oferecendo a retirada.
                </Alert>
              ) : null}
              <PickupPointFields
                point={form.pickupPoint}
                errors={errors}
                onChange={(change) => set({ pickupPoint: { ...form.pickupPoint, ...change } })}
              />
              <TextField
                label="Pronta para retirada em"
                value={form.readyDays}
                onChange={(event) => set({ readyDays: event.target.value })}
                error={errors.readyInBusinessDays !== undefined}
                helperText={helper('readyInBusinessDays')}
                sx={{ maxWidth: 260 }}
                slotProps={{
                  htmlInput: { inputMode: 'numeric' },
                  input: {
                    endAdornment: <InputAdornment position="end">dias úteis</InputAdornment>,
                  },
                }}
              />
              <Typography variant="body2" color="text.secondary">
                Retirada na loja é sempre grátis.
              </Typography>
            </Section>
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
              <Section title="Prazo e frete grátis">
                <TextField
                  label="Dias de preparo"
                  value={form.handlingDays}
                  onChange={(event) => set({ handlingDays: event.target.value })}
                  error={errors.handlingBusinessDays !== undefined}
                  helperText={helper(
                    'handlingBusinessDays',
                    'Somados ao prazo da tabela em todos os envios.',
                  )}
                  sx={{ maxWidth: 260 }}
                  slotProps={{
                    htmlInput: { inputMode: 'numeric' },
                    input: {
                      endAdornment: <InputAdornment position="end">dias úteis</InputAdornment>,
                    },
                  }}
                />
                {form.excluded ? null : (
                  <FormControl>
                    <FormLabel id="frete-gratis">Frete grátis</FormLabel>
                    <RadioGroup
                      aria-labelledby="frete-gratis"
                      value={form.thresholdMode}
                      onChange={(event) =>
                        set({ thresholdMode: event.target.value === 'own' ? 'own' : 'store' })
                      }
                    >
                      <FormControlLabel value="store" control={<Radio />} label={storeThreshold} />
                      <FormControlLabel value="own" control={<Radio />} label="Valor próprio" />
                    </RadioGroup>
                  </FormControl>
                )}
                {form.thresholdMode === 'own' && !form.excluded ? (
                  <TextField
                    label="Grátis a partir de"
                    value={form.threshold}
                    onChange={(event) => set({ threshold: event.target.value })}
                    error={errors.freeShippingThresholdCents !== undefined}
                    helperText={helper(
                      'freeShippingThresholdCents',
                      'Subtotal dos produtos, depois do cupom.',
                    )}
                    sx={{ maxWidth: 260 }}
                    slotProps={{
                      htmlInput: { inputMode: 'decimal' },
                      input: {
                        startAdornment: <InputAdornment position="start">R$</InputAdornment>,
                      },
                    }}
                  />
                ) : null}
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={form.excluded}
                      onChange={(event) => set({ excluded: event.target.checked })}
                    />
                  }
                  label="Nunca grátis (fica fora de qualquer frete grátis, como um expresso)"
                />
              </Section>
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
        <>
          <ConfirmDialog
            open={confirm === 'deactivate'}
            title={`Desativar ${method.name}?`}
            text={`O checkout deixa de oferecer ${method.name}. Os pedidos já feitos não mudam; dá para ativar de novo depois.`}
            confirmLabel="Desativar"
            danger={false}
            onConfirm={() => props.onSetActive(false)}
            onClose={() => setConfirm(null)}
          />
          <ConfirmDialog
            open={confirm === 'delete'}
            title={`Excluir ${method.name}?`}
            text={`${method.name} será excluída de vez, com a sua tabela de preços. Os pedidos já feitos guardam o nome e o prazo dela.`}
            confirmLabel={`Excluir ${method.name}`}
            danger
            onConfirm={props.onDelete}
            onClose={() => setConfirm(null)}
          />
        </>
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
