// '/contato': how to reach the store (e-mail, WhatsApp, hours) and who the store legally is.
import AccessTimeRounded from '@mui/icons-material/AccessTimeRounded';
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { FormattedText } from '../../../components/FormattedText';
import { storefrontPaths } from '../../../routes/paths';
import { InstitutionalPage, InstitutionalSection } from './InstitutionalPage';
import { whatsappUrl, type StoreContactInfo } from './storeContact';

export interface ContactViewProps {
  contact: StoreContactInfo;
  /** The store's own text (formatted text), shown above the contact details; null: none. */
  customText?: string | null;
}

function Channel({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'primary.main' }}>
        {icon}
        <Typography variant="h6" component="h3" color="text.primary" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
      </Box>
      {/* An e-mail address is one long word: let it wrap instead of widening the card. */}
      <Box sx={{ flexGrow: 1, overflowWrap: 'anywhere', '& p': { m: 0 } }}>{children}</Box>
      {action}
    </Paper>
  );
}

export function ContactView({ contact, customText }: ContactViewProps) {
  return (
    <InstitutionalPage
      title="Contato"
      summary={
        <p>
          Fale com o atendimento da {contact.storeName} para tirar dúvidas sobre produtos, pedidos,
          entregas, trocas e devoluções. Respondemos em até 1 dia útil.
        </p>
      }
    >
      {customText ? <FormattedText text={customText} sx={{ mt: 3 }} /> : null}
      <InstitutionalSection id="canais" title="Canais de atendimento">
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: '0 !important',
            display: 'grid',
            gap: 2,
            // minmax(0, …): a track never grows past the page to fit its longest word.
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          <Channel
            icon={<MailOutlineRounded aria-hidden />}
            title="E-mail"
            action={
              <Button
                variant="outlined"
                href={`mailto:${contact.email}`}
                sx={{ minHeight: 44, wordBreak: 'break-all' }}
              >
                Enviar e-mail
              </Button>
            }
          >
            <p>{contact.email}</p>
          </Channel>
          <Channel
            icon={<WhatsApp aria-hidden />}
            title="WhatsApp"
            action={
              <Button
                variant="contained"
                href={whatsappUrl(contact)}
                target="_blank"
                rel="noopener noreferrer"
                sx={{ minHeight: 44 }}
              >
                Conversar no WhatsApp
              </Button>
            }
          >
            <p>{contact.whatsappDisplay}</p>
            <Typography variant="body2" color="text.secondary" component="p">
              Mensagens de texto; não atendemos ligações neste número.
            </Typography>
          </Channel>
          <Channel icon={<AccessTimeRounded aria-hidden />} title="Horário">
            {contact.hours.map((line) => (
              <p key={line}>{line}</p>
            ))}
            <Typography variant="body2" color="text.secondary" component="p" sx={{ mt: 1 }}>
              Mensagens fora do horário são respondidas no próximo dia útil.
            </Typography>
          </Channel>
        </Box>
      </InstitutionalSection>

      <InstitutionalSection id="antes-de-escrever" title="Antes de escrever">
        <ul>
          <li>
            Tenha em mãos o <strong>número do pedido</strong> (está no e-mail de confirmação). O
            andamento da entrega pode ser visto a qualquer hora em{' '}
            <Link component={RouterLink} to={storefrontPaths.tracking}>
              Acompanhar pedido
            </Link>
            .
          </li>
          <li>
            Para trocar ou devolver um produto, veja como funciona em{' '}
            <Link component={RouterLink} to={storefrontPaths.exchangesAndReturns}>
              Trocas e devoluções
            </Link>
            .
          </li>
          <li>
            Para pedidos sobre seus dados pessoais, escreva ao nosso encarregado, como explicado na{' '}
            <Link component={RouterLink} to={storefrontPaths.privacy}>
              Política de privacidade
            </Link>
            .
          </li>
        </ul>
      </InstitutionalSection>

      <InstitutionalSection id="empresa" title="Dados da empresa">
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
            columnGap: 3,
            rowGap: { xs: 0.25, sm: 1 },
            '& dt': { fontWeight: 700, mt: { xs: 1.5, sm: 0 } },
            '& dd': { m: 0 },
          }}
        >
          <dt>Razão social</dt>
          <dd>{contact.legalName}</dd>
          <dt>CNPJ</dt>
          <dd>{contact.cnpj}</dd>
          <dt>Endereço</dt>
          <dd>{contact.address}</dd>
          <dt>E-mail</dt>
          <dd>{contact.email}</dd>
        </Box>
      </InstitutionalSection>
    </InstitutionalPage>
  );
}
