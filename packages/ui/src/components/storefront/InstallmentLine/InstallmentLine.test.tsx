import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import {
  describeInstallments,
  InstallmentLine,
  type InstallmentOfferData,
} from './InstallmentLine';

// Intl's no-break space keeps 'R$' with its number.
const NBSP = '\u00a0';
const brl = (text: string) => text.replaceAll('R$ ', `R$${NBSP}`);

const even: InstallmentOfferData = {
  count: 10,
  perInstallmentCents: 1990,
  firstInstallmentCents: 1990,
  totalCents: 19900,
  interestFree: true,
  interestCents: 0,
};

describe('InstallmentLine', { timeout: 20_000 }, () => {
  it('says "sem juros" when the offer is interest-free and every installment is equal', () => {
    const { container } = render(<InstallmentLine {...even} />);
    expect(container.textContent).toBe(brl('em até 10x de R$ 19,90 sem juros'));
    expect(screen.queryByText(/total/)).toBeNull();
  });

  it('never says "sem juros" for an offer with interest, and shows what the shopper pays in total', () => {
    const { container } = render(
      <InstallmentLine
        count={10}
        perInstallmentCents={2150}
        firstInstallmentCents={2150}
        totalCents={21500}
        interestFree={false}
        interestCents={1600}
      />,
    );
    expect(container.textContent).not.toContain('sem juros');
    expect(container.textContent).toBe(brl('em até 10x de R$ 21,50 com juros (total R$ 215,00)'));
  });

  it('spells out a first installment that differs from the others', () => {
    const { container } = render(
      <InstallmentLine
        count={10}
        perInstallmentCents={1990}
        firstInstallmentCents={1993}
        totalCents={19903}
        interestFree
        interestCents={0}
      />,
    );
    expect(container.textContent).toBe(
      brl('em até 10x sem juros: 1ª de R$ 19,93 + 9x de R$ 19,90'),
    );
  });

  it('spells out the first installment and the total of an offer with interest', () => {
    const { container } = render(
      <InstallmentLine
        count={3}
        perInstallmentCents={3400}
        firstInstallmentCents={3402}
        totalCents={10202}
        interestFree={false}
        interestCents={202}
      />,
    );
    expect(container.textContent).toBe(
      brl('em até 3x com juros: 1ª de R$ 34,02 + 2x de R$ 34,00 (total R$ 102,02)'),
    );
  });

  it('names a plan with interest beside the interest-free one with "ou", its total in view', () => {
    const { container } = render(
      <InstallmentLine
        alternative
        count={12}
        perInstallmentCents={1034}
        firstInstallmentCents={1034}
        totalCents={12408}
        interestFree={false}
        interestCents={2408}
      />,
    );
    expect(container.textContent).toBe(brl('ou 12x de R$ 10,34 com juros (total R$ 124,08)'));
  });

  it('emphasises the number of installments and their value', () => {
    render(<InstallmentLine {...even} />);
    // Testing Library's default normaliser turns the no-break space into a plain one.
    expect(screen.getByText('10x de R$ 19,90').tagName).toBe('STRONG');
  });

  it('shows nothing when the offer is a single payment', () => {
    const { container } = render(
      <InstallmentLine
        {...even}
        count={1}
        perInstallmentCents={4990}
        firstInstallmentCents={4990}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe('describeInstallments', () => {
  it('writes the same sentence as the line, for places that only take text', () => {
    expect(describeInstallments(even)).toBe(brl('em até 10x de R$ 19,90 sem juros'));
    expect(describeInstallments({ ...even, firstInstallmentCents: 1993, totalCents: 19903 })).toBe(
      brl('em até 10x sem juros: 1ª de R$ 19,93 + 9x de R$ 19,90'),
    );
    expect(describeInstallments({ ...even, count: 1 })).toBeNull();
    const withInterest = {
      count: 12,
      perInstallmentCents: 1034,
      firstInstallmentCents: 1034,
      totalCents: 12408,
      interestFree: false,
      interestCents: 2408,
    };
    expect(describeInstallments(withInterest, { alternative: true, sentence: true })).toBe(
      brl('Ou 12x de R$ 10,34 com juros (total R$ 124,08)'),
    );
  });
});
