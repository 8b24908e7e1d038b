// Field names as staff read them in the dashboard's forms, for what the server writes about a
// change (the audit log's summary) and for the audit log's before/after table. One place, so the
// log says "Nome da loja" where the Settings form says "Nome da loja".

/** The store settings' fields, as labelled in Settings. */
export const SETTINGS_FIELD_LABELS: Readonly<Record<string, string>> = {
  storeName: 'Nome da loja',
  contactEmail: 'E-mail de atendimento',
  contactPhone: 'Telefone de atendimento',
  legalName: 'Razão social',
  cnpj: 'CNPJ',
  legalAddress: 'Endereço da empresa',
  pixKey: 'Chave Pix',
  pixMerchantName: 'Nome do recebedor',
  pixMerchantCity: 'Cidade do recebedor',
  pixDiscountPercent: 'Desconto no Pix',
  pixExpiryMinutes: 'Prazo para pagar',
  pixUniqueCents: 'Diferenciar valores de Pix iguais',
  maxInstallments: 'Máximo de parcelas',
  interestFreeInstallments: 'Parcelas sem juros',
  installmentInterestPercent: 'Juros do parcelamento (% ao mês)',
  minInstallmentCents: 'Parcela mínima',
  freeShippingThresholdCents: 'Frete grátis a partir de',
  heroTitle: 'Título do destaque',
  heroSubtitle: 'Subtítulo do destaque',
  analyticsMeasurementId: 'ID de medição do Google Analytics',
  exchangesPolicyText: 'Trocas e devoluções',
  privacyPolicyText: 'Privacidade',
  contactPageText: 'Contato',
  requireTwoFactor: 'Exigir verificação em duas etapas',
  guestMaxUnitsPerLine: 'Unidades de um produto por pedido',
  guestMaxUnitsPerOrder: 'Unidades por pedido',
};

/** Fields of the other records the audit log shows (products, variants, brands, coupons…). */
export const RECORD_FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Nome',
  slug: 'Endereço',
  description: 'Descrição',
  active: 'Ativa',
  published: 'Publicado no site',
  brandId: 'Marca',
  categoryId: 'Categoria',
  categories: 'Categorias',
  parentId: 'Categoria mãe',
  parentName: 'Categoria mãe',
  position: 'Posição',
  color: 'Cor',
  logoUrl: 'Logo',
  seoTitle: 'Título para buscadores',
  seoDescription: 'Descrição para buscadores',
  imageIds: 'Fotos',
  sku: 'SKU',
  size: 'Tamanho',
  priceCents: 'Preço',
  compareAtPriceCents: 'Preço "de"',
  stock: 'Estoque',
  reason: 'Motivo',
  weightGrams: 'Peso (g)',
  variants: 'Variantes',
  products: 'Produtos',
  code: 'Código',
  email: 'E-mail',
  role: 'Perfil de acesso',
  brandIds: 'Marcas',
  status: 'Situação',
  trackingCarrier: 'Transportadora',
  trackingCode: 'Código de rastreamento',
  note: 'Observação',
  amountCents: 'Valor',
};

/** A field's label (settings first, then the other records); unknown fields as they are. */
export function fieldLabel(field: string): string {
  return SETTINGS_FIELD_LABELS[field] ?? RECORD_FIELD_LABELS[field] ?? field;
}
