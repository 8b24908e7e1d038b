// The editor's price table: rows are the 10 postal regions (or the states with their own
// prices), columns the weight bands ("até 300 g"), each cell a price in R$; per row the price of
// each extra kg and the business days. Pure: the form in, the changed form out.
import AddRounded from '@mui/icons-material/AddRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputBase from '@mui/material/InputBase';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, useCallback, useId } from 'react';

import {
  fieldKey,
  REGION_LABELS,
  UFS,
  type RateRowForm,
  type ShippingFieldErrors,
  type ShippingForm,
  type UfRowForm,
} from './shippingForm';

/** Changes the form from its latest state (the rows are memoised, their callbacks stable). */
export type ShippingFormUpdate = (update: (form: ShippingForm) => ShippingForm) => void;

export interface ShippingRateTableProps {
  form: ShippingForm;
  errors: ShippingFieldErrors;
  onChange: ShippingFormUpdate;
  disabled?: boolean;
}

const CELL = { px: 1, py: 0.75, verticalAlign: 'top', borderBottom: 1, borderColor: 'divider' };
const HEAD = {
  ...CELL,
  textAlign: 'left' as const,
  typography: 'caption',
  fontWeight: 600,
  color: 'text.secondary',
  whiteSpace: 'nowrap' as const,
};

function bandName(text: string): string {
  return text.trim() === '' ? 'nova faixa' : `até ${text.trim()} g`;
}

// A light input per cell (a table has a hundred of them): InputBase, not a whole TextField.
function CellField({
  label,
  value,
  error,
  disabled,
  money = false,
  width = 112,
  onChange,
}: {
  label: string;
  value: string;
  error: string | undefined;
  disabled: boolean;
  money?: boolean;
  width?: number;
  onChange: (value: string) => void;
}) {
  const errorId = useId();
  return (
    <Box sx={{ width }}>
      <InputBase
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        error={error !== undefined}
        startAdornment={
          money ? (
            <Box component="span" aria-hidden sx={{ color: 'text.secondary', mr: 0.5 }}>
              R$
            </Box>
          ) : undefined
        }
        inputProps={{
          'aria-label': label,
          'aria-invalid': error !== undefined,
          ...(error !== undefined ? { 'aria-describedby': errorId } : {}),
          inputMode: money ? 'decimal' : 'numeric',
        }}
        sx={{
          width: '100%',
          px: 1,
          minHeight: 44,
          border: 1,
          borderRadius: 1,
          borderColor: error !== undefined ? 'error.main' : 'divider',
          typography: 'body2',
          '&.Mui-focused': { borderColor: 'primary.main', boxShadow: 1 },
          '&.Mui-disabled': { bgcolor: 'action.hover' },
        }}
      />
      {error !== undefined ? (
        <Typography id={errorId} variant="caption" color="error" sx={{ display: 'block' }}>
          {error}
        </Typography>
      ) : null}
    </Box>
  );
}

const RateCells = memo(function RateCells({
  row,
  rowKey,
  rowLabel,
  bands,
  errors,
  disabled,
  onRow,
}: {
  row: RateRowForm;
  rowKey: string;
  rowLabel: string;
  bands: string[];
  errors: ShippingFieldErrors;
  disabled: boolean;
  onRow: (change: (row: RateRowForm) => RateRowForm) => void;
}) {
  return (
    <>
      {bands.map((band, column) => (
        <Box component="td" key={column} sx={CELL}>
          <CellField
            label={`Preço ${rowLabel}, ${bandName(band)}`}
            value={row.prices[column] ?? ''}
            error={errors[fieldKey.price(rowKey, column)]}
            disabled={disabled}
            money
            onChange={(value) =>
              onRow((current) => ({
                ...current,
                prices: current.prices.map((p, i) => (i === column ? value : p)),
              }))
            }
          />
        </Box>
      ))}
      <Box component="td" sx={CELL}>
        <CellField
          label={`Kg adicional ${rowLabel}`}
          value={row.extraKg}
          error={errors[fieldKey.extraKg(rowKey)]}
          disabled={disabled}
          money
          onChange={(value) => onRow((current) => ({ ...current, extraKg: value }))}
        />
      </Box>
      <Box component="td" sx={CELL}>
        <CellField
          label={`Prazo em dias úteis ${rowLabel}`}
          value={row.days}
          error={errors[fieldKey.days(rowKey)]}
          disabled={disabled}
          width={80}
          onChange={(value) => onRow((current) => ({ ...current, days: value }))}
        />
      </Box>
    </>
  );
});

