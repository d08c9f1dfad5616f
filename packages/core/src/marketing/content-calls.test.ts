import { describe, expect, it } from 'vitest';
import { bannerDraftSchema, imagePageDraftSchema, newImagePageSchema, storeBannerSchema } from './content.js';
import { bannerCalls, imagePageCalls } from './content-calls.js';

describe("the back office's calls for a kind of content", () => {
  it('lists, adds, rewrites and deletes at the kind’s path, each answer naming the item', () => {
    const { list, create, update, remove } = bannerCalls;
    expect([list, create, update, remove].map((call) => `${call.method} ${call.path}`)).toEqual([
      'get /admin/banners',
      'post /admin/banners',
      'put /admin/banners/{id}',
      'delete /admin/banners/{id}',
    ]);
    expect(Object.keys(list.responses[200].shape)).toEqual(['banners']);
    expect(create.responses[200].shape.banner).toBe(storeBannerSchema);
    expect(update.responses[200]).toBe(create.responses[200]);
    expect(create.body).toBe(bannerDraftSchema);
    expect(update.body).toBe(bannerDraftSchema);
  });

  it('adds with the new item’s own body where it says more than a rewrite', () => {
    expect(imagePageCalls.create.body).toBe(newImagePageSchema);
    expect(imagePageCalls.update.body).toBe(imagePageDraftSchema);
  });
});
