// The primary submit button of a form, with its sending state (disabled, spinner, new label).
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

export interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'children'> {
  label: string;
  /** Shown while sending, e.g. 'Entrando…'. */
  sendingLabel: string;
  sending?: boolean;
}

export function SubmitButton({
  label,
  sendingLabel,
  sending = false,
  sx,
  ...props
}: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      {...props}
      disabled={sending || props.disabled}
      startIcon={sending ? <CircularProgress size={18} color="inherit" aria-hidden /> : null}
      sx={[
        // Sending is not "unavailable": keep the brand colour, only quieter.
        sending && {
          '&.Mui-disabled': {
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            opacity: 0.72,
          },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {sending ? sendingLabel : label}
    </Button>
  );
}
