/**
 * A link's or button's name as a screen reader gets it when the name comes from its content: its
 * `aria-label` if it has one, else its text without what is hidden from assistive technology
 * (`aria-hidden`), spaces collapsed. Enough for the app's controls, which name nothing by reference.
 */
export function accessibleName(element: Element): string {
  const label = element.getAttribute('aria-label');
  if (label) return label;
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent ?? '');
    else if (node instanceof Element && node.getAttribute('aria-hidden') !== 'true')
      node.childNodes.forEach(walk);
  };
  walk(element);
  return parts.join('').replace(/\s+/g, ' ').trim();
}
