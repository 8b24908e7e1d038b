// The storefront's home: hero (headline and subtitle from the store settings), the store's
// promises (Pix, installments, free shipping, exchanges), the products staff feature, the brands,
// the categories, new arrivals, best sellers and sales. A section with nothing to show is left
// out, but for "Novidades", which says the store has no products yet.
import ArrowForward from '@mui/icons-material/ArrowForward';
import CreditCard from '@mui/icons-material/CreditCard';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import Pix from '@mui/icons-material/Pix';
import Replay from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { ActionButton } from '../../../components/ActionButton';
import type { ProductCardData } from '../../../components/storefront';
import { formatBRL, pluralize } from '../../../format';
import { storefrontPaths } from '../../../routes/paths';
import { ProductGrid, ProductGridSkeleton } from '../shared/ProductGrid';
import { StorefrontErrorView } from '../shared/StorefrontErrorView';

export interface HomeBrand {
  slug: string;
  name: string;
  color: string;
  logoUrl: string | null;
  description: string;
  productCount: number;
}

export interface HomeCategory {
  slug: string;
  name: string;
  productCount: number;
}

/** What the promise strip states, from the store's settings and the ways to pay offered now. */
export interface HomePromiseSettings {
  /** 0: Pix has no discount to promise; null: Pix is not offered (no Pix key), so not mentioned. */
  pixDiscountPercent: number | null;
  /** Below 2 (no card can be paid): no installments are promised. */
  maxInstallments: number;
  freeShippingThresholdCents: number | null;
}

export interface HomeViewProps {
  status: 'loading' | 'error' | 'ready';
  storeName: string;
  /** The hero's headline and subtitle (store settings); skeletons while loading. */
  heroTitle: string;
  /** Empty: no subtitle. */
  heroSubtitle: string;
  /** The promises the store keeps now; null while loading. */
  settings: HomePromiseSettings | null;
  brands: HomeBrand[];
  categories: HomeCategory[];
  /** "Destaques", chosen by staff; the section is left out when there are none. */
  featured?: ProductCardData[];
  newArrivals: ProductCardData[];
  /** Most sold of the last 90 days; the section waits until at least four products have sold. */
  bestSellers?: ProductCardData[];
  onSale: ProductCardData[];
  onRetry?: () => void;
}

function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: { xs: 5, md: 7 } }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          gap: 2,
          mb: 2,
        }}
      >
        <Typography
          id={id}
          // Focusable by script: the hero's buttons move focus here for keyboard users.
          tabIndex={-1}
          component="h2"
          variant="h3"
          sx={{ fontSize: { xs: '1.25rem', md: '1.5rem' } }}
        >
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Box>
  );
}

/**
 * Moves focus to a section's heading (see Section) for a link to its #id: keyboard and screen
 * reader users go on from there. The app scrolls to the #id once the link has navigated.
 */
function focusHeading(id: string) {
  return () => document.getElementById(id)?.focus();
}

/** Hidden from this width up: the default texts take fewer lines there. */
const fromWidth = (px: number) => ({ [`@media (min-width: ${px}px)`]: { display: 'none' } });

/**
 * As many lines as the default hero texts take at each width (measured from 320 px to desktop),
 * so the page does not move when they arrive: the title takes 4 lines below 340 px, 3 below
 * 400 px, then 2; the subtitle 4 below 380 px, 3 below 600 px, then 2.
 */
function HeroTextSkeleton({ kind }: { kind: 'title' | 'subtitle' }) {
  const sx = { bgcolor: 'rgba(255,255,255,0.22)' };
  const [third, fourth] = kind === 'title' ? [400, 340] : [600, 380];
  return (
    <>
      <Skeleton sx={sx} />
      <Skeleton width="85%" sx={sx} />
      <Skeleton width="65%" sx={{ ...sx, ...fromWidth(third) }} />
      <Skeleton width="45%" sx={{ ...sx, ...fromWidth(fourth) }} />
    </>
  );
}

/** The grid of the store's promises, and of their skeleton. */
/** Two columns on phones (an odd last promise spans both), one row of them from md up. */
function promisesGrid(count: number) {
  return {
    mt: { xs: 2, md: 3 },
    display: 'grid',
    gridTemplateColumns: {
      xs: 'repeat(2, minmax(0, 1fr))',
      md: `repeat(${count}, minmax(0, 1fr))`,
    },
    gap: { xs: 1, md: 2 },
    ...(count % 2 === 1 ? { '& > :last-child': { gridColumn: { xs: '1 / -1', md: 'auto' } } } : {}),
  } as const;
}

/** The store's promises while the settings load: the same grid, cells as tall as theirs. */
function PromisesSkeleton() {
  return (
    <Box aria-hidden sx={promisesGrid(4)}>
      {[0, 1, 2, 3].map((cell) => (
        <Skeleton
          key={cell}
          variant="rounded"
          sx={{
            height: { xs: 79, sm: 61, md: 91 },
            '@media (max-width: 389.95px)': { height: 113 },
          }}
        />
      ))}
    </Box>
  );
}

