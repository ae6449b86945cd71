import { useEffect } from 'react';

function setMeta(attr: 'property' | 'name', key: string, value: string): () => void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  const created = !tag;
  const previous = tag?.content ?? null;
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attr, key);
    document.head.appendChild(tag);
  }
  tag.content = value;
  const element = tag;
  return () => {
    if (created) element.remove();
    else if (previous !== null) element.content = previous;
  };
}

/**
 * docs/web-app.md detail pages: the exact page title ('{artist} on Cratedig') and the social-share title and
 * image while the page is shown; both go back to what they were when the page is left.
 * A null title (still loading) leaves the document alone.
 */
export function usePageMeta(title: string | null, image?: string | null): void {
  useEffect(() => {
    if (title === null) return;
    const previousTitle = document.title;
    document.title = title;
    const undo = [setMeta('property', 'og:title', title), setMeta('name', 'twitter:title', title)];
    if (image) undo.push(setMeta('property', 'og:image', image), setMeta('name', 'twitter:image', image));
    return () => {
      document.title = previousTitle;
      for (const fn of undo) fn();
    };
  }, [title, image]);
}
