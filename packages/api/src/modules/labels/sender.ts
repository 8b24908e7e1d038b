// The sender of a label: the store's legal identity (Settings: razão social, CNPJ, address,
// phone, e-mail). The carriers want the address in parts; Settings keeps it as one line, written
// as the footer shows it: 'Rua Augusta, 1500, sala 12 – Consolação, São Paulo/SP, CEP 01304-001'.
import type { LabelParty } from '../shipping/carriers/labels';
import type { StoreSettingsRow } from '../settings/settings.tables';

export const SENDER_ADDRESS_MESSAGE =
  'Para comprar etiquetas, preencha em Configurações a razão social, o CNPJ e o endereço da loja ' +
  'no formato "Rua, número – Bairro, Cidade/UF, CEP 00000-000".';

/** The address's parts, or null when it is not written that way. */
export function parseAddressLine(
  text: string,
): Omit<LabelParty, 'name' | 'document' | 'phone' | 'email'> | null {
  const [streetPart, placePart, ...rest] = text.split(/\s+[–—-]\s+/);
  if (!streetPart || !placePart || rest.length > 0) return null;
  const [street, number, ...complement] = streetPart.split(',').map((part) => part.trim());
  const place =
    /^(?<district>[^,]+),\s*(?<city>[^,/]+?)\s*\/\s*(?<uf>[A-Za-z]{2})(?:,\s*(?:CEP\s*)?(?<cep>\d{5}-?\d{3}))?\s*$/i.exec(
      placePart.trim(),
    );
  if (!street || !number || !place?.groups) return null;
  return {
    street,
    number,
    complement: complement.filter(Boolean).join(', ') || null,
    district: place.groups.district!.trim(),
    city: place.groups.city!.trim(),
    uf: place.groups.uf!.toUpperCase(),
    postalCode: (place.groups.cep ?? '').replace('-', ''),
  };
}

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
