// The store's legal identity and service channels shown on the institutional pages. The values
// are the demo store's (placeholders a real store replaces), kept in one place for all pages.

export interface StoreContactInfo {
  /** Trade name shown in the text ('Vitrine'); the Screen uses storeSettings' name. */
  storeName: string;
  /** Razão social. */
  legalName: string;
  cnpj: string;
  address: string;
  email: string;
  /** As people read it: '(11) 99999-0000'. */
  whatsappDisplay: string;
  /** Digits with the country code, for the wa.me link: '5511999990000'. */
  whatsappNumber: string;
  /** Opening hours, one line per period. */
  hours: readonly string[];
  /** The encarregado pelo tratamento de dados pessoais (LGPD art. 41). */
  dpoName: string;
  dpoEmail: string;
}

export const DEMO_STORE_CONTACT: StoreContactInfo = {
  storeName: 'Vitrine',
  legalName: 'Vitrine Moda LTDA',
  // The demo company's (made up, valid check digits), as the API's demo seed sets it; the
  // screens show the store's own from storeSettings.
  cnpj: '12.345.678/0001-95',
  address: 'Rua Exemplo, 100, sala 12 – Pinheiros, São Paulo/SP, CEP 05422-000',
  email: 'atendimento@vitrine.exemplo.com.br',
  whatsappDisplay: '(11) 99999-0000',
  whatsappNumber: '5511999990000',
  hours: ['Segunda a sexta, das 9h às 18h', 'Sábados, das 9h às 13h (exceto feriados)'],
  dpoName: 'Encarregado de Proteção de Dados da Vitrine Moda',
  dpoEmail: 'privacidade@vitrine.exemplo.com.br',
};

export function whatsappUrl(contact: StoreContactInfo): string {
  return `https://wa.me/${contact.whatsappNumber}`;
}
