import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { ProductGallery, type GalleryImage } from './ProductGallery';

const images: GalleryImage[] = ['frente', 'costas', 'detalhe'].map((name, index) => ({
  id: `img-${index}`,
  url: `/media/camiseta-${name}.webp`,
  srcSet: `/media/camiseta-${name}-480.webp 480w`,
  alt: `Camiseta, ${name}`,
  width: 800,
  height: 1000,
}));

function mainImage() {
  return screen.getByRole('button', { name: /^Ampliar imagem/ });
}

describe('ProductGallery', { timeout: 20_000 }, () => {
  it('goes through the pictures with the arrow keys, wrapping around', async () => {
    const user = userEvent.setup();
    render(<ProductGallery images={images} productName="Camiseta" />);
    expect(mainImage()).toHaveAccessibleName('Ampliar imagem 1 de 3: Camiseta, frente');
    await user.click(screen.getByRole('button', { name: 'Ver imagem 1 de 3' }));
    await user.keyboard('{ArrowRight}');
    expect(mainImage()).toHaveAccessibleName('Ampliar imagem 2 de 3: Camiseta, costas');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(mainImage()).toHaveAccessibleName('Ampliar imagem 3 de 3: Camiseta, detalhe');
  });

  it('changes picture with a swipe', () => {
    render(<ProductGallery images={images} productName="Camiseta" />);
    const stage = mainImage().parentElement as HTMLElement;
    fireEvent.pointerDown(stage, { clientX: 300, clientY: 100 });
    fireEvent.pointerUp(stage, { clientX: 150, clientY: 110 });
    expect(mainImage()).toHaveAccessibleName(/^Ampliar imagem 2 de 3/);
  });

  it('opens the zoom dialog and closes it', async () => {
    const user = userEvent.setup();
    render(<ProductGallery images={images} productName="Camiseta" />);
    await user.click(mainImage());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: 'Camiseta, frente' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Próxima imagem' }));
    expect(within(dialog).getByRole('img', { name: 'Camiseta, costas' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Fechar imagem ampliada' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('gives the 64 px thumbnails the WebP widths, so they do not download the large picture', () => {
    render(<ProductGallery images={images} productName="Camiseta" />);
    const thumb = within(screen.getByRole('button', { name: 'Ver imagem 2 de 3' })).getByRole(
      'presentation',
    );
    expect(thumb).toHaveAttribute('srcset', '/media/camiseta-costas-480.webp 480w');
    expect(thumb).toHaveAttribute('sizes', '64px');
    expect(thumb).toHaveAttribute('loading', 'lazy');
  });

  it('loads the first picture eagerly and says so when there is none', () => {
    const { rerender } = render(<ProductGallery images={images} productName="Camiseta" />);
    expect(within(mainImage()).getByRole('img')).toHaveAttribute('loading', 'eager');
    rerender(<ProductGallery images={[]} productName="Camiseta" />);
    expect(screen.getByText('Sem imagens deste produto')).toBeInTheDocument();
  });
});
