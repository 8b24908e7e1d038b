// The version-conflict dialog, pure: someone else saved the product while this person edited.
// It shows the three-way merge (productMerge.ts): the other person's changes that stay, this
// person's changes that are re-applied over the current version, and every field both changed,
// each with its two values to choose from. "Continuar" waits for every choice.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useMediaQuery, useTheme } from '@mui/material';

import type { MergeChoices, MergeItem, MergeSide, ProductMerge } from './productMerge';

export interface ConflictState {
  /** The product as it is now is being loaded. */
  loading: boolean;
  /** The current version could not be loaded. */
  error: string | null;
  /** The version stored now, when known. */
  currentVersion: number | null;
  /** The merge of the person's values over the current version (null until loaded). */
  merge: ProductMerge | null;
  /** The person's choice for each field both changed. */
  choices: MergeChoices;
}

export interface ConflictDialogProps {
  conflict: ConflictState | null;
  onChoose(key: string, side: MergeSide): void;
  onRetry(): void;
  onKeepMine(): void;
  onDiscardMine(): void;
  onClose(): void;
}

const MAX_VALUE = 300;

function clip(value: string) {
  return value.length > MAX_VALUE ? `${value.slice(0, MAX_VALUE - 1).trimEnd()}…` : value;
}

/** Changes of one side: the field, what it was, what it is now. */
function ChangeList({
  id,
  title,
  items,
  side,
}: {
  id: string;
  title: string;
  items: MergeItem[];
  side: MergeSide;
}) {
  if (items.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 2 }}>
      <Typography id={id} component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {items.map((item) => (
          <Box component="li" key={item.key} sx={{ mb: 0.75, overflowWrap: 'anywhere' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {item.label}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
              Antes: {clip(item.before)}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
              {side === 'theirs' ? 'Agora' : 'Seu'}:{' '}
              {clip(side === 'theirs' ? item.theirs : item.mine)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function ConflictChoice({
  item,
  choice,
  onChoose,
}: {
  item: MergeItem;
  choice: MergeSide | undefined;
  onChoose(side: MergeSide): void;
}) {
  const legendId = `conflito-${item.key.replace(/[^a-zA-Z0-9-]/g, '-')}`;
  return (
    <FormControl
      component="fieldset"
      sx={{
        display: 'block',
        border: 1,
        borderColor: choice ? 'divider' : 'warning.main',
        borderRadius: 1,
        p: 1.5,
        mb: 1.5,
        overflowWrap: 'anywhere',
      }}
    >
      <FormLabel id={legendId} component="legend" sx={{ fontWeight: 600, color: 'text.primary' }}>
        {item.label}
      </FormLabel>
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
        Antes: {clip(item.before)}
      </Typography>
      <RadioGroup
        aria-labelledby={legendId}
        value={choice ?? ''}
        onChange={(event) => onChoose(event.target.value as MergeSide)}
      >
        <FormControlLabel
          value="mine"
          control={<Radio />}
          label={`Manter o meu: ${clip(item.mine)}`}
          sx={{ whiteSpace: 'pre-line', alignItems: 'flex-start', '& .MuiRadio-root': { mt: -1 } }}
        />
        <FormControlLabel
          value="theirs"
          control={<Radio />}
          label={`Usar o da outra pessoa: ${clip(item.theirs)}`}
          sx={{ whiteSpace: 'pre-line', alignItems: 'flex-start', '& .MuiRadio-root': { mt: -1 } }}
        />
      </RadioGroup>
    </FormControl>
  );
}

export function ConflictDialog({
  conflict,
  onChoose,
  onRetry,
  onKeepMine,
  onDiscardMine,
  onClose,
}: ConflictDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const merge = conflict?.merge ?? null;
  const missing = merge
    ? merge.conflicts.filter((item) => conflict?.choices[item.key] === undefined).length
    : 0;
  const canContinue = !!merge && !conflict?.loading && missing === 0;
  return (
    <Dialog
      open={conflict !== null}
      onClose={onClose}
      aria-labelledby="conflito-titulo"
      fullScreen={phone}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id="conflito-titulo">Outra pessoa alterou este produto</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Enquanto você editava, o produto foi salvo por outra pessoa
          {conflict?.currentVersion ? ` (versão ${conflict.currentVersion})` : ''}. Nada do que você
          fez foi salvo nem perdido. Para continuar, o formulário parte da versão atual e reaplica
          só o que você mudou.
        </DialogContentText>
        {conflict?.loading ? (
          <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 2 }}>
            <CircularProgress size={20} /> Carregando a versão atual…
          </Box>
        ) : null}
        {conflict?.error && !conflict.loading ? (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" onClick={onRetry}>
                Tentar de novo
              </Button>
            }
          >
            {conflict.error}
          </Alert>
        ) : null}
        {merge ? (
          <>
            {merge.conflicts.length > 0 ? (
              <Box component="section" aria-labelledby="conflito-escolhas" sx={{ mb: 2 }}>
                <Typography
                  id="conflito-escolhas"
                  component="h3"
                  variant="subtitle1"
                  sx={{ fontWeight: 700 }}
                >
                  Alterados por vocês dois: escolha um valor para cada campo
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {missing === 0
                    ? 'Tudo escolhido.'
                    : missing === 1
                      ? 'Falta escolher 1 campo.'
                      : `Faltam escolher ${missing} campos.`}
                </Typography>
                {merge.conflicts.map((item) => (
                  <ConflictChoice
                    key={item.key}
                    item={item}
                    choice={conflict?.choices[item.key]}
                    onChoose={(side) => onChoose(item.key, side)}
                  />
                ))}
              </Box>
            ) : null}
            <ChangeList
              id="conflito-deles"
              title="Alterações da outra pessoa (ficam como estão)"
              items={merge.theirs}
              side="theirs"
            />
            <ChangeList
              id="conflito-meus"
              title="Suas alterações (reaplicadas sobre a versão atual)"
              items={merge.mine}
              side="mine"
            />
            {merge.theirs.length + merge.mine.length + merge.conflicts.length === 0 ? (
              <Alert severity="info">Os valores atuais são iguais aos seus.</Alert>
            ) : null}
          </>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button color="error" onClick={onDiscardMine} disabled={conflict?.loading || !merge}>
          Descartar os meus e usar a atual
        </Button>
        <Button variant="contained" onClick={onKeepMine} disabled={!canContinue}>
          Continuar editando sobre a atual
        </Button>
      </DialogActions>
    </Dialog>
  );
}
