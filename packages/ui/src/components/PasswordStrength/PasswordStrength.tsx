// The live checklist of password rules shown under a new-password field.
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import RadioButtonUncheckedRounded from '@mui/icons-material/RadioButtonUncheckedRounded';
import { styled, useThemeProps } from '@mui/material/styles';
import type {
  ComponentsOverrides,
  ComponentsProps,
  ComponentsVariants,
  SxProps,
  Theme,
} from '@mui/material/styles';

import { checkPasswordRules, type PasswordRuleStatus } from './passwordRules';

export interface PasswordStrengthProps {
  password: string;
  /** The account's e-mail, when known, to check that the password does not contain it. */
  email?: string;
  id?: string;
  className?: string;
  sx?: SxProps<Theme>;
}

declare module '@mui/material/styles' {
  interface ComponentsPropsList {
    VtPasswordStrength: PasswordStrengthProps;
  }
  interface ComponentNameToClassKey {
    VtPasswordStrength: 'root' | 'rule';
  }
  interface Components<Theme = unknown> {
    VtPasswordStrength?: {
      defaultProps?: ComponentsProps['VtPasswordStrength'];
      styleOverrides?: ComponentsOverrides<Theme>['VtPasswordStrength'];
      variants?: ComponentsVariants<Theme>['VtPasswordStrength'];
    };
  }
}

const Root = styled('ul', { name: 'VtPasswordStrength', slot: 'Root' })(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: theme.spacing(1.25, 1.5),
  display: 'grid',
  gap: theme.spacing(0.75),
  borderRadius: theme.shape.borderRadius,
  backgroundColor: theme.palette.grey[50],
  border: `1px solid ${theme.palette.divider}`,
}));

const Rule = styled('li', { name: 'VtPasswordStrength', slot: 'Rule' })<{
  ownerState: { status: PasswordRuleStatus };
}>(({ theme, ownerState }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: theme.spacing(1),
  fontSize: theme.typography.body2.fontSize,
  lineHeight: 1.4,
  color: ownerState.status === 'met' ? theme.palette.success.main : theme.palette.text.secondary,
  '& svg': { fontSize: 18, flexShrink: 0 },
}));

const VisuallyHidden = styled('span')({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

const STATUS_TEXT: Record<PasswordRuleStatus, string> = {
  met: 'atendido',
  unmet: 'pendente',
  unknown: 'verificado ao salvar',
};

function StatusIcon({ status }: { status: PasswordRuleStatus }) {
  if (status === 'met') return <CheckCircleRounded aria-hidden />;
  if (status === 'unknown') return <InfoOutlined aria-hidden />;
  return <RadioButtonUncheckedRounded aria-hidden />;
}

export function PasswordStrength(inProps: PasswordStrengthProps) {
  const { password, email, ...other } = useThemeProps({
    props: inProps,
    name: 'VtPasswordStrength',
  });
  const rules = checkPasswordRules(password, email);
  return (
    <Root aria-label="Requisitos da senha" {...other}>
      {rules.map((rule) => (
        <Rule key={rule.id} ownerState={{ status: rule.status }} data-status={rule.status}>
          <StatusIcon status={rule.status} />
          <span>
            {rule.label}
            <VisuallyHidden> ({STATUS_TEXT[rule.status]})</VisuallyHidden>
          </span>
        </Rule>
      ))}
    </Root>
  );
}
