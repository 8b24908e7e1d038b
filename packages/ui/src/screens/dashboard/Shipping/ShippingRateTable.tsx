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
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
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

// Static styled cells and inputs: a table has a hundred of them, and per-instance sx costs.
// Cells are kept narrow so a table of 5 weight bands fits a 1366 px laptop beside the sidebar
// (it scrolled sideways there); phones still scroll, with the row's name kept in view.
const Td = styled('td')(({ theme }) => ({
  padding: theme.spacing(0.75, 0.5),
  verticalAlign: 'top',
  borderBottom: `1px solid ${theme.palette.divider}`,
}));

// The row's name stays in view while the prices scroll sideways (phones).
const RowTh = styled('th')(({ theme }) => ({
  padding: theme.spacing(0.75, 1, 0.75, 0.5),
  verticalAlign: 'top',
  textAlign: 'left',
  borderBottom: `1px solid ${theme.palette.divider}`,
  position: 'sticky',
  left: 0,
  zIndex: 1,
  backgroundColor: theme.palette.background.paper,
  minWidth: 140,
  [theme.breakpoints.up('sm')]: { minWidth: 150 },
}));

const ColTh = styled('th')(({ theme }) => ({
  ...theme.typography.caption,
  padding: theme.spacing(0.75, 0.5),
  verticalAlign: 'top',
  textAlign: 'left',
  fontWeight: 600,
  color: theme.palette.text.secondary,
  whiteSpace: 'nowrap',
  borderBottom: `1px solid ${theme.palette.divider}`,
}));

const Tr = styled('tr')(({ theme }) => ({
  '&[data-off="true"]': { backgroundColor: theme.palette.action.hover },
}));

const CellBox = styled('label')(({ theme }) => ({
  ...theme.typography.body2,
  display: 'flex',
  alignItems: 'center',
  gap: theme.spacing(0.5),
  minHeight: 44,
  padding: theme.spacing(0, 0.75),
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: theme.shape.borderRadius,
  backgroundColor: theme.palette.background.paper,
  color: theme.palette.text.secondary,
  '&:focus-within': {
    borderColor: theme.palette.primary.main,
    boxShadow: `0 0 0 1px ${theme.palette.primary.main}`,
  },
  '&[data-invalid="true"]': { borderColor: theme.palette.error.main },
  '&[data-disabled="true"]': { backgroundColor: theme.palette.action.hover },
}));

const CellInput = styled('input')(({ theme }) => ({
  ...theme.typography.body2,
  flex: 1,
  minWidth: 0,
  border: 0,
  outline: 0,
  padding: 0,
  background: 'transparent',
  color: theme.palette.text.primary,
  '&:disabled': { color: theme.palette.text.secondary },
}));

const CellError = styled('span')(({ theme }) => ({
  ...theme.typography.caption,
  display: 'block',
  color: theme.palette.error.main,
}));

function bandName(text: string): string {
  return text.trim() === '' ? 'nova faixa' : `até ${text.trim()} g`;
}

function CellField({
  label,
  value,
  error,
  disabled,
  money = false,
  width = 92,
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
    <div style={{ width }}>
      <CellBox data-invalid={error !== undefined} data-disabled={disabled}>
        {money ? <span aria-hidden>R$</span> : null}
        <CellInput
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          aria-label={label}
          aria-invalid={error !== undefined}
          aria-describedby={error !== undefined ? errorId : undefined}
          inputMode={money ? 'decimal' : 'numeric'}
        />
      </CellBox>
      {error !== undefined ? <CellError id={errorId}>{error}</CellError> : null}
    </div>
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
        <Td key={column}>
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
        </Td>
      ))}
      <Td>
        <CellField
          label={`Kg adicional ${rowLabel}`}
          value={row.extraKg}
          error={errors[fieldKey.extraKg(rowKey)]}
          disabled={disabled}
          money
          onChange={(value) => onRow((current) => ({ ...current, extraKg: value }))}
        />
      </Td>
      <Td>
        <CellField
          label={`Prazo em dias úteis ${rowLabel}`}
          value={row.days}
          error={errors[fieldKey.days(rowKey)]}
          disabled={disabled}
          width={64}
          onChange={(value) => onRow((current) => ({ ...current, days: value }))}
        />
      </Td>
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
        <ColTh scope="col" key={column}>
          {/* The remove button under the field, so a band's column is only as wide as its cells. */}
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.25 }}>
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
              sx={{
                width: 108,
                '& .MuiInputBase-root': { minHeight: 44, px: 0.75 },
                '& .MuiInputBase-input': { px: 0.25 },
                '& .MuiInputAdornment-positionStart': { mr: 0.5 },
                '& .MuiInputAdornment-positionEnd': { ml: 0.5 },
              }}
              slotProps={{
                htmlInput: {
                  'aria-label': `Peso máximo da faixa ${column + 1}, em gramas`,
                  inputMode: 'numeric',
                },
                input: {
                  startAdornment: <InputAdornment position="start">até</InputAdornment>,
                  endAdornment: <InputAdornment position="end">g</InputAdornment>,
                },
                formHelperText: { sx: { mx: 0, maxWidth: 108, whiteSpace: 'normal' } },
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
        </ColTh>
      ))}
      <ColTh scope="col">Kg adicional</ColTh>
      <ColTh scope="col">Prazo (dias úteis)</ColTh>
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
    <Tr data-off={!row.enabled}>
      <RowTh scope="row">
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
      </RowTh>
      <RateCells
        row={row}
        rowKey={fieldKey.regionRow(region)}
        rowLabel={label}
        bands={bands}
        errors={errors}
        disabled={disabled || !row.enabled}
        onRow={onRow}
      />
    </Tr>
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
      <RowTh scope="row">
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
      </RowTh>
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
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Regiões postais (primeiro dígito do CEP)
      </Typography>
      <Box role="region" aria-label="Preços por região postal" tabIndex={0} sx={scroller}>
        <Box component="table" sx={{ borderCollapse: 'collapse', minWidth: '100%' }}>
          <thead>
            <tr>
              <ColTh scope="col">Região</ColTh>
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
                  <ColTh scope="col">UF</ColTh>
                  {form.bands.map((band, column) => (
                    <ColTh scope="col" key={column}>
                      {bandName(band)}
                    </ColTh>
                  ))}
                  <ColTh scope="col">Kg adicional</ColTh>
                  <ColTh scope="col">Prazo (dias úteis)</ColTh>
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
