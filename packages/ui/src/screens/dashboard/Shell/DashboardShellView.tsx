// The dashboard frame: app bar (store, brand selector, account menu, "Sair"), the navigation of the
// signed-in role (a side bar on desktop, a drawer on phones), and the page. Pure: everything comes
// in through props. The chrome is hidden when printing, so a packing slip prints clean.
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import DevicesOtherOutlined from '@mui/icons-material/DevicesOtherOutlined';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import MenuRounded from '@mui/icons-material/MenuRounded';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { VitrineLogo } from '../../../components/VitrineLogo';
import { dashboardPaths } from '../../../routes/dashboardPaths';
import { DASHBOARD_PATH } from '../../../routes/paths';
import { withBrandScope } from '../shared/brandScope';
import {
  isCurrentSection,
  navItemsFor,
  ROLE_LABELS,
  type DashboardNavItem,
  type StaffRole,
} from './navigation';

export const DRAWER_WIDTH = 280;

export interface ShellStaff {
  name: string;
  email?: string;
  role?: StaffRole;
}

export interface ShellBrand {
  id: string;
  name: string;
}

export interface DashboardShellViewProps {
  storeName: string;
  /** The signed-in staff member; null while unknown. */
  staff: ShellStaff | null;
  staffLoading?: boolean;
  onLogout: () => void;
  /** Ends every session of the staff member (asked first); rejects when the server refuses. */
  onLogoutEverywhere?: () => Promise<void>;
  /** The current path, to mark the current section. */
  currentPath?: string;
  /** The sections; by default those of the staff member's role. */
  navItems?: DashboardNavItem[];
  /** Orders waiting for a Pix confirmation (the badge of "Pix a conferir"). */
  pixToConfirm?: number | null;
  /** NF-e rejected by SEFAZ or missing data (the badge of "Notas fiscais"). */
  rejectedInvoices?: number | null;
  /** The brands the staff member may narrow to; the selector shows with two or more. */
  brands?: ShellBrand[];
  /** The brand the screens are narrowed to (?marca=); null for all. */
  brandId?: string | null;
  onBrandChange?: (brandId: string | null) => void;
  /** Opens the account menu at first render (stories). */
  defaultAccountMenuOpen?: boolean;
  /** Opens the phone drawer at first render (stories). */
  defaultDrawerOpen?: boolean;
  children?: ReactNode;
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.charAt(0) ?? '';
  const last = parts.length > 1 ? (parts.at(-1)?.charAt(0) ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

const ALL_BRANDS = '';

const phoneVisuallyHidden = {
  '@media (max-width: 599.95px)': {
    position: 'absolute',
    width: 1,
    height: 1,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
} as const;

function BrandSelector({
  brands,
  brandId,
  onChange,
  fullWidth = false,
}: {
  brands: ShellBrand[];
  brandId: string | null;
  onChange: (brandId: string | null) => void;
  fullWidth?: boolean;
}) {
  const known = brandId !== null && brands.some((brand) => brand.id === brandId);
  return (
    <TextField
      select
      label="Marca"
      value={known ? brandId : ALL_BRANDS}
      onChange={(event) => onChange(event.target.value === ALL_BRANDS ? null : event.target.value)}
      fullWidth={fullWidth}
      sx={fullWidth ? undefined : { width: 220 }}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          displayEmpty: true,
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } },
        },
      }}
    >
      <MenuItem value={ALL_BRANDS}>Todas as marcas</MenuItem>
      {brands.map((brand) => (
        <MenuItem key={brand.id} value={brand.id}>
          {brand.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

function NavigationItem({
  item,
  currentPath,
  brandId,
  onNavigate,
}: {
  item: DashboardNavItem;
  currentPath: string;
  brandId: string | null;
  onNavigate?: () => void;
}) {
  const selected = isCurrentSection(item.path, currentPath);
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={withBrandScope(item.path, brandId)}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        {...(onNavigate ? { onClick: onNavigate } : {})}
        sx={{
          borderRadius: 2,
          '&.Mui-selected': {
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            '&:hover': { bgcolor: 'primary.dark' },
          },
        }}
      >
        <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>{item.icon}</ListItemIcon>
        <ListItemText primary={item.label} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
        {item.badge ? (
          <Chip
            label={item.badge}
            size="small"
            color="warning"
            aria-label={item.badgeLabel ?? String(item.badge)}
            // On the selected item's dark background the orange badge blends in (1.9:1): there it
            // turns to the item's own colours inverted (contrastText ground, primary text), which
            // the theme keeps at 4.5:1 or more for any brand colour.
            sx={{
              height: 22,
              fontWeight: 700,
              ml: 1,
              ...(selected ? { bgcolor: 'primary.contrastText', color: 'primary.main' } : {}),
            }}
          />
        ) : null}
      </ListItemButton>
    </ListItem>
  );
}

function Navigation({
  items,
  currentPath,
  brandId,
  onNavigate,
}: {
  items: DashboardNavItem[];
  currentPath: string;
  brandId: string | null;
  onNavigate?: () => void;
}) {
  return (
    <Box component="nav" aria-label="Navegação do painel" sx={{ px: 1.5, py: 2 }}>
      <List disablePadding sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        {items.map((item) => (
          <NavigationItem
            key={item.label}
            item={item}
            currentPath={currentPath}
            brandId={brandId}
            {...(onNavigate ? { onNavigate } : {})}
          />
        ))}
      </List>
    </Box>
  );
}

function LogoutEverywhereDialog({
  open,
  onClose,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}) {
  const [state, setState] = useState<'idle' | 'pending' | 'error'>('idle');
  const titleId = useId();
  async function confirm() {
    setState('pending');
    try {
      await onConfirm();
      setState('idle');
    } catch {
      setState('error');
    }
  }
  return (
    <Dialog
      open={open}
      onClose={state === 'pending' ? undefined : onClose}
      aria-labelledby={titleId}
      slotProps={{ transition: { onExited: () => setState('idle') } }}
    >
      <DialogTitle id={titleId}>Sair de todos os dispositivos?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Todas as suas sessões serão encerradas, inclusive esta. Você vai precisar entrar de novo
          em cada computador ou celular.
        </DialogContentText>
        {state === 'error' ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            Não foi possível sair de todos os dispositivos. Tente de novo.
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={state === 'pending'} color="inherit">
          Cancelar
        </Button>
        <Button
          onClick={() => void confirm()}
          variant="contained"
          color="error"
          loading={state === 'pending'}
        >
          Sair de todos
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function DashboardShellView({
  storeName,
  staff,
  staffLoading = false,
  onLogout,
  onLogoutEverywhere,
  currentPath = DASHBOARD_PATH,
  navItems,
  pixToConfirm = null,
  rejectedInvoices = null,
  brands = [],
  brandId = null,
  onBrandChange,
  defaultAccountMenuOpen = false,
  defaultDrawerOpen = false,
  children,
}: DashboardShellViewProps) {
  const [mobileOpen, setMobileOpen] = useState(defaultDrawerOpen);
  const [accountAnchor, setAccountAnchor] = useState<HTMLElement | null>(null);
  const [accountOpen, setAccountOpen] = useState(defaultAccountMenuOpen);
  const [everywhereOpen, setEverywhereOpen] = useState(false);
  const accountMenuId = useId();
  const items = navItems ?? navItemsFor(staff?.role, pixToConfirm, rejectedInvoices);
  const showBrands = brands.length > 1 && onBrandChange !== undefined;

  function closeAccount() {
    setAccountOpen(false);
  }

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar
        position="fixed"
        sx={{
          zIndex: (theme) => theme.zIndex.drawer + 1,
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
          displayPrint: 'none',
        }}
      >
        <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
          <IconButton
            aria-label="Abrir navegação"
            edge="start"
            onClick={() => setMobileOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuRounded />
          </IconButton>
          <Box
            component={RouterLink}
            to={withBrandScope(DASHBOARD_PATH, brandId)}
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 1.5,
              minHeight: 44,
              minWidth: 0,
              textDecoration: 'none',
            }}
          >
            <VitrineLogo name={storeName} />
            <Chip
              label="Painel"
              size="small"
              sx={{ display: { xs: 'none', sm: 'inline-flex' }, fontWeight: 600 }}
            />
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          {showBrands ? (
            <Box sx={{ display: { xs: 'none', md: 'block' } }}>
              <BrandSelector brands={brands} brandId={brandId} onChange={onBrandChange} />
            </Box>
          ) : null}
          {staffLoading && staff === null ? (
            <>
              <Skeleton variant="circular" width={36} height={36} />
              <Skeleton width={120} sx={{ display: { xs: 'none', sm: 'block' } }} />
            </>
          ) : staff !== null ? (
            <>
              <IconButton
                ref={setAccountAnchor}
                aria-haspopup="menu"
                aria-expanded={accountOpen ? 'true' : undefined}
                aria-controls={accountOpen ? accountMenuId : undefined}
                onClick={() => setAccountOpen(true)}
                sx={{ p: 0.5 }}
              >
                <Avatar
                  sx={{
                    width: 36,
                    height: 36,
                    bgcolor: 'primary.main',
                    fontSize: 14,
                    fontWeight: 700,
                  }}
                  aria-hidden
                >
                  {initials(staff.name)}
                </Avatar>
                <Box component="span" sx={visuallyHidden}>
                  Conta de {staff.name}
                </Box>
              </IconButton>
              <Box sx={{ display: { xs: 'none', sm: 'block' }, lineHeight: 1.2, minWidth: 0 }}>
                <Typography variant="subtitle2" component="p" noWrap data-testid="staff-name">
                  {staff.name}
                </Typography>
                {staff.role ? (
                  <Typography variant="caption" color="text.secondary" component="p" noWrap>
                    {ROLE_LABELS[staff.role]}
                  </Typography>
                ) : null}
              </Box>
            </>
          ) : null}
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<LogoutRounded />}
            onClick={onLogout}
            sx={{
              borderColor: 'divider',
              flexShrink: 0,
              minWidth: 44,
              px: { xs: 1.25, sm: 2 },
              '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } },
            }}
          >
            {/* On phones only the icon shows; the name stays for screen readers. */}
            <Box component="span" sx={phoneVisuallyHidden}>
              Sair
            </Box>
          </Button>
        </Toolbar>
      </AppBar>

      {staff !== null ? (
        <Menu
          id={accountMenuId}
          anchorEl={accountAnchor}
          open={accountOpen && accountAnchor !== null}
          onClose={closeAccount}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          slotProps={{ paper: { sx: { minWidth: 260, mt: 1 } } }}
        >
          <Box sx={{ px: 2, py: 1 }} role="none">
            <Typography variant="subtitle2" component="p">
              {staff.name}
            </Typography>
            {staff.role ? (
              <Typography variant="body2" color="text.secondary" component="p">
                {ROLE_LABELS[staff.role]}
              </Typography>
            ) : null}
            {staff.email ? (
              <Typography variant="body2" color="text.secondary" component="p">
                {staff.email}
              </Typography>
            ) : null}
          </Box>
          <Divider />
          <MenuItem
            component={RouterLink}
            to={withBrandScope(dashboardPaths.account, brandId)}
            onClick={closeAccount}
            sx={{ minHeight: { xs: 44, sm: 44 } }}
          >
            <ListItemIcon>
              <AccountCircleOutlined fontSize="small" />
            </ListItemIcon>
            Minha conta
          </MenuItem>
          {onLogoutEverywhere ? (
            <MenuItem
              onClick={() => {
                closeAccount();
                setEverywhereOpen(true);
              }}
              sx={{ minHeight: { xs: 44, sm: 44 } }}
            >
              <ListItemIcon>
                <DevicesOtherOutlined fontSize="small" />
              </ListItemIcon>
              Sair de todos os dispositivos
            </MenuItem>
          ) : null}
          <MenuItem
            onClick={() => {
              closeAccount();
              onLogout();
            }}
            sx={{ minHeight: { xs: 44, sm: 44 } }}
          >
            <ListItemIcon>
              <LogoutRounded fontSize="small" />
            </ListItemIcon>
            Sair
          </MenuItem>
        </Menu>
      ) : null}
      {onLogoutEverywhere ? (
        <LogoutEverywhereDialog
          open={everywhereOpen}
          onClose={() => setEverywhereOpen(false)}
          onConfirm={onLogoutEverywhere}
        />
      ) : null}

      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={() => setMobileOpen(false)}
        slotProps={{ paper: { 'aria-label': 'Navegação do painel' } }}
        sx={{
          display: { md: 'none' },
          displayPrint: 'none',
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH },
        }}
      >
        <Toolbar />
        {showBrands ? (
          <Box sx={{ px: 2, pt: 2 }}>
            <BrandSelector brands={brands} brandId={brandId} onChange={onBrandChange} fullWidth />
          </Box>
        ) : null}
        <Navigation
          items={items}
          currentPath={currentPath}
          brandId={brandId}
          onNavigate={() => setMobileOpen(false)}
        />
      </Drawer>
      <Drawer
        variant="permanent"
        sx={{
          display: { xs: 'none', md: 'block' },
          displayPrint: 'none',
          width: DRAWER_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
        open
      >
        <Toolbar />
        <Navigation items={items} currentPath={currentPath} brandId={brandId} />
      </Drawer>

      <Box component="main" sx={{ flexGrow: 1, minWidth: 0 }}>
        <Toolbar sx={{ displayPrint: 'none' }} />
        <Box sx={{ p: { xs: 2, sm: 3, md: 4 }, '@media print': { p: 0 } }}>{children}</Box>
      </Box>
    </Box>
  );
}
