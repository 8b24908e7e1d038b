// The staff member's views of a list screen (orders: "Pix a conferir", "A enviar"; products:
// esgotados, estoque baixo, rascunhos): the built-in ones, their own saved views (delete with a
// confirmation), and "Salvar visão". Pure; ids are unique per instance (useId).
import BookmarkBorderOutlined from '@mui/icons-material/BookmarkBorderOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { checkSavedViewName } from '@vitrine/rules';
import { useId, useState, type FormEvent } from 'react';

export interface SavedViewOption {
  id: string;
  name: string;
  query: string;
}

export interface SavedViewsMenuProps {
  builtIn: readonly SavedViewOption[];
  saved: SavedViewOption[];
  /** The id of the view the list shows now, if any. */
  activeId: string | null;
  onApply(view: SavedViewOption): void;
  /** Saves the current list under `name`; resolves to an error message, or null when saved. */
  onSave(name: string): Promise<string | null>;
  onDelete(view: SavedViewOption): void;
}

/** 'Salvar visão': the name, checked here and by the server (its message at the field). */
function SaveViewDialog({
  open,
  onClose,
  titleId,
  onSave,
}: {
  open: boolean;
  onClose: () => void;
  titleId: string;
  onSave: SavedViewsMenuProps['onSave'];
}) {
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const [saveError, setSaveError] = useState<string | null>(null);

  async function handleSave(event: FormEvent) {
    event.preventDefault();
    // The server's rule for a view's name (@vitrine/rules checkSavedViewName).
    const checked = checkSavedViewName(name);
    if (!checked.ok) {
      setSaveError(checked.issue.message);
      return;
    }
    setSaving(true);
    const error = await onSave(checked.value);
    setSaving(false);
    if (error) {
      setSaveError(error);
      return;
    }
    onClose();
    setName('');
    setSaveError(null);
  }

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={handleSave} noValidate>
        <DialogTitle id={titleId}>Salvar visão</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Guarde os filtros e a ordem atuais para abrir esta lista de novo com um clique.
          </DialogContentText>
          <TextField
            fullWidth
            label="Nome da visão"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={saveError !== null}
            helperText={saveError ?? 'Até 60 caracteres.'}
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancelar</Button>
          <Button type="submit" variant="contained" loading={saving}>
            Salvar
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Asks before a saved view leaves the menu. */
function DeleteViewDialog({
  view,
  titleId,
  onClose,
  onDelete,
}: {
  /** The view to delete; null: the dialog is closed. */
  view: SavedViewOption | null;
  titleId: string;
  onClose: () => void;
  onDelete: SavedViewsMenuProps['onDelete'];
}) {
  return (
    <Dialog open={view !== null} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Excluir a visão?</DialogTitle>
      <DialogContent>
        <Alert severity="warning">
          A visão “{view?.name}” sai do menu. Nenhum dado da lista muda.
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button
          color="error"
          variant="contained"
          onClick={() => {
            if (view) onDelete(view);
            onClose();
          }}
        >
          Excluir
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function SavedViewsMenu({
  builtIn,
  saved,
  activeId,
  onApply,
  onSave,
  onDelete,
}: SavedViewsMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [saveOpen, setSaveOpen] = useState(false);
  const [toDelete, setToDelete] = useState<SavedViewOption | null>(null);
  const id = useId();
  const menuId = `${id}-menu`;
  const saveTitleId = `${id}-save-title`;
  const deleteTitleId = `${id}-delete-title`;
  const active = [...builtIn, ...saved].find((view) => view.id === activeId) ?? null;

  const apply = (view: SavedViewOption) => {
    setAnchor(null);
    onApply(view);
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<BookmarkBorderOutlined />}
        endIcon={<ExpandMore />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {active ? `Visão: ${active.name}` : 'Visões'}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        // MUI's menu items are 36 px tall from sm up: 44 px touch targets at every width.
        sx={{ '& .MuiMenuItem-root': { minHeight: 44 } }}
      >
        {/* A heading inside the menu, not an item of a list (a menu holds menu items only). */}
        <ListSubheader role="presentation">Visões prontas</ListSubheader>
        {builtIn.map((view) => (
          <MenuItem key={view.id} selected={view.id === activeId} onClick={() => apply(view)}>
            {view.name}
          </MenuItem>
        ))}
        <ListSubheader role="presentation">Minhas visões</ListSubheader>
        {saved.length === 0 ? (
          <MenuItem disabled>
            <ListItemText secondary="Nenhuma visão salva" />
          </MenuItem>
        ) : null}
        {saved.map((view) => (
          <MenuItem
            key={view.id}
            selected={view.id === activeId}
            onClick={() => apply(view)}
            sx={{ pr: 1 }}
          >
            <ListItemText primary={view.name} sx={{ mr: 1 }} />
            <IconButton
              edge="end"
              aria-label={`Excluir a visão ${view.name}`}
              onClick={(event) => {
                event.stopPropagation();
                setAnchor(null);
                setToDelete(view);
              }}
            >
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setSaveOpen(true);
          }}
        >
          Salvar visão atual…
        </MenuItem>
      </Menu>

      <SaveViewDialog
        open={saveOpen}
        onClose={() => setSaveOpen(false)}
        titleId={saveTitleId}
        onSave={onSave}
      />

      <DeleteViewDialog
        view={toDelete}
        titleId={deleteTitleId}
        onClose={() => setToDelete(null)}
        onDelete={onDelete}
      />
    </>
  );
}
