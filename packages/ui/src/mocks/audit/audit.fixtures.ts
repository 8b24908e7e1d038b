// Audit log fixtures: typed like AuditEntry of packages/api/schema.graphql, newest first, written
// around STAFF_ORDERS_NOW so the screenshots keep their dates.
import { STAFF_ORDERS_NOW } from '../orders/staffOrders.fixtures';
import type { AuditEntity } from '../../graphql/generated';
import type { AuditEntryNode } from '../../screens/dashboard/Audit/AuditScreen.graphql';

export type AuditEntityFixture = AuditEntity;

export interface AuditEntryFixture extends AuditEntryNode {
  brandIds: string[];
}

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const ANA = { actorId: 'staff-1', actorName: 'Ana Souza', actorEmail: 'admin@vitrine.com.br' };
const BRUNO = { actorId: 'staff-2', actorName: 'Bruno Lima', actorEmail: 'bruno@vitrine.com.br' };
const CARLA = { actorId: 'staff-3', actorName: 'Carla Dias', actorEmail: 'carla@serra.com.br' };
const SYSTEM = { actorId: null, actorName: null, actorEmail: null };

const MINUTE = 60_000;

function minutesBefore(now: string, minutes: number): string {
  return new Date(Date.parse(now) - minutes * MINUTE).toISOString();
}

type EntryInput = Omit<AuditEntryFixture, 'id' | 'at' | 'before' | 'after' | 'brandIds'> & {
  minutesAgo: number;
  brandIds?: string[];
  before?: unknown;
  after?: unknown;
};

function entry(position: number, now: string, input: EntryInput): AuditEntryFixture {
  const { minutesAgo, before, after, brandIds, ...rest } = input;
  return {
    id: `audit-${String(position).padStart(3, '0')}`,
    at: minutesBefore(now, minutesAgo),
    brandIds: brandIds ?? [],
    before: before === undefined ? null : JSON.stringify(before),
    after: after === undefined ? null : JSON.stringify(after),
    ...rest,
  };
}

