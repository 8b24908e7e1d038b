// Finds interactive elements whose touch target is smaller than 44x44 CSS px (the storefront's
// rule, WCAG 2.5.5); Storybook's preview runs it after every story.

/** The smallest target, in CSS px, on either side. */
export const MIN_TOUCH_TARGET = 44;

/** What a story may set as `parameters.touchTarget`. Every opt-out carries its reason. */
export interface TouchTargetParameters {
  /** Skips the check for the whole story (only the dashboard's dense tables). */
  disable?: { reason: string };
  /** Elements the check leaves out, each with why. */
  exempt?: readonly { selector: string; reason: string }[];
}

export interface TargetSize {
  width: number;
  height: number;
}

/** How the checker sees the page; the browser's layout by default, fed by hand in unit tests. */
export interface TouchTargetLayout {
  size(element: Element): TargetSize;
  display(element: Element): string;
  visibility(element: Element): string;
  /**
   * The box a link's absolutely positioned `::before`/`::after` with `inset: 0` covers (the
   * stretched link of a product card), or null.
   */
  stretchedOver(element: Element): Element | null;
}

export interface TouchTargetOffender {
  /** A short description: tag, role, id/class and accessible text. */
  description: string;
  width: number;
  height: number;
}

export const INTERACTIVE_SELECTOR = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[role="button"]',
  '[role="link"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  '[role="tab"]',
  '[role="menuitem"]',
  '[role="combobox"]',
  '[role="listbox"] [role="option"]',
  'label:has(input:not([type="hidden"]))',
].join(', ');

/**
 * Wrappers whose whole box takes the tap for the control inside: a label around an input, MUI's
 * ButtonBase span around a checkbox's invisible native input, an outlined field's frame (a tap on
 * its padding focuses the input).
 */
const CLICKABLE_WRAPPER = 'label, .MuiButtonBase-root, .MuiInputBase-root';

export const browserLayout: TouchTargetLayout = {
  size(element) {
    const rect = element.getBoundingClientRect();
    return { width: rect.width, height: rect.height };
  },
  display: (element) => getComputedStyle(element).display,
  visibility: (element) => getComputedStyle(element).visibility,
  stretchedOver(element) {
    for (const pseudo of ['::before', '::after']) {
      const style = getComputedStyle(element, pseudo);
      const covers =
        style.content !== 'none' &&
        style.position === 'absolute' &&
        [style.top, style.right, style.bottom, style.left].every((side) => side === '0px');
      if (covers && element instanceof HTMLElement) return element.offsetParent;
    }
    return null;
  },
};

/** Hidden from everyone: not rendered, invisible, inert or under aria-hidden. */
function isHidden(element: Element, layout: TouchTargetLayout): boolean {
  if (element.closest('[aria-hidden="true"], [inert], [hidden]')) return true;
  for (let node: Element | null = element; node; node = node.parentElement)
    if (layout.display(node) === 'none') return true;
  return layout.visibility(element) !== 'visible';
}

/**
 * A link in running text: an inline link whose block also holds other words (WCAG 2.5.8's
 * inline exception). A link alone in a list item, breadcrumb or footer column is not.
 */
export function isInlineInText(element: Element, layout: TouchTargetLayout): boolean {
  if (element.tagName !== 'A' || layout.display(element) !== 'inline') return false;
  let block = element.parentElement;
  while (block && layout.display(block).startsWith('inline')) block = block.parentElement;
  if (!block) return false;
  const own = (element.textContent ?? '').trim();
  const around = (block.textContent ?? '').replace(own, '').trim();
  return around.length > 0;
}

/** The box a finger has to hit: the control's own, or its clickable wrapper's when larger. */
export function targetOf(element: Element): Element {
  const isField =
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName) ||
    element.getAttribute('role') === 'combobox';
  if (!isField) return element;
  // The outermost clickable wrapper: a label takes the tap for the whole row it spans.
  return element.closest('label') ?? element.parentElement?.closest(CLICKABLE_WRAPPER) ?? element;
}

function describe(element: Element): string {
  const tag = element.tagName.toLowerCase();
  const role = element.getAttribute('role');
  const id = element.id ? `#${element.id}` : '';
  const className =
    typeof element.className === 'string'
      ? element.className
          .split(/\s+/)
          .filter((name) => name && !/^css-/.test(name))
          .slice(0, 3)
          .map((name) => `.${name}`)
          .join('')
      : '';
  const label =
    element.getAttribute('aria-label') ??
    (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
  return `${tag}${role ? `[role=${role}]` : ''}${id}${className}${label ? ` "${label}"` : ''}`;
}

/**
 * Every visible interactive element under `root` (and its targets' sizes) that is smaller than
 * `MIN_TOUCH_TARGET` on a side. Zero-sized and 1 px elements (visually hidden text, focus traps)
 * are not targets anyone can see, so they are skipped.
 */
export function findSmallTouchTargets(
  root: ParentNode,
  options: { layout?: TouchTargetLayout; exempt?: readonly string[] } = {},
): TouchTargetOffender[] {
  const { layout = browserLayout, exempt = [] } = options;
  const offenders: TouchTargetOffender[] = [];
  const measured = new Set<Element>();
  for (const element of root.querySelectorAll(INTERACTIVE_SELECTOR)) {
    if (exempt.some((selector) => element.closest(selector))) continue;
    if (isHidden(element, layout)) continue;
    const own = layout.size(element);
    const target = layout.stretchedOver(element) ?? targetOf(element);
    const wrapper = target === element ? own : layout.size(target);
    const width = Math.max(own.width, wrapper.width);
    const height = Math.max(own.height, wrapper.height);
    if (width <= 1 || height <= 1) continue;
    if (isInlineInText(element, layout)) continue;
    if (measured.has(target)) continue;
    measured.add(target);
    // Sub-pixel layout (44 px from rem maths) must not fail by a rounding hair.
    if (width + 0.5 < MIN_TOUCH_TARGET || height + 0.5 < MIN_TOUCH_TARGET)
      offenders.push({
        description: describe(element),
        width: Math.round(width * 10) / 10,
        height: Math.round(height * 10) / 10,
      });
  }
  return offenders;
}

/** The failure message: one line per offender. */
export function formatTouchTargetReport(offenders: readonly TouchTargetOffender[]): string {
  return [
    `${offenders.length} touch target(s) smaller than ${MIN_TOUCH_TARGET}x${MIN_TOUCH_TARGET} px:`,
    ...offenders.map(
      (offender) => `  - ${offender.description}: ${offender.width}x${offender.height} px`,
    ),
  ].join('\n');
}
