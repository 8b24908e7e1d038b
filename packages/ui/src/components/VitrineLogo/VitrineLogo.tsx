// The store's wordmark: a rounded mark with the initial and the store name beside it.
import { styled, useThemeProps } from '@mui/material/styles';
import type {
  ComponentsOverrides,
  ComponentsProps,
  ComponentsVariants,
  SxProps,
  Theme,
} from '@mui/material/styles';

export interface VitrineLogoProps {
  /** The store's name, from storeSettings; 'Vitrine' by default. */
  name?: string;
  size?: 'small' | 'medium' | 'large';
  /** 'light' on dark surfaces. */
  tone?: 'default' | 'light';
  className?: string;
  sx?: SxProps<Theme>;
}

declare module '@mui/material/styles' {
  interface ComponentsPropsList {
    VtLogo: VitrineLogoProps;
  }
  interface ComponentNameToClassKey {
    VtLogo: 'root' | 'mark' | 'name';
  }
  interface Components<Theme = unknown> {
    VtLogo?: {
      defaultProps?: ComponentsProps['VtLogo'];
      styleOverrides?: ComponentsOverrides<Theme>['VtLogo'];
      variants?: ComponentsVariants<Theme>['VtLogo'];
    };
  }
}

interface OwnerState {
  size: NonNullable<VitrineLogoProps['size']>;
  tone: NonNullable<VitrineLogoProps['tone']>;
}

const MARK_SIZE = { small: 26, medium: 32, large: 44 } as const;
const NAME_SIZE = { small: '1rem', medium: '1.25rem', large: '1.625rem' } as const;

const Root = styled('span', { name: 'VtLogo', slot: 'Root' })<{ ownerState: OwnerState }>(
  ({ theme, ownerState }) => ({
    display: 'inline-flex',
    alignItems: 'center',
    gap: theme.spacing(ownerState.size === 'large' ? 1.5 : 1),
    color: ownerState.tone === 'light' ? theme.palette.common.white : theme.palette.text.primary,
    textDecoration: 'none',
  }),
);

const Mark = styled('span', { name: 'VtLogo', slot: 'Mark' })<{ ownerState: OwnerState }>(
  ({ theme, ownerState }) => ({
    display: 'inline-grid',
    placeItems: 'center',
    width: MARK_SIZE[ownerState.size],
    height: MARK_SIZE[ownerState.size],
    borderRadius: MARK_SIZE[ownerState.size] * 0.3,
    background: `linear-gradient(135deg, ${theme.palette.primary.main} 0%, ${theme.palette.primary.dark} 100%)`,
    color: theme.palette.primary.contrastText,
    fontWeight: 800,
    fontSize: MARK_SIZE[ownerState.size] * 0.55,
    lineHeight: 1,
    boxShadow: `inset 0 -2px 0 rgba(0, 0, 0, 0.15)`,
  }),
);

const Name = styled('span', { name: 'VtLogo', slot: 'Name' })<{ ownerState: OwnerState }>(
  ({ ownerState }) => ({
    fontWeight: 700,
    fontSize: NAME_SIZE[ownerState.size],
    letterSpacing: '-0.02em',
    lineHeight: 1,
  }),
);

export function VitrineLogo(inProps: VitrineLogoProps) {
  const {
    name = 'Vitrine',
    size = 'medium',
    tone = 'default',
    ...other
  } = useThemeProps({ props: inProps, name: 'VtLogo' });
  const ownerState = { size, tone };
  const initial = name.trim().charAt(0).toUpperCase() || 'V';
  return (
    <Root ownerState={ownerState} {...other}>
      <Mark ownerState={ownerState} aria-hidden>
        {initial}
      </Mark>
      <Name ownerState={ownerState}>{name}</Name>
    </Root>
  );
}
