// The shipping simulator (Frete): a CEP, a weight in g or kg and an optional subtotal in, the
// options out as the storefront quotes them (price or "Grátis", "até N dias úteis", where to pick
// up). Pure: the screen runs the query and keeps the CEP and weight in the URL.
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SHIPPING_SIMULATION_LIMITS, SHIPPING_SIMULATION_MESSAGES } from '@vitrine/rules';
import { useState, type FormEvent } from 'react';

import { formatBRL, moneyInputText, parseBRL } from '../../../format';
import { maskCep } from '../../../forms/br/masks';
import { formatGrams, quoteDays } from './shippingForm';
import type { ShippingOptionQuote } from './ShippingScreen.graphql';

// The server's words and limits (@vitrine/rules checkShippingSimulationInput).
export const SIMULATOR_CEP_MESSAGE = SHIPPING_SIMULATION_MESSAGES.postalCode;
export const SIMULATOR_WEIGHT_MESSAGE = SHIPPING_SIMULATION_MESSAGES.weight;
const SUBTOTAL_MESSAGE = 'Subtotal inválido: use reais e centavos, como 150,00.';

export interface SimulationValues {
  /** 8 digits. */
  cep: string;
  weightGrams: number;
  subtotalCents: number | null;
}

export type SimulationState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'ready'; options: ShippingOptionQuote[] }
  | { kind: 'failed'; field: string | null; message: string };

export interface ShippingSimulatorProps {
  /** The last simulation asked for (from the URL), to fill the fields. */
  values: Partial<SimulationValues>;
  state: SimulationState;
  onSimulate: (values: SimulationValues) => void;
  /** A line under the title (the editor says it quotes the saved methods). */
  note?: string;
}

type Unit = 'g' | 'kg';

function weightText(grams: number | undefined, unit: Unit): string {
  if (grams === undefined) return '';
  return unit === 'g' ? String(grams) : (grams / 1000).toLocaleString('pt-BR');
}

