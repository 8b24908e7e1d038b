// The storefront frame: header (logo, search, cart, the department menu), the page, and the
// institutional footer.
import MenuRounded from '@mui/icons-material/MenuRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import { styled } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { MouseEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { ActionButton } from '../../../components/ActionButton';
import { SearchField } from '../../../components/storefront/SearchField';
import { VitrineLogo } from '../../../components/VitrineLogo';
import { pluralize } from '../../../format';
import type { StoreLegalIdentity } from '../../shared/storeLegal.graphql';
import { STOREFRONT_PATH, storefrontPaths } from '../../../routes/paths';
import { FooterLegal } from './FooterLegal';
import type { Department } from './departments';
import { DEPARTMENTS_NAV_HEIGHT, DepartmentsNav } from './DepartmentsNav';

export const FOOTER_LINKS = [
  { label: 'Acompanhe seu pedido', path: storefrontPaths.tracking },
  { label: 'Contato', path: storefrontPaths.contact },
  { label: 'Trocas e devoluções', path: storefrontPaths.exchangesAndReturns },
  { label: 'Privacidade', path: storefrontPaths.privacy },
] as const;

// The header is drawn with plain styled elements rather than AppBar, Toolbar and Badge: the
// storefront's first visit then downloads none of them (about 4 KB gzip; docs/benchmarks.md,
// first-visit weight). It looks as before: a sticky bar, 56 px tall on phones and 72 px from
// 600 px up.
const Header = styled('header', { name: 'VtStorefrontShell', slot: 'Header' })(({ theme }) => ({
  position: 'sticky',
  top: 0,
  zIndex: theme.zIndex.appBar,
  flexShrink: 0,
  backgroundColor: theme.palette.background.paper,
  borderBottom: `1px solid ${theme.palette.divider}`,
}));

const HeaderBar = styled('div', { name: 'VtStorefrontShell', slot: 'HeaderBar' })(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  minHeight: 56,
  gap: theme.spacing(1.5),
  [theme.breakpoints.up('sm')]: { minHeight: 72, gap: theme.spacing(3) },
}));

/** The search button (phones) and the bag, at the bar's end. */
const HeaderActions = styled('div', { name: 'VtStorefrontShell', slot: 'Actions' })(
  ({ theme }) => ({
    display: 'flex',
    alignItems: 'center',
    flexShrink: 0,
    [theme.breakpoints.down('sm')]: { marginLeft: 'auto' },
  }),
);

const BadgeAnchor = styled('span')({
  position: 'relative',
  display: 'inline-flex',
  verticalAlign: 'middle',
  flexShrink: 0,
});

/** The number of units in the bag, over the icon's top right corner (MUI Badge's look). */
const CountBadge = styled('span', { name: 'VtStorefrontShell', slot: 'CartCount' })(
  ({ theme }) => ({
    position: 'absolute',
    top: 0,
    right: 0,
    transform: 'translate(50%, -50%)',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSizing: 'border-box',
    minWidth: 20,
    height: 20,
    padding: '0 6px',
    borderRadius: 10,
    fontFamily: theme.typography.fontFamily,
    fontWeight: theme.typography.fontWeightMedium,
    fontSize: theme.typography.pxToRem(12),
    lineHeight: 1,
    backgroundColor: theme.palette.primary.main,
    color: theme.palette.primary.contrastText,
  }),
);

/** The page's content, the skip link's target. */
export const MAIN_CONTENT_ID = 'conteudo';

/**
 * "Pular para o conteúdo": the first thing a keyboard reaches, hidden until focused (WCAG 2.4.1),
 * so the header and the department menu need not be tabbed through on every page.
 */
