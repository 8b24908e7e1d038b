import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { enableInlinedStyleSheets, useFontSheetsOnNavigation } from './fontSheets';

function addServerHead() {
  document.head.innerHTML =
    '<link rel="stylesheet" href="/assets/boot-1.css" disabled>' +
    '<style data-vitrine-sheets>@font-face{font-family:Inter;font-display:optional}</style>';
}

function Probe() {
  useFontSheetsOnNavigation();
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate('/produto/vestido')}>
      Ver produto
    </button>
  );
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('font style sheets of a server-rendered page', () => {
  it('enables the disabled sheet after the inline copy, so its faces (swap) are the ones used', () => {
    addServerHead();
    expect(enableInlinedStyleSheets()).toBe(1);
    const link = document.head.querySelector('link[rel="stylesheet"]')!;
    expect(link.hasAttribute('disabled')).toBe(false);
    expect(document.head.lastElementChild).toBe(link);
    expect(enableInlinedStyleSheets()).toBe(0);
  });

  it('leaves the sheet disabled on the first page and enables it on the first navigation', () => {
    addServerHead();
    render(
      <MemoryRouter initialEntries={['/']}>
        <Probe />
      </MemoryRouter>,
    );
    const link = () => document.head.querySelector('link[rel="stylesheet"]')!;
    expect(link().hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Ver produto' }));
    expect(link().hasAttribute('disabled')).toBe(false);
  });
});
