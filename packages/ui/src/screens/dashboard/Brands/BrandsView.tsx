// The brands page: every brand with its logo, colour, products and whether it shows in the store;
// create and edit in a dialog (?editar=<id> or ?editar=nova), deactivate and reactivate with
// confirmation. ADMIN only. Pure: props in, callbacks out.
import AddRounded from '@mui/icons-material/AddRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { pluralize } from '../../../format';
import { storefrontPaths } from '../../../routes/paths';
import { ListSkeleton, LoadError, NoPermission } from '../Categories/PageStates';
import { DashboardPage } from '../shared/DashboardPage';
import { brandContrast } from './brandContrast';
import { BrandFormDialog, type UploadLogo } from './BrandFormDialog';
import type { BrandInputVariables, StaffBrand } from './BrandsScreen.graphql';

export const BRANDS_FORBIDDEN = 'Somente administradores podem criar e alterar marcas.';
export const DEACTIVATE_WARNING = 'Os produtos da marca deixam de aparecer na loja.';

export interface BrandsViewProps {
  brands: StaffBrand[] | null;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** The caller is not an ADMIN. */
  forbidden?: boolean;
  /** The brand whose dialog is open: an id, 'nova' for a new one, null for none. */
  editing: string | null;
  onEditingChange: (editing: string | null) => void;
  /** Reject with a BrandSaveError ({ field, message }). */
  onCreate: (input: BrandInputVariables) => Promise<void>;
  onUpdate: (id: string, input: BrandInputVariables) => Promise<void>;
  /** Reject with a message for people. */
  onSetActive: (brand: StaffBrand, active: boolean) => Promise<void>;
  onUploadLogo: UploadLogo;
}

export const NEW_BRAND = 'nova';

function Logo({ brand }: { brand: StaffBrand }) {
  return (
    <Box
      sx={{
        width: 72,
        height: 40,
        flexShrink: 0,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        display: 'grid',
        placeItems: 'center',
        overflow: 'hidden',
        bgcolor: '#fff',
        fontWeight: 800,
        // The initial in the shade the store writes the colour in (a light colour is darkened).
        color: brandContrast(brand.color)?.shown ?? brand.color,
      }}
    >
      {brand.logoUrl ? (
        <Box
          component="img"
          src={brand.logoUrl}
          alt={`Logo ${brand.name}`}
          sx={{ maxWidth: '100%', maxHeight: 36, objectFit: 'contain' }}
        />
      ) : (
        <span aria-hidden>{brand.name.charAt(0)}</span>
      )}
    </Box>
  );
}

function ActiveDialog({
  brand,
  onClose,
  onConfirm,
}: {
  brand: StaffBrand;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}) {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const deactivating = brand.active;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>
        {deactivating ? `Desativar a marca ${brand.name}?` : `Reativar a marca ${brand.name}?`}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {deactivating
            ? `${DEACTIVATE_WARNING} Você pode reativá-la quando quiser; nada é apagado.`
            : 'Os produtos publicados da marca voltam a aparecer na loja.'}
        </DialogContentText>
        {problem ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button
          variant="contained"
          color={deactivating ? 'error' : 'primary'}
          loading={pending}
          onClick={() => {
            setPending(true);
            onConfirm()
              .then(onClose)
              .catch((error: unknown) => {
                setProblem(error instanceof Error ? error.message : 'Não foi possível concluir.');
                setPending(false);
              });
          }}
        >
          {deactivating ? 'Desativar' : 'Reativar'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function BrandsView(props: BrandsViewProps) {
  const { brands, loading = false, error = null, onRetry, forbidden = false, editing } = props;
  const [toggling, setToggling] = useState<StaffBrand | null>(null);

  if (forbidden) {
    return (
      <DashboardPage title="Marcas">
        <NoPermission message={BRANDS_FORBIDDEN} />
      </DashboardPage>
    );
  }

  const editingBrand =
    editing !== null && editing !== NEW_BRAND
      ? (brands?.find((brand) => brand.id === editing) ?? null)
      : null;
  const dialogOpen = editing === NEW_BRAND || editingBrand !== null;

  return (
    <DashboardPage
      title="Marcas"
      maxWidth={1000}
      actions={
        <Button
          variant="contained"
          startIcon={<AddRounded />}
          onClick={() => props.onEditingChange(NEW_BRAND)}
          disabled={brands === null}
        >
          Nova marca
        </Button>
      }
    >
      {error !== null && brands === null ? (
        <LoadError message={error} {...(onRetry ? { onRetry } : {})} />
      ) : brands === null || (loading && brands.length === 0) ? (
        <ListSkeleton label="Carregando as marcas" />
      ) : brands.length === 0 ? (
        <Card sx={{ p: 3, textAlign: 'center' }}>
          <Typography sx={{ mb: 2 }}>Nenhuma marca ainda.</Typography>
          <Button variant="outlined" onClick={() => props.onEditingChange(NEW_BRAND)}>
            Criar a primeira marca
          </Button>
        </Card>
      ) : (
        <Card component="ul" aria-label="Marcas" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {brands.map((brand, index) => (
            <Box
              component="li"
              key={brand.id}
              aria-label={brand.name}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                columnGap: 2,
                rowGap: 1,
                px: 2,
                py: 1.5,
                borderTop: index > 0 ? 1 : 0,
                borderColor: 'divider',
                opacity: brand.active ? 1 : 0.85,
              }}
            >
              <Logo brand={brand} />
              <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }} noWrap>
                  {brand.name}
                </Typography>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {storefrontPaths.brand(brand.slug)} ·{' '}
                  {pluralize(brand.productCount, 'produto', 'produtos')}
                </Typography>
              </Box>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 100 }}>
                <Box
                  aria-hidden
                  sx={{
                    width: 20,
                    height: 20,
                    borderRadius: 0.75,
                    bgcolor: brand.color,
                    border: 1,
                    borderColor: 'divider',
                  }}
                />
                <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                  {brand.color}
                </Typography>
              </Box>
              <Chip
                size="small"
                label={brand.active ? 'Ativa' : 'Inativa'}
                color={brand.active ? 'success' : 'default'}
                variant={brand.active ? 'filled' : 'outlined'}
              />
              <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>
                <Button
                  variant="outlined"
                  onClick={() => props.onEditingChange(brand.id)}
                  aria-label={`Editar ${brand.name}`}
                >
                  Editar
                </Button>
                <Button
                  color={brand.active ? 'error' : 'primary'}
                  onClick={() => setToggling(brand)}
                  aria-label={`${brand.active ? 'Desativar' : 'Reativar'} ${brand.name}`}
                >
                  {brand.active ? 'Desativar' : 'Reativar'}
                </Button>
              </Box>
            </Box>
          ))}
        </Card>
      )}
      {dialogOpen ? (
        <BrandFormDialog
          key={editing ?? ''}
          brand={editingBrand}
          onClose={() => props.onEditingChange(null)}
          onSave={(input) =>
            editingBrand ? props.onUpdate(editingBrand.id, input) : props.onCreate(input)
          }
          onUploadLogo={props.onUploadLogo}
        />
      ) : null}
      {toggling ? (
        <ActiveDialog
          brand={toggling}
          onClose={() => setToggling(null)}
          onConfirm={() => props.onSetActive(toggling, !toggling.active)}
        />
      ) : null}
    </DashboardPage>
  );
}
