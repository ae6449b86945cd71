// The search feature's public entry: the catalogue search other features use to pick an item.
// Everything else in this folder is its own business.
export { searchText, trackPickerOptions } from './search-api';
