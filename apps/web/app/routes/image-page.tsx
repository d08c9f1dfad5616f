import { loadImagePage } from '../features/content/api/content.server';
import { ContentLink } from '../features/content/components/content-link';
import { imageUrl } from '../lib/images';
import { pageMeta } from '../lib/page-meta';
import { publicImageUrl, publicUrl } from '../lib/public-url.server';
import { orPageError } from '../lib/server-api.server';
import type { Route } from './+types/image-page';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const imagePage = await orPageError(loadImagePage({ context, request }, params.imagePageId));
  return {
    imagePage,
    url: publicUrl(new URL(request.url).pathname),
    image: publicImageUrl(imagePage.images[0]?.image),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { imagePage, url, image } = loaderData;
  return pageMeta({
    title: imagePage.title,
    description: imagePage.images.map((entry) => entry.alt).join('. ') || imagePage.title,
    image,
    url,
  });
};

export default function ImagePageRoute({ loaderData }: Route.ComponentProps) {
  const { imagePage } = loaderData;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-6 sm:py-8">
      <h1 className="text-3xl font-bold tracking-tight">{imagePage.title}</h1>
      <ul className="flex flex-col gap-4">
        {imagePage.images.map((entry, index) => {
          const picture = (
            <img
              src={imageUrl(entry.image)}
              alt={entry.alt}
              width={1200}
              height={400}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              className="w-full rounded-2xl border border-line bg-brand-50"
            />
          );
          return (
            <li key={entry.image}>
              {entry.link ? (
                <ContentLink to={entry.link} className="block rounded-2xl hover:opacity-90">
                  {picture}
                </ContentLink>
              ) : (
                picture
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
