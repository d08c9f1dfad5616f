import { PRODUCT_IMAGES_MAX } from '@crossbuy/core/catalogue';
import { messageForError } from '@crossbuy/core/errors';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { LoadFailure } from '../../../components/ui/page-states';
import { PictureUploadField } from '../../../components/ui/picture-upload-field';
import { PICTURE_MAX_MEGABYTES, pictureFileProblem } from '../../../lib/picture-upload';
import { useChangeProductImages, useProductImages } from '../api/product-images-api';

function moved(keys: readonly string[], from: number, to: number): string[] {
  const next = [...keys];
  const [key] = next.splice(from, 1);
  if (key !== undefined) next.splice(to, 0, key);
  return next;
}

/**
 * A product's pictures on its edit page: upload (JPEG, PNG or WebP, with progress), make one the main
 * picture, order them by buttons (so a keyboard can), delete after asking. The first is the main one.
 */
export function ProductImages({ productId }: { productId: string }) {
  const images = useProductImages(productId);
  const { upload, order, remove } = useChangeProductImages(productId);
  const [progress, setProgress] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setLocalError(null);
    setAnnouncement('');
    if (!file) return;
    const problem = pictureFileProblem(file);
    if (problem) {
      setLocalError(problem);
      return;
    }
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: () => setAnnouncement(`${file.name} was added.`),
        onSettled: () => setProgress(null),
      },
    );
  };

  if (images.isPending) return <Loading>Loading the pictures…</Loading>;
  if (images.isError) {
    return <LoadFailure what="the pictures" error={images.error} onRetry={() => images.refetch()} />;
  }
  const list = images.data.images;
  const keys = list.map((image) => image.key);
  const failure = localError ?? [upload, order, remove].find((call) => call.isError)?.error;
  const reorder = (from: number, to: number, name: string) => {
    setLocalError(null);
    order.mutate(moved(keys, from, to), {
      onSuccess: () =>
        setAnnouncement(to === 0 ? `${name} is now the main picture.` : `${name} moved to place ${to + 1}.`),
    });
  };

  return (
    <section
      id="pictures"
      aria-labelledby={`${inputId}-heading`}
      className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-4"
    >
      <h2 id={`${inputId}-heading`} className="text-xl font-semibold">
        Pictures
      </h2>
      <div className="flex flex-col gap-2">
        <PictureUploadField
          id={inputId}
          label="Add a picture"
          hint={
            <>
              JPEG, PNG or WebP, up to {PICTURE_MAX_MEGABYTES} MB; at most {PRODUCT_IMAGES_MAX} pictures. The
              first is the main picture.
            </>
          }
          inputRef={input}
          disabled={upload.isPending || list.length >= PRODUCT_IMAGES_MAX}
          onChange={choose}
          progress={progress}
        />
      </div>
      {failure ? <Alert>{typeof failure === 'string' ? failure : messageForError(failure)}</Alert> : null}
      <p role="status" className="text-sm">
        {announcement}
      </p>
      {list.length === 0 ? (
        <p>This product has no pictures yet.</p>
      ) : (
        <ol aria-label="Pictures in order" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {list.map((image, index) => {
            const name = index === 0 ? 'The main picture' : `Picture ${index + 1}`;
            return (
              <li key={image.key} className="flex flex-col gap-2 rounded-xl border border-line bg-white p-2">
                <img
                  src={image.thumbnailUrl}
                  alt={name}
                  width={160}
                  height={160}
                  className="aspect-square w-full object-cover"
                />
                <span className="text-xs">{index === 0 ? 'Main picture' : `Picture ${index + 1}`}</span>
                {index > 0 ? (
                  <Button
                    variant="secondary"
                    disabled={order.isPending}
                    aria-label={`Make main: ${name.toLowerCase()}`}
                    onClick={() => reorder(index, 0, name)}
                  >
                    Make main
                  </Button>
                ) : null}
                <span className="flex flex-wrap gap-1">
                  <Button
                    variant="secondary"
                    disabled={index === 0 || order.isPending}
                    aria-label={`Move ${name.toLowerCase()} earlier`}
                    onClick={() => reorder(index, index - 1, name)}
                  >
                    Earlier
                  </Button>
                  <Button
                    variant="secondary"
                    disabled={index === list.length - 1 || order.isPending}
                    aria-label={`Move ${name.toLowerCase()} later`}
                    onClick={() => reorder(index, index + 1, name)}
                  >
                    Later
                  </Button>
                </span>
                {confirming === image.key ? (
                  <fieldset className="flex flex-col gap-1 text-sm">
                    <legend>Delete this picture?</legend>
                    <Button
                      variant="danger"
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(image.key, {
                          onSuccess: () => {
                            setConfirming(null);
                            setAnnouncement(`${name} was deleted.`);
                            input.current?.focus();
                          },
                        })
                      }
                    >
                      Yes, delete
                    </Button>
                    <Button variant="secondary" onClick={() => setConfirming(null)}>
                      Keep it
                    </Button>
                  </fieldset>
                ) : (
                  <Button
                    variant="danger"
                    aria-label={`Delete ${name.toLowerCase()}`}
                    onClick={() => setConfirming(image.key)}
                  >
                    Delete…
                  </Button>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
