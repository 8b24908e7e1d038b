// The uploads' SQL (media.routes.ts): the stored image's row, not a product's yet.
import type { Executor } from '../../db';
import { images } from '../catalog/catalog.tables';

export async function insertUploadedImage(
  tx: Executor,
  image: Pick<typeof images.$inferInsert, 'id' | 'width' | 'height' | 'sources' | 'uploadedBy'>,
): Promise<void> {
  await tx.insert(images).values({
    id: image.id,
    width: image.width,
    height: image.height,
    sources: image.sources,
    uploadedBy: image.uploadedBy,
  });
}
