// The workshop's frame (Storybook's manager), made a Vitrine site for designers who read
// Portuguese: its own name, logo and colours; the tab titled "… ⋅ Oficina Vitrine"; the sidebar's
// sections, stories and search and Storybook's own tips in Portuguese (packages/ui/src/workshop/
// labels.ts, chrome.ts); and in the toolbar the brand switch (the demo store's seven brands, each
// with its colour) and a colour picker to try a new brand's colour on any story (the store darkens
// it where it would not read, as it does for a real brand). They set the 'brand' and 'brandColor' globals (.storybook/preview).
// The manager's bundler compiles JSX to React.createElement (the classic runtime): React must be
// in scope, or the whole manager fails with "React is not defined" (seen in the built workshop).
import React from 'react';
import { Select } from 'storybook/internal/components';
import { addons, types, useGlobals } from 'storybook/manager-api';
import { create } from 'storybook/theming';

import { STORE_THEME_VALUE, WORKSHOP_BRANDS } from '../packages/ui/src/workshop/brands';
import {
  workshopIndex,
  workshopLabel,
  workshopPageTitle,
} from '../packages/ui/src/workshop/labels';
import { keepChromeInPortuguese } from '../packages/ui/src/workshop/chrome';

// The story index in Portuguese, so the sidebar's search finds 'Sacola' or 'Cartão de produto':
// manager-head.html passes the index through this as it arrives (before the sidebar is built).
declare global {
  interface Window {
    __VITRINE_WORKSHOP_INDEX__?: typeof workshopIndex;
  }
}
window.__VITRINE_WORKSHOP_INDEX__ = workshopIndex;

/** The site's name: the tab's title, the sidebar's logo text. */
const WORKSHOP_SITE_NAME = 'Oficina Vitrine';

addons.setConfig({
  theme: create({
    base: 'light',
    brandTitle: WORKSHOP_SITE_NAME,
    brandImage: './vitrine-oficina.svg',
    brandUrl: './',
    brandTarget: '_self',
    colorPrimary: '#1f3a8a',
    colorSecondary: '#1f3a8a',
    appBg: '#f6f7fb',
    appBorderRadius: 8,
    textColor: '#111827',
    textMutedColor: '#4b5563',
    barSelectedColor: '#1f3a8a',
    fontBase: "Inter, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
  }),
  sidebar: {
    // Sections, screens and stories keep their English names in code (ids, baselines); the index
    // the manager reads has the Portuguese ones (workshopIndex), and a component is shown by its
    // code name alone ('ProductCard', not 'ProductCard · Cartão de produto').
    renderLabel: (item: { name: string; type: string }) => workshopLabel(item.name, item.type),
  },
});

/**
 * Storybook titles the tab "<section> / <screen> - <story> ⋅ Storybook" and the page
 * "storybook - Storybook" until it loads: both become Portuguese under the workshop's own name.
 */
function keepWorkshopTitle() {
  const apply = () => {
    const next = workshopPageTitle(document.title, WORKSHOP_SITE_NAME);
    if (next !== document.title) document.title = next;
  };
  apply();
  new MutationObserver(apply).observe(document.head, {
    subtree: true,
    childList: true,
    characterData: true,
  });
}
keepWorkshopTitle();
keepChromeInPortuguese();

function Swatch({ color }: { color: string | null }) {
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'inline-block',
        width: 14,
        height: 14,
        borderRadius: 4,
        border: '1px solid rgba(17, 24, 39, 0.25)',
        background: color ?? 'linear-gradient(135deg, #1f3a8a 0%, #172b66 100%)',
      }}
    />
  );
}

const BRAND_OPTIONS = WORKSHOP_BRANDS.map((brand) => ({
  value: brand.value,
  title: brand.title,
  icon: <Swatch color={brand.color} />,
  aside: brand.color ?? 'tema da loja',
}));

function BrandTool() {
  const [globals, updateGlobals] = useGlobals();
  const chosen = typeof globals['brand'] === 'string' ? globals['brand'] : STORE_THEME_VALUE;
  const brand = WORKSHOP_BRANDS.find((item) => item.value === chosen) ?? WORKSHOP_BRANDS[0]!;
  const picked = typeof globals['brandColor'] === 'string' ? globals['brandColor'] : '';
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4, paddingInline: 4 }}>
      <Select
        key={brand.value}
        ariaLabel="Marca da loja de demonstração"
        title="Marca: desenha a história no tema de uma marca da loja de demonstração"
        padding="small"
        size="small"
        icon={<Swatch color={brand.color} />}
        options={BRAND_OPTIONS}
        defaultOptions={brand.value}
        onSelect={(value) => updateGlobals({ brand: String(value), brandColor: '' })}
      >
        Marca
      </Select>
      <label
        title="Cor nova: experimente qualquer cor como a de uma marca nova"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 6, fontSize: 12 }}
      >
        Cor nova
        <input
          type="color"
          value={picked || brand.color || '#1f3a8a'}
          onChange={(event) => updateGlobals({ brandColor: event.target.value })}
          style={{ width: 28, height: 28, padding: 0, border: 'none', background: 'none' }}
        />
      </label>
      {picked ? (
        <button
          type="button"
          onClick={() => updateGlobals({ brandColor: '' })}
          title="Voltar à marca escolhida"
          style={{ fontSize: 12, cursor: 'pointer' }}
        >
          Limpar cor
        </button>
      ) : null}
    </span>
  );
}

const ADDON_ID = 'vitrine/brand';

addons.register(ADDON_ID, () => {
  addons.add(`${ADDON_ID}/tool`, {
    type: types.TOOL,
    title: 'Marca',
    match: ({ viewMode }) => viewMode === 'story' || viewMode === 'docs',
    render: () => <BrandTool />,
  });
});
