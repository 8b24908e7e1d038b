// One of the product's photos: its drag handle, the picture (the first marked as the main one),
// its upload progress or error, its alt text, and the buttons to move or remove it.
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import StarOutline from '@mui/icons-material/StarBorder';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent } from 'react';

import { fieldDomId, type FieldErrors, type PhotoItem } from './productForm';

function PhotoDetails({
  photo,
  index,
  readOnly,
  errors,
  onAltChange,
}: {
  photo: PhotoItem;
  index: number;
  readOnly: boolean;
  errors: FieldErrors;
  onAltChange(alt: string): void;
}) {
  return (
    <Box sx={{ minWidth: 0 }}>
      {photo.fileName ? (
        <Typography variant="body2" noWrap title={photo.fileName}>
          {photo.fileName}
        </Typography>
      ) : null}
      {photo.status === 'uploading' ? (
        <Box sx={{ mt: 0.5 }}>
          <LinearProgress
            aria-label={`Enviando ${photo.fileName ?? 'foto'}`}
            {...(photo.progress === null
              ? { variant: 'indeterminate' as const }
              : { variant: 'determinate' as const, value: photo.progress })}
          />
          <Typography variant="caption" color="text.secondary">
            {photo.progress === null ? 'Enviando…' : `Enviando… ${photo.progress}%`}
          </Typography>
        </Box>
      ) : null}
      {photo.status === 'error' ? (
        <Alert severity="error" sx={{ py: 0 }}>
          {photo.error}
        </Alert>
      ) : null}
      {photo.status === 'done' ? (
        <TextField
          id={fieldDomId(`photos.${index}.alt`)}
          label="Texto alternativo"
          size="small"
          fullWidth
          value={photo.alt}
          disabled={readOnly}
          placeholder="Descreva a foto para quem não a vê"
          error={!!errors[`photos.${index}.alt`]}
          helperText={errors[`photos.${index}.alt`] ?? 'Vazio: o nome do produto.'}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          onChange={(event) => onAltChange(event.target.value)}
        />
      ) : null}
    </Box>
  );
}

function PhotoActions({
  photo,
  index,
  count,
  onMove,
  onRemove,
}: {
  photo: PhotoItem;
  index: number;
  count: number;
  onMove(to: number): void;
  onRemove(): void;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        gridColumn: { xs: '1 / -1', sm: 'auto' },
        justifyContent: 'flex-end',
        flexWrap: 'wrap',
      }}
    >
      {index > 0 && photo.status === 'done' ? (
        <Tooltip title="Tornar principal">
          <IconButton aria-label={`Tornar a foto ${index + 1} principal`} onClick={() => onMove(0)}>
            <StarOutline />
          </IconButton>
        </Tooltip>
      ) : null}
      <IconButton
        aria-label={`Mover a foto ${index + 1} para cima`}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        <ArrowUpward />
      </IconButton>
      <IconButton
        aria-label={`Mover a foto ${index + 1} para baixo`}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        <ArrowDownward />
      </IconButton>
      <IconButton aria-label={`Remover a foto ${index + 1}`} onClick={onRemove}>
        <DeleteOutline />
      </IconButton>
    </Box>
  );
}

export interface PhotoRowProps {
  photo: PhotoItem;
  index: number;
  /** How many photos there are. */
  count: number;
  readOnly: boolean;
  errors: FieldErrors;
  /** The index of the photo being dragged, if any. */
  dragging: number | null;
  onDragStart(): void;
  /** The dragged photo was dropped on this one. */
  onDropHere(): void;
  onDragEnd(): void;
  onHandleKey(event: KeyboardEvent): void;
  onMove(to: number): void;
  onAltChange(alt: string): void;
  onRemove(): void;
}

export function PhotoRow({
  photo,
  index,
  count,
  readOnly,
  errors,
  dragging,
  onDragStart,
  onDropHere,
  onDragEnd,
  onHandleKey,
  onMove,
  onAltChange,
  onRemove,
}: PhotoRowProps) {
  return (
    <Box
      component="li"
      aria-label={`Foto ${index + 1} de ${count}${index === 0 ? ', principal' : ''}`}
      draggable={!readOnly}
      onDragStart={(event) => {
        onDragStart();
        event.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(event) => {
        if (dragging === null) return;
        event.preventDefault();
      }}
      onDrop={(event) => {
        if (dragging === null) return;
        event.preventDefault();
        event.stopPropagation();
        onDropHere();
      }}
      onDragEnd={onDragEnd}
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: 'auto 72px minmax(0, 1fr)',
          sm: 'auto 96px minmax(0, 1fr) auto',
        },
        gap: 1.5,
        alignItems: 'center',
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        opacity: dragging === index ? 0.5 : 1,
      }}
    >
      {readOnly ? (
        <Box />
      ) : (
        <Tooltip title="Arraste, ou use as setas do teclado">
          <Box
            component="span"
            id={`foto-alca-${index}`}
            role="button"
            tabIndex={0}
            aria-label={`Mover foto ${index + 1}: use as setas para cima e para baixo`}
            onKeyDown={onHandleKey}
            sx={{
              display: 'flex',
              cursor: 'grab',
              color: 'text.secondary',
              minWidth: 44,
              minHeight: 44,
              justifyContent: 'center',
              alignItems: 'center',
              '&:focus-visible': {
                outline: 2,
                outlineColor: 'primary.main',
                borderRadius: 1,
              },
            }}
          >
            <DragIndicator />
          </Box>
        </Tooltip>
      )}
      <Box
        sx={{
          width: { xs: 72, sm: 96 },
          aspectRatio: '4 / 5',
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'grey.100',
          position: 'relative',
        }}
      >
        {photo.url ? (
          <Box
            component="img"
            src={photo.url}
            alt=""
            sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : null}
        {index === 0 && photo.status === 'done' ? (
          <Chip
            label="Principal"
            size="small"
            color="primary"
            sx={{ position: 'absolute', left: 4, bottom: 4 }}
          />
        ) : null}
      </Box>
      <PhotoDetails
        photo={photo}
        index={index}
        readOnly={readOnly}
        errors={errors}
        onAltChange={onAltChange}
      />
      {!readOnly ? (
        <PhotoActions
          photo={photo}
          index={index}
          count={count}
          onMove={onMove}
          onRemove={onRemove}
        />
      ) : null}
    </Box>
  );
}
