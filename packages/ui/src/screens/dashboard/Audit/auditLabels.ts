// How people read the audit log: actions and entities in Portuguese, the groups of the action
// filter (code prefixes), each entity's page, a browser in a few words, and a field diff of the
// before/after JSON. Pure.
import { fieldLabel } from '@vitrine/rules';

import { dashboardPaths } from '../../../routes/dashboardPaths';
import type { AuditEntity } from '../../../graphql/generated';

export type { AuditEntity };

export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  PRODUCT: 'Produto',
  VARIANT: 'Variante',
  BRAND: 'Marca',
  CATEGORY: 'Categoria',
  PRODUCT_IMPORT: 'Importação de produtos',
  ORDER: 'Pedido',
  BANK_STATEMENT: 'Extrato bancário',
  SETTINGS: 'Configurações',
  COUPON: 'Cupom',
  SHIPPING_METHOD: 'Método de envio',
  STAFF: 'Equipe',
  CUSTOMER: 'Cliente',
  EXPORT: 'Exportação',
  MAIL: 'E-mail',
  SESSION: 'Sessão',
};

/** The action codes the server writes, as people read them; unknown codes show as they are. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'auth.login': 'Login',
  'auth.login_failed': 'Falha de login',
  'auth.login_blocked': 'Login bloqueado',
  'auth.login_throttled': 'Login bloqueado por tentativas',
  'auth.logout': 'Saída',
  'auth.sign_out_everywhere': 'Sessões encerradas',
  'auth.password_reset_requested': 'Redefinição de senha pedida',
  'auth.password_reset': 'Senha redefinida',
  'auth.password_changed': 'Senha alterada',
  'auth.two_factor_enabled': 'Dois fatores ativado',
  'auth.two_factor_disabled': 'Dois fatores desativado',
  'auth.two_factor_failed': 'Código de dois fatores incorreto',
  'auth.recovery_codes_regenerated': 'Códigos de recuperação gerados',
  'auth.two_factor_recovery_codes_regenerated': 'Códigos de recuperação gerados',
  'account.password_change': 'Senha alterada',
  'account.profile_update': 'Perfil alterado',
  'media.upload': 'Imagem enviada',
  'auth.recovery_code_used': 'Código de recuperação usado',
  'product.create': 'Produto criado',
  'product.save': 'Produto salvo',
  'product.delete': 'Produto excluído',
  'product.update': 'Produto alterado',
  'product.publish': 'Produto publicado',
  'product.unpublish': 'Produto despublicado',
  'variant.create': 'Variante criada',
  'variant.update': 'Variante alterada',
  'variant.delete': 'Variante excluída',
  'products.bulk.publish': 'Produtos publicados em lote',
  'products.bulk.unpublish': 'Produtos despublicados em lote',
  'products.bulk.price': 'Preços alterados em lote',
  'products.bulk.change_prices': 'Preços alterados em lote',
  'products.bulk.feature': 'Produtos destacados em lote',
  'products.bulk.unfeature': 'Destaques removidos em lote',
  'products.bulk.move_to_category': 'Produtos movidos de categoria',
  'products.bulk.delete': 'Produtos excluídos em lote',
  'products.bulk': 'Alteração em lote',
  'variant.price': 'Preço alterado',
  'stock.adjust': 'Estoque ajustado',
  'brand.create': 'Marca criada',
  'brand.update': 'Marca alterada',
  'brand.delete': 'Marca excluída',
  'category.create': 'Categoria criada',
  'category.update': 'Categoria alterada',
  'category.delete': 'Categoria excluída',
  'category.move': 'Categoria movida',
  'import.create': 'Importação enviada',
  'import.apply': 'Importação aplicada',
  'import.apply_start': 'Importação iniciada',
  'import.discard': 'Importação descartada',
  'order.mark_paid': 'Pagamento confirmado',
  'order.ship': 'Pedido enviado',
  'order.deliver': 'Pedido entregue',
  'order.cancel': 'Pedido cancelado',
  'order.refund': 'Reembolso',
  'order.note': 'Nota no pedido',
  'order.expire': 'Pedido expirado',
  'order.resend_mail': 'E-mail do pedido reenviado',
  'order.mail_resend': 'E-mail do pedido reenviado',
  'order.label_buy': 'Etiqueta de envio comprada',
  'payment.updated': 'Pagamento atualizado',
  'bank_statement.import': 'Extrato importado',
  'bank_statement.confirm': 'Extrato conciliado',
  'settings.update': 'Configurações alteradas',
  'coupon.create': 'Cupom criado',
  'coupon.update': 'Cupom alterado',
  'coupon.deactivate': 'Cupom desativado',
  'coupon.delete': 'Cupom excluído',
  'shipping_method.create': 'Método de envio criado',
  'shipping_method.update': 'Método de envio alterado',
  'shipping_method.delete': 'Método de envio excluído',
  'staff.invite': 'Convite enviado',
  'staff.invitation_resend': 'Convite reenviado',
  'staff.invitation_accept': 'Convite aceito',
  'staff.access_update': 'Acesso alterado',
  'staff.access_change': 'Acesso alterado',
  'staff.reactivate': 'Conta reativada',
  'staff.deactivate': 'Conta desativada',
  'staff.activate': 'Conta reativada',
  'staff.profile_update': 'Perfil alterado',
  'customer.data_export': 'Dados exportados (LGPD)',
  'customer.anonymize': 'Cliente anonimizado',
  'export.orders': 'Pedidos exportados',
  'export.products': 'Produtos exportados',
  'export.audit': 'Auditoria exportada',
  'mail.failed': 'E-mail falhou',
  'mail.resend': 'E-mail reenviado',
};

export function auditActionLabel(code: string): string {
  return AUDIT_ACTION_LABELS[code] ?? code;
}

/** The action filter's groups: a code prefix ending in '.', as AuditFilter.action takes it. */
export const AUDIT_ACTION_GROUPS: { prefix: string; label: string }[] = [
  { prefix: 'auth.', label: 'Login e segurança' },
  { prefix: 'product.', label: 'Catálogo: produtos' },
  { prefix: 'products.', label: 'Catálogo: alterações em lote' },
  { prefix: 'variant.', label: 'Catálogo: preços' },
  { prefix: 'stock.', label: 'Estoque' },
  { prefix: 'brand.', label: 'Marcas' },
  { prefix: 'category.', label: 'Categorias' },
  { prefix: 'import.', label: 'Importações' },
  { prefix: 'order.', label: 'Pedidos' },
  { prefix: 'payment.', label: 'Pagamentos' },
  { prefix: 'bank_statement.', label: 'Extratos bancários' },
  { prefix: 'settings.', label: 'Configurações' },
  { prefix: 'account.', label: 'Minha conta' },
  { prefix: 'media.', label: 'Imagens' },
  { prefix: 'coupon.', label: 'Cupons' },
  { prefix: 'shipping_method.', label: 'Frete' },
  { prefix: 'staff.', label: 'Equipe' },
  { prefix: 'customer.', label: 'Clientes e LGPD' },
  { prefix: 'export.', label: 'Exportações' },
  { prefix: 'mail.', label: 'E-mails' },
];

