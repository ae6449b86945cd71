// The version dates of the legal pages, shown under their titles. Change a date together with the
// page's text whenever that text changes in substance: the terms say this date shows the latest version.
export const TERMS_UPDATED = '2026-11-22';
export const PRIVACY_UPDATED = '2026-11-22';
