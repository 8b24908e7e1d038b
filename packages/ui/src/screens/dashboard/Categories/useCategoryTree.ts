// The category tree's state: which item is selected (and focused after a move), the moves with
// what the screen reader hears, and the drag and drop of the items.
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';

import {
  applyMove,
  describePlace,
  flattenTree,
  keyboardMove,
  type CategoryMove,
  type CategoryNode,
  type DropZone,
  type KeyboardMove,
  type NodePlace,
} from './categoryTree';

/** What the screen reader hears when a keyboard move is not possible. */
const CANNOT_MOVE: Record<KeyboardMove, string> = {
  up: 'mais para cima',
  down: 'mais para baixo',
  indent: 'para dentro (não há categoria acima no mesmo nível)',
  outdent: 'para fora (já está no primeiro nível)',
};

const MOVE_KEYS: Record<string, KeyboardMove> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowRight: 'indent',
  ArrowLeft: 'outdent',
};

/** Where a drop lands on an item: its top 30 % before it, its bottom 30 % after, else inside. */
function zoneOf(event: DragEvent<HTMLElement>): DropZone {
  const rect = event.currentTarget.getBoundingClientRect();
  const offset = (event.clientY - rect.top) / Math.max(1, rect.height);
  return offset < 0.3 ? 'before' : offset > 0.7 ? 'after' : 'inside';
}

export function useCategoryTree(
  tree: CategoryNode[] | null,
  onMove: (move: CategoryMove) => Promise<void>,
) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const items = useRef(new Map<string, HTMLElement>());
  const focusAfterRender = useRef<string | null>(null);

  const places = tree ? flattenTree(tree) : [];
  const activeId =
    selectedId !== null && places.some((place) => place.node.id === selectedId)
      ? selectedId
      : (places[0]?.node.id ?? null);

  // After a move the tree renders anew: the moved category keeps the focus.
  useEffect(() => {
    const id = focusAfterRender.current;
    if (id === null) return;
    focusAfterRender.current = null;
    items.current.get(id)?.focus();
  }, [tree]);

  async function move(next: CategoryMove | null, how: string) {
    if (!tree || next === null) {
      setAnnouncement(`Não é possível mover ${how}.`);
      return;
    }
    setSelectedId(next.id);
    focusAfterRender.current = next.id;
    setAnnouncement(`Movida. ${describePlace(applyMove(tree, next), next.id)}.`);
    try {
      await onMove(next);
    } catch (failure) {
      setAnnouncement(
        failure instanceof Error ? failure.message : 'Não foi possível mover a categoria.',
      );
    }
  }

  function focusItem(id: string | undefined) {
    if (!id) return;
    setSelectedId(id);
    items.current.get(id)?.focus();
  }

  /**
   * The tree's keys: Alt+arrows move the category, arrows, Home and End go through the items, F2
   * renames and Delete deletes (through `on`).
   */
  function keyDown(
    event: KeyboardEvent<HTMLElement>,
    id: string,
    on: { rename: (place: NodePlace) => void; remove: (place: NodePlace) => void },
  ) {
    if (event.target !== event.currentTarget || !tree) return;
    const moveKind = MOVE_KEYS[event.key];
    if (event.altKey && moveKind) {
      event.preventDefault();
      void move(keyboardMove(tree, id, moveKind), CANNOT_MOVE[moveKind]);
      return;
    }
    const index = places.findIndex((place) => place.node.id === id);
    const keys: Record<string, () => void> = {
      ArrowDown: () => focusItem(places[index + 1]?.node.id),
      ArrowUp: () => focusItem(places[index - 1]?.node.id),
      Home: () => focusItem(places[0]?.node.id),
      End: () => focusItem(places[places.length - 1]?.node.id),
      F2: () => {
        const place = places[index];
        if (place) on.rename(place);
      },
      Delete: () => {
        const place = places[index];
        if (place) on.remove(place);
      },
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  }

  return { places, activeId, setSelectedId, announcement, items, move, focusItem, keyDown };
}

/** Drag and drop: the item dragged, where it would land, and each item's drag handlers. */
export function useCategoryDrag() {
  const [dragId, setDragId] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<{ id: string; zone: DropZone } | null>(null);

  function dragProps(nodeId: string, onDrop: (draggedId: string, zone: DropZone) => void) {
    return {
      draggable: true,
      onDragStart: (event: DragEvent<HTMLElement>) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', nodeId);
        setDragId(nodeId);
      },
      onDragEnd: () => {
        setDragId(null);
        setDropTarget(null);
      },
      onDragOver: (event: DragEvent<HTMLElement>) => {
        if (dragId === null || dragId === nodeId) return;
        event.preventDefault();
        const next = zoneOf(event);
        if (dropTarget?.id !== nodeId || dropTarget.zone !== next) {
          setDropTarget({ id: nodeId, zone: next });
        }
      },
      onDragLeave: () => setDropTarget(null),
      onDrop: (event: DragEvent<HTMLElement>) => {
        event.preventDefault();
        const id = dragId;
        setDragId(null);
        setDropTarget(null);
        if (id) onDrop(id, zoneOf(event));
      },
    };
  }

  const zoneAt = (nodeId: string) => (dropTarget?.id === nodeId ? dropTarget.zone : null);
  return { dragId, zoneAt, dragProps };
}
