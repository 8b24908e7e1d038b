// The category tree's parts: an item's look (its row's style and content), its actions menu and
// the actions it offers.
import DragIndicatorRounded from '@mui/icons-material/DragIndicatorRounded';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';

import { pluralize } from '../../../format';
import {
  keyboardMove,
  type CategoryMove,
  type CategoryNode,
  type DropZone,
  type KeyboardMove,
  type NodePlace,
} from './categoryTree';

/** An item's row: indented by its level, marked where a drop would land, dimmed while dragged. */
export function treeItemSx(
  level: number,
  zone: DropZone | null,
  selected: boolean,
  dragging: boolean,
) {
  return {
    listStyle: 'none',
    display: 'flex',
    alignItems: 'center',
    gap: 1,
    pl: { xs: (level - 1) * 2, sm: (level - 1) * 4 },
    pr: 0.5,
    minHeight: 52,
    borderTop: 2,
    borderBottom: 2,
    borderColor: 'transparent',
    ...(zone === 'before' ? { borderTopColor: 'primary.main' } : {}),
    ...(zone === 'after' ? { borderBottomColor: 'primary.main' } : {}),
    bgcolor: zone === 'inside' ? 'action.hover' : selected ? 'action.selected' : 'transparent',
    opacity: dragging ? 0.5 : 1,
    borderRadius: 1,
    cursor: 'grab',
    outline: 'none',
    '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
  } as const;
}

/** The category's name, product count and address, and its actions button. */
export function TreeItemContent({
  node,
  level,
  nameId,
  selected,
  onMenu,
}: {
  node: CategoryNode;
  level: number;
  nameId: string;
  selected: boolean;
  onMenu: (anchor: HTMLElement) => void;
}) {
  return (
    <>
      <DragIndicatorRounded sx={{ color: 'text.secondary', ml: 1 }} aria-hidden />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography id={nameId} sx={{ fontWeight: level === 1 ? 600 : 400 }} noWrap>
          {node.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {pluralize(node.productCount, 'produto', 'produtos')} · /{node.slug}
        </Typography>
      </Box>
      <IconButton
        aria-label={`Ações de ${node.name}`}
        aria-haspopup="menu"
        tabIndex={selected ? 0 : -1}
        onClick={(event) => {
          event.stopPropagation();
          onMenu(event.currentTarget);
        }}
      >
        <MoreVertRounded />
      </IconButton>
    </>
  );
}

export interface CategoryMenuAction {
  label: string;
  action: () => void;
}

/** Renomear, Adicionar subcategoria, the moves possible from where it is, and Excluir. */
export function categoryMenuActions(
  tree: CategoryNode[],
  place: NodePlace,
  on: {
    rename: () => void;
    addChild: () => void;
    move: (next: CategoryMove) => void;
    remove: () => void;
  },
): CategoryMenuAction[] {
  return (
    [
      ['Renomear', on.rename],
      ['Adicionar subcategoria', on.addChild],
      ...(['up', 'down', 'indent', 'outdent'] as const).flatMap((kind) => {
        const next = keyboardMove(tree, place.node.id, kind);
        if (!next) return [];
        const labels: Record<KeyboardMove, string> = {
          up: 'Subir',
          down: 'Descer',
          indent: `Mover para dentro de ${place.siblings[place.index - 1]?.name ?? ''}`,
          outdent: `Mover para fora de ${place.parent?.name ?? ''}`,
        };
        return [[labels[kind], () => on.move(next)] as const];
      }),
      ['Excluir', on.remove],
    ] as const
  ).map(([label, action]) => ({ label, action }));
}

/** An item's actions menu. */
export function CategoryMenu({
  anchor,
  actions,
  onClose,
}: {
  anchor: HTMLElement | null;
  actions: CategoryMenuAction[];
  onClose: () => void;
}) {
  return (
    <Menu open={anchor !== null} anchorEl={anchor} onClose={onClose}>
      {actions.map((item) => (
        <MenuItem
          key={item.label}
          onClick={() => {
            onClose();
            item.action();
          }}
          // MUI lets menu items shrink to 36 px from 600 px up: kept tappable everywhere.
          sx={{
            minHeight: { xs: 44, sm: 44 },
            ...(item.label === 'Excluir' ? { color: 'error.main' } : {}),
          }}
        >
          {item.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
