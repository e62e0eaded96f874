/** The orders a listing can be sorted in (shared by the loaders and the sort menu). */
export const SORTS = {
  relevance: { label: 'Featured', sort: undefined },
  'price-asc': { label: 'Price: low to high', sort: [{ fieldName: 'price', order: 'ASC' as const }] },
  'price-desc': { label: 'Price: high to low', sort: [{ fieldName: 'price', order: 'DESC' as const }] },
  'name-asc': { label: 'Name: A to Z', sort: [{ fieldName: 'name', order: 'ASC' as const }] },
} as const;
export type SortKey = keyof typeof SORTS;
export const sortOf = (value: string | null): SortKey => (value && value in SORTS ? (value as SortKey) : 'relevance');
/** The sorts' labels by key, for the sort menu. */
export const SORT_LABELS = Object.fromEntries(Object.entries(SORTS).map(([key, s]) => [key, s.label]));
