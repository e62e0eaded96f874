// @vitest-environment happy-dom
/** <Image> (image.tsx): scaled copies, sizes and loading, and what it refuses. */
import { describe, expect, it } from 'vitest';
import { Image } from '../../src/react/index.ts';
import { renderWithSandbox } from '../../src/react/testing.tsx';

describe('<Image>', () => {
  it('offers scaled copies at 1x to 3x (never above the original), with width, height and lazy loading', async () => {
    const view = await renderWithSandbox(
      <>
        <Image
          image={{ url: 'https://static.wixstatic.com/media/sfk_1~mv2.jpg', width: 1200, height: 800 }}
          width={300}
          alt="Linen shirt"
        />
        <Image
          image="wix:image://v1/sfk_2~mv2.jpg/tote.jpg#originWidth=500&originHeight=1000"
          width={200}
          loading="eager"
        />
      </>,
    );
    const [shirt, tote] = [...view.container.querySelectorAll('img')];
    expect(shirt.getAttribute('src')).toBe(
      'https://static.wixstatic.com/media/sfk_1~mv2.jpg/v1/fit/w_300,h_200/file.jpg',
    );
    expect(shirt.getAttribute('srcset')).toBe(
      [300, 450, 600, 900]
        .map((w) => `https://static.wixstatic.com/media/sfk_1~mv2.jpg/v1/fit/w_${w},h_${(w * 2) / 3}/file.jpg ${w}w`)
        .join(', '),
    );
    expect([shirt.getAttribute('width'), shirt.getAttribute('height'), shirt.getAttribute('loading')]).toEqual([
      '300',
      '200',
      'lazy',
    ]);
    expect(shirt.getAttribute('sizes')).toBe('300px');
    expect(shirt.getAttribute('alt')).toBe('Linen shirt');
    // 3x would be wider than the original 500: capped there. The URI's file name is its alt text.
    expect(
      tote
        .getAttribute('srcset')!
        .split(', ')
        .map((c) => c.split(' ')[1]),
    ).toEqual(['200w', '300w', '400w', '500w']);
    expect([tote.getAttribute('height'), tote.getAttribute('loading'), tote.getAttribute('alt')]).toEqual([
      '400',
      'eager',
      'tote.jpg',
    ]);
    view.unmount();
  });

  it('refuses an image whose size it cannot know, naming what is missing', async () => {
    await expect(
      renderWithSandbox(<Image image="https://static.wixstatic.com/media/sfk_1~mv2.jpg" width={300} />),
    ).rejects.toThrow(
      'storefront-kit/react: <Image> needs a height: the image does not say its original size (width and height)',
    );
  });
});
