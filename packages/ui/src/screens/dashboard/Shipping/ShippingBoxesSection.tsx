// Frete > Caixas (ADMIN): the store's boxes, smallest first (the order the packing tries them),
// each with its inside, empty weight and the most it holds; add, edit (ShippingBoxDialog) and
// delete after a confirmation. The carriers quote an order packed into these boxes (the rule in
// docs/api/shipping-carriers.md, "Caixas e empacotamento"); without any, an order is one parcel of
// its products stacked. Loading, empty and failed states. Pure: props in, callbacks out.
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

import { ConfirmDialog } from '../../../components/dashboard/ConfirmDialog';
import { ListSkeleton, LoadError } from '../Categories/PageStates';
import { ShippingBoxDialog } from './ShippingBoxDialog';
import type { ShippingBox, ShippingBoxInput } from './ShippingBoxes.graphql';
import { formatGrams } from './shippingForm';

export const SHIPPING_BOXES_ERROR = 'Não foi possível carregar as caixas.';

export interface ShippingBoxesSectionProps {
  /** null: not loaded (yet). */
  boxes: ShippingBox[] | null;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** Saves a new box (id null) or changes one; rejects with { field, message }. */
  onSave: (id: string | null, input: ShippingBoxInput) => Promise<void>;
  /** Deletes the box; rejects with a message. */
  onDelete: (box: ShippingBox) => Promise<void>;
}

/** '30 × 20 × 12 cm'. */
export function boxSize(box: Pick<ShippingBox, 'lengthCm' | 'widthCm' | 'heightCm'>): string {
  return `${box.lengthCm} × ${box.widthCm} × ${box.heightCm} cm`;
}

function BoxRow({
  box,
  first,
  onEdit,
  onDelete,
}: {
  box: ShippingBox;
  first: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Box
      component="li"
      aria-label={box.name}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 1,
        borderTop: first ? 0 : 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{box.name}</Typography>
        <Typography variant="body2">{`${boxSize(box)} por dentro`}</Typography>
        <Typography variant="body2" color="text.secondary">
          {`Caixa vazia ${formatGrams(box.weightGrams)} · leva até ${formatGrams(box.maxWeightGrams)}`}
        </Typography>
      </Box>
      <IconButton aria-label={`Editar ${box.name}`} onClick={onEdit} sx={{ width: 44, height: 44 }}>
        <EditOutlined />
      </IconButton>
      <IconButton
        aria-label={`Excluir ${box.name}`}
        onClick={onDelete}
        sx={{ width: 44, height: 44 }}
      >
        <DeleteOutlineRounded />
      </IconButton>
    </Box>
  );
}

export function ShippingBoxesSection(props: ShippingBoxesSectionProps) {
  const { boxes, loading = false, error = null, onRetry } = props;
  const headingId = useId();
  // 'new': the dialog for a new box; a box: editing it.
  const [editing, setEditing] = useState<ShippingBox | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ShippingBox | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const add = (
    <Button
      variant="outlined"
      startIcon={<AddRounded />}
      onClick={() => {
        setNotice(null);
        setEditing('new');
      }}
    >
      Adicionar caixa
    </Button>
  );

  let body;
  if (error !== null && boxes === null) {
    body = <LoadError message={error} {...(onRetry ? { onRetry } : {})} />;
  } else if (boxes === null || (loading && boxes.length === 0)) {
    body = <ListSkeleton label="Carregando as caixas" rows={3} />;
  } else if (boxes.length === 0) {
    body = (
      <Card variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
        <Typography sx={{ mb: 2 }}>
          Nenhuma caixa cadastrada: cada pedido é cotado como um pacote do tamanho dos produtos
          empilhados.
        </Typography>
        {add}
      </Card>
    );
  } else {
    body = (
      <Card variant="outlined">
        <Box component="ul" aria-label="Caixas" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {boxes.map((box, index) => (
            <BoxRow
              key={box.id}
              box={box}
              first={index === 0}
              onEdit={() => {
                setNotice(null);
                setEditing(box);
              }}
              onDelete={() => {
                setNotice(null);
                setDeleting(box);
              }}
            />
          ))}
        </Box>
      </Card>
    );
  }

  const editingBox = editing === 'new' ? null : editing;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1.5 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
        }}
      >
        <Typography id={headingId} variant="h6" component="h2">
          Caixas
        </Typography>
        {boxes !== null && boxes.length > 0 ? add : null}
      </Box>
      <Typography variant="body2" color="text.secondary">
        As transportadoras cotam o pedido nas caixas em que ele vai: os produtos, do maior para o
        menor, entram na menor caixa em que cabem empilhados e cujo peso máximo os comporta; o que
        não cabe em nenhuma vai sozinho.
      </Typography>
      {body}
      <Box role="status" aria-live="polite">
        {notice ? <Alert severity="success">{notice}</Alert> : null}
      </Box>
      {editing !== null ? (
        <ShippingBoxDialog
          box={editingBox}
          onClose={() => setEditing(null)}
          onSave={async (input) => {
            await props.onSave(editingBox?.id ?? null, input);
            setNotice(editingBox ? `${input.name} salva.` : `${input.name} adicionada.`);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`Excluir ${deleting?.name ?? 'a caixa'}?`}
        text="Os próximos pedidos deixam de ser embalados nela. Os pedidos já feitos não mudam."
        confirmLabel="Excluir caixa"
        danger
        onConfirm={async () => {
          if (!deleting) return;
          await props.onDelete(deleting);
          setNotice(`${deleting.name} excluída.`);
        }}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