/** A day of a store's log: catalog, orders, settings, staff and security events (28 entries). */
export function makeAuditEntries(now: string = STAFF_ORDERS_NOW): AuditEntryFixture[] {
  const office = { ip: '200.148.12.34', userAgent: CHROME_MAC };
  const support = { ip: '177.92.40.8', userAgent: FIREFOX_WINDOWS };
  const phone = { ip: '189.6.77.120', userAgent: SAFARI_IPHONE };
  const inputs: EntryInput[] = [
    {
      ...ANA,
      ...office,
      minutesAgo: 4,
      action: 'product.save',
      entity: 'PRODUCT',
      entityId: 'prod-camiseta-basica',
      entityLabel: 'Camiseta básica de algodão',
      brandIds: ['brand-aurora'],
      summary: 'Preço de Camiseta básica de algodão P alterado de R$ 79,90 para R$ 69,90.',
      before: { name: 'Camiseta básica de algodão', priceCents: 7990, published: true },
      after: { name: 'Camiseta básica de algodão', priceCents: 6990, published: true },
    },
    {
      ...BRUNO,
      ...support,
      minutesAgo: 12,
      action: 'order.ship',
      entity: 'ORDER',
      entityId: 'order-10023',
      entityLabel: 'VT-10023',
      brandIds: ['brand-aurora', 'brand-mare'],
      summary: 'Pedido VT-10023 enviado (PAC, código BR123456789BR).',
      before: { status: 'PAID', trackingCode: null },
      after: { status: 'SHIPPED', trackingCode: 'BR123456789BR' },
    },
    {
      ...SYSTEM,
      ip: '45.227.10.99',
      userAgent: 'python-requests/2.32.3',
      minutesAgo: 20,
      action: 'auth.login_failed',
      entity: 'SESSION',
      entityId: null,
      entityLabel: 'ana.souza@gmail.com',
      summary: 'Tentativa de login com senha incorreta.',
    },
    {
      ...ANA,
      ...office,
      minutesAgo: 35,
      action: 'settings.update',
      entity: 'SETTINGS',
      entityId: null,
      entityLabel: 'Configurações da loja',
      summary: 'Desconto no Pix alterado de 5% para 8%.',
      before: { pixDiscountPercent: 5, freeShippingThresholdCents: 29900 },
      after: { pixDiscountPercent: 8, freeShippingThresholdCents: 29900 },
    },
    {
      ...CARLA,
      ...phone,
      minutesAgo: 48,
      action: 'stock.adjust',
      entity: 'VARIANT',
      entityId: 'prod-bota-serra-v1',
      entityLabel: 'Bota de couro Serra 38',
      brandIds: ['brand-serra'],
      summary: 'Estoque de Bota de couro Serra 38: 4 → 10 (reposição).',
      before: { stock: 4 },
      after: { stock: 10 },
    },
    {
      ...ANA,
      ...office,
      minutesAgo: 60,
      action: 'coupon.create',
      entity: 'COUPON',
      entityId: 'coupon-verao10',
      entityLabel: 'VERAO10',
      summary: 'Cupom VERAO10 criado: 10% em todo o site até 31/03.',
      after: { code: 'VERAO10', percentOff: 10, endsAt: '2026-03-31' },
    },
    {
      ...ANA,
      ...office,
      minutesAgo: 75,
      action: 'staff.invite',
      entity: 'STAFF',
      entityId: 'staff-4',
      entityLabel: 'diego@lumi.com.br',
      summary: 'Convite enviado para diego@lumi.com.br como gerente de marca (Lumi).',
      after: { email: 'diego@lumi.com.br', role: 'BRAND_MANAGER', brands: ['Lumi'] },
    },
    {
      ...BRUNO,
      ...support,
      minutesAgo: 90,
      action: 'customer.data_export',
      entity: 'CUSTOMER',
      entityId: 'cus-joao',
      entityLabel: 'joao.pereira@example.com',
      summary: 'Dados do cliente exportados a pedido do titular (LGPD).',
    },
    {
      ...BRUNO,
      ...support,
      minutesAgo: 95,
      action: 'auth.login',
      entity: 'SESSION',
      entityId: 'staff-2',
      entityLabel: 'bruno@vitrine.com.br',
      summary: 'Login realizado.',
    },
    {
      ...ANA,
      ...office,
      minutesAgo: 120,
      action: 'shipping_method.update',
      entity: 'SHIPPING_METHOD',
      entityId: 'ship-pac',
      entityLabel: 'PAC',
      summary: 'Prazo de manuseio do PAC alterado de 1 para 2 dias úteis.',
      before: { handlingDays: 1, active: true },
      after: { handlingDays: 2, active: true },
    },
    {
      ...SYSTEM,
      ip: null,
      userAgent: null,
      minutesAgo: 150,
      action: 'order.expire',
      entity: 'ORDER',
      entityId: 'order-10021',
      entityLabel: 'VT-10021',
      brandIds: ['brand-mare'],
      summary: 'Pedido VT-10021 cancelado: o Pix não foi pago no prazo.',
      before: { status: 'PENDING_PAYMENT' },
      after: { status: 'CANCELED' },
    },
    {
      ...ANA,
      ...office,
      minutesAgo: 180,
      action: 'brand.update',
      entity: 'BRAND',
      entityId: 'brand-mare',
      entityLabel: 'Maré Alta',
      brandIds: ['brand-mare'],
      summary: 'Cor da marca Maré Alta alterada.',
      before: { color: '#0e7490' },
      after: { color: '#155e75' },
    },
    {
      ...ANA,
      ...office,
      minutesAgo: 200,
      action: 'category.move',
      entity: 'CATEGORY',
      entityId: 'cat-botas',
      entityLabel: 'Botas',
      summary: 'Categoria Botas movida para Calçados.',
      before: { parent: 'Acessórios' },
      after: { parent: 'Calçados' },
    },
    {
      ...CARLA,
      ...phone,
      minutesAgo: 240,
      action: 'import.apply',
      entity: 'PRODUCT_IMPORT',
      entityId: 'import-7',
      entityLabel: 'produtos-serra-marco.csv',
      brandIds: ['brand-serra'],
      summary: 'Importação aplicada: 12 produtos atualizados, 3 criados.',
    },
    {
      ...ANA,
      ...office,
      minutesAgo: 300,
      action: 'export.orders',
      entity: 'EXPORT',
      entityId: null,
      entityLabel: 'Pedidos (CSV)',
      summary: 'Exportação de 30 pedidos em CSV.',
    },
    {
      ...SYSTEM,
      ip: null,
      userAgent: null,
      minutesAgo: 320,
      action: 'mail.failed',
      entity: 'MAIL',
      entityId: 'mail-3',
      entityLabel: 'rafael.costa@example.com',
      summary: 'E-mail "Seu pedido VT-10019 foi enviado" falhou após 5 tentativas.',
    },
    {
      ...ANA,
      ...office,
      minutesAgo: 360,
      action: 'auth.two_factor_enabled',
      entity: 'STAFF',
      entityId: 'staff-1',
      entityLabel: 'admin@vitrine.com.br',
      summary: 'Login em dois fatores ativado.',
    },
    {
      ...ANA,
      ...office,
      minutesAgo: 420,
      action: 'order.refund',
      entity: 'ORDER',
      entityId: 'order-10015',
      entityLabel: 'VT-10015',
      brandIds: ['brand-lumi'],
      summary: 'Reembolso de R$ 129,90 no pedido VT-10015 (defeito).',
      before: { status: 'DELIVERED', refundedCents: 0 },
      after: { status: 'REFUNDED', refundedCents: 12990 },
    },
    {
      ...ANA,
      ...office,
      minutesAgo: 480,
      action: 'bank_statement.confirm',
      entity: 'BANK_STATEMENT',
      entityId: 'statement-2',
      entityLabel: 'extrato-2026-03-09.ofx',
      summary: 'Extrato conciliado: 4 pagamentos Pix confirmados.',
    },
    {
      ...ANA,
      ...office,
      minutesAgo: 540,
      action: 'staff.access_change',
      entity: 'STAFF',
      entityId: 'staff-3',
      entityLabel: 'carla@serra.com.br',
      summary: 'Acesso de Carla Dias: marcas Serra e Lumi.',
      before: { role: 'BRAND_MANAGER', brands: ['Serra'] },
      after: { role: 'BRAND_MANAGER', brands: ['Serra', 'Lumi'] },
    },
    {
      ...CARLA,
      ...phone,
      minutesAgo: 600,
      action: 'product.create',
      entity: 'PRODUCT',
      entityId: 'prod-mochila-trilha',
      entityLabel: 'Mochila Trilha 30 L',
      brandIds: ['brand-serra'],
      summary: 'Produto Mochila Trilha 30 L criado (rascunho).',
      after: { name: 'Mochila Trilha 30 L', published: false },
    },
    {
      ...ANA,
      ...office,
      minutesAgo: 660,
      action: 'account.password_change',
      entity: 'STAFF',
      entityId: 'staff-1',
      entityLabel: 'admin@vitrine.com.br',
      summary: 'Senha alterada; as outras sessões foram encerradas.',
    },
    {
      ...BRUNO,
      ...support,
      minutesAgo: 720,
      action: 'order.note',
      entity: 'ORDER',
      entityId: 'order-10020',
      entityLabel: 'VT-10020',
      summary: 'Nota adicionada ao pedido VT-10020.',
    },
    {
      ...SYSTEM,
      ip: '45.227.10.99',
      userAgent: 'curl/8.7.1',
      minutesAgo: 780,
      action: 'auth.login_throttled',
      entity: 'SESSION',
      entityId: null,
      entityLabel: 'admin@vitrine.com.br',
      summary: 'Login bloqueado por excesso de tentativas.',
    },
    {
      ...ANA,
      ...office,
      minutesAgo: 840,
      action: 'products.bulk.publish',
      entity: 'PRODUCT',
      entityId: null,
      entityLabel: '8 produtos',
      brandIds: ['brand-aurora', 'brand-lumi'],
      summary: '8 produtos publicados de uma vez.',
    },
    {
      ...ANA,
      ...office,
      minutesAgo: 1500,
      action: 'customer.anonymize',
      entity: 'CUSTOMER',
      entityId: 'cus-antigo',
      entityLabel: 'Cliente anonimizado',
      summary: 'Cliente anonimizado a pedido do titular: 2 pedidos, 5 e-mails.',
    },
    {
      ...ANA,
      ...office,
      minutesAgo: 1600,
      action: 'coupon.deactivate',
      entity: 'COUPON',
      entityId: 'coupon-natal',
      entityLabel: 'NATAL15',
      summary: 'Cupom NATAL15 desativado.',
      before: { active: true },
      after: { active: false },
    },
    {
      ...ANA,
      ...office,
      minutesAgo: 1700,
      action: 'webhook.replay',
      entity: 'SESSION',
      entityId: null,
      entityLabel: null,
      summary: 'Evento de pagamento reprocessado.',
    },
  ];
  return inputs.map((input, position) => entry(position + 1, now, input));
}
