// Public URLs of a catalog image's renditions, as the media routes serve them (/media/<file>).
import type { ImageSource } from './catalog.tables';

/** Public URLs of an image: the default rendition (largest up to 1024 px) and the srcset. */
export function imageUrls(image: { sources: ImageSource[] }) {
  const sources = [...image.sources].sort((a, b) => a.width - b.width);
  const preferred = [...sources].reverse().find((source) => source.width <= 1024) ?? sources[0];
  return {
    url: preferred ? `/media/${preferred.path}` : '',
    srcSet: sources.map((source) => `/media/${source.path} ${source.width}w`).join(', '),
  };
}
