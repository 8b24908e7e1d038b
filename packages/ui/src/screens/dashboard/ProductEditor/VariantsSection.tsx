// The variants: sizes and colours as chips make the matrix (every size with every colour); per
// variant SKU (suggested, editable), price and 'de' price in pt-BR, stock, weight and dimensions
// (shipping is quoted from them), GTIN checked as typed, low-stock threshold. Dropping a variant
// that appears in orders asks first: the orders keep their own copy of it.
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import {
  droppedWithOrders,
  fieldDomId,
  gtinError,
  MAX_VARIANTS,
  variantLabel,
  variantMatrix,
  type FieldErrors,
  type VariantRow,
} from './productForm';

const SIZE_SUGGESTIONS = ['PP', 'P', 'M', 'G', 'GG', 'XG', 'Único', '34', '36', '38', '40', '42'];
const COLOR_SUGGESTIONS = ['Branco', 'Preto', 'Azul', 'Vermelho', 'Verde', 'Bege', 'Cinza'];

export interface VariantsSectionProps {
  sizes: string[];
  colors: string[];
  variants: VariantRow[];
  slug: string;
  readOnly: boolean;
  errors: FieldErrors;
  onChange(next: { sizes: string[]; colors: string[]; variants: VariantRow[] }): void;
}

interface PendingRemoval {
  sizes: string[];
  colors: string[];
  variants: VariantRow[];
  dropped: VariantRow[];
}

function OptionChips({
  label,
  id,
  values,
  suggestions,
  readOnly,
  onChange,
}: {
  label: string;
  id: string;
  values: string[];
  suggestions: string[];
  readOnly: boolean;
  onChange(values: string[]): void;
}) {
  return (
    <Autocomplete
      multiple
      freeSolo
      id={id}
      options={suggestions.filter((item) => !values.includes(item))}
      value={values}
      disabled={readOnly}
      onChange={(_event, next) => {
        const cleaned = [...new Set(next.map((item) => item.trim()).filter(Boolean))];
        onChange(cleaned);
      }}
      renderValue={(value, getItemProps) =>
        value.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} label={option} {...itemProps} sx={{ minWidth: 48 }} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={readOnly ? '' : 'Digite e tecle Enter'}
          helperText={`Vazio: sem ${label.toLowerCase()}.`}
        />
      )}
    />
  );
}

interface UnitFieldOptions {
  suffix?: string;
  prefix?: string;
  helper?: string;
  inputMode?: 'decimal' | 'numeric';
}

/** A variant's number field, with its unit inside (R$, un., g, cm) and its error or hint. */
function UnitField({
  id,
  label,
  value,
  error,
  readOnly,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  readOnly: boolean;
  onChange(text: string): void;
  options: UnitFieldOptions;
}) {
  return (
    <TextField
      id={id}
      label={label}
      size="small"
      value={value}
      disabled={readOnly}
      error={!!error}
      helperText={error ?? options.helper ?? ' '}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        htmlInput: { inputMode: options.inputMode ?? 'numeric' },
        // With a unit inside the field, the label always sits above it: resting inside a
        // narrow empty field it ran into the unit ('Comprimentocm').
        ...(options.prefix || options.suffix ? { inputLabel: { shrink: true } } : {}),
        input: {
          ...(options.prefix
            ? {
                startAdornment: <InputAdornment position="start">{options.prefix}</InputAdornment>,
              }
            : {}),
          ...(options.suffix
            ? {
                endAdornment: <InputAdornment position="end">{options.suffix}</InputAdornment>,
              }
            : {}),
        },
      }}
    />
  );
}

/** One variant: its name and marks, SKU, prices, stock, weight and dimensions, GTIN. */
function VariantFields({
  row,
  index,
  readOnly,
  errors,
  onUpdate,
}: {
  row: VariantRow;
  index: number;
  readOnly: boolean;
  errors: FieldErrors;
  onUpdate(patch: Partial<VariantRow>): void;
}) {
  const at = (field: string) => `variants.${index}.${field}`;
  const liveGtin = gtinError(row.gtin);
  const field = (
    name: string,
    label: string,
    value: string,
    patch: (text: string) => Partial<VariantRow>,
    options: UnitFieldOptions = {},
  ) => (
    <UnitField
      id={fieldDomId(at(name))}
      label={label}
      value={value}
      error={errors[at(name)]}
      readOnly={readOnly}
      onChange={(text) => onUpdate(patch(text))}
      options={options}
    />
  );
  return (
    <Box
      component="li"
      aria-label={`Variação ${variantLabel(row)}`}
      sx={{ py: 2, borderTop: 1, borderColor: 'divider' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {variantLabel(row)}
        </Typography>
        {row.id === null ? <Chip size="small" label="Nova" /> : null}
        {row.hasOrders ? <Chip size="small" variant="outlined" label="Em pedidos" /> : null}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(3, minmax(0, 1fr))',
            lg: 'repeat(6, minmax(0, 1fr))',
          },
          columnGap: 1.5,
          // Room for the next row's label, which sits above its field: with less, a
          // helper text ('Ex.: 129,90') ran into the label under it ('Largura').
          rowGap: 2,
        }}
      >
        <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'span 2' } }}>
          <TextField
            id={fieldDomId(at('sku'))}
            label="SKU"
            size="small"
            fullWidth
            value={row.sku}
            disabled={readOnly}
            error={!!errors[at('sku')]}
            helperText={errors[at('sku')] ?? (row.skuEdited ? ' ' : 'Sugerido; pode editar.')}
            onChange={(event) =>
              onUpdate({ sku: event.target.value.toUpperCase(), skuEdited: true })
            }
          />
        </Box>
        {field('priceCents', 'Preço', row.price, (price) => ({ price }), {
          prefix: 'R$',
          inputMode: 'decimal',
          helper: 'Ex.: 129,90',
        })}
        {field('compareAtPriceCents', 'Preço "de"', row.compareAt, (compareAt) => ({ compareAt }), {
          prefix: 'R$',
          inputMode: 'decimal',
          helper: 'Opcional',
        })}
        {field('stock', 'Estoque', row.stock, (stock) => ({ stock }), { suffix: 'un.' })}
        {field('lowStockThreshold', 'Estoque mínimo', row.lowStock, (lowStock) => ({ lowStock }), {
          helper: 'Vazio: 5',
        })}
        {field('weightGrams', 'Peso', row.weight, (weight) => ({ weight }), {
          suffix: 'g',
        })}
        {field('lengthCm', 'Comprimento', row.length, (length) => ({ length }), {
          suffix: 'cm',
        })}
        {field('widthCm', 'Largura', row.width, (width) => ({ width }), { suffix: 'cm' })}
        {field('heightCm', 'Altura', row.height, (height) => ({ height }), {
          suffix: 'cm',
        })}
        <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'span 2' } }}>
          <TextField
            id={fieldDomId(at('gtin'))}
            label="GTIN / EAN"
            size="small"
            fullWidth
            value={row.gtin}
            disabled={readOnly}
            error={!!(errors[at('gtin')] ?? liveGtin)}
            helperText={
              errors[at('gtin')] ??
              liveGtin ??
              (row.gtin.trim() ? 'GTIN válido.' : 'Opcional: 8, 12, 13 ou 14 dígitos.')
            }
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            onChange={(event) => onUpdate({ gtin: event.target.value })}
          />
        </Box>
      </Box>
    </Box>
  );
}

