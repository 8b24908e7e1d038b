// The listing's filters: category (one at a time), brand, size, colour (checkboxes with counts
// from the server), price range and 'em estoque'. It only reports the next selection; the screen
// puts it in the URL.
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { styled, useThemeProps, type SxProps, type Theme } from '@mui/material/styles';
import { useId, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';

export interface FacetOption {
  value: string;
  label: string;
  count: number;
  /** Categories only: the parent category's value (null or absent at the top of the tree). */
  parentValue?: string | null;
}

export interface ListingFacets {
  /** In tree order; a category counts its sub-categories' products too. */
  categories: FacetOption[];
  brands: FacetOption[];
  sizes: FacetOption[];
  colors: FacetOption[];
  priceRange: { minCents: number; maxCents: number } | null;
  /** Products with a unit in stock, the in-stock choice aside. */
  inStockCount: number;
}

export interface ListingFilterSelection {
  /** One category's slug (with its sub-categories), or null for all. */
  category: string | null;
  brands: string[];
  sizes: string[];
  colors: string[];
  minPriceCents: number | null;
  maxPriceCents: number | null;
  inStock: boolean;
}

export const EMPTY_FILTER_SELECTION: ListingFilterSelection = {
  category: null,
  brands: [],
  sizes: [],
  colors: [],
  minPriceCents: null,
  maxPriceCents: null,
  inStock: false,
};

export interface CategoryLink {
  label: string;
  href: string;
  count?: number;
  current?: boolean;
}

export interface FacetFiltersProps {
  facets: ListingFacets;
  value: ListingFilterSelection;
  onChange: (next: ListingFilterSelection) => void;
  /** The brand page filters one brand already. */
  hideBrands?: boolean;
  /** The category page is one category already (it links its sub-categories instead). */
  hideCategories?: boolean;
  /** Sub-categories to move into (category pages). */
  categoryLinks?: CategoryLink[];
  className?: string;
  sx?: SxProps<Theme>;
}

export function countActiveFilters(value: ListingFilterSelection): number {
  return (
    (value.category !== null ? 1 : 0) +
    value.brands.length +
    value.sizes.length +
    value.colors.length +
    (value.minPriceCents !== null || value.maxPriceCents !== null ? 1 : 0) +
    (value.inStock ? 1 : 0)
  );
}

const Root = styled('div', { name: 'VtFacetFilters', slot: 'Root' })({
  display: 'grid',
  gap: 20,
  alignContent: 'start',
});

const Group = styled('fieldset', { name: 'VtFacetFilters', slot: 'Group' })(({ theme }) => ({
  border: 0,
  margin: 0,
  padding: 0,
  paddingBottom: 16,
  borderBottom: `1px solid ${theme.palette.divider}`,
  minWidth: 0,
  '& legend': {
    padding: 0,
    marginBottom: 6,
    fontWeight: 700,
    fontSize: '0.9375rem',
    color: theme.palette.text.primary,
  },
  '& .MuiFormControlLabel-root': { display: 'flex', marginLeft: -9, marginRight: 0, minHeight: 44 },
  '& .MuiFormControlLabel-label': { fontSize: '0.9375rem', flex: 1 },
}));

const Count = styled('span', { name: 'VtFacetFilters', slot: 'Count' })(({ theme }) => ({
  color: theme.palette.text.secondary,
  fontSize: '0.8125rem',
}));

const CategoryList = styled('ul', { name: 'VtFacetFilters', slot: 'Categories' })(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '& a': {
    display: 'flex',
    alignItems: 'center',
    minHeight: 44,
    color: theme.palette.text.primary,
    textDecoration: 'none',
    fontSize: '0.9375rem',
  },
  '& a:hover': { textDecoration: 'underline' },
  '& a[aria-current="page"]': { fontWeight: 700, color: theme.palette.primary.main },
}));

const PriceRow = styled('form', { name: 'VtFacetFilters', slot: 'Price' })({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: 8,
  alignItems: 'start',
  '& .MuiButton-root': { minHeight: 44, gridColumn: '1 / -1' },
});