const SkipLink = styled('a', { name: 'VtStorefrontShell', slot: 'SkipLink' })(({ theme }) => ({
  position: 'absolute',
  left: theme.spacing(1),
  top: theme.spacing(1),
  zIndex: theme.zIndex.appBar + 1,
  padding: theme.spacing(1.5, 2),
  borderRadius: theme.shape.borderRadius,
  backgroundColor: theme.palette.background.paper,
  color: theme.palette.primary.main,
  fontFamily: theme.typography.fontFamily,
  fontWeight: theme.typography.fontWeightMedium,
  boxShadow: theme.shadows[4],
  transform: 'translateY(-200%)',
  '&:focus': { transform: 'none', outline: `2px solid ${theme.palette.primary.main}` },
}));

function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  // Focus (and scroll to) the content without changing the address.
  event.preventDefault();
  main.focus();
  main.scrollIntoView?.();
}

/** A plain search form: the View's stand-in when no connected search is given. */
function PlaceholderSearch({ onSearch }: { onSearch: ((term: string) => void) | undefined }) {
  return (
    <Box
      component="form"
      role="search"
      aria-label="Buscar na loja"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        onSearch?.(String(data.get('busca') ?? '').trim());
      }}
    >
      <SearchField
        name="busca"
        type="search"
        placeholder="Buscar produtos e marcas"
        aria-label="Buscar produtos e marcas"
        start={<SearchRounded fontSize="small" />}
      />
    </Box>
  );
}

export interface StorefrontShellViewProps {
  storeName: string;
  /** Units in the cart (the bag button's badge). */
  cartCount?: number;
  /** Opens the cart (the drawer); the Screen passes the cart store's openDrawer. */
  onCartClick?: () => void;
  /**
   * The header's search box (the Screen's connected HeaderSearch). When absent, a plain search
   * form calls onSearch, so the View's own stories need no server.
   */
  search?: ReactNode;
  /** Called by the plain search form only. */
  onSearch?: (term: string) => void;
  /**
   * Phones (below 600 px), where the header has no room for a field: the search button beside the
   * bag opens the Screen's full-width search sheet (call `event.preventDefault()`; without it, or
   * before hydration, the button opens the search page). From 600 px up the field shows instead.
   */
  onSearchClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  /**
   * The department menu (the category tree): a row under the header from md up. Empty while it
   * loads; the row keeps its height.
   */
  departments?: readonly Department[];
  /** Phones: the menu button before the logo opens the departments' drawer (the Screen's). */
  onDepartmentsClick?: () => void;
  /** The store's razão social, CNPJ, address and contact for the footer; null while unknown. */
  legal?: StoreLegalIdentity | null;
  children?: ReactNode;
}

/** The logo's link home. */
const LOGO_LINK_SX = {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 44,
  textDecoration: 'none',
  // A long store name on a 320 px phone is cut rather than pushing the icons out.
  flexShrink: { xs: 1, sm: 0 },
  minWidth: 0,
  overflow: 'hidden',
} as const;

/** The header's search field (from 600 px; the search button below it). */
const SEARCH_BOX_SX = {
  display: { xs: 'none', sm: 'block' },
  flexGrow: 1,
  maxWidth: 560,
  mx: 'auto',
  minWidth: 0,
} as const;

/** The page's content: no focus ring, anchors clear of the sticky header. */
const MAIN_SX = {
  flexGrow: 1,
  '&:focus': { outline: 'none' },
  '& [id]': { scrollMarginTop: { xs: 72, sm: 88, md: 88 + DEPARTMENTS_NAV_HEIGHT } },
} as const;

/** The footer's row: the store's line beside the institutional links (a column on phones). */
const FOOTER_ROW_SX = {
  display: 'flex',
  flexDirection: { xs: 'column', md: 'row' },
  gap: 4,
  justifyContent: 'space-between',
} as const;

const FOOTER_LINKS_SX = {
  display: 'flex',
  flexDirection: 'column',
  gap: 1,
  listStyle: 'none',
  p: 0,
  m: 0,
  mt: 1,
} as const;

