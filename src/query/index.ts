export { createQueryBuilder, DEFAULT_LIMIT, type QueryBuilder, type QueryPage } from './query-builder.ts';
