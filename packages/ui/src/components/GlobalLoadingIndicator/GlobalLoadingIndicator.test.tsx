import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { GlobalLoadingIndicator } from './GlobalLoadingIndicator';

describe('GlobalLoadingIndicator', () => {
  it('is announced as "Carregando" while active', () => {
    render(<GlobalLoadingIndicator active />);
    expect(screen.getByRole('progressbar', { name: 'Carregando' })).toBeInTheDocument();
  });

  it('renders nothing while idle', () => {
    render(<GlobalLoadingIndicator active={false} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
