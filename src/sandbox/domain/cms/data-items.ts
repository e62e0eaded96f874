/**
 * The site's CMS (the provider's Wix Data): data collections and their items, read the way the
 * Data Items API answers them. Stored: `dataCollections` (by collection id: its reference fields)
 * and `dataItems` (by item id, unique across the site's collections: the item's collection, its
 * data, its multi-references apart).
 *
 * An item's data is what the official SDK hands an app: its fields with `_id`, `_owner` and the
 * dates as `{$date: ISO text}` (the SDK makes them Date objects). A multi-reference field is left
 * out unless the query includes it (`includeReferences`, the SDK's `.include(field)`), and then
 * holds the referenced items' data, in the order the references were made.
 */
import { appError, standardError, validationError } from '../../platform/errors.ts';
import { isJsonObject } from '../../platform/safe-object.ts';
import { queryOffset, type Filter, type SortSpec } from '../../platform/query-engine.ts';
import type { Db, JsonObject } from '../../platform/types.ts';

export const DATA_COLLECTIONS = 'dataCollections';
export const DATA_ITEMS = 'dataItems';

/** A data collection: its id and the multi-reference fields of its items (field -> referenced collection). */
export interface DataCollectionRecord {
  id: string;
  references: Record<string, string>;
}

/** One item: its collection, its data (fields, `_id`, `_owner`, dates) and its multi-references (field -> item ids). */
export interface DataItemRecord {
  id: string;
  dataCollectionId: string;
  data: JsonObject & { _id: string };
  references: Record<string, string[]>;
}

declare module '../../platform/types.ts' {
  interface Collections {
    dataCollections: DataCollectionRecord;
    dataItems: DataItemRecord;
  }
}

/** A collection's item by id (an item of another collection is not there). */
const itemOf = (db: Db, collection: string, itemId: string): DataItemRecord | undefined => {
  const item = db.get(DATA_ITEMS, itemId);
  return item?.dataCollectionId === collection ? item : undefined;
};

/** Whether the site has this data collection. */
export const hasDataCollection = (db: Db, collection: string): boolean => Boolean(db.get(DATA_COLLECTIONS, collection));

/** An item as the Data Items API answers it: `{id, dataCollectionId, data}`, with the references asked for included. */
function answerItem(db: Db, item: DataItemRecord, include: string[]) {
  const data: JsonObject = { ...item.data };
  for (const field of include) {
    const ids = item.references[field];
    if (!ids) continue;
    const target = db.get(DATA_COLLECTIONS, item.dataCollectionId)?.references[field];
    data[field] = ids.flatMap((id) => {
      const referenced = target ? itemOf(db, target, id) : undefined;
      return referenced ? [referenced.data] : [];
    });
  }
  return { id: item.data._id, dataCollectionId: item.dataCollectionId, data };
}

export interface DataQuery {
  filter?: Filter | null;
  sort?: SortSpec[];
  paging?: { limit?: number; offset?: number };
}

/** A page of a collection's items matching a query (filters and sorts on the data's fields), with the references asked for. */
export function queryDataItems(db: Db, collection: string, query: DataQuery, include: string[]) {
  const all = db.list(DATA_ITEMS, { dataCollectionId: collection });
  const byData = new Map(all.map((i) => [i.data, i]));
  const page = queryOffset(
    all.map((i) => i.data),
    query,
  );
  return {
    dataItems: page.items.map((data) => answerItem(db, byData.get(data)!, include)),
    pagingMetadata: { ...page.metadata, hasNext: page.metadata.offset + page.metadata.count < page.metadata.total },
  };
}

/** The number of a collection's items matching a filter. */
export const countDataItems = (db: Db, collection: string, filter: Filter | null | undefined): number =>
  queryOffset(
    db.list(DATA_ITEMS, { dataCollectionId: collection }).map((i) => i.data),
    { filter },
    Number.MAX_SAFE_INTEGER,
  ).metadata.total;

/** One item by id; a missing one is a standard 404 (the provider documents no custom error for Get Data Item). */
export function getDataItem(db: Db, collection: string, itemId: string, include: string[]) {
  const item = itemOf(db, collection, itemId);
  if (!item) throw standardError(404, `Item ${itemId} not found in collection ${collection}`);
  return answerItem(db, item, include);
}

