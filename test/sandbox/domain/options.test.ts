/** Option matching: a colour by its name (or its code), other choices by value; unmanaged products take any combination. */
import { describe, expect, it } from 'vitest';
import { choiceAvailable, resolveChoices, selectVariant } from '../../../src/sandbox/domain/catalog/options.ts';
import { descriptionLines, pageUrl, sameItem } from '../../../src/sandbox/domain/line-items.ts';

const colour = {
  name: 'Color',
  optionType: 'color',
  choices: [
    { value: '#1B4D3E', description: 'Green' },
    { value: '#C0392B', description: 'Red' },
  ],
};
const size = {
  name: 'Size',
  optionType: 'drop_down',
  choices: [
    { value: 'S', description: 'S' },
    { value: 'M', description: 'M' },
  ],
};
const managed = {
  manageVariants: true,
  productOptions: [colour, size],
  variants: [
    { id: 'g-s', choices: { Color: 'Green', Size: 'S' }, stock: { inStock: true } },
    { id: 'g-m', choices: { Color: 'Green', Size: 'M' }, stock: { inStock: false } },
    { id: 'r-s', choices: { Color: 'Red', Size: 'S' }, stock: { inStock: true } },
  ],
};
const unmanaged = {
  manageVariants: false,
  productOptions: [colour],
  variants: [{ id: 'default', choices: {}, stock: { inStock: true } }],
};

describe('option matching', () => {
  it('names a colour by its description and accepts its code; refuses unknown options and choices', () => {
    expect(resolveChoices(managed, { Color: 'Green', Size: 'M' })).toEqual({
      ok: true,
      choices: { Color: 'Green', Size: 'M' },
    });
    expect(resolveChoices(managed, { Color: '#C0392B' })).toEqual({ ok: true, choices: { Color: 'Red' } });
    expect(resolveChoices(managed, { Colour: 'Green' })).toEqual({ ok: false, option: 'Colour' });
    expect(resolveChoices(managed, { Size: 'XL' })).toEqual({ ok: false, option: 'Size', choice: 'XL' });
  });

  it('selects a managed variant by id or by every option, and none for a combination that does not exist', () => {
    expect(selectVariant(managed, { variantId: 'r-s' })?.variant.id).toBe('r-s');
    expect(selectVariant(managed, { options: { Color: 'Red', Size: 'S' } })?.variant.id).toBe('r-s');
    expect(selectVariant(managed, { options: { Color: 'Red', Size: 'M' } })).toBeUndefined();
    expect(selectVariant(managed, { options: { Color: 'Red' } })).toBeUndefined();
    expect(selectVariant(managed)?.variant.id).toBe('g-s');
  });

  it('sells a product without managed variants in any combination, keeping the options chosen', () => {
    expect(selectVariant(unmanaged, { options: { Color: 'Red' } })).toEqual({
      variant: unmanaged.variants[0],
      options: { Color: 'Red' },
    });
    expect(selectVariant(unmanaged, { options: { Color: 'Blue' } })).toBeUndefined();
  });

  it('says which choices are in stock given the others chosen', () => {
    expect(choiceAvailable(managed, 'Size', 'M', { Color: 'Green' })).toBe(false);
    expect(choiceAvailable(managed, 'Size', 'S', { Color: 'Red' })).toBe(true);
    expect(choiceAvailable(managed, 'Color', 'Red', { Size: 'M' })).toBe(false);
  });

  it('describes a line: a colour as a COLOR line with its code, the page as {relativePath, url}', () => {
    expect(descriptionLines(managed, { Color: 'Green', Size: 'S' })).toEqual([
      {
        name: { original: 'Color', translated: 'Color' },
        colorInfo: { original: 'Green', translated: 'Green', code: '#1B4D3E' },
        lineType: 'COLOR',
      },
      {
        name: { original: 'Size', translated: 'Size' },
        plainText: { original: 'S', translated: 'S' },
        lineType: 'PLAIN_TEXT',
      },
    ]);
    expect(pageUrl({ base: 'https://sandbox.store/', path: '/product-page/x' })).toEqual({
      relativePath: '/product-page/x',
      url: 'https://sandbox.store/product-page/x',
    });
    const line = (options: Record<string, unknown>) => ({ catalogReference: { catalogItemId: 'p', options } });
    expect(sameItem(line({ options: { A: '1', B: '2' } }), line({ options: { B: '2', A: '1' } }))).toBe(true);
    expect(sameItem(line({ variantId: 'a' }), line({ variantId: 'b' }))).toBe(false);
  });
});
