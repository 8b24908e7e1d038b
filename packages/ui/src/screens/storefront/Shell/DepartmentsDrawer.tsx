// The department menu on phones: a drawer from the left behind the header's menu button, each
// department with its subcategories under it. Its own chunk (MUI's Drawer and lists), fetched the
// first time the button is pressed, like the bag's drawer.
import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { storefrontPaths } from '../../../routes/paths';
import type { Department } from './departments';

export interface DepartmentsDrawerProps {
  open: boolean;
  onClose: () => void;
  departments: readonly Department[];
}

export function DepartmentsDrawer({ open, onClose, departments }: DepartmentsDrawerProps) {
  const titleId = useId();
  const linkSx = { display: 'block', py: 1.25, minHeight: 44, boxSizing: 'border-box' } as const;
  return (
    <Drawer
      anchor="left"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: { width: { xs: '85%', sm: 360 }, maxWidth: 360 },
        },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: 2,
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography id={titleId} component="h2" variant="h6">
          Departamentos
        </Typography>
        <IconButton aria-label="Fechar menu" onClick={onClose} edge="end">
          <CloseRounded />
        </IconButton>
      </Box>
      <Box component="nav" aria-label="Departamentos" sx={{ px: 2, pb: 3, overflowY: 'auto' }}>
        {departments.map((department) => (
          <Box key={department.slug} sx={{ borderBottom: 1, borderColor: 'divider', py: 1 }}>
            <Link
              component={RouterLink}
              to={storefrontPaths.category(department.slug)}
              onClick={onClose}
              underline="none"
              color="text.primary"
              variant="subtitle1"
              sx={{ ...linkSx, fontWeight: 'fontWeightMedium' }}
            >
              {department.name}
            </Link>
            {department.children.length > 0 ? (
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, pl: 2 }}>
                {department.children.map((child) => (
                  <li key={child.slug}>
                    <Link
                      component={RouterLink}
                      to={storefrontPaths.category(child.slug)}
                      onClick={onClose}
                      underline="none"
                      color="text.secondary"
                      variant="body2"
                      sx={linkSx}
                    >
                      {child.name}
                    </Link>
                  </li>
                ))}
              </Box>
            ) : null}
          </Box>
        ))}
        <Link
          component={RouterLink}
          to={`${storefrontPaths.home}#marcas`}
          onClick={onClose}
          underline="none"
          color="text.primary"
          variant="subtitle1"
          sx={{ ...linkSx, fontWeight: 'fontWeightMedium', mt: 1 }}
        >
          Marcas
        </Link>
      </Box>
    </Drawer>
  );
}