/** '500' g -> 500; '1,5' kg -> 1500; null when not a weight. */
export function parseWeight(text: string, unit: Unit): number | null {
  const trimmed = text.trim();
  if (unit === 'g') return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
  if (!/^\d+(,\d{1,3})?$/.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split(',');
  return Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
}

function OptionRow({ option }: { option: ShippingOptionQuote }) {
  const pickup = option.kind === 'PICKUP';
  const free = option.priceCents === 0;
  return (
    <Box
      component="li"
      aria-label={option.name}
      sx={{
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr) auto',
        columnGap: 1.5,
        alignItems: 'start',
        py: 1.25,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0 },
      }}
    >
      {pickup ? (
        <StorefrontOutlined color="action" aria-hidden sx={{ mt: 0.25 }} />
      ) : (
        <LocalShippingOutlined color="action" aria-hidden sx={{ mt: 0.25 }} />
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{option.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {quoteDays(option.kind, option.businessDays)}
        </Typography>
        {pickup && option.pickupAddress ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            Retirar em: {option.pickupAddress}
          </Typography>
        ) : null}
      </Box>
      <Box sx={{ textAlign: 'right' }}>
        <Typography sx={{ fontWeight: 600, color: free ? 'success.dark' : 'text.primary' }}>
          {free ? 'Grátis' : formatBRL(option.priceCents)}
        </Typography>
        {option.freeShipping && option.fullPriceCents > 0 ? (
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ textDecoration: 'line-through' }}
            aria-label={`de ${formatBRL(option.fullPriceCents)}`}
          >
            {formatBRL(option.fullPriceCents)}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}

/** What the simulation found (the options, or that none serves), its error, or its skeleton. */
function SimulationResult({
  state,
  generalError,
}: {
  state: ShippingSimulatorProps['state'];
  /** The server's error when it is of no field. */
  generalError: string | null;
}) {
  return (
    <Box aria-live="polite">
      {state.kind === 'loading' ? (
        <Box role="status" aria-label="Calculando o frete">
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Box>
      ) : generalError !== null ? (
        <Alert severity="error">{generalError}</Alert>
      ) : state.kind === 'ready' ? (
        state.options.length === 0 ? (
          <Alert severity="warning">
            Nenhuma forma de entrega atende este CEP com este peso: o cliente não conseguiria fechar
            o pedido.
          </Alert>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary">
              {`Peso considerado: ${formatGrams(state.options[0]!.billableWeightGrams)}`}
            </Typography>
            <Box component="ul" aria-label="Opções de frete" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {state.options.map((option) => (
                <OptionRow key={option.methodId} option={option} />
              ))}
            </Box>
          </>
        )
      ) : null}
    </Box>
  );
}

export function ShippingSimulator({ values, state, onSimulate, note }: ShippingSimulatorProps) {
  const [cep, setCep] = useState(maskCep(values.cep ?? ''));
  const [unit, setUnit] = useState<Unit>(
    values.weightGrams !== undefined && values.weightGrams >= 1000 && values.weightGrams % 100 === 0
      ? 'kg'
      : 'g',
  );
  const [weight, setWeight] = useState(() => weightText(values.weightGrams, unit));
  const [subtotal, setSubtotal] = useState(
    values.subtotalCents == null ? '' : moneyInputText(values.subtotalCents),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  // The URL changed elsewhere (a link, back): show its CEP.
  const [shownCep, setShownCep] = useState(values.cep);
  if (values.cep !== shownCep) {
    setShownCep(values.cep);
    if (values.cep !== undefined) setCep(maskCep(values.cep));
  }

  const serverField = state.kind === 'failed' ? state.field : null;
  const fieldError = (field: string) =>
    errors[field] ?? (state.kind === 'failed' && serverField === field ? state.message : undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    const digits = cep.replace(/\D/g, '');
    if (digits.length !== 8) found.postalCode = SIMULATOR_CEP_MESSAGE;
    const grams = parseWeight(weight, unit);
    if (grams === null || grams < 1 || grams > SHIPPING_SIMULATION_LIMITS.maxWeightGrams)
      found.weightGrams = SIMULATOR_WEIGHT_MESSAGE;
    const cents = subtotal.trim() === '' ? null : parseBRL(subtotal);
    if (subtotal.trim() !== '' && cents === null) found.subtotalCents = SUBTOTAL_MESSAGE;
    setErrors(found);
    if (Object.keys(found).length > 0 || grams === null) return;
    onSimulate({ cep: digits, weightGrams: grams, subtotalCents: cents });
  }

  const generalError =
    state.kind === 'failed' &&
    !['postalCode', 'weightGrams', 'subtotalCents'].includes(serverField ?? '')
      ? state.message
      : null;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="simulador-titulo"
      sx={{ p: 2, display: 'grid', gap: 2, alignContent: 'start', minWidth: 0 }}
    >
      <Box>
        <Typography id="simulador-titulo" component="h2" variant="h6">
          Simular frete
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {note ?? 'As opções que a loja mostraria ao cliente, com as formas de entrega ativas.'}
        </Typography>
      </Box>
      <Box
        component="form"
        noValidate
        aria-label="Simular frete"
        onSubmit={submit}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        <TextField
          label="CEP"
          value={cep}
          onChange={(event) => setCep(maskCep(event.target.value))}
          error={fieldError('postalCode') !== undefined}
          helperText={fieldError('postalCode') ?? ' '}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
          placeholder="00000-000"
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 80px', gap: 1 }}>
          <TextField
            label="Peso"
            value={weight}
            onChange={(event) => setWeight(event.target.value)}
            error={fieldError('weightGrams') !== undefined}
            helperText={fieldError('weightGrams') ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            select
            label="Unidade"
            value={unit}
            onChange={(event) => {
              const next = event.target.value as Unit;
              const grams = parseWeight(weight, unit);
              setUnit(next);
              if (grams !== null) setWeight(weightText(grams, next));
            }}
          >
            <MenuItem value="g" sx={{ minHeight: 44 }}>
              g
            </MenuItem>
            <MenuItem value="kg" sx={{ minHeight: 44 }}>
              kg
            </MenuItem>
          </TextField>
        </Box>
        <TextField
          label="Subtotal dos produtos (opcional)"
          value={subtotal}
          onChange={(event) => setSubtotal(event.target.value)}
          error={fieldError('subtotalCents') !== undefined}
          helperText={fieldError('subtotalCents') ?? 'Para ver o frete grátis'}
          slotProps={{
            htmlInput: { inputMode: 'decimal' },
            input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
          }}
        />
        <Box sx={{ display: 'flex', alignItems: 'start', pt: { sm: 1 } }}>
          <Button type="submit" variant="contained" disabled={state.kind === 'loading'}>
            Simular
          </Button>
        </Box>
      </Box>
      <SimulationResult state={state} generalError={generalError} />
    </Paper>
  );
}
