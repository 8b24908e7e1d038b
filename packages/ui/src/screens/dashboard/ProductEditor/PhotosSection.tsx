// The product's photos: drop several at once or pick them, each with its own upload progress and
// error, alt text, the first as the main one, reordered by dragging or by keyboard (move buttons,
// or the arrow keys on a photo's handle) with the new position announced.
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type KeyboardEvent } from 'react';

import { PhotoRow } from './PhotoRow';
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

/** Where files are dropped or picked (not while a photo is being dragged to a new place). */
function PhotoDropZone({
  full,
  reordering,
  onAddFiles,
}: {
  /** As many photos as allowed: picking is off. */
  full: boolean;
  reordering: boolean;
  onAddFiles(files: File[]): void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragOver, setDragOver] = useState(false);
  const hintId = useId();
  return (
    <Box
      onDragOver={(event) => {
        if (reordering) return;
        event.preventDefault();
        setDragOver(true);
      }}
      onDragLeave={() => setDragOver(false)}
      onDrop={(event) => {
        if (reordering) return;
        event.preventDefault();
        setDragOver(false);
        const files = [...event.dataTransfer.files];
        if (files.length > 0) onAddFiles(files);
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
  );
}

export function PhotosSection({
  photos,
  readOnly,
  errors,
  onAddFiles,
  onChange,
}: PhotosSectionProps) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
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
        <PhotoDropZone full={full} reordering={dragging !== null} onAddFiles={onAddFiles} />
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
            <PhotoRow
              key={photo.key}
              photo={photo}
              index={index}
              count={photos.length}
              readOnly={readOnly}
              errors={errors}
              dragging={dragging}
              onDragStart={() => setDragging(index)}
              onDropHere={() => {
                if (dragging === null) return;
                move(dragging, index);
                setDragging(null);
              }}
              onDragEnd={() => setDragging(null)}
              onHandleKey={(event) => onHandleKey(event, index)}
              onMove={(to) => move(index, to)}
              onAltChange={(alt) =>
                onChange(photos.map((item) => (item.key === photo.key ? { ...item, alt } : item)))
              }
              onRemove={() => {
                onChange(photos.filter((item) => item.key !== photo.key));
                setAnnouncement(`Foto ${index + 1} removida.`);
              }}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
