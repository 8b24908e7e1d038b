// The product's photos: drop several at once or pick them, each with its own upload progress and
// error, alt text, the first as the main one, reordered by dragging or by keyboard (move buttons,
// or the arrow keys on a photo's handle) with the new position announced.
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import StarOutline from '@mui/icons-material/StarBorder';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';

import { fieldDomId, MAX_PHOTOS, type FieldErrors, type PhotoItem } from './productForm';

export interface PhotosSectionProps {
  photos: PhotoItem[];
  readOnly: boolean;
  errors: FieldErrors;
  onAddFiles(files: File[]): void;
  onChange(photos: PhotoItem[]): void;
}

export function movePhoto(photos: PhotoItem[], from: number, to: number): PhotoItem[] {
  if (to < 0 || to >= photos.length || from === to) return photos;
  const next = [...photos];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

export function PhotosSection({
  photos,
  readOnly,
  errors,
  onAddFiles,
  onChange,
}: PhotosSectionProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragOver, setDragOver] = useState(false);
  const [dragging, setDragging] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const hintId = useId();
  const full = photos.length >= MAX_PHOTOS;

  function move(from: number, to: number) {
    if (to < 0 || to >= photos.length) return;
    onChange(movePhoto(photos, from, to));
    setAnnouncement(
      to === 0
        ? `Foto movida para a posição 1 de ${photos.length}: agora é a principal.`
        : `Foto movida para a posição ${to + 1} de ${photos.length}.`,
    );
    // Keep the keyboard on the photo that moved.
    requestAnimationFrame(() => {
      document.getElementById(`foto-alca-${to}`)?.focus();
    });
  }

  function onHandleKey(event: KeyboardEvent, index: number) {
    if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') {
      event.preventDefault();
      move(index, index - 1);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowRight') {
      event.preventDefault();
      move(index, index + 1);
    }
  }

  function onDropZone(event: DragEvent) {
    event.preventDefault();
    setDragOver(false);
    if (readOnly) return;
    const files = [...event.dataTransfer.files];
    if (files.length > 0) onAddFiles(files);
  }

  return (
    <Box id={fieldDomId('photos')} tabIndex={-1}>
      <Box
        role="status"
        aria-live="polite"
        sx={{
          position: 'absolute',
          width: '1px',
          height: '1px',
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
        }}
      >
        {announcement}
      </Box>
      {!readOnly ? (
        <Box
          onDragOver={(event) => {
            if (dragging !== null) return;
            event.preventDefault();
            setDragOver(true);
          }}
          onDragLeave={() => setDragOver(false)}
          onDrop={(event) => {
            if (dragging !== null) return;
            onDropZone(event);
          }}
          data-testid="zona-de-fotos"
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: dragOver ? 'primary.main' : 'divider',
            bgcolor: dragOver ? 'action.hover' : 'transparent',
            borderRadius: 2,
            p: 3,
            textAlign: 'center',
            mb: 2,
          }}
        >
          <Typography sx={{ mb: 1 }}>Arraste as fotos para cá, várias de uma vez, ou</Typography>
          <Button
            variant="outlined"
            startIcon={<UploadFile />}
            disabled={full}
            onClick={() => inputRef.current?.click()}
          >
            Escolher fotos
          </Button>
          <input
            ref={inputRef}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            hidden
            aria-label="Escolher fotos"
            data-testid="arquivo-fotos"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              if (files.length > 0) onAddFiles(files);
              event.target.value = '';
            }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} id={hintId}>
            JPEG, PNG ou WebP, até 10 MB cada; até {MAX_PHOTOS} fotos. A primeira é a principal.
          </Typography>
        </Box>
      ) : null}
      {errors.photos ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errors.photos}
        </Alert>
      ) : null}
      {photos.length === 0 ? (
        <Typography color="text.secondary">Nenhuma foto ainda.</Typography>
      ) : (
        <Box component="ol" aria-label="Fotos do produto" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {photos.map((photo, index) => (
            <Box
              component="li"
              key={photo.key}
              aria-label={`Foto ${index + 1} de ${photos.length}${index === 0 ? ', principal' : ''}`}
              draggable={!readOnly}
              onDragStart={(event) => {
                setDragging(index);
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
                move(dragging, index);
                setDragging(null);
              }}
              onDragEnd={() => setDragging(null)}
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
                    onKeyDown={(event) => onHandleKey(event, index)}
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
                    onChange={(event) =>
                      onChange(
                        photos.map((item) =>
                          item.key === photo.key ? { ...item, alt: event.target.value } : item,
                        ),
                      )
                    }
                  />
                ) : null}
              </Box>
              {!readOnly ? (
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
                      <IconButton
                        aria-label={`Tornar a foto ${index + 1} principal`}
                        onClick={() => move(index, 0)}
                      >
                        <StarOutline />
                      </IconButton>
                    </Tooltip>
                  ) : null}
                  <IconButton
                    aria-label={`Mover a foto ${index + 1} para cima`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    <ArrowUpward />
                  </IconButton>
                  <IconButton
                    aria-label={`Mover a foto ${index + 1} para baixo`}
                    disabled={index === photos.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <ArrowDownward />
                  </IconButton>
                  <IconButton
                    aria-label={`Remover a foto ${index + 1}`}
                    onClick={() => {
                      onChange(photos.filter((item) => item.key !== photo.key));
                      setAnnouncement(`Foto ${index + 1} removida.`);
                    }}
                  >
                    <DeleteOutline />
                  </IconButton>
                </Box>
              ) : null}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