export function StorefrontShellView({
  storeName,
  cartCount = 0,
  onCartClick,
  search,
  onSearch,
  onSearchClick,
  departments = [],
  onDepartmentsClick,
  legal = null,
  children,
}: StorefrontShellViewProps) {
  // The badge's number is part of the name, as the a11y rule for visible labels asks.
  const cartLabel =
    cartCount === 0 ? 'Sacola vazia' : `Sacola: ${pluralize(cartCount, 'item', 'itens')}`;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink href={`#${MAIN_CONTENT_ID}`} onClick={skipToContent}>
        Pular para o conteúdo
      </SkipLink>
      <Header>
        <Container maxWidth="lg">
          <HeaderBar>
            {onDepartmentsClick ? (
              <Box sx={{ display: { xs: 'inline-flex', md: 'none' }, ml: -1.5 }}>
                <ActionButton
                  variant="icon"
                  aria-label="Departamentos"
                  aria-haspopup="dialog"
                  onClick={onDepartmentsClick}
                >
                  <MenuRounded />
                </ActionButton>
              </Box>
            ) : null}
            <Box component={RouterLink} to={STOREFRONT_PATH} sx={LOGO_LINK_SX}>
              <VitrineLogo name={storeName} />
            </Box>
            {/* The phone/desktop switch is CSS (the server cannot know the width): below 600 px
            the field gives way to the search button, which opens a full-width sheet. */}
            <Box sx={SEARCH_BOX_SX}>{search ?? <PlaceholderSearch onSearch={onSearch} />}</Box>
            <HeaderActions>
              {/* In a form that opens the search page: a tap before the page is hydrated (or
              without onSearchClick) lands on /busca, which has a field of its own. */}
              <form action={storefrontPaths.search()} method="get" style={{ display: 'contents' }}>
                <ActionButton
                  variant="icon"
                  type="submit"
                  aria-label="Buscar produtos"
                  aria-haspopup={onSearchClick ? 'dialog' : undefined}
                  onClick={onSearchClick}
                  sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
                >
                  <SearchRounded />
                </ActionButton>
              </form>
              <ActionButton
                variant="icon"
                aria-label={cartLabel}
                aria-haspopup="dialog"
                onClick={onCartClick}
              >
                <BadgeAnchor>
                  <ShoppingBagOutlined />
                  {cartCount > 0 ? (
                    <CountBadge aria-hidden>{cartCount > 99 ? '99+' : cartCount}</CountBadge>
                  ) : null}
                </BadgeAnchor>
              </ActionButton>
            </HeaderActions>
          </HeaderBar>
          <DepartmentsNav departments={departments} />
        </Container>
      </Header>

      {/* Focused on each new page (the app's scroll restoration): no ring around the page. An
      anchor (/#marcas) stops below the sticky header. */}
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={MAIN_SX}>
        {children}
      </Box>

      <Box
        component="footer"
        sx={{ bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider', mt: 8 }}
      >
        <Container maxWidth="lg" sx={{ py: 5 }}>
          {/* Flex boxes with gaps rather than MUI's Stack, the first visit's only Stack (its
          code is about 0.7 KB gzip); they lay out the same. */}
          <Box sx={FOOTER_ROW_SX}>
            <Box sx={{ maxWidth: 360 }}>
              <VitrineLogo name={storeName} size="small" />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                Compra segura, com desconto no Pix e entrega para todo o Brasil.
              </Typography>
            </Box>
            <Box component="nav" aria-label="Institucional">
              <Typography variant="overline" color="text.secondary" component="h2">
                Institucional
              </Typography>
              <Box component="ul" sx={FOOTER_LINKS_SX}>
                {FOOTER_LINKS.map((link) => (
                  <li key={link.path}>
                    <Link
                      component={RouterLink}
                      to={link.path}
                      color="text.primary"
                      variant="body2"
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </Box>
            </Box>
          </Box>
          <FooterLegal storeName={storeName} legal={legal} />
        </Container>
      </Box>
    </Box>
  );
}
