// The friendly error page of the storefront: what happened, and a way forward.
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import Container from '@mui/material/Container';

import { EmptyState } from '../../../components/storefront';
import { storefrontPaths } from '../../../routes/paths';
import { ActionButton } from '../../../components/ActionButton';

export interface StorefrontErrorViewProps {
  /** 'Não foi possível carregar os produtos.' */
  title?: string;
  description?: string;
  onRetry?: () => void;
  /** Render the page heading as h1 (a whole page failed) or h2 (a part of it). */
  headingLevel?: 'h1' | 'h2';
}

export function StorefrontErrorView({
  title = 'Algo deu errado por aqui',
  description = 'Não conseguimos carregar esta página agora. Verifique sua conexão e tente de novo em instantes.',
  onRetry,
  headingLevel = 'h1',
}: StorefrontErrorViewProps) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <EmptyState
        icon={<CloudOffOutlined />}
        title={title}
        headingLevel={headingLevel}
        description={<p>{description}</p>}
        actions={
          <>
            {onRetry ? (
              <ActionButton variant="contained" size="large" onClick={onRetry}>
                Tentar novamente
              </ActionButton>
            ) : null}
            <ActionButton to={storefrontPaths.home} variant="outlined" size="large">
              Ir para a página inicial
            </ActionButton>
          </>
        }
      />
    </Container>
  );
}
