// The workshop's sidebar and tab in Portuguese: the sections, screens and stories keep their
// English titles and export names in code (story ids, visual baselines and the docs coverage test
// are built from them), and the workshop shows these labels instead (.storybook/manager.tsx).
// Component names (ActionButton, PriceTag...) stay as they are: they are the names designers and
// developers share. labels.test.ts fails when a story or title has no label here.
// No package imports: Storybook's manager reads this file too (storyLabels.ts, the story names'
// table, is a file of the same kind).
import { STORY_LABELS } from './storyLabels';

export { STORY_LABELS };

/** Title segments: sections, areas and screens ('Screens/Storefront/Cart/View'). */
export const TITLE_LABELS: Readonly<Record<string, string>> = {
  Components: 'Componentes',
  Returns: 'Devoluções',
  Screens: 'Telas',
  Storefront: 'Loja',
  Dashboard: 'Painel',
  Errors: 'Erros',
  Screen: 'Tela (com a API)',
  View: 'Visual',
  Account: 'Minha conta',
  Audit: 'Auditoria',
  Boxes: 'Caixas',
  Brand: 'Marca',
  Brands: 'Marcas',
  BulkFiscal: 'Dados fiscais em massa',
  BulkPackage: 'Embalagem em massa',
  Cart: 'Sacola',
  Categories: 'Categorias',
  Checkout: 'Finalizar compra',
  Contact: 'Contato',
  Coupons: 'Cupons',
  Customer: 'Cliente',
  Customers: 'Clientes',
  Editor: 'Editor',
  Error: 'Erro',
  ExchangesAndReturns: 'Trocas e devoluções',
  Footer: 'Rodapé',
  Grid: 'Lista',
  Home: 'Início',
  Import: 'Importação',
  Institutional: 'Institucional',
  InvitationAccept: 'Aceitar convite',
  Invoice: 'Nota fiscal',
  Invoices: 'Notas fiscais',
  List: 'Lista',
  Listing: 'Listagem e busca',
  Login: 'Entrar',
  Mail: 'E-mails',
  NotFound: 'Página não encontrada',
  Order: 'Pedido',
  OrderConfirmation: 'Confirmação do pedido',
  OrderTracking: 'Acompanhar pedido',
  Orders: 'Pedidos',
  PasswordResetConfirm: 'Nova senha',
  PasswordResetRequest: 'Recuperar senha',
  Pix: 'Pix',
  Print: 'Impressão',
  Privacy: 'Privacidade',
  ProductEditor: 'Editor de produto',
  ProductPage: 'Página do produto',
  Products: 'Produtos',
  RestockConfirm: 'Confirmar aviso de estoque',
  RouteError: 'Erro de rota',
  Settings: 'Configurações',
  Fiscal: 'Dados fiscais',
  Shell: 'Moldura',
  Shipping: 'Frete',
  Statement: 'Extrato',
  Team: 'Equipe',
  'Two-factor': 'Dois fatores',
};

/**
 * The components' Portuguese names. The sidebar shows a component by its code name (the name
 * designers and developers share); the search finds it by either ('Cartão de produto' finds
 * ProductCard), and search results show both.
 */
export const COMPONENT_LABELS: Readonly<Record<string, string>> = {
  ActionButton: 'Botão de ação',
  AuthLayout: 'Moldura das telas de acesso',
  Breadcrumbs: 'Trilha de navegação',
  CartLine: 'Item da sacola',
  CheckoutSteps: 'Etapas da compra',
  ConfirmDialog: 'Diálogo de confirmação',
  CouponField: 'Campo de cupom',
  EmptyState: 'Estado vazio',
  FacetFilters: 'Filtros da listagem',
  FilterBar: 'Barra de filtros',
  FormattedText: 'Texto formatado',
  GlobalLoadingIndicator: 'Indicador de carregamento',
  InstallmentLine: 'Parcelamento',
  KpiCards: 'Cartões de indicadores',
  LeaveDialog: 'Diálogo de sair sem salvar',
  ListStates: 'Estados da lista',
  OrderLines: 'Itens do pedido',
  OrderTimeline: 'Andamento do pedido',
  Pagination: 'Paginação',
  PasswordField: 'Campo de senha',
  PasswordStrength: 'Regras da senha',
  PixPayment: 'Pagamento com Pix',
  PixPrice: 'Preço no Pix',
  PriceTag: 'Etiqueta de preço',
  ProductCard: 'Cartão de produto',
  ProductGallery: 'Galeria de fotos',
  QuantityStepper: 'Seletor de quantidade',
  RestockAlertForm: 'Avise-me quando chegar',
  SavedViewsMenu: 'Menu de visões salvas',
  SearchBox: 'Caixa de busca',
  SearchField: 'Campo de busca',
  SearchSheet: 'Folha de busca',
  ShippingQuoteForm: 'Calcular frete',
  SortSelect: 'Ordenação',
  StockMessage: 'Aviso de estoque',
  SubmitButton: 'Botão de enviar',
  Timeline: 'Linha do tempo',
  VariantPicker: 'Seletor de tamanho e cor',
  VitrineLogo: 'Logo da Vitrine',
};