/** Asks before dropping variants that appear in orders (the orders keep their own copy). */
function RemoveVariantsDialog({
  pending,
  onKeep,
  onRemove,
}: {
  pending: PendingRemoval | null;
  onKeep(): void;
  onRemove(pending: PendingRemoval): void;
}) {
  return (
    <Dialog open={pending !== null} onClose={onKeep} aria-labelledby="remover-variacoes-titulo">
      <DialogTitle id="remover-variacoes-titulo">Remover variações com pedidos?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {pending?.dropped.map((row) => variantLabel(row)).join(', ')}{' '}
          {pending && pending.dropped.length > 1 ? 'aparecem' : 'aparece'} em pedidos. Os pedidos
          guardam a própria cópia do item e não mudam; a variação some da loja ao salvar.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeep}>Manter</Button>
        <Button
          color="error"
          onClick={() => {
            if (pending) onRemove(pending);
            else onKeep();
          }}
        >
          Remover
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function VariantsSection({
  sizes,
  colors,
  variants,
  slug,
  readOnly,
  errors,
  onChange,
}: VariantsSectionProps) {
  const [pending, setPending] = useState<PendingRemoval | null>(null);

  function changeAxes(nextSizes: string[], nextColors: string[]) {
    const next = variantMatrix(nextSizes, nextColors, variants, slug);
    if (next.length > MAX_VARIANTS) return;
    const dropped = droppedWithOrders(variants, next);
    if (dropped.length > 0) {
      setPending({ sizes: nextSizes, colors: nextColors, variants: next, dropped });
      return;
    }
    onChange({ sizes: nextSizes, colors: nextColors, variants: next });
  }

  function update(key: string, patch: Partial<VariantRow>) {
    onChange({
      sizes,
      colors,
      variants: variants.map((row) => (row.key === key ? { ...row, ...patch } : row)),
    });
  }

  const combos = Math.max(sizes.length, 1) * Math.max(colors.length, 1);

  return (
    <Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          gap: 2,
          mb: 2,
        }}
      >
        <OptionChips
          label="Tamanhos"
          id="produto-tamanhos"
          values={sizes}
          suggestions={SIZE_SUGGESTIONS}
          readOnly={readOnly}
          onChange={(next) => changeAxes(next, colors)}
        />
        <OptionChips
          label="Cores"
          id="produto-cores"
          values={colors}
          suggestions={COLOR_SUGGESTIONS}
          readOnly={readOnly}
          onChange={(next) => changeAxes(sizes, next)}
        />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {combos === 1
          ? '1 variação'
          : `${combos} variações (${sizes.length || 1} × ${colors.length || 1})`}
        . Peso e medidas são usados no cálculo do frete: sem eles, o frete usa os padrões da loja.
      </Typography>
      {combos > MAX_VARIANTS ? (
        <Alert severity="warning">No máximo {MAX_VARIANTS} variações por produto.</Alert>
      ) : null}
      {errors.variants ? (
        <Alert severity="error" id={fieldDomId('variants')} sx={{ mb: 1 }}>
          {errors.variants}
        </Alert>
      ) : null}
      <Box component="ul" aria-label="Variações" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {variants.map((row, index) => (
          <VariantFields
            key={row.key}
            row={row}
            index={index}
            readOnly={readOnly}
            errors={errors}
            onUpdate={(patch) => update(row.key, patch)}
          />
        ))}
      </Box>
      <RemoveVariantsDialog
        pending={pending}
        onKeep={() => setPending(null)}
        onRemove={(removal) => {
          onChange({ sizes: removal.sizes, colors: removal.colors, variants: removal.variants });
          setPending(null);
        }}
      />
    </Box>
  );
}
