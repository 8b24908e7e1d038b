// A page's <title>: the page's own title followed by the store's name, once. Staff may already have
// written the store's name into a title (an SEO title "Garoa Urbana | Vitrine", a home title
// "Vitrine: marcas brasileiras..."); it is then not appended a second time. Server and browser
// both use this rule, so the title a search engine reads is the one the shopper's tab shows.

function words(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** `title | storeName`, unless the title is empty, is the store's name or already names it. */
export function titleWithStore(title: string, storeName: string): string {
  const own = title.trim();
  const store = storeName.trim();
  if (store === '') return own;
  if (own === '') return store;
  const haystack = ` ${words(own)} `;
  const needle = words(store);
  if (needle !== '' && haystack.includes(` ${needle} `)) return own;
  return `${own} | ${store}`;
}

/**
 * A product page's own title, before the store's name: '<produto> — <marca>' (the dash keeps
 * the product's last word and the brand apart: 'Camiseta Orgânico — Aurora Têxtil | Vitrine').
 */
export function productTitle(productName: string, brandName: string): string {
  const product = productName.trim();
  const brand = brandName.trim();
  return brand === '' ? product : `${product} — ${brand}`;
}