/**
 * The categories worth showing: the top of the tree, plus the sub-categories along the chosen
 * category's branch (its children, its siblings, its ancestors' siblings), so the list stays
 * short and drills down as the shopper chooses.
 */
export function visibleCategoryOptions(
  options: FacetOption[],
  selected: string | null,
): FacetOption[] {
  const byValue = new Map(options.map((option) => [option.value, option]));
  const branch = new Set<string>();
  for (let at = selected; at !== null && !branch.has(at);) {
    branch.add(at);
    at = byValue.get(at)?.parentValue ?? null;
  }
  const shown = options.filter((option) => !option.parentValue || branch.has(option.parentValue));
  // A category chosen through a link that has nothing under the other filters stays visible,
  // so it can be undone.
  if (selected !== null && !byValue.has(selected)) {
    shown.push({ value: selected, label: selected, count: 0 });
  }
  return shown;
}

function depthOf(option: FacetOption, options: FacetOption[]): number {
  let depth = 0;
  for (let at = option.parentValue; at && depth < 10; depth += 1) {
    at = options.find((item) => item.value === at)?.parentValue;
  }
  return depth;
}

function CategoryGroup({
  options,
  selected,
  onSelect,
}: {
  options: FacetOption[];
  selected: string | null;
  onSelect: (value: string | null) => void;
}) {
  const legendId = useId();
  if (options.length === 0 && selected === null) return null;
  const shown = visibleCategoryOptions(options, selected);
  return (
    <Group>
      <legend id={legendId}>Categoria</legend>
      <RadioGroup
        aria-labelledby={legendId}
        name="categoria"
        value={selected ?? ''}
        onChange={(event) => onSelect(event.target.value === '' ? null : event.target.value)}
      >
        <FormControlLabel value="" control={<Radio size="small" />} label="Todas as categorias" />
        {shown.map((option) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            control={<Radio size="small" />}
            // Nothing to find: disabled unless already chosen (so it can be undone).
            disabled={option.count === 0 && option.value !== selected}
            sx={{ pl: depthOf(option, options) * 2 }}
            label={
              <>
                {option.label} <Count>({option.count})</Count>
              </>
            }
          />
        ))}
      </RadioGroup>
    </Group>
  );
}

function toggle(list: string[], value: string): string[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}

function centsToReaisText(cents: number | null): string {
  return cents === null ? '' : String(Math.round(cents / 100));
}

function reaisTextToCents(text: string): number | null {
  const digits = text.replace(/\D/g, '');
  return digits === '' ? null : Number(digits) * 100;
}

function OptionGroup({
  legend,
  options,
  selected,
  onToggle,
}: {
  legend: string;
  options: FacetOption[];
  selected: string[];
  onToggle: (value: string) => void;
}) {
  if (options.length === 0) return null;
  return (
    <Group>
      <legend>{legend}</legend>
      {options.map((option) => (
        <FormControlLabel
          key={option.value}
          control={
            <Checkbox
              size="small"
              checked={selected.includes(option.value)}
              onChange={() => onToggle(option.value)}
              // Nothing to find: disabled unless already chosen (so it can be undone).
              disabled={option.count === 0 && !selected.includes(option.value)}
            />
          }
          label={
            <>
              {option.label} <Count>({option.count})</Count>
            </>
          }
        />
      ))}
    </Group>
  );
}

