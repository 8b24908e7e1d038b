// The sender of a label: the store's legal identity (Settings: razão social, CNPJ, address,
// phone, e-mail). The carriers want the address in parts; Settings keeps it as one line, written
// as the footer shows it: 'Rua Augusta, 1500, sala 12 – Consolação, São Paulo/SP, CEP 01304-001'.
import { parseAddressLine } from '@vitrine/rules';
import type { LabelParty } from '../shipping/carriers/labels';
import type { OrderRow } from '../orders/orders.tables';
import type { StoreSettingsRow } from '../settings/settings.tables';

export const SENDER_ADDRESS_MESSAGE =
  'Para comprar etiquetas, preencha em Configurações a razão social, o CNPJ e o endereço da loja ' +
  'no formato "Rua, número – Bairro, Cidade/UF, CEP 00000-000".';

/** The address's parts, or null when it is not written that way (@vitrine/rules). */
export { parseAddressLine };

/** The store as the sender; null when Settings lack what a carrier needs. */
export function parseStoreAddress(
  settings: Pick<
    StoreSettingsRow,
    'legalName' | 'cnpj' | 'legalAddress' | 'contactEmail' | 'contactPhone'
  >,
  originCep: string | null,
): LabelParty | null {
  if (!settings.legalName || !settings.cnpj || !settings.legalAddress) return null;
  const address = parseAddressLine(settings.legalAddress);
  if (!address) return null;
  const postalCode = address.postalCode || originCep || '';
  if (!/^\d{8}$/.test(postalCode)) return null;
  return {
    ...address,
    postalCode,
    name: settings.legalName,
    document: settings.cnpj,
    phone: settings.contactPhone,
    email: settings.contactEmail,
  };
}

/** The shopper of an order as a party of a parcel (a label's addressee, a return's sender). */
export function orderParty(order: OrderRow): LabelParty {
  return {
    name: order.customerName,
    document: order.customerCpf.replace(/\D/g, '') || null,
    phone: order.customerPhone.replace(/\D/g, '') || null,
    email: order.customerEmail,
    street: order.street,
    number: order.streetNumber,
    complement: order.complement,
    district: order.district,
    city: order.city,
    uf: order.uf,
    postalCode: order.postalCode.replace(/\D/g, ''),
  };
}
