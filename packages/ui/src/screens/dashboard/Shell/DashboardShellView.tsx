// The dashboard frame: app bar with the store and the signed-in staff member, side navigation,
// and the page in the main area. Pure: everything comes in through props.
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import MenuRounded from '@mui/icons-material/MenuRounded';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SpaceDashboardOutlined from '@mui/icons-material/SpaceDashboardOutlined';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
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
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { VitrineLogo } from '../../../components/VitrineLogo';
import { DASHBOARD_PATH } from '../../../routes/paths';

export const DRAWER_WIDTH = 280;

export type StaffRole = 'ADMIN' | 'BRAND_MANAGER' | 'SUPPORT';

export interface ShellStaff {
  name: string;
  email?: string;
  role?: StaffRole;
}

export interface DashboardNavItem {
  label: string;
  icon: ReactNode;
  /** Without a path the item is shown as coming soon. */
  path?: string;
}

export const DASHBOARD_NAV_ITEMS: DashboardNavItem[] = [
  { label: 'Visão geral', icon: <SpaceDashboardOutlined />, path: DASHBOARD_PATH },
  { label: 'Pedidos', icon: <ReceiptLongOutlined /> },
  { label: 'Produtos', icon: <Inventory2Outlined /> },
  { label: 'Marcas', icon: <LocalOfferOutlined /> },
  { label: 'Categorias', icon: <CategoryOutlined /> },
  { label: 'Equipe', icon: <GroupOutlined /> },
  { label: 'Configurações', icon: <SettingsOutlined /> },
];

const ROLE_LABELS: Record<StaffRole, string> = {
  ADMIN: 'Administração',
  BRAND_MANAGER: 'Gestão de marcas',
  SUPPORT: 'Atendimento',
};

export interface DashboardShellViewProps {
  storeName: string;
  /** The signed-in staff member; null while unknown. */
  staff: ShellStaff | null;
  staffLoading?: boolean;
  onLogout: () => void;
  /** The current path, to highlight the navigation item. */
  currentPath?: string;
  navItems?: DashboardNavItem[];
  children?: ReactNode;
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.charAt(0) ?? '';
  const last = parts.length > 1 ? (parts.at(-1)?.charAt(0) ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

function Navigation({
  items,
  currentPath,
  onNavigate,
}: {
  items: DashboardNavItem[];
  currentPath: string;
  onNavigate?: () => void;
}) {
  return (
    <Box component="nav" aria-label="Navegação do painel" sx={{ px: 1.5, py: 2 }}>
      <List disablePadding sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        {items.map((item) => {
          if (item.path === undefined) {
            return (
              <ListItem key={item.label} disablePadding>
                <ListItemButton
                  disabled
                  sx={{ borderRadius: 2, '&.Mui-disabled': { opacity: 1, color: 'text.disabled' } }}
                >
                  <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>{item.icon}</ListItemIcon>
                  <ListItemText
                    primary={item.label}
                    sx={{ minWidth: 0 }}
                    slotProps={{ primary: { noWrap: true } }}
                  />
                  <Chip
                    label="em breve"
                    size="small"
                    variant="outlined"
                    sx={{ height: 20, fontSize: 11, color: 'text.secondary', ml: 1, flexShrink: 0 }}
                  />
                </ListItemButton>
              </ListItem>
            );
          }
          const selected =
            item.path === DASHBOARD_PATH
              ? currentPath === DASHBOARD_PATH || currentPath === `${DASHBOARD_PATH}/`
              : currentPath.startsWith(item.path);
          return (
            <ListItem key={item.label} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={item.path}
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
                <ListItemText
                  primary={item.label}
                  slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}

export function DashboardShellView({
  storeName,
  staff,
  staffLoading = false,
  onLogout,
  currentPath = DASHBOARD_PATH,
  navItems = DASHBOARD_NAV_ITEMS,
  children,
}: DashboardShellViewProps) {
  const [mobileOpen, setMobileOpen] = useState(false);
  const navigation = <Navigation items={navItems} currentPath={currentPath} />;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar
        position="fixed"
        sx={{
          zIndex: (theme) => theme.zIndex.drawer + 1,
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Toolbar sx={{ gap: 2 }}>
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
            to={DASHBOARD_PATH}
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 1.5,
              minHeight: 44,
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
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            {staffLoading && staff === null ? (
              <>
                <Skeleton variant="circular" width={36} height={36} />
                <Skeleton width={120} sx={{ display: { xs: 'none', sm: 'block' } }} />
              </>
            ) : staff !== null ? (
              <>
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
                <Box sx={{ display: { xs: 'none', sm: 'block' }, lineHeight: 1.2 }}>
                  <Typography variant="subtitle2" component="p" data-testid="staff-name">
                    {staff.name}
                  </Typography>
                  {staff.role ? (
                    <Typography variant="caption" color="text.secondary" component="p">
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
              sx={{ borderColor: 'divider' }}
            >
              Sair
            </Button>
          </Stack>
        </Toolbar>
      </AppBar>

      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={() => setMobileOpen(false)}
        sx={{ display: { md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
      >
        <Toolbar />
        <Navigation
          items={navItems}
          currentPath={currentPath}
          onNavigate={() => setMobileOpen(false)}
        />
      </Drawer>
      <Drawer
        variant="permanent"
        sx={{
          display: { xs: 'none', md: 'block' },
          width: DRAWER_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
        open
      >
        <Toolbar />
        {navigation}
      </Drawer>

      <Box component="main" sx={{ flexGrow: 1, minWidth: 0 }}>
        <Toolbar />
        <Box sx={{ p: { xs: 2, sm: 3, md: 4 }, maxWidth: 1200 }}>{children}</Box>
      </Box>
    </Box>
  );
}
