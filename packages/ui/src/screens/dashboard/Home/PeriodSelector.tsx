// The home's period: chips for the usual ones and two pt-BR date pickers for "Personalizado".
// Days are calendar days of São Paulo written YYYY-MM-DD; the pickers only read and write them.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { ptBR as pickersPtBR } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/pt-br';
import { useId } from 'react';

import { formatDate } from '../../../format';
import {
  addDays,
  MAX_RANGE_DAYS,
  PERIOD_PRESETS,
  type DayRange,
  type Period,
  type PeriodPreset,
} from '../shared/period';

const pickerLocaleText = pickersPtBR.components.MuiLocalizationProvider.defaultProps.localeText;

export const PERIOD_LABELS: Record<PeriodPreset, string> = {
  hoje: 'Hoje',
  ontem: 'Ontem',
  '7d': '7 dias',
  '30d': '30 dias',
  mes: 'Este mês',
};

export interface PeriodSelectorProps {
  period: Period;
  /** The days the period covers now. */
  range: DayRange;
  /** Today in São Paulo (the last day a picker offers). */
  today: string;
  onChange: (period: Period) => void;
}

const toDay = (value: Dayjs | null): string | null =>
  value && value.isValid() ? value.format('YYYY-MM-DD') : null;

/** '2026-11-01'..'2026-11-20' -> '01/11/2026 a 20/11/2026' (one date for a single day). */
export function describeRange(range: DayRange): string {
  const from = formatDate(`${range.from}T12:00:00Z`);
  return range.from === range.to ? from : `${from} a ${formatDate(`${range.to}T12:00:00Z`)}`;
}

export function PeriodSelector({ period, range, today, onChange }: PeriodSelectorProps) {
  const custom = typeof period === 'object';
  const labelId = useId();
  return (
    <Box component="section" aria-labelledby={labelId} sx={{ mb: 3 }}>
      <Typography id={labelId} variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        Período
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {PERIOD_PRESETS.map((preset) => {
          const selected = period === preset;
          return (
            <Chip
              key={preset}
              label={PERIOD_LABELS[preset]}
              color={selected ? 'primary' : 'default'}
              variant={selected ? 'filled' : 'outlined'}
              aria-pressed={selected}
              onClick={() => onChange(preset)}
              sx={{ height: 44, borderRadius: 22, px: 0.5 }}
            />
          );
        })}
        <Chip
          label="Personalizado"
          color={custom ? 'primary' : 'default'}
          variant={custom ? 'filled' : 'outlined'}
          aria-pressed={custom}
          onClick={() => {
            if (!custom) onChange({ ...range });
          }}
          sx={{ height: 44, borderRadius: 22, px: 0.5 }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 1 } }}>
          {describeRange(range)}
        </Typography>
      </Stack>
      {custom ? (
        <LocalizationProvider
          dateAdapter={AdapterDayjs}
          adapterLocale="pt-br"
          localeText={pickerLocaleText}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2, maxWidth: 520 }}>
            <DatePicker
              label="De"
              value={dayjs(period.from)}
              maxDate={dayjs(period.to)}
              minDate={dayjs(addDays(period.to, -(MAX_RANGE_DAYS - 1)))}
              onChange={(value) => {
                const from = toDay(value);
                if (from && from <= period.to) onChange({ from, to: period.to });
              }}
              slotProps={{ textField: { size: 'small', fullWidth: true } }}
            />
            <DatePicker
              label="Até"
              value={dayjs(period.to)}
              minDate={dayjs(period.from)}
              maxDate={dayjs(
                addDays(period.from, MAX_RANGE_DAYS - 1) < today
                  ? addDays(period.from, MAX_RANGE_DAYS - 1)
                  : today,
              )}
              onChange={(value) => {
                const to = toDay(value);
                if (to && to >= period.from) onChange({ from: period.from, to });
              }}
              slotProps={{ textField: { size: 'small', fullWidth: true } }}
            />
          </Stack>
        </LocalizationProvider>
      ) : null}
    </Box>
  );
}
