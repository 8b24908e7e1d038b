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

import {
  fieldKey,
  REGION_LABELS,
  UFS,
  type RateRowForm,
  type ShippingFieldErrors,
  type ShippingForm,
  type UfRowForm,
} from './shippingForm';

export interface ShippingRateTableProps {
  form: ShippingForm;
  errors: ShippingFieldErrors;
  onChange: (form: ShippingForm) => void;
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
  return (
    <TextField
      size="small"
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      error={error !== undefined}
      helperText={error}
      sx={{ width }}
      slotProps={{
        htmlInput: { 'aria-label': label, inputMode: money ? 'decimal' : 'numeric' },
        ...(money
          ? { input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> } }
          : {}),
        formHelperText: { sx: { mx: 0, maxWidth: width } },
      }}
    />
  );
}

function RateCells({
  row,
  rowKey,
  rowLabel,
  form,
  errors,
  disabled,
  onRow,
}: {
  row: RateRowForm;
  rowKey: string;
  rowLabel: string;
  form: ShippingForm;
  errors: ShippingFieldErrors;
  disabled: boolean;
  onRow: (row: RateRowForm) => void;
}) {
  return (
    <>
      {form.bands.map((band, column) => (
        <Box component="td" key={column} sx={CELL}>
          <CellField
            label={`Preço ${rowLabel}, ${bandName(band)}`}
            value={row.prices[column] ?? ''}
            error={errors[fieldKey.price(rowKey, column)]}
            disabled={disabled}
            money
            onChange={(value) =>
              onRow({ ...row, prices: row.prices.map((p, i) => (i === column ? value : p)) })
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
          onChange={(value) => onRow({ ...row, extraKg: value })}
        />
      </Box>
      <Box component="td" sx={CELL}>
        <CellField
          label={`Prazo em dias úteis ${rowLabel}`}
          value={row.days}
          error={errors[fieldKey.days(rowKey)]}
          disabled={disabled}
          width={80}
          onChange={(value) => onRow({ ...row, days: value })}
        />
      </Box>
    </>
  );
}

function BandHeaders({ form, errors, disabled, onChange }: ShippingRateTableProps) {
  function removeBand(column: number) {
    const drop = (row: RateRowForm) => ({
      ...row,
      prices: row.prices.filter((_, i) => i !== column),
    });
    onChange({
      ...form,
      bands: form.bands.filter((_, i) => i !== column),
      regions: form.regions.map(drop),
      ufs: form.ufs.map((row) => ({ ...row, ...drop(row) })),
    });
  }
  return (
    <>
      {form.bands.map((band, column) => (
        <Box component="th" scope="col" key={column} sx={HEAD}>
          <Box sx={{ display: 'flex', alignItems: 'start', gap: 0.25 }}>
            <TextField
              size="small"
              value={band}
              disabled={disabled}
              onChange={(event) =>
                onChange({
                  ...form,
                  bands: form.bands.map((b, i) => (i === column ? event.target.value : b)),
                })
              }
              error={errors[fieldKey.band(column)] !== undefined}
              helperText={errors[fieldKey.band(column)]}
              sx={{ width: 112 }}
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
              disabled={disabled || form.bands.length <= 1}
              onClick={() => removeBand(column)}
              size="small"
              sx={{ width: 36, height: 40 }}
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

export function ShippingRateTable(props: ShippingRateTableProps) {
  const { form, errors, onChange, disabled = false } = props;

  function setRegion(region: number, row: RateRowForm) {
    onChange({ ...form, regions: form.regions.map((r, i) => (i === region ? row : r)) });
  }
  function setUf(index: number, row: UfRowForm) {
    onChange({ ...form, ufs: form.ufs.map((r, i) => (i === index ? row : r)) });
  }
  function addBand() {
    const add = (row: RateRowForm) => ({ ...row, prices: [...row.prices, ''] });
    onChange({
      ...form,
      bands: [...form.bands, ''],
      regions: form.regions.map(add),
      ufs: form.ufs.map((row) => ({ ...row, ...add(row) })),
    });
  }
  function addUf() {
    const taken = new Set(form.ufs.map((row) => row.uf));
    const uf = UFS.find((candidate) => !taken.has(candidate)) ?? 'SP';
    onChange({
      ...form,
      ufs: [
        ...form.ufs,
        { uf, enabled: true, prices: form.bands.map(() => ''), extraKg: '', days: '' },
      ],
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
              <BandHeaders {...props} />
            </tr>
          </thead>
          <tbody>
            {form.regions.map((row, region) => {
              const label = REGION_LABELS[region] ?? String(region);
              const rowError = errors[fieldKey.row(fieldKey.regionRow(region))];
              return (
                <Box
                  component="tr"
                  key={region}
                  sx={{ bgcolor: row.enabled ? undefined : 'action.hover' }}
                >
                  <Box
                    component="th"
                    scope="row"
                    sx={{ ...CELL, textAlign: 'left', minWidth: 190 }}
                  >
                    <Box sx={{ display: 'flex', alignItems: 'start', gap: 0.5 }}>
                      <Checkbox
                        checked={row.enabled}
                        disabled={disabled}
                        onChange={(event) =>
                          setRegion(region, { ...row, enabled: event.target.checked })
                        }
                        slotProps={{ input: { 'aria-label': `Atender ${label}` } }}
                        sx={{ p: 0.75 }}
                      />
                      <Box sx={{ pt: 0.75 }}>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {label}
                        </Typography>
                        {row.enabled ? null : (
                          <Typography
                            variant="caption"
                            color="text.secondary"
                            sx={{ display: 'block' }}
                          >
                            Não atende
                          </Typography>
                        )}
                        {rowError ? (
                          <Typography
                            variant="caption"
                            color="error"
                            role="alert"
                            sx={{ display: 'block' }}
                          >
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
                    form={form}
                    errors={errors}
                    disabled={disabled || !row.enabled}
                    onRow={(next) => setRegion(region, next)}
                  />
                </Box>
              );
            })}
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
                {form.ufs.map((row, index) => {
                  const label = `UF ${row.uf}`;
                  const ufError =
                    errors[fieldKey.uf(index)] ?? errors[fieldKey.row(fieldKey.ufRow(index))];
                  return (
                    <tr key={index}>
                      <Box component="th" scope="row" sx={{ ...CELL, textAlign: 'left' }}>
                        <Box sx={{ display: 'flex', alignItems: 'start', gap: 0.5 }}>
                          <TextField
                            select
                            size="small"
                            value={row.uf}
                            disabled={disabled}
                            onChange={(event) => setUf(index, { ...row, uf: event.target.value })}
                            error={ufError !== undefined}
                            helperText={ufError}
                            sx={{ width: 84 }}
                            slotProps={{
                              htmlInput: { 'aria-label': `Estado da linha ${index + 1}` },
                              select: {
                                inputProps: { 'aria-label': `Estado da linha ${index + 1}` },
                              },
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
                              onChange({ ...form, ufs: form.ufs.filter((_, i) => i !== index) })
                            }
                            sx={{ width: 40, height: 40 }}
                          >
                            <DeleteOutlineRounded fontSize="small" />
                          </IconButton>
                        </Box>
                      </Box>
                      <RateCells
                        row={row}
                        rowKey={fieldKey.ufRow(index)}
                        rowLabel={label}
                        form={form}
                        errors={errors}
                        disabled={disabled}
                        onRow={(next) => setUf(index, { ...row, ...next })}
                      />
                    </tr>
                  );
                })}
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
