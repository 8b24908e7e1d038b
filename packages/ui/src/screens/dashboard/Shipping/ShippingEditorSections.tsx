// The shipping method editor's sections: Dados, Retirada (with the counter's fields) and Prazo e
// frete grátis, in the editor's Section card.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { formatBRL } from '../../../format';
import { maskCep } from '../../../forms/br';
import {
  UFS,
  type PickupPointForm,
  type ShippingFieldErrors,
  type ShippingForm,
} from './shippingForm';
import type { ShippingKind, ShippingMethod } from './ShippingScreen.graphql';

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

export function Section({ title, children }: { title: string; children: ReactNode }) {
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

/** Name, kind, description and whether the checkout offers it. */
export function DataSection({
  form,
  errors,
  set,
}: {
  form: ShippingForm;
  errors: ShippingFieldErrors;
  set: (change: Partial<ShippingForm>) => void;
}) {
  const helper = (field: string, fallback = ' ') => errors[field] ?? fallback;
  return (
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
  );
}

/** Pickup: the counter's address, hours and instructions, and the days until ready. */
export function PickupSection({
  method,
  form,
  errors,
  set,
}: {
  method: ShippingMethod | null;
  form: ShippingForm;
  errors: ShippingFieldErrors;
  set: (change: Partial<ShippingForm>) => void;
}) {
  const helper = (field: string, fallback = ' ') => errors[field] ?? fallback;
  return (
    <Section title="Retirada">
      <Typography variant="body2" color="text.secondary">
        O endereço, o horário e as instruções aparecem para o cliente no checkout, na confirmação,
        no acompanhamento e em todos os e-mails do pedido. Cada pedido guarda o endereço de quando
        foi feito.
      </Typography>
      {method?.pickupPoint && !method.pickupPoint.street && method.pickupAddress ? (
        <Alert severity="warning">
          Endereço atual, numa linha só: {method.pickupAddress}. Preencha os campos abaixo para
          continuar oferecendo a retirada.
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
  );
}

/** Handling days and the free-shipping rule (the store's threshold, its own, or never). */
export function DeadlineSection({
  form,
  errors,
  set,
  storeThresholdCents,
}: {
  form: ShippingForm;
  errors: ShippingFieldErrors;
  set: (change: Partial<ShippingForm>) => void;
  storeThresholdCents: number | null;
}) {
  const helper = (field: string, fallback = ' ') => errors[field] ?? fallback;
  const storeThreshold =
    storeThresholdCents === null
      ? 'Usar o da loja (a loja não oferece frete grátis)'
      : `Usar o da loja (a partir de ${formatBRL(storeThresholdCents)})`;
  return (
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
  );
}
