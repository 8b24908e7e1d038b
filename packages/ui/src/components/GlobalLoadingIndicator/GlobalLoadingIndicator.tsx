// The thin bar at the very top of the page while dashboard requests run (SPEC behaviour 7).
import LinearProgress from '@mui/material/LinearProgress';
import { styled, useThemeProps } from '@mui/material/styles';
import type {
  ComponentsOverrides,
  ComponentsProps,
  ComponentsVariants,
  SxProps,
  Theme,
} from '@mui/material/styles';

export interface GlobalLoadingIndicatorProps {
  /** Shown while true; renders nothing otherwise. */
  active: boolean;
  /** Spoken by screen readers. */
  label?: string;
  className?: string;
  sx?: SxProps<Theme>;
}

declare module '@mui/material/styles' {
  interface ComponentsPropsList {
    VtGlobalLoadingIndicator: GlobalLoadingIndicatorProps;
  }
  interface ComponentNameToClassKey {
    VtGlobalLoadingIndicator: 'root';
  }
  interface Components<Theme = unknown> {
    VtGlobalLoadingIndicator?: {
      defaultProps?: ComponentsProps['VtGlobalLoadingIndicator'];
      styleOverrides?: ComponentsOverrides<Theme>['VtGlobalLoadingIndicator'];
      variants?: ComponentsVariants<Theme>['VtGlobalLoadingIndicator'];
    };
  }
}

const Root = styled(LinearProgress, { name: 'VtGlobalLoadingIndicator', slot: 'Root' })(
  ({ theme }) => ({
    position: 'fixed',
    top: 0,
    left: 0,
    right: 0,
    height: 3,
    zIndex: theme.zIndex.tooltip + 1,
    backgroundColor: 'transparent',
  }),
);

export function GlobalLoadingIndicator(inProps: GlobalLoadingIndicatorProps) {
  const {
    active,
    label = 'Carregando',
    ...other
  } = useThemeProps({
    props: inProps,
    name: 'VtGlobalLoadingIndicator',
  });
  if (!active) return null;
  return <Root aria-label={label} {...other} />;
}
