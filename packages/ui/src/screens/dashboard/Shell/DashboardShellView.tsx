// The dashboard frame: app bar (store, brand selector, account menu, "Sair"), the navigation of the
// signed-in role (a side bar on desktop, a drawer on phones), and the page. Pure: everything comes
// in through props. The chrome is hidden when printing, so a packing slip prints clean.
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import MenuRounded from '@mui/icons-material/MenuRounded';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { VitrineLogo } from '../../../components/VitrineLogo';
import { DASHBOARD_PATH } from '../../../routes/paths';
import { withBrandScope } from '../shared/brandScope';
import { isCurrentSection, navItemsFor, type DashboardNavItem, type StaffRole } from './navigation';
import { AccountButton, AccountMenu, LogoutEverywhereDialog } from './AccountMenu';

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

/** The navigation: a drawer that slides in on phones (with the brand selector), fixed from md. */
function ShellDrawers({
  mobileOpen,
  onMobileClose,
  items,
  currentPath,
  brandId,
  brandSelector,
}: {
  mobileOpen: boolean;
  onMobileClose: () => void;
  items: DashboardNavItem[];
  currentPath: string;
  brandId: string | null;
  /** The phone drawer's brand selector; null without one. */
  brandSelector: ReactNode;
}) {
  return (
    <>
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onMobileClose}
        slotProps={{ paper: { 'aria-label': 'Navegação do painel' } }}
        sx={{
          display: { md: 'none' },
          displayPrint: 'none',
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH },
        }}
      >
        <Toolbar />
        {brandSelector ? <Box sx={{ px: 2, pt: 2 }}>{brandSelector}</Box> : null}
        <Navigation
          items={items}
          currentPath={currentPath}
          brandId={brandId}
          onNavigate={onMobileClose}
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
    </>
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
            <AccountButton
              staff={staff}
              menuId={accountMenuId}
              menuOpen={accountOpen}
              anchorRef={setAccountAnchor}
              onOpen={() => setAccountOpen(true)}
            />
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
        <AccountMenu
          id={accountMenuId}
          staff={staff}
          anchor={accountAnchor}
          open={accountOpen}
          onClose={closeAccount}
          brandId={brandId}
          onLogout={onLogout}
          onLogoutEverywhere={onLogoutEverywhere ? () => setEverywhereOpen(true) : undefined}
        />
      ) : null}
      {onLogoutEverywhere ? (
        <LogoutEverywhereDialog
          open={everywhereOpen}
          onClose={() => setEverywhereOpen(false)}
          onConfirm={onLogoutEverywhere}
        />
      ) : null}

      <ShellDrawers
        mobileOpen={mobileOpen}
        onMobileClose={() => setMobileOpen(false)}
        items={items}
        currentPath={currentPath}
        brandId={brandId}
        brandSelector={
          showBrands ? (
            <BrandSelector brands={brands} brandId={brandId} onChange={onBrandChange} fullWidth />
          ) : null
        }
      />

      <Box component="main" sx={{ flexGrow: 1, minWidth: 0 }}>
        <Toolbar sx={{ displayPrint: 'none' }} />
        <Box sx={{ p: { xs: 2, sm: 3, md: 4 }, '@media print': { p: 0 } }}>{children}</Box>
      </Box>
    </Box>
  );
}
