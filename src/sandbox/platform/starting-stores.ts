/**
 * The names of the starting stores a start or a reset makes (what each is made of: StartingStore
 * in module.ts). The stores themselves are seed data (seed/stores.ts), handed to the platform by
 * the composition root (modules.ts), as the modules are.
 */
export const STARTING_STORES = ['demo', 'empty', 'catalog-v3', 'large'] as const;
export type StartingStoreName = (typeof STARTING_STORES)[number];

export const isStartingStore = (name: unknown): name is StartingStoreName =>
  typeof name === 'string' && (STARTING_STORES as readonly string[]).includes(name);
