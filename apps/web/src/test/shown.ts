// What a listener is shown: an element in the page, and neither it nor a parent hidden from them
// (`hidden`, `aria-hidden`, `display: none` or `visibility: hidden` set on it).
import { expect } from 'vitest';

export function expectShown(element: Element | null | undefined): void {
  expect(element, 'the element').toBeInstanceOf(Element);
  const el = element as Element;
  expect(el.isConnected, 'in the page').toBe(true);
  expect(el.closest('[hidden], [aria-hidden="true"]'), 'hidden by itself or a parent').toBeNull();
  for (let node: Element | null = el; node; node = node.parentElement) {
    const style = window.getComputedStyle(node);
    expect(
      style.display === 'none' || style.visibility === 'hidden',
      'display: none or visibility: hidden',
    ).toBe(false);
  }
}