/** What a seed writes: a collection's reference fields and its items (references as item ids). */
export function putDataCollection(
  db: Db,
  collection: DataCollectionRecord,
  items: { data: JsonObject & { _id: string }; references?: Record<string, string[]> }[],
): void {
  db.put(DATA_COLLECTIONS, collection.id, collection);
  for (const item of items) {
    const id = item.data._id;
    db.put(DATA_ITEMS, id, { id, dataCollectionId: collection.id, data: item.data, references: item.references ?? {} });
  }
}

/** The provider's answer to a write naming an item the collection does not have (the SDK's remove turns it into null). */
const itemMissing = (collection: string, itemId: string) =>
  appError(404, 'WDE0073', `WDE0073: Item [${itemId}] does not exist in collection [${collection}].`, {
    collectionId: collection,
    itemId,
  });

/** What the writer gives: the data (its `_id` or the item's `id` names it) and who owns a new item. */
export interface DataItemWrite {
  id?: string;
  data: JsonObject;
  owner: string;
  now: Date;
  newId: () => string;
}

/**
 * The stored form of written data: the system fields set by the site (`_id`, `_owner`, the
 * dates), a multi-reference field's items (ids, or items with `_id`) kept apart as references.
 */
function storedItem(db: Db, collection: string, id: string, write: DataItemWrite, created?: DataItemRecord) {
  const references = db.get(DATA_COLLECTIONS, collection)?.references ?? {};
  const data: JsonObject & { _id: string } = { _id: id };
  const refs: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(write.data)) {
    if (field.startsWith('_')) continue; // system fields are the site's
    if (!Object.hasOwn(references, field)) {
      data[field] = value;
      continue;
    }
    const ids = Array.isArray(value)
      ? value.map((v) => (typeof v === 'string' ? v : isJsonObject(v) && typeof v._id === 'string' ? v._id : undefined))
      : [undefined];
    if (ids.some((i) => i === undefined))
      throw validationError([
        { field: `dataItem.data.${field}`, description: 'must be a list of item ids', violatedRule: 'FORMAT' },
      ]);
    refs[field] = ids as string[];
  }
  const date = { $date: write.now.toISOString() };
  data._owner = created?.data._owner ?? write.owner;
  data._createdDate = created?.data._createdDate ?? date;
  data._updatedDate = date;
  return { id, dataCollectionId: collection, data, references: refs };
}

/** The id a write names: the item's `id`, else its data's `_id`. */
const writtenId = (write: DataItemWrite): string | undefined =>
  write.id ?? (typeof write.data._id === 'string' ? write.data._id : undefined);

/**
 * Insert (a new id, or the one given if no item has it: else WDE0074), update (replaces the
 * fields of the item with that id: else WDE0073) or save (update if the id is there, insert
 * if not). The answer is the item as a read answers it (references as ids are not included).
 */
export function writeDataItem(db: Db, collection: string, write: DataItemWrite, mode: 'insert' | 'update' | 'save') {
  const id = writtenId(write);
  const existing = id === undefined ? undefined : db.get(DATA_ITEMS, id);
  if (existing && existing.dataCollectionId !== collection)
    throw appError(409, 'WDE0074', `WDE0074: An item with _id [${id}] already exists in another collection.`, {
      collectionId: collection,
      itemId: id,
    });
  if (mode === 'update' && (id === undefined || !existing)) {
    if (id === undefined)
      throw validationError([
        { field: 'dataItem.id', description: 'must not be empty', violatedRule: 'REQUIRED_FIELD' },
      ]);
    throw itemMissing(collection, id);
  }
  if (mode === 'insert' && existing)
    throw appError(409, 'WDE0074', `WDE0074: An item with _id [${id}] already exists in collection [${collection}].`, {
      collectionId: collection,
      itemId: id,
    });
  const item = storedItem(db, collection, id ?? write.newId(), write, existing);
  db.put(DATA_ITEMS, item.id, item);
  return { action: existing ? 'UPDATED' : 'INSERTED', dataItem: answerItem(db, item, []) };
}

/** Removes one item; answers it as it was. */
export function removeDataItem(db: Db, collection: string, itemId: string) {
  const item = itemOf(db, collection, itemId);
  if (!item) throw itemMissing(collection, itemId);
  db.delete(DATA_ITEMS, itemId);
  return { dataItem: answerItem(db, item, []) };
}
