// The store's address as Settings keep it: one line, written as the footer shows it,
// 'Rua Augusta, 1500, sala 12 – Consolação, São Paulo/SP, CEP 01304-001'. Its parts are what a
// carrier's label and the NF-e's issuer want (the labels' sender, the IBGE code's UF).

export interface AddressParts {
  street: string;
  number: string;
  complement: string | null;
  district: string;
  city: string;
  /** Upper case. */
  uf: string;
  /** 8 digits, or '' when the line has no CEP. */
  postalCode: string;
}

/** The address's parts, or null when it is not written that way. */
export function parseAddressLine(text: string): AddressParts | null {
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
