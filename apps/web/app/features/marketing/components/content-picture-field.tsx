import { imageUrl as imageUrlOfKey } from '@crossbuy/core/catalogue';
import { messageForError } from '@crossbuy/core/errors';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { type FieldValues, type Path, type PathValue, useFormContext, useWatch } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { FormSelectField } from '../../../components/ui/form-fields';
import { PictureUploadField } from '../../../components/ui/picture-upload-field';
import { imageUrl } from '../../../lib/images';
import { PICTURE_MAX_MEGABYTES, pictureFileProblem } from '../../../lib/picture-upload';
import { useUploadContentPicture } from '../api/content-pictures-api';
import { useContentPictureOptions } from './picture-options';

/**
 * A banner's or popup's picture: one of the store's content pictures, or a new one uploaded here
 * (docs/features/catalogue-editing.md), which is then chosen. Shows the chosen picture, the upload's progress, and why
 * an upload was refused in a sentence.
 */
export function ContentPictureField<T extends FieldValues>({
  name,
  required = false,
  kept,
  hint,
}: {
  name: Path<T>;
  required?: boolean;
  /** The picture the item shows now, kept choosable even if the listing no longer names it. */
  kept: string | null;
  hint: string;
}) {
  // The picture just uploaded is an option at once, before the listing is read again.
  const [uploaded, setUploaded] = useState<string | null>(null);
  const { pictures, options } = useContentPictureOptions([kept ?? '', uploaded ?? '']);
  const upload = useUploadContentPicture();
  const form = useFormContext<T>();
  const chosen = useWatch<T>({ name }) as string | undefined;
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const inputId = useId();

  // Chosen once its option is on the page: a select cannot take a value it has no option for.
  const { setValue } = form;
  useEffect(() => {
    if (uploaded)
      setValue(name, uploaded as PathValue<T, Path<T>>, { shouldDirty: true, shouldValidate: true });
  }, [uploaded, name, setValue]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setAnnouncement('');
    setProblem(file ? pictureFileProblem(file) : null);
    if (!file || pictureFileProblem(file)) return;
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: (picture) => {
          setUploaded(picture.key);
          setAnnouncement(`${file.name} was uploaded and chosen as the picture.`);
        },
        onError: (error) => setProblem(messageForError(error)),
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <div className="flex flex-col gap-3">
      <FormSelectField<T>
        name={name}
        label="Picture"
        required={required}
        placeholder={pictures.isPending ? 'Loading pictures…' : required ? 'Choose a picture' : 'No picture'}
        options={options}
        hint={hint}
      />
      {pictures.isError ? <Alert>{messageForError(pictures.error)}</Alert> : null}
      {chosen ? (
        <img
          src={imageUrl(imageUrlOfKey(chosen))}
          alt=""
          className="aspect-[3/1] w-full max-w-sm rounded-lg border border-line object-cover"
        />
      ) : null}
      <div className="flex flex-col gap-1.5">
        <PictureUploadField
          id={inputId}
          label="Or upload a picture"
          hint={
            <>
              JPEG, PNG or WebP, up to {PICTURE_MAX_MEGABYTES} MB. A wide picture (3 to 1) fills a banner
              best.
            </>
          }
          disabled={upload.isPending}
          onChange={choose}
          progress={progress}
        />
      </div>
      {problem ? <Alert>{problem}</Alert> : null}
      <p role="status" className="text-sm">
        {announcement}
      </p>
    </div>
  );
}
