import type { EmotionCache } from '@emotion/cache';

/**
 * The <style> elements for what a server render styled, in the form Emotion's browser cache adopts
 * instead of inserting the rules again: `data-emotion="css-global <name>"` for each global style
 * (CssBaseline), `data-emotion="css <name> <name>…"` for the class rules. The render must have used
 * `cache` with `compat = true`, which keeps each rule's CSS in `cache.inserted` instead of writing
 * <style> elements into the markup. (@emotion/server's extractCriticalToChunks does the same, without
 * its streaming dependencies.) Unlike it, this keeps the rules no element names too: MUI's layered
 * components style their inner layers, the browser's render computes those rules as well, and finding
 * them here saves it inserting them (about 30 of the sign-in page's 180).
 */
export function criticalStyleTags(cache: EmotionCache): string {
  const { key } = cache;
  const globals: string[] = [];
  const ids: string[] = [];
  let rules = '';
  for (const [id, css] of Object.entries(cache.inserted)) {
    if (typeof css !== 'string') continue;
    if (cache.registered[`${key}-${id}`] === undefined) {
      globals.push(`<style data-emotion="${key}-global ${id}">${css}</style>`);
    } else {
      ids.push(id);
      rules += css;
    }
  }
  const tags = [...globals, `<style data-emotion="${[key, ...ids].join(' ')}">${rules}</style>`];
  // A rule holding "</style" would end its element early and let the rest be read as markup.
  if (tags.some((tag) => tag.slice(0, -'</style>'.length).toLowerCase().includes('</style')))
    throw new Error('a style rule would end its <style> element');
  return tags.join('');
}
