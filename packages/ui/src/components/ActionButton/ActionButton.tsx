// A light button for the storefront's first screen (header, home hero, error pages): MUI Button's
// look for the few variants those use, drawn by a styled <button> or router link, without
// ButtonBase, its ripple or the CircularProgress that Button imports for `loading` (8.5 KB gzip
// of the first visit; docs/benchmarks.md, first-visit weight). Screens further in keep MUI's
// Button.
import { alpha, styled, useThemeProps, type SxProps, type Theme } from '@mui/material/styles';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

export type ActionButtonVariant = 'contained' | 'outlined' | 'text' | 'icon';

export interface ActionButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** contained, outlined and text as MUI's Button; icon as a large IconButton (48 px round). */
  variant?: ActionButtonVariant;
  size?: 'medium' | 'large';
  /** 'inherit' takes the surrounding text colour (outlined: a divider-coloured border). */
  color?: 'primary' | 'inherit';
  /** A router link to this path instead of a button. */
  to?: string;
  startIcon?: ReactNode;
  endIcon?: ReactNode;
  sx?: SxProps<Theme>;
}

interface OwnerState {
  variant: ActionButtonVariant;
  size: 'medium' | 'large';
  color: 'primary' | 'inherit';
}

// WCAG 2.5.8 and the storefront's rule (theme TOUCH_TARGET): every control is at least 44 px.
const TOUCH_TARGET = 44;

const Root = styled('button', {
  name: 'VtActionButton',
  slot: 'Root',
  shouldForwardProp: (prop) => prop !== 'ownerState' && prop !== 'sx' && prop !== 'as',
})<{ ownerState: OwnerState }>(({ theme, ownerState: { variant, size, color } }) => {
  const main = color === 'inherit' ? 'currentColor' : theme.palette.primary.main;
  const hover = alpha(
    color === 'inherit' ? theme.palette.text.primary : theme.palette.primary.main,
    theme.palette.action.hoverOpacity,
  );
  const base = {
    ...theme.typography.button,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: 8,
    boxSizing: 'border-box' as const,
    margin: 0,
    border: '1px solid transparent',
    borderRadius: 8,
    background: 'none',
    color: color === 'inherit' ? 'inherit' : theme.palette.primary.main,
    cursor: 'pointer',
    textDecoration: 'none',
    userSelect: 'none' as const,
    WebkitTapHighlightColor: 'transparent',
    outline: 0,
    transition: theme.transitions.create(['background-color', 'border-color', 'color'], {
      duration: theme.transitions.duration.short,
    }),
    '&:focus-visible': {
      outline: `2px solid ${theme.palette.primary.main}`,
      outlineOffset: 2,
    },
    '&:disabled': { cursor: 'default', pointerEvents: 'none' as const, opacity: 0.38 },
    '& > svg': { flexShrink: 0 },
  };
  if (variant === 'icon') {
    return {
      ...base,
      width: 48,
      height: 48,
      padding: 12,
      borderRadius: '50%',
      color: theme.palette.action.active,
      '&:hover': { backgroundColor: theme.palette.action.hover },
    };
  }
  return {
    ...base,
    minWidth: 64,
    minHeight: size === 'large' ? 48 : TOUCH_TARGET,
    padding: size === 'large' ? '8px 22px' : '6px 18px',
    ...(size === 'large' ? { fontSize: theme.typography.pxToRem(15) } : {}),
    ...(variant === 'contained'
      ? {
          backgroundColor: theme.palette.primary.main,
          color: theme.palette.primary.contrastText,
          '&:hover': { backgroundColor: theme.palette.primary.dark },
        }
      : variant === 'outlined'
        ? {
            borderColor: color === 'inherit' ? theme.palette.divider : alpha(main, 0.5),
            '&:hover': { backgroundColor: hover, borderColor: main },
          }
        : { '&:hover': { backgroundColor: hover } }),
  };
});

export function ActionButton(inProps: ActionButtonProps) {
  const {
    variant = 'text',
    size = 'medium',
    color = 'primary',
    to,
    startIcon,
    endIcon,
    children,
    type = 'button',
    ...other
  } = useThemeProps({ props: inProps, name: 'VtActionButton' });
  const ownerState = { variant, size, color };
  const content = (
    <>
      {startIcon}
      {children}
      {endIcon}
    </>
  );
  if (to !== undefined) {
    // A link: the same look, navigation by the router (a `type` means nothing on an anchor).
    const link = { as: RouterLink, to } as unknown as Record<string, never>;
    return (
      <Root ownerState={ownerState} {...link} {...other}>
        {content}
      </Root>
    );
  }
  return (
    <Root type={type} ownerState={ownerState} {...other}>
      {content}
    </Root>
  );
}