function Promises({ settings }: { settings: HomePromiseSettings }) {
  const items = [
    settings.pixDiscountPercent === null
      ? null
      : settings.pixDiscountPercent > 0
        ? {
            icon: <Pix />,
            title: `${settings.pixDiscountPercent.toLocaleString('pt-BR')}% de desconto no Pix`,
            text: 'Aprovação na hora',
          }
        : { icon: <Pix />, title: 'Pague com Pix', text: 'Aprovação na hora' },
    settings.maxInstallments > 1
      ? {
          icon: <CreditCard />,
          title: `Até ${settings.maxInstallments}x sem juros`,
          text: 'No cartão de crédito',
        }
      : null,
    settings.freeShippingThresholdCents !== null
      ? {
          icon: <LocalShippingOutlined />,
          title: `Frete grátis acima de ${formatBRL(settings.freeShippingThresholdCents)}`,
          text: 'Para todo o Brasil',
        }
      : {
          icon: <LocalShippingOutlined />,
          title: 'Entrega para todo o Brasil',
          text: 'Frete calculado pelo CEP',
        },
    { icon: <Replay />, title: 'Troca fácil', text: '7 dias para desistir da compra' },
  ].filter((item) => item !== null);
  return (
    <Box
      component="ul"
      aria-label="Vantagens da loja"
      sx={{ listStyle: 'none', p: 0, m: 0, ...promisesGrid(items.length) }}
    >
      {items.map((item) => (
        <Box
          component="li"
          key={item.title}
          sx={{
            display: 'flex',
            gap: 1.5,
            alignItems: 'center',
            p: { xs: 1.5, md: 2 },
            borderRadius: 2,
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
            '& svg': { color: 'primary.main', flexShrink: 0 },
          }}
        >
          {item.icon}
          <Box sx={{ minWidth: 0 }}>
            <Typography
              sx={{
                fontWeight: 600,
                fontSize: { xs: '0.8125rem', md: '0.9375rem' },
                lineHeight: 1.3,
              }}
            >
              {item.title}
            </Typography>
            <Typography color="text.secondary" sx={{ fontSize: '0.75rem' }}>
              {item.text}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The hero: the store's name, its headline and subtitle, and the ways to the sections. A plain
 * function, not a component: the first visit's byte budget has no room for one more.
 */
function renderHero(
  storeName: string,
  heroTitle: string,
  heroSubtitle: string,
  loading: boolean,
  hasBrands: boolean,
) {
  return (
    <Box
      sx={(theme) => ({
        position: 'relative',
        overflow: 'hidden',
        borderRadius: 3,
        px: { xs: 2.5, md: 6 },
        py: { xs: 4, md: 7 },
        color: '#fff',
        background: `radial-gradient(circle at 85% 20%, rgba(255,255,255,0.16) 0, transparent 40%), linear-gradient(125deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 55%, ${theme.palette.secondary.main} 100%)`,
      })}
    >
      <Typography
        component="p"
        sx={{
          fontSize: '0.8125rem',
          fontWeight: 700,
          letterSpacing: '0.12em',
          textTransform: 'uppercase',
          opacity: 0.9,
        }}
      >
        {storeName}
      </Typography>
      <Typography
        component={loading ? 'div' : 'h1'}
        sx={{
          mt: 1,
          maxWidth: 620,
          fontWeight: 800,
          letterSpacing: '-0.02em',
          lineHeight: 1.1,
          fontSize: { xs: '1.875rem', md: '3rem' },
        }}
      >
        {loading ? <HeroTextSkeleton kind="title" /> : heroTitle}
      </Typography>
      {loading || heroSubtitle ? (
        <Typography
          sx={{ mt: 2, maxWidth: 520, fontSize: { xs: '1rem', md: '1.125rem' }, opacity: 0.95 }}
        >
          {loading ? <HeroTextSkeleton kind="subtitle" /> : heroSubtitle}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mt: 3 }}>
        <ActionButton
          to="#novidades"
          onClick={focusHeading('novidades')}
          variant="contained"
          size="large"
          sx={{ bgcolor: '#fff', color: 'primary.dark', '&:hover': { bgcolor: 'grey.100' } }}
        >
          Ver novidades
        </ActionButton>
        {/* Shown while loading too: appearing later would push the page down on phones. */}
        {loading || hasBrands ? (
          <ActionButton
            to="#marcas"
            onClick={focusHeading('marcas')}
            variant="outlined"
            size="large"
            sx={{
              color: '#fff',
              borderColor: 'rgba(255,255,255,0.7)',
              '&:hover': { borderColor: '#fff' },
            }}
          >
            Conhecer as marcas
          </ActionButton>
        ) : null}
      </Box>
    </Box>
  );
}

/** The brands, each a tile (logo or initial, name, product count) linking to its page (as above). */
function renderBrandTiles(brands: HomeBrand[], loading: boolean) {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(4, minmax(0, 1fr))',
        },
        gap: { xs: 1.5, md: 2 },
      }}
    >
      {(loading ? [] : brands).map((brand) => (
        <li key={brand.slug}>
          <Box
            component={RouterLink}
            to={storefrontPaths.brand(brand.slug)}
            sx={{
              display: 'grid',
              justifyItems: 'center',
              gap: 1,
              p: 2,
              minHeight: 132,
              alignContent: 'center',
              textAlign: 'center',
              borderRadius: 2,
              textDecoration: 'none',
              color: 'text.primary',
              bgcolor: 'background.paper',
              border: 1,
              borderColor: 'divider',
              borderTop: `4px solid ${brand.color}`,
              transition: 'box-shadow 160ms',
              '&:hover': { boxShadow: '0 8px 24px rgba(16,24,40,0.08)' },
              '&:focus-visible': {
                outline: '3px solid',
                outlineColor: 'primary.main',
                outlineOffset: 2,
              },
            }}
          >
            {brand.logoUrl ? (
              <img
                src={brand.logoUrl}
                alt=""
                width={120}
                height={48}
                loading="lazy"
                style={{ objectFit: 'contain' }}
              />
            ) : (
              <Box
                aria-hidden
                sx={{
                  width: 48,
                  height: 48,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: brand.color,
                  color: '#fff',
                  fontWeight: 800,
                  fontSize: '1.375rem',
                }}
              >
                {brand.name.charAt(0)}
              </Box>
            )}
            {/* Shown even beside a logo: a monogram logo alone does not say the name. */}
            <Typography sx={{ fontWeight: 700 }}>{brand.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {pluralize(brand.productCount, 'produto', 'produtos')}
            </Typography>
          </Box>
        </li>
      ))}
      {loading
        ? Array.from({ length: 4 }, (_, index) => (
            <li key={index} aria-hidden>
              <Skeleton variant="rounded" height={132} />
            </li>
          ))
        : null}
    </Box>
  );
}

export function HomeView({
  status,
  storeName,
  heroTitle,
  heroSubtitle,
  settings,
  brands,
  categories,
  featured = [],
  newArrivals,
  bestSellers = [],
  onSale,
  onRetry,
}: HomeViewProps) {
  if (status === 'error') {
    return (
      <StorefrontErrorView
        title="Não foi possível abrir a loja agora"
        {...(onRetry ? { onRetry } : {})}
      />
    );
  }
  const loading = status === 'loading';
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }}>
      {renderHero(storeName, heroTitle, heroSubtitle, loading, brands.length > 0)}

      {settings ? <Promises settings={settings} /> : <PromisesSkeleton />}

      {loading || featured.length > 0 ? (
        <Section id="destaques" title="Destaques">
          {loading ? (
            <ProductGridSkeleton count={4} />
          ) : (
            <ProductGrid products={featured} label="Destaques" eagerCount={0} />
          )}
        </Section>
      ) : null}

      {loading || brands.length > 0 ? (
        <Section id="marcas" title="Nossas marcas">
          {renderBrandTiles(brands, loading)}
        </Section>
      ) : null}

      {loading || categories.length > 0 ? (
        <Section id="categorias" title="Categorias">
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
          >
            {categories.map((category) => (
              <li key={category.slug}>
                <ActionButton
                  to={storefrontPaths.category(category.slug)}
                  variant="outlined"
                  color="inherit"
                  endIcon={<ArrowForward fontSize="small" />}
                  sx={{
                    minHeight: 44,
                    borderRadius: 999,
                    bgcolor: 'background.paper',
                    borderColor: 'divider',
                  }}
                >
                  {category.name}
                  <Box component="span" sx={{ ml: 0.75, color: 'text.secondary', fontWeight: 400 }}>
                    ({category.productCount})
                  </Box>
                </ActionButton>
              </li>
            ))}
            {loading ? (
              <li aria-hidden>
                <Skeleton variant="rounded" width={320} height={44} />
              </li>
            ) : null}
          </Box>
        </Section>
      ) : null}

      <Section id="novidades" title="Novidades">
        {loading ? (
          <ProductGridSkeleton count={4} />
        ) : newArrivals.length > 0 ? (
          <ProductGrid products={newArrivals} label="Novidades" eagerCount={0} />
        ) : (
          <Typography color="text.secondary">Nenhum produto por aqui ainda.</Typography>
        )}
      </Section>

      {!loading && bestSellers.length >= 4 ? (
        <Section id="mais-vendidos" title="Mais vendidos">
          <ProductGrid products={bestSellers} label="Mais vendidos" eagerCount={0} />
        </Section>
      ) : null}

      {loading || onSale.length > 0 ? (
        <Section
          id="ofertas"
          title="Ofertas"
          action={
            categories[0] ? (
              <Link
                component={RouterLink}
                to={storefrontPaths.category(categories[0].slug)}
                sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
              >
                Ver mais
              </Link>
            ) : null
          }
        >
          {loading ? (
            <ProductGridSkeleton count={4} />
          ) : (
            <ProductGrid products={onSale} label="Ofertas" eagerCount={0} />
          )}
        </Section>
      ) : null}
    </Container>
  );
}
