// The footer's last lines: the store's legal identity where every page shows it, as Decreto
// 7.962/2013 (art. 2) asks of online stores: razão social, CNPJ, address and contact. Lines of a
// store that has not set them are left out; the copyright line always shows.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import type { StoreLegalIdentity } from '../../shared/storeLegal.graphql';

export function FooterLegal({
  storeName,
  legal,
}: {
  storeName: string;
  legal: StoreLegalIdentity | null;
}) {
  const company = [legal?.legalName, legal?.cnpj ? `CNPJ ${legal.cnpj}` : null].filter(Boolean);
  const email = legal?.contactEmail ?? null;
  const phone = legal?.contactPhone ?? null;
  return (
    <Box sx={{ mt: 4, pt: 3, borderTop: 1, borderColor: 'divider' }}>
      {company.length > 0 || legal?.legalAddress || email || phone ? (
        <Typography
          variant="caption"
          color="text.secondary"
          component="address"
          sx={{ display: 'block', fontStyle: 'normal', mb: 1.5 }}
        >
          {company.length > 0 ? (
            <span style={{ display: 'block' }}>{company.join(' · ')}</span>
          ) : null}
          {legal?.legalAddress ? (
            <span style={{ display: 'block' }}>{legal.legalAddress}</span>
          ) : null}
          {email || phone ? (
            <span style={{ display: 'block' }}>
              Atendimento:{' '}
              {email ? <span style={{ overflowWrap: 'anywhere' }}>{email}</span> : null}
              {email && phone ? ' · ' : null}
              {phone ? <span style={{ whiteSpace: 'nowrap' }}>{phone}</span> : null}
            </span>
          ) : null}
        </Typography>
      ) : null}
      <Typography variant="caption" color="text.secondary" component="p">
        © {storeName}. Todos os direitos reservados.
      </Typography>
    </Box>
  );
}
