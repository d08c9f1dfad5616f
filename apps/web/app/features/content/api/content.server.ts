import type { AppLoadContext } from 'react-router';
import { serverApiJson } from '../../../lib/server-api.server';
import type { Banner, HomeProductGroup, ImagePage, Popup } from '../content-types';

type Caller = { context: AppLoadContext; request: Request };

export async function loadBanners({ context, request }: Caller): Promise<Banner[]> {
  return (await serverApiJson<{ banners: Banner[] }>(context, request, '/api/banner')).banners;
}

export async function loadPopup({ context, request }: Caller): Promise<Popup | null> {
  return (await serverApiJson<{ popup: Popup | null }>(context, request, '/api/popup')).popup;
}

export async function loadHomeProductGroups(
  { context, request }: Caller,
  region: string | undefined,
): Promise<HomeProductGroup[]> {
  const query = region ? `?region=${encodeURIComponent(region)}` : '';
  return (
    await serverApiJson<{ homeProductGroups: HomeProductGroup[] }>(
      context,
      request,
      `/api/home_product_group${query}`,
    )
  ).homeProductGroups;
}

export async function loadImagePage({ context, request }: Caller, id: string): Promise<ImagePage> {
  return (
    await serverApiJson<{ imagePage: ImagePage }>(
      context,
      request,
      `/api/image_page/${encodeURIComponent(id)}`,
    )
  ).imagePage;
}