function BandHeaders({
  bands,
  errors,
  disabled,
  onChange,
}: {
  bands: string[];
  errors: ShippingFieldErrors;
  disabled: boolean;
  onChange: ShippingFormUpdate;
}) {
  function removeBand(column: number) {
    const drop = <R extends RateRowForm>(row: R): R => ({
      ...row,
      prices: row.prices.filter((_, i) => i !== column),
    });
    onChange((form) => ({
      ...form,
      bands: form.bands.filter((_, i) => i !== column),
      regions: form.regions.map(drop),
      ufs: form.ufs.map(drop),
    }));
  }
  return (
    <>
      {bands.map((band, column) => (
        <Box component="th" scope="col" key={column} sx={HEAD}>
          <Box sx={{ display: 'flex', alignItems: 'start', gap: 0.25 }}>
            <TextField
              size="small"
              value={band}
              disabled={disabled}
              onChange={(event) => {
                const value = event.target.value;
                onChange((form) => ({
                  ...form,
                  bands: form.bands.map((b, i) => (i === column ? value : b)),
                }));
              }}
              error={errors[fieldKey.band(column)] !== undefined}
              helperText={errors[fieldKey.band(column)]}
              sx={{ width: 112, '& .MuiInputBase-root': { minHeight: 44 } }}
              slotProps={{
                htmlInput: {
                  'aria-label': `Peso máximo da faixa ${column + 1}, em gramas`,
                  inputMode: 'numeric',
                },
                input: {
                  startAdornment: <InputAdornment position="start">até</InputAdornment>,
                  endAdornment: <InputAdornment position="end">g</InputAdornment>,
                },
                formHelperText: { sx: { mx: 0, maxWidth: 112, whiteSpace: 'normal' } },
              }}
            />
            <IconButton
              aria-label={`Remover a faixa ${bandName(band)}`}
              disabled={disabled || bands.length <= 1}
              onClick={() => removeBand(column)}
              size="small"
              sx={{ width: 44, height: 44 }}
            >
              <CloseRounded fontSize="small" />
            </IconButton>
          </Box>
        </Box>
      ))}
      <Box component="th" scope="col" sx={HEAD}>
        Kg adicional
      </Box>
      <Box component="th" scope="col" sx={HEAD}>
        Prazo (dias úteis)
      </Box>
    </>
  );
}