/** A story's label: its own, or its label without ' Phone' / ' Small Phone' then "no celular". */
export function storyLabel(name: string): string | undefined {
  const own = STORY_LABELS[name];
  if (own !== undefined) return own;
  const phone = /^(.*?) (Small Phone|Phone)$/.exec(name);
  if (phone) {
    const base = STORY_LABELS[phone[1]!];
    if (base !== undefined)
      return `${base}, ${phone[2] === 'Phone' ? 'no celular' : 'no celular pequeno'}`;
  }
  return undefined;
}

/** A sidebar label: a title segment's or a story's Portuguese name, or the name as it is. */
export function workshopLabel(name: string, type: string): string {
  if (type === 'story') return storyLabel(name) ?? name;
  if (type === 'docs') return name === 'Docs' ? 'Documentação' : name;
  return TITLE_LABELS[withoutComponentLabel(name)] ?? withoutComponentLabel(name);
}

/** Between a component's code name and its Portuguese name in the manager's index. */
export const COMPONENT_LABEL_SEPARATOR = ' · ';

/** 'ProductCard · Cartão de produto' -> 'ProductCard' (any other name as it is). */
export function withoutComponentLabel(name: string): string {
  const at = name.indexOf(COMPONENT_LABEL_SEPARATOR);
  return at > 0 && COMPONENT_LABELS[name.slice(0, at)] !== undefined ? name.slice(0, at) : name;
}

/** A title in the manager's index: 'Components/Storefront/ProductCard' -> 'Componentes/Loja/ProductCard · Cartão de produto'. */
export function workshopIndexTitle(title: string): string {
  return title
    .split('/')
    .map((segment) => {
      const component = COMPONENT_LABELS[segment];
      if (component !== undefined) return `${segment}${COMPONENT_LABEL_SEPARATOR}${component}`;
      return TITLE_LABELS[segment] ?? segment;
    })
    .join('/');
}

/** An entry of Storybook's story index (index.json), as far as the names go. */
export interface WorkshopIndexEntry {
  id: string;
  title: string;
  name: string;
  type: string;
}

/**
 * The story index as the workshop's manager uses it (.storybook/manager-head.html): titles and
 * names in Portuguese, so the sidebar's search, which looks at the index's names and titles,
 * finds 'Sacola', 'Botão' or 'Cartão de produto'. Ids, import paths and everything else stay as
 * they are (story ids name the visual baselines and the links).
 */
export function workshopIndex<Index extends { entries: Record<string, WorkshopIndexEntry> }>(
  index: Index,
): Index {
  const entries: Record<string, WorkshopIndexEntry> = {};
  for (const [id, entry] of Object.entries(index.entries))
    entries[id] = {
      ...entry,
      title: workshopIndexTitle(entry.title),
      name: workshopLabel(entry.name, entry.type === 'docs' ? 'docs' : 'story'),
    };
  return { ...index, entries };
}

/**
 * The tab's title as Storybook writes it ('Screens / Storefront / Cart / View - Default ⋅ Storybook',
 * 'Storybook' alone before a page opens), in Portuguese under the workshop's own name.
 */
export function workshopPageTitle(title: string, siteName: string): string {
  const match = /^(.*?)\s*⋅\s*Storybook$/.exec(title);
  if (title === 'Storybook' || /^storybook - storybook$/i.test(title)) return siteName;
  if (!match) return title;
  const description = match[1]!;
  const dash = description.lastIndexOf(' - ');
  if (dash < 0) return `${workshopLabel(description, 'group')} ⋅ ${siteName}`;
  const path = description
    .slice(0, dash)
    .split(' / ')
    .map((segment) => workshopLabel(segment, 'group'))
    .join(' / ');
  const name = description.slice(dash + 3);
  return `${path} - ${workshopLabel(name, name === 'Docs' ? 'docs' : 'story')} ⋅ ${siteName}`;
}
