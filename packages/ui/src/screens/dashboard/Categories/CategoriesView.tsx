// The category tree page: reorder and nest by dragging, by keyboard (Alt+arrows on the selected
// category) or from each category's menu; create, rename, delete with confirmation. Every move
// is announced. Pure: props in, callbacks out.
import AddRounded from '@mui/icons-material/AddRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { checkCategoryInput } from '@vitrine/rules';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';

import { DashboardPage } from '../shared/DashboardPage';
import { dropMove, findPlace, type CategoryMove, type CategoryNode } from './categoryTree';
import {
  CategoryMenu,
  categoryMenuActions,
  TreeItemContent,
  treeItemSx,
} from './CategoryTreeParts';
import { ListSkeleton, LoadError, NoPermission } from './PageStates';
import { useCategoryDrag, useCategoryTree } from './useCategoryTree';

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
    // The server's rule for a category's name (@vitrine/rules checkCategoryInput); a new one's
    // slug is made from it, a renamed one keeps its slug.
    const checked = checkCategoryInput({ name }, state.kind === 'rename' ? '' : null);
    if (!checked.ok) {
      setProblem(checked.issue.message);
      return;
    }
    setPending(true);
    try {
      await onSubmit(checked.value.name);
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

/** How to reorder by dragging or by keyboard, and what the screen reader hears of each move. */
function TreeHelp({ announcement }: { announcement: string }) {
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }} id="categories-help">
        Arraste uma categoria para mudar a ordem ou colocá-la dentro de outra. Pelo teclado:
        selecione uma categoria e use Alt+↑ e Alt+↓ para mudar a ordem, Alt+→ para colocá-la dentro
        da categoria acima e Alt+← para tirá-la de dentro. F2 renomeia, Delete exclui.
      </Typography>
      <Box aria-live="polite" role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
    </>
  );
}

function NoCategories({ onCreate }: { onCreate: () => void }) {
  return (
    <Card sx={{ p: 3, textAlign: 'center' }}>
      <Typography sx={{ mb: 2 }}>Nenhuma categoria ainda.</Typography>
      <Button variant="outlined" onClick={onCreate}>
        Criar a primeira categoria
      </Button>
    </Card>
  );
}

export function CategoriesView(props: CategoriesViewProps) {
  const { tree, loading = false, error = null, onRetry, forbidden = false } = props;
  const { places, activeId, setSelectedId, announcement, items, move, focusItem, keyDown } =
    useCategoryTree(tree, props.onMove);
  const [nameDialog, setNameDialog] = useState<NameDialogState | null>(null);
  const [deleting, setDeleting] = useState<CategoryNode | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; id: string } | null>(null);
  const { dragId, zoneAt, dragProps } = useCategoryDrag();
  const baseId = useId();

  if (forbidden) {
    return (
      <DashboardPage title="Categorias">
        <NoPermission message={CATEGORIES_FORBIDDEN} />
      </DashboardPage>
    );
  }

  // A flat tree: every category is a treeitem of the tree with its level, position and set
  // size (ARIA's form for trees without nested groups), so each item's name is its own row only.
  function renderItems() {
    return places.map(({ node, level, index, siblings }) => {
      const selected = node.id === activeId;
      const zone = zoneAt(node.id);
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
          onKeyDown={(event: KeyboardEvent<HTMLElement>) =>
            keyDown(event, node.id, {
              rename: (place) =>
                setNameDialog({ kind: 'rename', id: node.id, name: place.node.name }),
              remove: (place) => setDeleting(place.node),
            })
          }
          onFocus={(event) => {
            if (event.target === event.currentTarget) setSelectedId(node.id);
          }}
          {...dragProps(node.id, (draggedId, dropZone) => {
            if (tree) void move(dropMove(tree, draggedId, node.id, dropZone), 'para lá');
          })}
          onClick={() => focusItem(node.id)}
          sx={treeItemSx(level, zone, selected, dragId === node.id)}
        >
          <TreeItemContent
            node={node}
            level={level}
            nameId={nameId}
            selected={selected}
            onMenu={(anchor) => setMenu({ anchor, id: node.id })}
          />
        </Box>
      );
    });
  }

  const menuPlace = menu && tree ? findPlace(tree, menu.id) : null;
  const menuActions =
    menuPlace && tree
      ? categoryMenuActions(tree, menuPlace, {
          rename: () =>
            setNameDialog({ kind: 'rename', id: menuPlace.node.id, name: menuPlace.node.name }),
          addChild: () =>
            setNameDialog({
              kind: 'create',
              parentId: menuPlace.node.id,
              parentName: menuPlace.node.name,
            }),
          move: (next) => void move(next, ''),
          remove: () => setDeleting(menuPlace.node),
        })
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
      <TreeHelp announcement={announcement} />
      {error !== null && tree === null ? (
        <LoadError message={error} {...(onRetry ? { onRetry } : {})} />
      ) : tree === null || (loading && tree.length === 0) ? (
        <ListSkeleton label="Carregando as categorias" />
      ) : tree.length === 0 ? (
        <NoCategories
          onCreate={() => setNameDialog({ kind: 'create', parentId: null, parentName: null })}
        />
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
      <CategoryMenu
        anchor={menu?.anchor ?? null}
        actions={menuActions}
        onClose={() => setMenu(null)}
      />
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
