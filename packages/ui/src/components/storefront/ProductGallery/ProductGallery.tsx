// The product's pictures: arrows, thumbnails, keyboard (← →), swipe on touch screens and a zoom
// dialog. The first picture loads eagerly (it is the page's largest paint), the rest lazily.
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import ZoomIn from '@mui/icons-material/ZoomIn';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import { styled, useThemeProps, type SxProps, type Theme } from '@mui/material/styles';
import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

import { VisuallyHidden } from '../shared/VisuallyHidden';

export interface GalleryImage {
  id: string;
  url: string;
  srcSet: string;
  alt: string;
  width: number;
  height: number;
}

export interface ProductGalleryProps {
  images: GalleryImage[];
  productName: string;
  /** The shown picture (controlled); the gallery keeps its own otherwise. */
  index?: number;
  onIndexChange?: (index: number) => void;
  className?: string;
  sx?: SxProps<Theme>;
}

const SWIPE_DISTANCE = 40;

const Root = styled('section', { name: 'VtProductGallery', slot: 'Root' })({
  display: 'grid',
  gap: 12,
  minWidth: 0,
});

const Stage = styled('div', { name: 'VtProductGallery', slot: 'Stage' })(({ theme }) => ({
  position: 'relative',
  aspectRatio: '4 / 5',
  borderRadius: theme.shape.borderRadius,
  overflow: 'hidden',
  backgroundColor: theme.palette.grey[100],
  touchAction: 'pan-y',
  '& > button.zoom-target': {
    all: 'unset',
    display: 'block',
    width: '100%',
    height: '100%',
    cursor: 'zoom-in',
  },
  '& > button.zoom-target:focus-visible': {
    outline: `3px solid ${theme.palette.primary.main}`,
    outlineOffset: -3,
  },
  '& img': { width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
}));

const NavButton = styled(IconButton, { name: 'VtProductGallery', slot: 'Nav' })(({ theme }) => ({
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  width: 44,
  height: 44,
  backgroundColor: 'rgba(255,255,255,0.92)',
  color: theme.palette.text.primary,
  boxShadow: '0 1px 4px rgba(0,0,0,0.18)',
  '&:hover': { backgroundColor: '#fff' },
}));

const Counter = styled('span', { name: 'VtProductGallery', slot: 'Counter' })({
  position: 'absolute',
  left: 12,
  bottom: 12,
  padding: '2px 10px',
  borderRadius: 999,
  backgroundColor: 'rgba(17,24,39,0.75)',
  color: '#fff',
  fontSize: '0.8125rem',
  fontWeight: 600,
  pointerEvents: 'none',
});

const ZoomHint = styled('span', { name: 'VtProductGallery', slot: 'ZoomHint' })({
  position: 'absolute',
  right: 12,
  bottom: 12,
  display: 'grid',
  placeItems: 'center',
  width: 36,
  height: 36,
  borderRadius: '50%',
  backgroundColor: 'rgba(255,255,255,0.92)',
  color: '#111827',
  pointerEvents: 'none',
});

const Thumbs = styled('div', { name: 'VtProductGallery', slot: 'Thumbs' })({
  display: 'flex',
  gap: 8,
  overflowX: 'auto',
  paddingBottom: 2,
});

const Thumb = styled('button', { name: 'VtProductGallery', slot: 'Thumb' })(({ theme }) => ({
  flex: '0 0 auto',
  width: 64,
  height: 80,
  padding: 0,
  border: `2px solid transparent`,
  borderRadius: 8,
  overflow: 'hidden',
  cursor: 'pointer',
  backgroundColor: theme.palette.grey[100],
  '&[aria-current="true"]': { borderColor: theme.palette.primary.main },
  '&:focus-visible': { outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  '& img': { width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
}));

const Placeholder = styled('div', { name: 'VtProductGallery', slot: 'Placeholder' })(
  ({ theme }) => ({
    display: 'grid',
    placeItems: 'center',
    alignContent: 'center',
    gap: 8,
    height: '100%',
    color: theme.palette.text.secondary,
    '& svg': { fontSize: 48 },
  }),
);

const ZoomStage = styled('div', { name: 'VtProductGallery', slot: 'ZoomStage' })({
  position: 'relative',
  overflow: 'hidden',
  backgroundColor: '#fff',
  touchAction: 'pan-y',
  '& .zoom-toggle': { all: 'unset', display: 'block', width: '100%' },
  '& .zoom-toggle:focus-visible': { outline: '3px solid #1f3a8a', outlineOffset: -3 },
  '& img': {
    display: 'block',
    width: '100%',
    maxHeight: 'calc(100vh - 96px)',
    objectFit: 'contain',
    cursor: 'zoom-in',
    transition: 'transform 160ms ease-out',
  },
  '& img[data-zoomed="true"]': { transform: 'scale(2)', cursor: 'zoom-out' },
});

function useSwipe(onSwipe: (direction: 1 | -1) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);
  return {
    /** True right after a swipe, so the click that ends it does not also zoom. */
    consumeSwipe() {
      const was = swiped.current;
      swiped.current = false;
      return was;
    },
    handlers: {
      onPointerDown(event: PointerEvent) {
        start.current = { x: event.clientX, y: event.clientY };
        swiped.current = false;
      },
      onPointerUp(event: PointerEvent) {
        const from = start.current;
        start.current = null;
        if (!from) return;
        const dx = event.clientX - from.x;
        const dy = event.clientY - from.y;
        if (Math.abs(dx) >= SWIPE_DISTANCE && Math.abs(dx) > Math.abs(dy)) {
          swiped.current = true;
          onSwipe(dx < 0 ? 1 : -1);
        }
      },
      onPointerCancel() {
        start.current = null;
      },
    },
  };
}

/** 'Imagem anterior' and 'Próxima imagem', on the stage and in the zoom. */
function PrevNextButtons({ onStep }: { onStep: (step: -1 | 1) => void }) {
  return (
    <>
      <NavButton aria-label="Imagem anterior" onClick={() => onStep(-1)} sx={{ left: 8 }}>
        <ChevronLeft />
      </NavButton>
      <NavButton aria-label="Próxima imagem" onClick={() => onStep(1)} sx={{ right: 8 }}>
        <ChevronRight />
      </NavButton>
    </>
  );
}

/** A thumbnail per picture; the shown one is marked current. */
function GalleryThumbs({
  images,
  index,
  onShow,
}: {
  images: GalleryImage[];
  index: number;
  onShow: (index: number) => void;
}) {
  return (
    <Thumbs>
      {images.map((image, thumbIndex) => (
        <Thumb
          key={image.id}
          type="button"
          aria-label={`Ver imagem ${thumbIndex + 1} de ${images.length}`}
          aria-current={thumbIndex === index ? 'true' : undefined}
          onClick={() => onShow(thumbIndex)}
        >
          {/* 64 px wide: the server's smallest WebP rendition, never the 1024 px default. */}
          <img
            src={image.url}
            srcSet={image.srcSet || undefined}
            sizes="64px"
            alt=""
            width={64}
            height={80}
            loading="lazy"
          />
        </Thumb>
      ))}
    </Thumbs>
  );
}

/** A product without pictures: a placeholder in the stage's place. */
function EmptyGallery({
  productName,
  ...other
}: { productName: string } & Pick<ProductGalleryProps, 'className' | 'sx'>) {
  return (
    <Root aria-label={`Imagens de ${productName}`} {...other}>
      <Stage>
        <Placeholder>
          <ImageOutlined aria-hidden />
          <span>Sem imagens deste produto</span>
        </Placeholder>
      </Stage>
    </Root>
  );
}

const CLOSE_BUTTON_SX = {
  position: 'absolute',
  top: 8,
  right: 8,
  width: 44,
  height: 44,
  bgcolor: 'rgba(255,255,255,0.92)',
} as const;

export function ProductGallery(inProps: ProductGalleryProps) {
  const {
    images,
    productName,
    index: controlledIndex,
    onIndexChange,
    ...other
  } = useThemeProps({ props: inProps, name: 'VtProductGallery' });
  const [ownIndex, setOwnIndex] = useState(0);
  const [zoomOpen, setZoomOpen] = useState(false);
  const [zoomed, setZoomed] = useState(false);
  const [origin, setOrigin] = useState('50% 50%');
  const zoomTitleId = useId();
  const count = images.length;
  const index = Math.min(Math.max(controlledIndex ?? ownIndex, 0), Math.max(count - 1, 0));

  function show(next: number) {
    const wrapped = ((next % count) + count) % count;
    setOwnIndex(wrapped);
    setZoomed(false);
    onIndexChange?.(wrapped);
  }

  const swipe = useSwipe((direction) => show(index + direction));
  const zoomSwipe = useSwipe((direction) => show(index + direction));

  function onKeyDown(event: KeyboardEvent) {
    if (count < 2) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      show(index + 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      show(index - 1);
    }
  }

  const current = images[index];
  if (!current) {
    return <EmptyGallery productName={productName} {...other} />;
  }

  const position = `${index + 1} de ${count}`;
  return (
    <Root
      aria-roledescription="galeria"
      aria-label={`Imagens de ${productName}`}
      onKeyDown={onKeyDown}
      {...other}
    >
      <Stage {...swipe.handlers}>
        <button
          type="button"
          className="zoom-target"
          aria-label={`Ampliar imagem ${position}: ${current.alt}`}
          onClick={() => {
            if (swipe.consumeSwipe()) return;
            setZoomOpen(true);
          }}
        >
          <img
            src={current.url}
            srcSet={current.srcSet || undefined}
            sizes="(min-width: 900px) 50vw, 100vw"
            alt={current.alt}
            width={current.width}
            height={current.height}
            // The first picture is the page's largest paint: never lazy.
            loading={index === 0 ? 'eager' : 'lazy'}
            fetchPriority={index === 0 ? 'high' : 'auto'}
            draggable={false}
          />
        </button>
        {count > 1 ? (
          <>
            <PrevNextButtons onStep={(step) => show(index + step)} />
            <Counter aria-live="polite">
              {index + 1} / {count}
            </Counter>
          </>
        ) : null}
        <ZoomHint aria-hidden>
          <ZoomIn fontSize="small" />
        </ZoomHint>
      </Stage>
      {count > 1 ? <GalleryThumbs images={images} index={index} onShow={show} /> : null}
      <Dialog
        open={zoomOpen}
        onClose={() => {
          setZoomOpen(false);
          setZoomed(false);
        }}
        maxWidth="md"
        fullWidth
        aria-labelledby={zoomTitleId}
        onKeyDown={onKeyDown}
      >
        <VisuallyHidden as="h2" id={zoomTitleId}>
          {`${productName}: imagem ampliada ${position}`}
        </VisuallyHidden>
        <ZoomStage {...zoomSwipe.handlers}>
          <button
            type="button"
            className="zoom-toggle"
            aria-pressed={zoomed}
            aria-label={zoomed ? 'Afastar imagem' : 'Aproximar imagem'}
            onClick={(event) => {
              if (zoomSwipe.consumeSwipe()) return;
              const box = event.currentTarget.getBoundingClientRect();
              // Zoom in where the shopper clicked (keyboard clicks land in the middle).
              if (box.width > 0 && box.height > 0 && event.detail > 0) {
                const x = ((event.clientX - box.left) / box.width) * 100;
                const y = ((event.clientY - box.top) / box.height) * 100;
                setOrigin(`${x}% ${y}%`);
              }
              setZoomed((value) => !value);
            }}
          >
            <img
              src={current.url}
              srcSet={current.srcSet || undefined}
              sizes="100vw"
              alt={current.alt}
              data-zoomed={zoomed}
              style={{ transformOrigin: origin }}
            />
          </button>
          <IconButton
            aria-label="Fechar imagem ampliada"
            onClick={() => {
              setZoomOpen(false);
              setZoomed(false);
            }}
            sx={CLOSE_BUTTON_SX}
          >
            <Close />
          </IconButton>
          {count > 1 ? <PrevNextButtons onStep={(step) => show(index + step)} /> : null}
        </ZoomStage>
      </Dialog>
    </Root>
  );
}
