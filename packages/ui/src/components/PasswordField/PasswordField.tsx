// A password TextField with a labelled show/hide toggle.
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type OutlinedTextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';

/** A TextField's props (outlined, the theme's variant) without `type`, which the toggle owns. */
export interface PasswordFieldProps extends Omit<OutlinedTextFieldProps, 'type' | 'variant'> {
  variant?: 'outlined';
}

export function PasswordField({ slotProps, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const inputSlotProps = typeof slotProps?.input === 'object' ? slotProps.input : {};
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...slotProps,
        input: {
          ...inputSlotProps,
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={visible ? 'Ocultar senha' : 'Mostrar senha'}
                aria-pressed={visible}
                onClick={() => setVisible((shown) => !shown)}
                // Keep focus (and the caret) in the field while toggling.
                onMouseDown={(event) => event.preventDefault()}
                edge="end"
                size="small"
              >
                {visible ? <VisibilityOffOutlined /> : <VisibilityOutlined />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
