// The page around the sign-in and password-reset cards: logo, centred card, quiet footer.
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { styled, useThemeProps } from '@mui/material/styles';
import type {
  ComponentsOverrides,
  ComponentsProps,
  ComponentsVariants,
  SxProps,
  Theme,
} from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { VitrineLogo } from '../VitrineLogo';

export interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Under the card, e.g. a link back to the login. */
  footer?: ReactNode;
  storeName?: string;
  className?: string;
  sx?: SxProps<Theme>;
}

declare module '@mui/material/styles' {
  interface ComponentsPropsList {
    VtAuthLayout: AuthLayoutProps;
  }
  interface ComponentNameToClassKey {
    VtAuthLayout: 'root' | 'card';
  }
  interface Components<Theme = unknown> {
    VtAuthLayout?: {
      defaultProps?: ComponentsProps['VtAuthLayout'];
      styleOverrides?: ComponentsOverrides<Theme>['VtAuthLayout'];
      variants?: ComponentsVariants<Theme>['VtAuthLayout'];
    };
  }
}

const Root = styled('main', { name: 'VtAuthLayout', slot: 'Root' })(({ theme }) => ({
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: theme.spacing(3),
  padding: theme.spacing(6, 2),
  background: `radial-gradient(1200px 600px at 50% -10%, ${theme.palette.primary.main}14, transparent 70%), ${theme.palette.background.default}`,
}));

const AuthCard = styled(Card, { name: 'VtAuthLayout', slot: 'Card' })(({ theme }) => ({
  width: '100%',
  maxWidth: 420,
  borderRadius: 14,
  '& .MuiCardContent-root': {
    padding: theme.spacing(4),
    // MUI's own last-child rule (24 px at the bottom) is as specific as the padding above, so
    // which of the two won depended on the order the page had first drawn a card in (the login
    // after another screen came out 8 px taller): the bottom is said here, more specifically.
    '&:last-child': { paddingBottom: theme.spacing(3) },
    [theme.breakpoints.down('sm')]: { padding: theme.spacing(3) },
  },
}));

export function AuthLayout(inProps: AuthLayoutProps) {
  const { title, subtitle, children, footer, storeName, ...other } = useThemeProps({
    props: inProps,
    name: 'VtAuthLayout',
  });
  return (
    <Root {...other}>
      <VitrineLogo size="large" {...(storeName === undefined ? {} : { name: storeName })} />
      <AuthCard>
        <CardContent>
          <Typography component="h1" variant="h4" sx={{ mb: subtitle ? 1 : 3 }}>
            {title}
          </Typography>
          {subtitle ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
              {subtitle}
            </Typography>
          ) : null}
          {children}
        </CardContent>
      </AuthCard>
      {footer ? (
        <Typography variant="body2" color="text.secondary" component="div">
          {footer}
        </Typography>
      ) : null}
    </Root>
  );
}
