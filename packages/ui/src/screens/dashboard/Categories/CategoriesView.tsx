// The category tree page: reorder and nest by dragging, by keyboard (Alt+arrows on the selected
// category) or from each category's menu; create, rename, delete with confirmation. Every move
// is announced. Pure: props in, callbacks out.
import AddRounded from '@mui/icons-material/AddRounded';
import DragIndicatorRounded from '@mui/icons-material/DragIndicatorRounded';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type DragEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';

import { pluralize } from '../../../format';
import { DashboardPage } from '../shared/DashboardPage';
import {
  applyMove,
  describePlace,
  dropMove,
  findPlace,
  flattenTree,
  keyboardMove,
  type CategoryMove,
  type CategoryNode,
  type DropZone,
  type KeyboardMove,
} from './categoryTree';
import { ListSkeleton, LoadError, NoPermission } from './PageStates';

export const CATEGORIES_FORBIDDEN = 'Somente administradores podem organizar as categorias.';

export interface CategoriesViewProps {
  tree: CategoryNode[] | null;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** The caller is not an ADMIN. */
  forbidden?: boolean;
  /** categoryMove; rejects with a message for people. */
  onMove: (move: CategoryMove) => Promise<void>;
  onCreate: (input: { name: string; parentId: string | null }) => Promise<void>;
  onRename: (id: string, name: string) => Promise<void>;
  /** Rejects with the server's reason when the category cannot go. */
  onDelete: (id: string) => Promise<void>;
}

type NameDialogState =
  | { kind: 'create'; parentId: string | null; parentName: string | null }
  | { kind: 'rename'; id: string; name: string };