const RegionRow = memo(function RegionRow({
  region,
  row,
  bands,
  errors,
  disabled,
  onChange,
}: {
  region: number;
  row: RateRowForm;
  bands: string[];
  errors: ShippingFieldErrors;
  disabled: boolean;
  onChange: ShippingFormUpdate;
}) {
  const label = REGION_LABELS[region] ?? String(region);
  const rowError = errors[fieldKey.row(fieldKey.regionRow(region))];
  const onRow = useCallback(
    (change: (row: RateRowForm) => RateRowForm) =>
      onChange((form) => ({
        ...form,
        regions: form.regions.map((r, i) => (i === region ? change(r) : r)),
      })),
    [onChange, region],
  );
  return (
    <Box component="tr" sx={{ bgcolor: row.enabled ? undefined : 'action.hover' }}>
      <Box component="th" scope="row" sx={{ ...CELL, textAlign: 'left', minWidth: 190 }}>
        <Box sx={{ display: 'flex', alignItems: 'start', gap: 0.5 }}>
          <Checkbox
            checked={row.enabled}
            disabled={disabled}
            onChange={(event) => {
              const enabled = event.target.checked;
              onRow((current) => ({ ...current, enabled }));
            }}
            slotProps={{ input: { 'aria-label': `Atender ${label}` } }}
            sx={{ width: 44, height: 44 }}
          />
          <Box sx={{ pt: 1.25 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {label}
            </Typography>
            {row.enabled ? null : (
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                Não atende
              </Typography>
            )}
            {rowError ? (
              <Typography variant="caption" color="error" role="alert" sx={{ display: 'block' }}>
                {rowError}
              </Typography>
            ) : null}
          </Box>
        </Box>
      </Box>
      <RateCells
        row={row}
        rowKey={fieldKey.regionRow(region)}
        rowLabel={label}
        bands={bands}
        errors={errors}
        disabled={disabled || !row.enabled}
        onRow={onRow}
      />
    </Box>
  );
});

const UfRow = memo(function UfRow({
  index,
  row,
  bands,
  errors,
  disabled,
  onChange,
}: {
  index: number;
  row: UfRowForm;
  bands: string[];
  errors: ShippingFieldErrors;
  disabled: boolean;
  onChange: ShippingFormUpdate;
}) {
  const ufError = errors[fieldKey.uf(index)] ?? errors[fieldKey.row(fieldKey.ufRow(index))];
  const onRow = useCallback(
    (change: (row: RateRowForm) => RateRowForm) =>
      onChange((form) => ({
        ...form,
        ufs: form.ufs.map((r, i) => (i === index ? { ...r, ...change(r) } : r)),
      })),
    [onChange, index],
  );
  return (
    <tr>
      <Box component="th" scope="row" sx={{ ...CELL, textAlign: 'left' }}>
        <Box sx={{ display: 'flex', alignItems: 'start', gap: 0.5 }}>
          <TextField
            select
            size="small"
            value={row.uf}
            disabled={disabled}
            onChange={(event) => {
              const uf = event.target.value;
              onChange((form) => ({
                ...form,
                ufs: form.ufs.map((r, i) => (i === index ? { ...r, uf } : r)),
              }));
            }}
            error={ufError !== undefined}
            helperText={ufError}
            sx={{ width: 84, '& .MuiInputBase-root': { minHeight: 44 } }}
            slotProps={{
              htmlInput: { 'aria-label': `Estado da linha ${index + 1}` },
              select: { inputProps: { 'aria-label': `Estado da linha ${index + 1}` } },
            }}
          >
            {UFS.map((uf) => (
              <MenuItem key={uf} value={uf} sx={{ minHeight: 44 }}>
                {uf}
              </MenuItem>
            ))}
          </TextField>
          <IconButton
            aria-label={`Remover os preços de ${row.uf}`}
            disabled={disabled}
            onClick={() =>
              onChange((form) => ({ ...form, ufs: form.ufs.filter((_, i) => i !== index) }))
            }
            sx={{ width: 44, height: 44 }}
          >
            <DeleteOutlineRounded fontSize="small" />
          </IconButton>
        </Box>
      </Box>
      <RateCells
        row={row}
        rowKey={fieldKey.ufRow(index)}
        rowLabel={`UF ${row.uf}`}
        bands={bands}
        errors={errors}
        disabled={disabled}
        onRow={onRow}
      />
    </tr>
  );
});

export function ShippingRateTable(props: ShippingRateTableProps) {
  const { form, errors, onChange, disabled = false } = props;

  function addBand() {
    const add = <R extends RateRowForm>(row: R): R => ({ ...row, prices: [...row.prices, ''] });
    onChange((current) => ({
      ...current,
      bands: [...current.bands, ''],
      regions: current.regions.map(add),
      ufs: current.ufs.map(add),
    }));
  }
  function addUf() {
    onChange((current) => {
      const taken = new Set(current.ufs.map((row) => row.uf));
      const uf = UFS.find((candidate) => !taken.has(candidate)) ?? 'SP';
      return {
        ...current,
        ufs: [
          ...current.ufs,
          { uf, enabled: true, prices: current.bands.map(() => ''), extraKg: '', days: '' },
        ],
      };
    });
  }

  const scroller = {
    overflowX: 'auto',
    border: 1,
    borderColor: 'divider',
    borderRadius: 1,
    '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
  } as const;

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 240px' }}>
          Cada coluna é uma faixa de peso; a célula vazia deixa a faixa de fora naquela linha. Acima
          da última faixa, cobra-se o kg adicional por kg iniciado (vazio: recusa pacotes mais
          pesados).
        </Typography>
        <Button startIcon={<AddRounded />} onClick={addBand} disabled={disabled}>
          Adicionar faixa de peso
        </Button>
      </Box>
      <Box role="region" aria-label="Preços por região postal" tabIndex={0} sx={scroller}>
        <Box component="table" sx={{ borderCollapse: 'collapse', minWidth: '100%' }}>
          <Box component="caption" sx={{ textAlign: 'left', p: 1, typography: 'subtitle2' }}>
            Regiões postais (primeiro dígito do CEP)
          </Box>
          <thead>
            <tr>
              <Box component="th" scope="col" sx={HEAD}>
                Região
              </Box>
              <BandHeaders
                bands={form.bands}
                errors={errors}
                disabled={disabled}
                onChange={onChange}
              />
            </tr>
          </thead>
          <tbody>
            {form.regions.map((row, region) => (
              <RegionRow
                key={region}
                region={region}
                row={row}
                bands={form.bands}
                errors={errors}
                disabled={disabled}
                onChange={onChange}
              />
            ))}
          </tbody>
        </Box>
      </Box>

      <Box sx={{ display: 'grid', gap: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Preços por estado
        </Typography>
        <Typography variant="body2" color="text.secondary">
          O preço de um estado vale no lugar do da sua região (por exemplo, AM mais caro que o resto
          da região 6).
        </Typography>
        {form.ufs.length > 0 ? (
          <Box role="region" aria-label="Preços por estado" tabIndex={0} sx={scroller}>
            <Box component="table" sx={{ borderCollapse: 'collapse', minWidth: '100%' }}>
              <thead>
                <tr>
                  <Box component="th" scope="col" sx={HEAD}>
                    UF
                  </Box>
                  {form.bands.map((band, column) => (
                    <Box component="th" scope="col" key={column} sx={HEAD}>
                      {bandName(band)}
                    </Box>
                  ))}
                  <Box component="th" scope="col" sx={HEAD}>
                    Kg adicional
                  </Box>
                  <Box component="th" scope="col" sx={HEAD}>
                    Prazo (dias úteis)
                  </Box>
                </tr>
              </thead>
              <tbody>
                {form.ufs.map((row, index) => (
                  <UfRow
                    key={index}
                    index={index}
                    row={row}
                    bands={form.bands}
                    errors={errors}
                    disabled={disabled}
                    onChange={onChange}
                  />
                ))}
              </tbody>
            </Box>
          </Box>
        ) : null}
        <Box>
          <Button
            startIcon={<AddRounded />}
            onClick={addUf}
            disabled={disabled || form.ufs.length >= UFS.length}
          >
            Adicionar estado
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
