// The workshop's toolbar, beside the brand switch: a colour picker to try a new brand's colour on
// any story (the store darkens it where it would not read, as it does for a real brand), and a
// button that goes back to the chosen brand. It sets the 'brandColor' global (.storybook/preview).
// The manager's bundler compiles JSX to React.createElement (the classic runtime): React must be
// in scope, or the whole manager fails with "React is not defined" (seen in the built workshop).
import React from 'react';
import { addons, types, useGlobals } from 'storybook/manager-api';

const ADDON_ID = 'vitrine/brand-color';

function BrandColorTool() {
  const [globals, updateGlobals] = useGlobals();
  const picked = typeof globals['brandColor'] === 'string' ? globals['brandColor'] : '';
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4, paddingInline: 6 }}>
      <label style={{ display: 'inline-flex', alignItems: 'center', gap: 6, fontSize: 12 }}>
        Cor nova
        <input
          type="color"
          value={picked || '#1f3a8a'}
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

addons.register(ADDON_ID, () => {
  addons.add(`${ADDON_ID}/tool`, {
    type: types.TOOL,
    title: 'Cor da marca',
    match: ({ viewMode }) => viewMode === 'story' || viewMode === 'docs',
    render: () => <BrandColorTool />,
  });
});