export function FacetFilters(inProps: FacetFiltersProps) {
  const {
    facets,
    value,
    onChange,
    hideBrands = false,
    hideCategories = false,
    categoryLinks,
    ...other
  } = useThemeProps({
    props: inProps,
    name: 'VtFacetFilters',
  });
  const [minText, setMinText] = useState(centsToReaisText(value.minPriceCents));
  const [maxText, setMaxText] = useState(centsToReaisText(value.maxPriceCents));
  // When the URL changes the range (back button, 'Limpar'), show it.
  const [shownRange, setShownRange] = useState([value.minPriceCents, value.maxPriceCents]);
  if (shownRange[0] !== value.minPriceCents || shownRange[1] !== value.maxPriceCents) {
    setShownRange([value.minPriceCents, value.maxPriceCents]);
    setMinText(centsToReaisText(value.minPriceCents));
    setMaxText(centsToReaisText(value.maxPriceCents));
  }
  const min = reaisTextToCents(minText);
  const max = reaisTextToCents(maxText);
  const rangeError = min !== null && max !== null && min > max;

  function applyPrice(event: FormEvent) {
    event.preventDefault();
    if (rangeError) return;
    if (min === value.minPriceCents && max === value.maxPriceCents) return;
    onChange({ ...value, minPriceCents: min, maxPriceCents: max });
  }

  const active = countActiveFilters(value);
  const priceHint = facets.priceRange
    ? `De ${Math.floor(facets.priceRange.minCents / 100)} a ${Math.ceil(facets.priceRange.maxCents / 100)}`
    : undefined;

  return (
    <Root {...other}>
      {active > 0 ? (
        <Button
          variant="outlined"
          color="inherit"
          onClick={() => onChange(EMPTY_FILTER_SELECTION)}
          sx={{ justifySelf: 'start', minHeight: 44 }}
        >
          Limpar filtros ({active})
        </Button>
      ) : null}
      {categoryLinks && categoryLinks.length > 0 ? (
        <Group>
          <legend>Categorias</legend>
          <CategoryList>
            {categoryLinks.map((link) => (
              <li key={link.href}>
                <RouterLink to={link.href} aria-current={link.current ? 'page' : undefined}>
                  {link.label}
                  {link.count !== undefined ? <Count>&nbsp;({link.count})</Count> : null}
                </RouterLink>
              </li>
            ))}
          </CategoryList>
        </Group>
      ) : null}
      {hideCategories ? null : (
        <CategoryGroup
          options={facets.categories}
          selected={value.category}
          onSelect={(category) => onChange({ ...value, category })}
        />
      )}
      <Group>
        <legend>Disponibilidade</legend>
        <FormControlLabel
          control={
            <Switch
              checked={value.inStock}
              onChange={(event) => onChange({ ...value, inStock: event.target.checked })}
            />
          }
          label={
            <>
              Somente em estoque <Count>({facets.inStockCount})</Count>
            </>
          }
        />
      </Group>
      {hideBrands ? null : (
        <OptionGroup
          legend="Marca"
          options={facets.brands}
          selected={value.brands}
          onToggle={(brand) => onChange({ ...value, brands: toggle(value.brands, brand) })}
        />
      )}
      <OptionGroup
        legend="Tamanho"
        options={facets.sizes}
        selected={value.sizes}
        onToggle={(size) => onChange({ ...value, sizes: toggle(value.sizes, size) })}
      />
      <OptionGroup
        legend="Cor"
        options={facets.colors}
        selected={value.colors}
        onToggle={(color) => onChange({ ...value, colors: toggle(value.colors, color) })}
      />
      <Group>
        <legend>Preço</legend>
        <PriceRow onSubmit={applyPrice} noValidate aria-label="Faixa de preço">
          <TextField
            size="small"
            label="Mínimo"
            value={minText}
            onChange={(event) => setMinText(event.target.value.replace(/\D/g, '').slice(0, 7))}
            slotProps={{
              htmlInput: { inputMode: 'numeric' },
              input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
            }}
          />
          <TextField
            size="small"
            label="Máximo"
            value={maxText}
            onChange={(event) => setMaxText(event.target.value.replace(/\D/g, '').slice(0, 7))}
            error={rangeError}
            slotProps={{
              htmlInput: { inputMode: 'numeric' },
              input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
            }}
          />
          <Button type="submit" variant="outlined" disabled={rangeError}>
            Aplicar
          </Button>
        </PriceRow>
        {rangeError ? (
          <Count as="p" role="alert" sx={{ color: 'error.main', m: '6px 0 0' }}>
            O mínimo deve ser menor que o máximo.
          </Count>
        ) : priceHint ? (
          <Count as="p" sx={{ m: '6px 0 0' }}>
            {priceHint} reais nesta seleção
          </Count>
        ) : null}
      </Group>
    </Root>
  );
}
