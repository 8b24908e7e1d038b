// The dashboard header's account: its button (avatar, name and role), its menu ('Minha conta',
// 'Sair de todos os dispositivos', 'Sair') and the confirmation of signing out everywhere.
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import DevicesOtherOutlined from '@mui/icons-material/DevicesOtherOutlined';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { dashboardPaths } from '../../../routes/dashboardPaths';
import { withBrandScope } from '../shared/brandScope';
import type { ShellStaff } from './DashboardShellView';
import { ROLE_LABELS } from './navigation';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.charAt(0) ?? '';
  const last = parts.length > 1 ? (parts.at(-1)?.charAt(0) ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

export function LogoutEverywhereDialog({
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

/** The header's account button (avatar, with the name and role beside it from sm up). */
export function AccountButton({
  staff,
  menuId,
  menuOpen,
  anchorRef,
  onOpen,
}: {
  staff: ShellStaff;
  menuId: string;
  menuOpen: boolean;
  anchorRef: (element: HTMLButtonElement | null) => void;
  onOpen: () => void;
}) {
  return (
    <>
      <IconButton
        ref={anchorRef}
        aria-haspopup="menu"
        aria-expanded={menuOpen ? 'true' : undefined}
        aria-controls={menuOpen ? menuId : undefined}
        onClick={onOpen}
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
  );
}

/** The account menu: who is signed in, 'Minha conta', 'Sair de todos os dispositivos', 'Sair'. */
export function AccountMenu({
  id,
  staff,
  anchor,
  open,
  onClose,
  brandId,
  onLogout,
  onLogoutEverywhere,
}: {
  id: string;
  staff: ShellStaff;
  anchor: HTMLElement | null;
  open: boolean;
  onClose: () => void;
  brandId: string | null;
  onLogout: () => void;
  /** Opens the confirmation of 'Sair de todos os dispositivos'; none: no such item. */
  onLogoutEverywhere: (() => void) | undefined;
}) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={open && anchor !== null}
      onClose={onClose}
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
        onClick={onClose}
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
            onClose();
            onLogoutEverywhere();
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
          onClose();
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
  );
}