/** The dashboard page of what an entry is about, or null when it has none. */
export function auditEntityHref(entity: AuditEntity, entityId: string | null): string | null {
  switch (entity) {
    case 'PRODUCT':
      return entityId ? dashboardPaths.product(entityId) : null;
    case 'ORDER':
      return entityId ? dashboardPaths.order(entityId) : null;
    case 'CUSTOMER':
      return entityId ? dashboardPaths.customer(entityId) : null;
    case 'COUPON':
      return entityId ? dashboardPaths.coupon(entityId) : null;
    case 'SHIPPING_METHOD':
      return entityId ? dashboardPaths.shippingMethod(entityId) : null;
    case 'SETTINGS':
      return dashboardPaths.settings;
    case 'STAFF':
      return dashboardPaths.team;
    case 'BRAND':
      return dashboardPaths.brands;
    case 'CATEGORY':
      return dashboardPaths.categories;
    default:
      return null;
  }
}

/** 'Chrome 131 · macOS', 'Safari · iPhone', or the agent itself when it is not a browser. */
export function summarizeUserAgent(agent: string | null): string | null {
  if (!agent) return null;
  const system = /iPhone/.test(agent)
    ? 'iPhone'
    : /iPad/.test(agent)
      ? 'iPad'
      : /Android/.test(agent)
        ? 'Android'
        : /Windows/.test(agent)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(agent)
            ? 'macOS'
            : /Linux/.test(agent)
              ? 'Linux'
              : null;
  const browsers: [RegExp, string][] = [
    [/Edg\/(\d+)/, 'Edge'],
    [/OPR\/(\d+)/, 'Opera'],
    [/Firefox\/(\d+)/, 'Firefox'],
    [/Chrome\/(\d+)/, 'Chrome'],
    [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari/, 'Safari'],
  ];
  for (const [pattern, name] of browsers) {
    const match = pattern.exec(agent);
    if (match) return `${name} ${match[1]}${system ? ` · ${system}` : ''}`;
  }
  const tool = /^([\w.-]+)\/[\d.]+/.exec(agent)?.[1];
  return tool ?? (agent.length > 40 ? `${agent.slice(0, 39)}…` : agent);
}

export interface FieldChange {
  field: string;
  /** The field as the dashboard's forms label it ('Nome da loja'); unknown ones as written. */
  label: string;
  before: string;
  after: string;
}

function parse(json: string | null): Record<string, unknown> | null {
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { valor: value };
  } catch {
    return { valor: json };
  }
}

/** A value as people read it: '—' for nothing, Sim/Não, lists with commas. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (Array.isArray(value)) {
    return value.length === 0 ? '—' : value.map((item) => formatAuditValue(item)).join(', ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The fields whose value changed (or that only one side has), in the order they appear. */
export function auditFieldChanges(before: string | null, after: string | null): FieldChange[] {
  const old = parse(before) ?? {};
  const now = parse(after) ?? {};
  const fields = [...new Set([...Object.keys(old), ...Object.keys(now)])];
  return fields.flatMap((field) => {
    const was = formatAuditValue(old[field]);
    const is = formatAuditValue(now[field]);
    return was === is ? [] : [{ field, label: fieldLabel(field), before: was, after: is }];
  });
}
