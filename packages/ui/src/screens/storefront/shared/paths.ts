// The storefront's routes; packages/app mounts the screens on these paths.

export const storefrontPaths = {
  home: '/',
  brand: (slug: string) => `/marcas/${encodeURIComponent(slug)}`,
  category: (slug: string) => `/categoria/${encodeURIComponent(slug)}`,
  search: (query?: string) =>
    query ? `/busca?${new URLSearchParams({ q: query }).toString()}` : '/busca',
  product: (slug: string) => `/produto/${encodeURIComponent(slug)}`,
  cart: '/carrinho',
  checkout: '/checkout',
  orderConfirmed: (number: string) => `/pedido/confirmado/${encodeURIComponent(number)}`,
  tracking: '/pedido',
} as const;
