// The states the catalog structure pages share (brands, categories, import): no permission, a
// load that failed, a list loading. Pure.
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';

export function NoPermission({ message }: { message: string }) {
  return (
    <Alert severity="info" icon={<LockOutlined />} role="status">
      <AlertTitle>Sem permissão</AlertTitle>
      {message}
    </Alert>
  );
}

export function LoadError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            Tentar de novo
          </Button>
        ) : undefined
      }
    >
      {message}
    </Alert>
  );
}

export function ListSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <Box role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height={56} />
      ))}
    </Box>
  );
}
