import type { Banner, HomeProductGroup, ImagePage, Popup } from '@crossbuy/core/catalogue';
import type { AppLoadContext } from 'react-router';
import { answerOf } from '../../../lib/contract-client';
import { loaderClient } from '../../../lib/server-api.server';

type Caller = { context: AppLoadContext; request: Request };

export async function loadBanners({ context, request }: Caller): Promise<Banner[]> {
  return answerOf(await loaderClient(context, request).GET('/banner')).banners;
}

export async function loadPopup({ context, request }: Caller): Promise<Popup | null> {
  return answerOf(await loaderClient(context, request).GET('/popup')).popup;
}

export async function loadHomeProductGroups(
  { context, request }: Caller,
  region: string | undefined,
): Promise<HomeProductGroup[]> {
  const answer = await loaderClient(context, request).GET('/home_product_group', {
    params: { query: region ? { region } : {} },
  });
  return answerOf(answer).homeProductGroups;
}

export async function loadImagePage({ context, request }: Caller, id: string): Promise<ImagePage> {
  return answerOf(await loaderClient(context, request).GET('/image_page/{id}', { params: { path: { id } } }))
    .imagePage;
}
