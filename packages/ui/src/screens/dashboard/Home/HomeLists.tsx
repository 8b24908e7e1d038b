// The home's lists: best-selling products and brands, low-stock variants, and "A fazer" (Pix to
// confirm, paid orders to ship, unpaid orders about to expire), each linking to the order. Pure.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { formatBRL, formatDateTime, pluralize } from '../../../format';
import { dashboardPaths } from '../../../routes/dashboardPaths';
import { storefrontPaths } from '../../../routes/paths';
import { withBrandScope } from '../shared/brandScope';

export interface TopProductItem {
  productId: string | null;
  productName: string;
  brandName: string;
  quantity: number;
  revenueCents: number | null;
}

export interface TopBrandItem {
  brandId: string | null;
  brandName: string;
  quantity: number;
  revenueCents: number | null;
}

export interface LowStockItem {
  variantId: string;
  /** The product's page in the storefront (/produto/<slug>). */
  productSlug: string;
  productName: string;
  brandName: string;
  sku: string;
  size: string | null;
  color: string | null;
  stock: number;
}

export interface TodoOrder {
  id: string;
  number: string;
  customer: { name: string };
  totalCents: number;
  createdAt: string;
  paidAt: string | null;
  paymentExpiresAt: string | null;
}

export interface TodoGroup {
  totalCount: number;
  nodes: TodoOrder[];
}

export interface HomeTodo {
  /** Null when the staff member does not confirm Pix (BRAND_MANAGER). */
  pixToConfirm: TodoGroup | null;
  toShip: TodoGroup;
  expiringSoon: TodoGroup;
}

/** A link in a list, tall enough to tap (44 px). */
const TOUCH_LINK = {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 44,
  minWidth: 44,
  fontWeight: 600,
} as const;

export function PanelCard({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ height: '100%' }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography id={headingId} variant="h6" component="h2">
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

export function PanelSkeleton({ title }: { title: string }) {
  return (
    <PanelCard title={title}>
      <Box aria-hidden>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} height={40} />
        ))}
      </Box>
    </PanelCard>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
      {children}
    </Typography>
  );
}

export function TopProductsPanel({ products }: { products: TopProductItem[] }) {
  return (
    <PanelCard title="Produtos mais vendidos">
      {products.length === 0 ? (
        <Empty>Nenhuma venda no período.</Empty>
      ) : (
        <List dense disablePadding component="ol">
          {products.map((product, index) => (
            <ListItem key={`${product.productId ?? product.productName}-${index}`} disableGutters>
              <ListItemText
                primary={`${index + 1}. ${product.productName}`}
                secondary={`${product.brandName} · ${pluralize(product.quantity, 'unidade', 'unidades')}`}
              />
              {product.revenueCents !== null ? (
                <Typography variant="body2" sx={{ fontWeight: 600, ml: 2, whiteSpace: 'nowrap' }}>
                  {formatBRL(product.revenueCents)}
                </Typography>
              ) : null}
            </ListItem>
          ))}
        </List>
      )}
    </PanelCard>
  );
}

export function TopBrandsPanel({ brands }: { brands: TopBrandItem[] }) {
  return (
    <PanelCard title="Marcas mais vendidas">
      {brands.length === 0 ? (
        <Empty>Nenhuma venda no período.</Empty>
      ) : (
        <List dense disablePadding component="ol">
          {brands.map((brand, index) => (
            <ListItem key={brand.brandId ?? brand.brandName} disableGutters>
              <ListItemText
                primary={`${index + 1}. ${brand.brandName}`}
                secondary={pluralize(brand.quantity, 'unidade', 'unidades')}
              />
              {brand.revenueCents !== null ? (
                <Typography variant="body2" sx={{ fontWeight: 600, ml: 2, whiteSpace: 'nowrap' }}>
                  {formatBRL(brand.revenueCents)}
                </Typography>
              ) : null}
            </ListItem>
          ))}
        </List>
      )}
    </PanelCard>
  );
}

/** How many low-stock variants show before "Ver todos". */
export const LOW_STOCK_VISIBLE = 8;

