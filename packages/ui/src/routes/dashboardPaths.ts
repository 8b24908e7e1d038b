// The dashboard's pages and links (@vitrine/ui/routes/dashboard). A module of its own, which
// paths.ts does not re-export, so that it lands in the dashboard's chunk: the storefront's first
// visit loads paths.ts (it knows only '/dashboard/*') and never these.
import { DASHBOARD_PATH } from './paths';

/**
 * The dashboard's pages (relative patterns below routePatterns.dashboard, and links). The staff's
 * brand narrowing travels as '?marca=<brandId>' on every dashboard URL (see BRAND_SCOPE_PARAM).
 */
export const dashboardPatterns = {
  orders: 'pedidos',
  packingSlips: 'pedidos/romaneios',
  order: 'pedidos/:id',
  contentDeclaration: 'pedidos/:id/declaracao',
  pix: 'pix',
  statement: 'pix/extratos/:id',
  products: 'produtos',
  productNew: 'produtos/novo',
  productsImport: 'produtos/importar',
  product: 'produtos/:id',
  brands: 'marcas',
  categories: 'categorias',
  team: 'equipe',
  account: 'minha-conta',
  settings: 'configuracoes',
  customers: 'clientes',
  customer: 'clientes/:id',
  audit: 'auditoria',
  mail: 'emails',
  invoices: 'notas-fiscais',
  coupons: 'cupons',
  couponNew: 'cupons/novo',
  coupon: 'cupons/:id',
  shipping: 'frete',
  shippingMethodNew: 'frete/novo',
  shippingMethod: 'frete/:id',
} as const;

/** The query parameter that narrows every dashboard screen to one brand. */
export const BRAND_SCOPE_PARAM = 'marca';

const inDashboard = (pattern: string) => `${DASHBOARD_PATH}/${pattern}`;

export const dashboardPaths = {
  get home() {
    return DASHBOARD_PATH;
  },
  get orders() {
    return inDashboard(dashboardPatterns.orders);
  },
  order: (id: string) =>
    inDashboard(dashboardPatterns.order.replace(':id', encodeURIComponent(id))),
  /** One or several orders' packing slips on one printable page. */
  packingSlips: (ids: readonly string[]) =>
    `${inDashboard(dashboardPatterns.packingSlips)}?${new URLSearchParams({ ids: ids.join(',') }).toString()}`,
  contentDeclaration: (id: string) =>
    inDashboard(dashboardPatterns.contentDeclaration.replace(':id', encodeURIComponent(id))),
  get pix() {
    return inDashboard(dashboardPatterns.pix);
  },
  statement: (id: string) =>
    inDashboard(dashboardPatterns.statement.replace(':id', encodeURIComponent(id))),
  get products() {
    return inDashboard(dashboardPatterns.products);
  },
  get productNew() {
    return inDashboard(dashboardPatterns.productNew);
  },
  get productsImport() {
    return inDashboard(dashboardPatterns.productsImport);
  },
  product: (id: string) =>
    inDashboard(dashboardPatterns.product.replace(':id', encodeURIComponent(id))),
  get brands() {
    return inDashboard(dashboardPatterns.brands);
  },
  get categories() {
    return inDashboard(dashboardPatterns.categories);
  },
  get team() {
    return inDashboard(dashboardPatterns.team);
  },
  get account() {
    return inDashboard(dashboardPatterns.account);
  },
  get settings() {
    return inDashboard(dashboardPatterns.settings);
  },
  get customers() {
    return inDashboard(dashboardPatterns.customers);
  },
  get audit() {
    return inDashboard(dashboardPatterns.audit);
  },
  get mail() {
    return inDashboard(dashboardPatterns.mail);
  },
  customer: (id: string) =>
    inDashboard(dashboardPatterns.customer.replace(':id', encodeURIComponent(id))),
  get invoices() {
    return inDashboard(dashboardPatterns.invoices);
  },
  /** The NF-e list showing one status ('REJECTED', 'PENDING'...), as its filter writes the URL. */
  invoicesWithStatus: (status: string) =>
    `${inDashboard(dashboardPatterns.invoices)}?${new URLSearchParams({ status }).toString()}`,
  get coupons() {
    return inDashboard(dashboardPatterns.coupons);
  },
  get couponNew() {
    return inDashboard(dashboardPatterns.couponNew);
  },
  coupon: (id: string) =>
    inDashboard(dashboardPatterns.coupon.replace(':id', encodeURIComponent(id))),
  get shipping() {
    return inDashboard(dashboardPatterns.shipping);
  },
  get shippingMethodNew() {
    return inDashboard(dashboardPatterns.shippingMethodNew);
  },
  shippingMethod: (id: string) =>
    inDashboard(dashboardPatterns.shippingMethod.replace(':id', encodeURIComponent(id))),
} as const;
