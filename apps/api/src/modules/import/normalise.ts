// How an import compares names: the normalisation search uses (contract search-normalise.ts, the SQL
// cd_normalise_name of migration 0008): case, accents and punctuation folded; '&', 'and', 'x', 'vs',
// 'b2b', 'feat.', 'ft.', 'with' read as the same join; '(Original Mix)' / '(Extended Mix)' ignored.
import { normaliseName as searchNormalise } from '@cratedig/contract/search-normalise';

/** The comparison key of a name: 'Bicep & Hammer', 'bicep and HAMMER', 'Bicep x Hammer' read the same. */
export function normaliseName(name: string): string {
  return searchNormalise(name);
}

/** The comparison key of a title (the same normalisation drops '(Original Mix)' / '(Extended Mix)'). */
export function normaliseTitle(title: string): string {
  return searchNormalise(title);
}