export function LowStockPanel({ variants }: { variants: LowStockItem[] }) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const hidden = variants.length - LOW_STOCK_VISIBLE;
  const shown = expanded || hidden <= 0 ? variants : variants.slice(0, LOW_STOCK_VISIBLE);
  return (
    <PanelCard title="Estoque baixo">
      {variants.length === 0 ? (
        <Empty>Nenhuma variação com estoque baixo.</Empty>
      ) : (
        <List dense disablePadding id={listId}>
          {shown.map((variant) => {
            const options = [variant.size, variant.color].filter(Boolean).join(' · ');
            return (
              <ListItem key={variant.variantId} disableGutters>
                <ListItemText
                  primary={
                    // The product as shoppers see it (the admin product page comes with the
                    // catalog issue).
                    <Link
                      component={RouterLink}
                      to={storefrontPaths.product(variant.productSlug)}
                      sx={TOUCH_LINK}
                    >
                      {variant.productName}
                    </Link>
                  }
                  secondary={`${variant.brandName} · ${options ? `${options} · ` : ''}${variant.sku}`}
                />
                <Chip
                  size="small"
                  color={variant.stock === 0 ? 'error' : 'warning'}
                  label={
                    variant.stock === 0
                      ? 'Esgotado'
                      : pluralize(variant.stock, 'unidade', 'unidades')
                  }
                  sx={{ ml: 2 }}
                />
              </ListItem>
            );
          })}
        </List>
      )}
      {hidden > 0 ? (
        <Button
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'Mostrar menos' : `Ver todos (${variants.length})`}
        </Button>
      ) : null}
    </PanelCard>
  );
}

/** 'expira em 35 min', 'expira em 2 h', 'expirou'. */
export function expiresIn(expiresAt: string, now: number): string {
  const minutes = Math.floor((Date.parse(expiresAt) - now) / 60_000);
  if (minutes < 0) return 'expirou';
  if (minutes < 60) return `expira em ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `expira em ${hours} h` : `expira em ${Math.floor(hours / 24)} dias`;
}

function TodoSection({
  title,
  group,
  empty,
  detail,
  brandId,
  moreTo,
}: {
  title: string;
  group: TodoGroup;
  empty: string;
  detail: (order: TodoOrder) => string;
  brandId: string | null;
  moreTo?: string;
}) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ '& + &': { mt: 2 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Chip size="small" label={group.totalCount} aria-label={`${group.totalCount} pedidos`} />
      </Box>
      {group.nodes.length === 0 ? (
        <Empty>{empty}</Empty>
      ) : (
        <List dense disablePadding>
          {group.nodes.map((order) => (
            <ListItem key={order.id} disableGutters>
              <ListItemText
                primary={
                  <Link
                    component={RouterLink}
                    to={withBrandScope(dashboardPaths.order(order.id), brandId)}
                    sx={TOUCH_LINK}
                  >
                    {order.number}
                  </Link>
                }
                secondary={`${order.customer.name} · ${detail(order)}`}
              />
              <Typography variant="body2" sx={{ ml: 2, whiteSpace: 'nowrap' }}>
                {formatBRL(order.totalCents)}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
      {moreTo && group.totalCount > group.nodes.length ? (
        <Button component={RouterLink} to={withBrandScope(moreTo, brandId)}>
          Ver todos ({group.totalCount})
        </Button>
      ) : null}
    </Box>
  );
}

export function TodoPanel({
  todo,
  brandId,
  now,
}: {
  todo: HomeTodo;
  brandId: string | null;
  /** The clock the expiries are counted from (ms). */
  now: number;
}) {
  const expiry = (order: TodoOrder) =>
    order.paymentExpiresAt ? expiresIn(order.paymentExpiresAt, now) : 'sem prazo';
  return (
    <PanelCard title="A fazer">
      {todo.pixToConfirm ? (
        <TodoSection
          title="Pix a confirmar"
          group={todo.pixToConfirm}
          empty="Nenhum Pix esperando confirmação."
          detail={expiry}
          brandId={brandId}
          moreTo={dashboardPaths.pix}
        />
      ) : null}
      <TodoSection
        title="Pedidos pagos a enviar"
        group={todo.toShip}
        empty="Nenhum pedido esperando envio."
        detail={(order) => `pago em ${formatDateTime(order.paidAt ?? order.createdAt)}`}
        brandId={brandId}
        moreTo={`${dashboardPaths.orders}?status=PAID&envio=UNFULFILLED&ordem=OLDEST`}
      />
      <TodoSection
        title="Expiram em breve"
        group={todo.expiringSoon}
        empty="Nenhum pedido perto de expirar."
        detail={expiry}
        brandId={brandId}
      />
    </PanelCard>
  );
}
