// The coupon editor's form cards: code (with "Gerar código") and description, the discount, the
// validity in São Paulo time, the limits, the brands and categories it reaches, and active.
import AutorenewRounded from '@mui/icons-material/AutorenewRounded';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';

import { TOUCH_TARGET } from '../../../theme/createBrandTheme';
import type { CategoryOption } from '../ProductEditor/productEditorHelpers';
import { fieldId } from './couponEditor';
import { COUPON_KIND_LABELS, cleanCouponCode, generateCouponCode } from './couponFormat';
import { INVALID_DATE, type CouponFieldErrors, type CouponForm } from './couponForm';
import type { CouponBrand, CouponKindValue } from './CouponsScreen.graphql';
import type { CouponFieldHelp, SetCouponField } from './useCouponEditor';

interface FieldsProps {
  form: CouponForm;
  set: SetCouponField;
  help: CouponFieldHelp;
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

export function CouponCodeSection({ form, set, help }: FieldsProps) {
  return (
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
  );
}

export function CouponDiscountSection({ form, set, help }: FieldsProps) {
  return (
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
  );
}

export function CouponValiditySection({
  form,
  set,
  errors,
}: Omit<FieldsProps, 'help'> & { errors: CouponFieldErrors }) {
  return (
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
  );
}

export function CouponLimitsSection({ form, set, help }: FieldsProps) {
  return (
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
  );
}

export function CouponScopeSection({
  form,
  set,
  help,
  brands,
  categoryOptions,
}: FieldsProps & { brands: CouponBrand[]; categoryOptions: CategoryOption[] }) {
  return (
    <Section title="Vale para">
      <Typography variant="body2" color="text.secondary">
        Sem marcas nem categorias, vale para a loja inteira. Com as duas, só para os produtos da
        marca nessas categorias (e nas subcategorias).
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
          <TextField {...params} label="Marcas" {...help('brandIds', 'Vazio: todas as marcas.')} />
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
  );
}

export function CouponActiveCard({ form, set }: Omit<FieldsProps, 'help'>) {
  return (
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
  );
}
