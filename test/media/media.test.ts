import { describe, expect, it } from 'vitest';
import {
  getAudioUrl,
  getDocumentUrl,
  getImageUrl,
  getScaledToFillImageUrl,
  getScaledToFitImageUrl,
  getVideoUrl,
  isExpired,
  isInternalMediaUri,
  toWixImageUri,
} from '../../src/media/index.ts';

const IMG = 'wix:image://v1/11062b_abc~mv2.jpg/shoe%20red.jpg#originWidth=1200&originHeight=800';

describe('media URIs', () => {
  it.each([
    {
      given: IMG,
      want: {
        id: '11062b_abc~mv2.jpg',
        url: 'https://static.wixstatic.com/media/11062b_abc~mv2.jpg',
        width: 1200,
        height: 800,
        filename: 'shoe red.jpg',
        altText: 'shoe red.jpg',
      },
    },
    {
      given: 'wix:image://v1/x.png#originWidth=10&originHeight=20',
      want: { id: 'x.png', url: 'https://static.wixstatic.com/media/x.png', width: 10, height: 20 },
    },
  ])('image $given', ({ given, want }) => expect(getImageUrl(given)).toEqual(want));

  it('video, audio and document', () => {
    expect(getVideoUrl('wix:video://v1/vid123/clip.mp4#posterUri=p.jpg&posterWidth=640&posterHeight=360')).toEqual({
      id: 'vid123',
      url: 'https://video.wixstatic.com/video/vid123/file',
      thumbnail: 'wix:image://v1/p.jpg#originWidth=640&originHeight=360',
      filename: 'clip.mp4',
    });
    expect(getAudioUrl('wix:audio://v1/a1.mp3/song.mp3#duration=61')).toEqual({
      id: 'a1.mp3',
      url: 'https://static.wixstatic.com/mp3/a1.mp3',
      duration: 61,
      filename: 'song.mp3',
    });
    expect(getDocumentUrl('wix:document://v1/ugd/d1.pdf/terms.pdf')).toEqual({
      id: 'd1.pdf',
      url: 'https://d945e594-8657-47e2-9cd9-e9033c3d8da0.usrfiles.com/ugd/d1.pdf',
      filename: 'terms.pdf',
    });
  });

  it('scaled URLs', () => {
    expect(getScaledToFillImageUrl(IMG, 300, 200)).toBe(
      'https://static.wixstatic.com/media/11062b_abc~mv2.jpg/v1/fill/w_300,h_200/shoe%20red.jpg',
    );
    expect(getScaledToFitImageUrl(IMG, 300, 200)).toBe(
      'https://static.wixstatic.com/media/11062b_abc~mv2.jpg/v1/fit/w_300,h_200/shoe%20red.jpg',
    );
    expect(() => getScaledToFillImageUrl(IMG, 0, 10)).toThrow(TypeError);
  });

  it("reads the sandbox's own media URLs (another host's /media/<id>) and scales them on that host", () => {
    const url = 'http://127.0.0.1:4010/media/sfk_1~mv2.jpg';
    expect(getImageUrl(url)).toEqual({ id: 'sfk_1~mv2.jpg', url, width: 0, height: 0 });
    expect(getScaledToFitImageUrl(url, 300, 200)).toBe(
      'http://127.0.0.1:4010/media/sfk_1~mv2.jpg/v1/fit/w_300,h_200/file.jpg',
    );
    expect(getImageUrl(getScaledToFitImageUrl(url, 300, 200))).toMatchObject({
      id: 'sfk_1~mv2.jpg',
      url,
      width: 300,
      height: 200,
    });
  });

  it('round trip: public URL back to the internal URI', () => {
    const uri = toWixImageUri('https://static.wixstatic.com/media/x.png', { width: 10, height: 20 }, 'x.png');
    expect(uri).toBe('wix:image://v1/x.png/x.png#originWidth=10&originHeight=20');
    expect(getImageUrl(uri)).toMatchObject({ id: 'x.png', width: 10, height: 20 });
    expect(getImageUrl(getScaledToFillImageUrl(uri, 5, 6))).toMatchObject({ id: 'x.png', width: 5, height: 6 });
  });

  it.each(['https://example.com/a.jpg', 'wix:video://v1/x', 'wix:image://v1/', ''])(
    'refuses malformed %j clearly',
    (bad) => {
      expect(() => getImageUrl(bad)).toThrow(TypeError);
    },
  );

  it('tells internal URIs apart', () => {
    expect([isInternalMediaUri(IMG), isInternalMediaUri('https://x'), isInternalMediaUri(3)]).toEqual([
      true,
      false,
      false,
    ]);
  });
});

describe('expiry', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it.each([
    [new Date('2026-05-31T23:59:59Z'), true],
    ['2026-06-01T00:00:00Z', true],
    ['2026-06-02T00:00:00Z', false],
    [undefined, false],
  ])('%s -> %s', (given, want) => expect(isExpired(given as never, now)).toBe(want));
  it('refuses text that is not a date', () => expect(() => isExpired('soon', now)).toThrow('Not a date'));
});
