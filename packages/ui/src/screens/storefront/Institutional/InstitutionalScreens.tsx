// The institutional pages as routed screens: the store's name and legal identity from
// storeSettings, the page's title, description and canonical URL in the document head.
import { useQuery } from '@apollo/client';
import { useMemo } from 'react';

import { storefrontPaths } from '../../../routes/paths';
import { useSeo } from '../../../seo';
import { useStoreLegal } from '../../shared/useStoreLegal';
import { useStoreName } from '../../shared/useStoreName';
import { ContactView } from './ContactView';
import { ExchangesAndReturnsView } from './ExchangesAndReturnsView';
import { PrivacyPolicyView } from './PrivacyPolicyView';
import { INSTITUTIONAL_TEXTS_QUERY, type InstitutionalTexts } from './institutionalTexts.graphql';
import { DEMO_STORE_CONTACT, type StoreContactInfo } from './storeContact';

/** The contact details with the store's name and legal identity from storeSettings (the same
 * values the footer shows); a field the store has not set keeps the demo's. */
function useStoreContact(): StoreContactInfo {
  const storeName = useStoreName();
  const legal = useStoreLegal();
  return useMemo(
    () => ({
      ...DEMO_STORE_CONTACT,
      storeName,
      legalName: legal?.legalName ?? DEMO_STORE_CONTACT.legalName,
      cnpj: legal?.cnpj ?? DEMO_STORE_CONTACT.cnpj,
      address: legal?.legalAddress ?? DEMO_STORE_CONTACT.address,
      email: legal?.contactEmail ?? DEMO_STORE_CONTACT.email,
    }),
    [storeName, legal],
  );
}

/** The store's own texts of the pages (storeSettings); null until known or when not set. */
function useInstitutionalText(field: keyof InstitutionalTexts): string | null {
  const { data } = useQuery(INSTITUTIONAL_TEXTS_QUERY);
  return data?.storeSettings[field] ?? null;
}

export function ContactScreen() {
  const contact = useStoreContact();
  useSeo({
    title: 'Contato',
    description: `Fale com a ${contact.storeName} por e-mail ou WhatsApp: ${contact.hours.join('; ')}.`,
    canonicalPath: storefrontPaths.contact,
    siteName: contact.storeName,
  });
  const customText = useInstitutionalText('contactPageText');
  return <ContactView contact={contact} customText={customText} />;
}

export function ExchangesAndReturnsScreen() {
  const contact = useStoreContact();
  useSeo({
    title: 'Trocas e devoluções',
    description:
      'Desista da compra em até 7 dias do recebimento com reembolso integral, inclusive do frete; troca de produtos com defeito em até 30 ou 90 dias. Veja como solicitar.',
    canonicalPath: storefrontPaths.exchangesAndReturns,
    siteName: contact.storeName,
  });
  const customText = useInstitutionalText('exchangesPolicyText');
  return <ExchangesAndReturnsView contact={contact} customText={customText} />;
}

export function PrivacyPolicyScreen() {
  const contact = useStoreContact();
  useSeo({
    title: 'Política de privacidade',
    description:
      'Quais dados pessoais coletamos no checkout, para quê, por quanto tempo, seus direitos pela LGPD e como falar com o nosso encarregado de dados.',
    canonicalPath: storefrontPaths.privacy,
    siteName: contact.storeName,
  });
  const customText = useInstitutionalText('privacyPolicyText');
  return <PrivacyPolicyView contact={contact} customText={customText} />;
}
