// Which sections each role sees in the dashboard's navigation (the API refuses the rest anyway).
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import ConfirmationNumberOutlined from '@mui/icons-material/ConfirmationNumberOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import PixOutlined from '@mui/icons-material/PixOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SpaceDashboardOutlined from '@mui/icons-material/SpaceDashboardOutlined';
import { STAFF_ROLE_LABELS } from '@vitrine/rules';
import type { ReactNode } from 'react';

import { dashboardPaths } from '../../../routes/dashboardPaths';
import type { StaffRole } from '../../../graphql/generated';

export type { StaffRole };

export interface DashboardNavItem {
  label: string;
  icon: ReactNode;
  path: string;
  /** A count shown beside the label (the Pix waiting for confirmation, the rejected NF-e). */
  badge?: number;
  /** Accessible text of the badge ('3 a conferir'). */
  badgeLabel?: string;
}

/** One name per role, as the invitation mail and the audit log say it (@vitrine/rules). */
export const ROLE_LABELS: Readonly<Record<StaffRole, string>> = STAFF_ROLE_LABELS;

const home: DashboardNavItem = {
  label: 'Visão geral',
  icon: <SpaceDashboardOutlined />,
  path: dashboardPaths.home,
};
const orders: DashboardNavItem = {
  label: 'Pedidos',
  icon: <ReceiptLongOutlined />,
  path: dashboardPaths.orders,
};
const products: DashboardNavItem = {
  label: 'Produtos',
  icon: <Inventory2Outlined />,
  path: dashboardPaths.products,
};

const customers: DashboardNavItem = {
  label: 'Clientes',
  icon: <PeopleAltOutlined />,
  path: dashboardPaths.customers,
};

function pix(pixToConfirm: number | null): DashboardNavItem {
  return {
    label: 'Pix a conferir',
    icon: <PixOutlined />,
    path: dashboardPaths.pix,
    ...(pixToConfirm ? { badge: pixToConfirm, badgeLabel: `${pixToConfirm} a conferir` } : {}),
  };
}

function invoices(rejected: number | null): DashboardNavItem {
  return {
    label: 'Notas fiscais',
    icon: <DescriptionOutlined />,
    path: dashboardPaths.invoices,
    ...(rejected
      ? { badge: rejected, badgeLabel: rejected === 1 ? '1 rejeitada' : `${rejected} rejeitadas` }
      : {}),
  };
}

/**
 * The sections of `role`: ADMIN everything, BRAND_MANAGER the orders and the products of their
 * brands, SUPPORT orders, the NF-e, customers and the products to read (no edits). Pix a conferir
 * is the store's money: ADMIN only, as the API (DESIGN.md, roles); an invoice is the whole order's,
 * so a BRAND_MANAGER has no Notas fiscais. Unknown role (still loading): the home only. "Minha
 * conta" is in the account menu, for every role.
 */
export function navItemsFor(
  role: StaffRole | undefined,
  pixToConfirm: number | null = null,
  rejectedInvoices: number | null = null,
): DashboardNavItem[] {
  switch (role) {
    case 'ADMIN':
      return [
        home,
        orders,
        pix(pixToConfirm),
        invoices(rejectedInvoices),
        products,
        { label: 'Marcas', icon: <LocalOfferOutlined />, path: dashboardPaths.brands },
        { label: 'Categorias', icon: <CategoryOutlined />, path: dashboardPaths.categories },
        customers,
        { label: 'Cupons', icon: <ConfirmationNumberOutlined />, path: dashboardPaths.coupons },
        { label: 'Frete', icon: <LocalShippingOutlined />, path: dashboardPaths.shipping },
        { label: 'Equipe', icon: <GroupOutlined />, path: dashboardPaths.team },
        { label: 'Auditoria', icon: <HistoryOutlined />, path: dashboardPaths.audit },
        { label: 'E-mails', icon: <MailOutlined />, path: dashboardPaths.mail },
        { label: 'Configurações', icon: <SettingsOutlined />, path: dashboardPaths.settings },
      ];
    case 'BRAND_MANAGER':
      return [home, orders, products];
    case 'SUPPORT':
      return [home, orders, invoices(rejectedInvoices), products, customers];
    default:
      return [home];
  }
}

/** True when `currentPath` is inside the item's section (the home only on its own path). */
export function isCurrentSection(itemPath: string, currentPath: string): boolean {
  const path = currentPath.replace(/\/+$/, '') || '/';
  if (itemPath === dashboardPaths.home) return path === dashboardPaths.home;
  return path === itemPath || path.startsWith(`${itemPath}/`);
}