function NameDialog({
  state,
  onClose,
  onSubmit,
}: {
  state: NameDialogState;
  onClose: () => void;
  onSubmit: (name: string) => Promise<void>;
}) {
  const [name, setName] = useState(state.kind === 'rename' ? state.name : '');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);
  // The name is what the dialog is for: the cursor starts there.
  useEffect(() => {
    const timer = window.setTimeout(() => inputRef.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, []);
  const title =
    state.kind === 'rename'
      ? `Renomear ${state.name}`
      : state.parentName
        ? `Nova subcategoria em ${state.parentName}`
        : 'Nova categoria';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === '') {
      setProblem('Informe o nome da categoria.');
      return;
    }
    setPending(true);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Não foi possível salvar.');
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <TextField
            inputRef={inputRef}
            label="Nome"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setProblem(null);
            }}
            error={problem !== null}
            helperText={problem ?? 'Até 80 caracteres. O endereço na loja é feito a partir dele.'}
            slotProps={{ htmlInput: { maxLength: 80 } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancelar</Button>
          <Button type="submit" variant="contained" loading={pending}>
            {state.kind === 'rename' ? 'Salvar' : 'Criar'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function DeleteDialog({
  node,
  onClose,
  onDelete,
}: {
  node: CategoryNode;
  onClose: () => void;
  onDelete: (id: string) => Promise<void>;
}) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  async function confirm() {
    setPending(true);
    try {
      await onDelete(node.id);
      onClose();
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : 'Não foi possível excluir.');
    } finally {
      setPending(false);
    }
  }
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{`Excluir a categoria ${node.name}?`}</DialogTitle>
      <DialogContent>
        {refusal ? (
          <Alert severity="error" role="alert">
            <Typography variant="body2" sx={{ mb: 1 }}>
              {refusal}
            </Typography>
            <Typography variant="body2">
              {node.children.length > 0
                ? 'Arraste as subcategorias para outro lugar (ou exclua-as) e tente de novo.'
                : 'Em Produtos, filtre por esta categoria e mova os produtos para outra com a alteração em massa; depois tente de novo.'}
            </Typography>
          </Alert>
        ) : (
          <DialogContentText>
            A categoria deixa de existir na loja. Só é possível excluir uma categoria sem
            subcategorias e sem produtos.
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{refusal ? 'Fechar' : 'Cancelar'}</Button>
        {refusal ? null : (
          <Button
            color="error"
            variant="contained"
            loading={pending}
            onClick={() => void confirm()}
          >
            Excluir
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

const MOVE_KEYS: Record<string, KeyboardMove> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowRight: 'indent',
  ArrowLeft: 'outdent',
};

export function CategoriesView(props: CategoriesViewProps) {
  const { tree, loading = false, error = null, onRetry, forbidden = false } = props;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [nameDialog, setNameDialog] = useState<NameDialogState | null>(null);
  const [deleting, setDeleting] = useState<CategoryNode | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; id: string } | null>(null);
  const [dragId, setDragId] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<{ id: string; zone: DropZone } | null>(null);
  const items = useRef(new Map<string, HTMLElement>());
  const baseId = useId();
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

  if (forbidden) {
    return (
      <DashboardPage title="Categorias">
        <NoPermission message={CATEGORIES_FORBIDDEN} />
      </DashboardPage>
    );
  }

  async function move(next: CategoryMove | null, how: string) {
    if (!tree || next === null) {
      setAnnouncement(`Não é possível mover ${how}.`);
      return;
    }
    setSelectedId(next.id);
    focusAfterRender.current = next.id;
    setAnnouncement(`Movida. ${describePlace(applyMove(tree, next), next.id)}.`);
    try {
      await props.onMove(next);
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

  function keyDown(event: KeyboardEvent<HTMLElement>, id: string) {
    if (event.target !== event.currentTarget || !tree) return;
    const moveKind = MOVE_KEYS[event.key];
    if (event.altKey && moveKind) {
      event.preventDefault();
      const names: Record<KeyboardMove, string> = {
        up: 'mais para cima',
        down: 'mais para baixo',
        indent: 'para dentro (não há categoria acima no mesmo nível)',
        outdent: 'para fora (já está no primeiro nível)',
      };
      void move(keyboardMove(tree, id, moveKind), names[moveKind]);
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
        if (place) setNameDialog({ kind: 'rename', id, name: place.node.name });
      },
      Delete: () => {
        const place = places[index];
        if (place) setDeleting(place.node);
      },
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  }

  function zoneOf(event: DragEvent<HTMLElement>): DropZone {
    const rect = event.currentTarget.getBoundingClientRect();
    const offset = (event.clientY - rect.top) / Math.max(1, rect.height);
    return offset < 0.3 ? 'before' : offset > 0.7 ? 'after' : 'inside';
  }

  // A flat tree: every category is a treeitem of the tree with its level, position and set
  // size (ARIA's form for trees without nested groups), so each item's name is its own row only.
  function renderItems() {
    return places.map(({ node, level, index, siblings }) => {
      const selected = node.id === activeId;
      const zone = dropTarget?.id === node.id ? dropTarget.zone : null;
      const nameId = `${baseId}-${node.id}-name`;
      return (
        <Box
          component="li"
          key={node.id}
          role="treeitem"
          aria-level={level}
          aria-setsize={siblings.length}
          aria-posinset={index + 1}
          aria-selected={selected}
          aria-expanded={node.children.length > 0 ? true : undefined}
          tabIndex={selected ? 0 : -1}
          ref={(element: HTMLElement | null) => {
            if (element) items.current.set(node.id, element);
            else items.current.delete(node.id);
          }}
          onKeyDown={(event: KeyboardEvent<HTMLElement>) => keyDown(event, node.id)}
          onFocus={(event) => {
            if (event.target === event.currentTarget) setSelectedId(node.id);
          }}
          draggable
          onDragStart={(event: DragEvent<HTMLElement>) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', node.id);
            setDragId(node.id);
          }}
          onDragEnd={() => {
            setDragId(null);
            setDropTarget(null);
          }}
          onDragOver={(event: DragEvent<HTMLElement>) => {
            if (dragId === null || dragId === node.id) return;
            event.preventDefault();
            const next = zoneOf(event);
            if (dropTarget?.id !== node.id || dropTarget.zone !== next) {
              setDropTarget({ id: node.id, zone: next });
            }
          }}
          onDragLeave={() => setDropTarget(null)}
          onDrop={(event: DragEvent<HTMLElement>) => {
            event.preventDefault();
            const id = dragId;
            setDragId(null);
            setDropTarget(null);
            if (id && tree) void move(dropMove(tree, id, node.id, zoneOf(event)), 'para lá');
          }}
          onClick={() => focusItem(node.id)}
          sx={{
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
            bgcolor:
              zone === 'inside' ? 'action.hover' : selected ? 'action.selected' : 'transparent',
            opacity: dragId === node.id ? 0.5 : 1,
            borderRadius: 1,
            cursor: 'grab',
            outline: 'none',
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
          }}
        >
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
              setMenu({ anchor: event.currentTarget, id: node.id });
            }}
          >
            <MoreVertRounded />
          </IconButton>
        </Box>
      );
    });
  }

  const menuPlace = menu && tree ? findPlace(tree, menu.id) : null;
  const menuActions = menuPlace
    ? (
        [
          [
            'Renomear',
            () =>
              setNameDialog({ kind: 'rename', id: menuPlace.node.id, name: menuPlace.node.name }),
          ],
          [
            'Adicionar subcategoria',
            () =>
              setNameDialog({
                kind: 'create',
                parentId: menuPlace.node.id,
                parentName: menuPlace.node.name,
              }),
          ],
          ...(['up', 'down', 'indent', 'outdent'] as const).flatMap((kind) => {
            const next = tree ? keyboardMove(tree, menuPlace.node.id, kind) : null;
            if (!next) return [];
            const labels: Record<KeyboardMove, string> = {
              up: 'Subir',
              down: 'Descer',
              indent: `Mover para dentro de ${menuPlace.siblings[menuPlace.index - 1]?.name ?? ''}`,
              outdent: `Mover para fora de ${menuPlace.parent?.name ?? ''}`,
            };
            return [[labels[kind], () => void move(next, '')] as const];
          }),
          ['Excluir', () => setDeleting(menuPlace.node)],
        ] as const
      ).map(([label, action]) => ({ label, action }))
    : [];

  return (
    <DashboardPage
      title="Categorias"
      maxWidth={900}
      actions={
        <Button
          variant="contained"
          startIcon={<AddRounded />}
          onClick={() => setNameDialog({ kind: 'create', parentId: null, parentName: null })}
          disabled={tree === null}
        >
          Nova categoria
        </Button>
      }
    >
      <Typography color="text.secondary" sx={{ mb: 2 }} id="categories-help">
        Arraste uma categoria para mudar a ordem ou colocá-la dentro de outra. Pelo teclado:
        selecione uma categoria e use Alt+↑ e Alt+↓ para mudar a ordem, Alt+→ para colocá-la dentro
        da categoria acima e Alt+← para tirá-la de dentro. F2 renomeia, Delete exclui.
      </Typography>
      <Box aria-live="polite" role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
      {error !== null && tree === null ? (
        <LoadError message={error} {...(onRetry ? { onRetry } : {})} />
      ) : tree === null || (loading && tree.length === 0) ? (
        <ListSkeleton label="Carregando as categorias" />
      ) : tree.length === 0 ? (
        <Card sx={{ p: 3, textAlign: 'center' }}>
          <Typography sx={{ mb: 2 }}>Nenhuma categoria ainda.</Typography>
          <Button
            variant="outlined"
            onClick={() => setNameDialog({ kind: 'create', parentId: null, parentName: null })}
          >
            Criar a primeira categoria
          </Button>
        </Card>
      ) : (
        <Card sx={{ p: { xs: 0.5, sm: 1 } }}>
          {error !== null ? (
            <Alert severity="error" sx={{ mb: 1 }}>
              {error}
            </Alert>
          ) : null}
          <Box
            component="ul"
            role="tree"
            aria-label="Categorias"
            aria-describedby="categories-help"
            sx={{ m: 0, p: 0 }}
          >
            {renderItems()}
          </Box>
        </Card>
      )}
      <Menu open={menu !== null} anchorEl={menu?.anchor ?? null} onClose={() => setMenu(null)}>
        {menuActions.map((item) => (
          <MenuItem
            key={item.label}
            onClick={() => {
              setMenu(null);
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
      {nameDialog ? (
        <NameDialog
          state={nameDialog}
          onClose={() => setNameDialog(null)}
          onSubmit={(name) =>
            nameDialog.kind === 'rename'
              ? props.onRename(nameDialog.id, name)
              : props.onCreate({ name, parentId: nameDialog.parentId })
          }
        />
      ) : null}
      {deleting ? (
        <DeleteDialog node={deleting} onClose={() => setDeleting(null)} onDelete={props.onDelete} />
      ) : null}
    </DashboardPage>
  );
}
