// 'Ordenar por': relevância (only for a search), menor preço, maior preço, novidades, nome.
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { styled, useThemeProps, type SxProps, type Theme } from '@mui/material/styles';

export type ListingSort = 'RELEVANCE' | 'PRICE_ASC' | 'PRICE_DESC' | 'NEWEST' | 'NAME';

export const SORT_LABELS: Record<ListingSort, string> = {
  RELEVANCE: 'Relevância',
  PRICE_ASC: 'Menor preço',
  PRICE_DESC: 'Maior preço',
  NEWEST: 'Novidades',
  NAME: 'Nome (A–Z)',
};

export interface SortSelectProps {
  value: ListingSort;
  onChange: (sort: ListingSort) => void;
  /** Relevance exists only for a search. */
  allowRelevance?: boolean;
  className?: string;
  sx?: SxProps<Theme>;
}

// On a 320 px phone it shares the row with the filter button, so it may shrink below 200 px.
const Root = styled(TextField, { name: 'VtSortSelect', slot: 'Root' })(({ theme }) => ({
  minWidth: 0,
  [theme.breakpoints.up('sm')]: { minWidth: 200 },
  '& .MuiInputBase-root': { minHeight: 44 },
}));

export function SortSelect(inProps: SortSelectProps) {
  const {
    value,
    onChange,
    allowRelevance = false,
    ...other
  } = useThemeProps({
    props: inProps,
    name: 'VtSortSelect',
  });
  const options = (Object.keys(SORT_LABELS) as ListingSort[]).filter(
    (sort) => allowRelevance || sort !== 'RELEVANCE',
  );
  return (
    <Root
      select
      size="small"
      label="Ordenar por"
      value={value}
      fullWidth={false}
      onChange={(event) => onChange(event.target.value as ListingSort)}
      {...other}
    >
      {options.map((sort) => (
        <MenuItem key={sort} value={sort}>
          {SORT_LABELS[sort]}
        </MenuItem>
      ))}
    </Root>
  );
}
