// @vitest-environment node
/** What the server reads beside an image block: its sizes, so its box is right before it loads. */
import { describe, expect, it } from 'vitest';
import type { ContentClient } from '../content/client';
import { describeFailure, failure, type FetchResult } from '../content/http';
import type { Component, ImageSize } from '../content/models';
import { loadBlockData } from './block-data';

const MEDIA = 'https://media.example';

function image(id: string, mobile?: string, file = `${id}.jpg`): Component {
  return {
    kind: 'image',
    id,
    name: id,
    image: { src: `${MEDIA}/${file}`, alt: id },
    fields: {
      fluid: false,
      displayCover: false,
      nouvelleFenetre: false,
      window: {},
      ...(mobile ? { imageMobile: { src: `${MEDIA}/${mobile}`, alt: mobile } } : {}),
    },
  };
}

/** A media host that knows the sizes of `known` and fails for any other image. */
function mediaHost(known: Record<string, ImageSize>) {
  const asked: string[] = [];
  const content = {
    getImageSize(url: string): Promise<FetchResult<ImageSize>> {
      asked.push(url);
      const size = known[url];
      return Promise.resolve(
        size ? { ok: true, data: size } : failure('status', url, 'HTTP 404', 404),
      );
    },
    getSvg: (url: string) => Promise.resolve(failure('status', url, 'HTTP 404', 404)),
    describeFailure,
  } as unknown as ContentClient;
  return { content, asked };
}

async function load(components: Component[], known: Record<string, ImageSize>) {
  const { content, asked } = mediaHost(known);
  const warnings: string[] = [];
  const data = await loadBlockData(components, {
    content,
    locale: 'fr',
    now: 0,
    videoApiBase: 'http://127.0.0.1:9',
    log: { warn: (message) => warnings.push(message) },
  });
  return { data, asked, warnings };
}

describe('image sizes beside the image blocks (decision 0091)', () => {
  it('reads the size of each image block and of its phone variant', async () => {
    const { data, asked, warnings } = await load([image('a', 'a-phone.jpg'), image('b')], {
      [`${MEDIA}/a.jpg`]: { width: 1600, height: 900 },
      [`${MEDIA}/a-phone.jpg`]: { width: 600, height: 800 },
      [`${MEDIA}/b.jpg`]: { width: 800, height: 300 },
    });
    expect(data.imageSizes).toEqual({
      [`${MEDIA}/a.jpg`]: { width: 1600, height: 900 },
      [`${MEDIA}/a-phone.jpg`]: { width: 600, height: 800 },
      [`${MEDIA}/b.jpg`]: { width: 800, height: 300 },
    });
    expect(asked).toHaveLength(3);
    expect(warnings).toEqual([]);
  });

  it('leaves out a size the media host does not give, with a line that names the image', async () => {
    const { data, warnings } = await load([image('a', 'a-phone.jpg')], {
      [`${MEDIA}/a.jpg`]: { width: 1600, height: 900 },
    });
    expect(data.imageSizes).toEqual({ [`${MEDIA}/a.jpg`]: { width: 1600, height: 900 } });
    expect(warnings).toEqual([
      `image ${MEDIA}/a-phone.jpg: size unknown (status 404 from ${MEDIA}/a-phone.jpg: HTTP 404), its box may move when it loads`,
    ]);
  });

  it('asks nothing for a page without an image block, nor for an SVG it inlines', async () => {
    const svg = image('c', undefined, 'c.svg');
    const { data, asked } = await load([svg], {});
    expect(asked).toEqual([]);
    expect(data.imageSizes).toBeUndefined();
  });
});
