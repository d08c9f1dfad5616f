import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AUDIT_LOG_KEY, CONTENT_PICTURES_KEY } from '../../../lib/query-keys';
import { useStaffQueries } from '../../../lib/staff-queries';

/**
 * The back office's four calls for one kind of content (core's contentEditingCalls), each unwrapped to
 * the item or items it answers with. A new item's draft is `NewDraft` when it says more than a rewrite
 * does (an image page names its address).
 */
export type ContentCalls<Item, Draft, NewDraft = Draft> = {
  /** The kind's list in the query cache, under the staff member signed in. */
  key: readonly string[];
  /** Whether its items show uploaded pictures, which a change may let go of and so delete. */
  showsPictures: boolean;
  list: () => Promise<Item[]>;
  create: (draft: NewDraft) => Promise<Item>;
  update: (id: string, draft: Draft) => Promise<Item>;
  remove: (id: string) => Promise<unknown>;
};

/** Every item of the kind, in its order. */
export function useContentList<Item, Draft, NewDraft>(calls: ContentCalls<Item, Draft, NewDraft>) {
  const { enabled, staffId } = useStaffQueries();
  return useQuery({ queryKey: [...calls.key, staffId], queryFn: calls.list, enabled });
}

function useContentChanged(calls: ContentCalls<unknown, never, never>) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: calls.key }),
      // An uploaded picture nothing shows any more is deleted by the change.
      ...(calls.showsPictures ? [client.invalidateQueries({ queryKey: CONTENT_PICTURES_KEY })] : []),
      client.invalidateQueries({ queryKey: AUDIT_LOG_KEY }),
    ]);
}

/** Adds an item (`id` null) or rewrites the item `id`; either answers with the item as written. */
export function useSaveContentItem<Item, Draft, NewDraft>(
  calls: ContentCalls<Item, Draft, NewDraft>,
  id: string | null,
) {
  const changed = useContentChanged(calls);
  return useMutation({
    mutationFn: (draft: Draft | NewDraft) =>
      // A new item's form checks its draft with the kind's schema for new items, so it is a NewDraft.
      id === null ? calls.create(draft as NewDraft) : calls.update(id, draft as Draft),
    onSuccess: changed,
  });
}

/** Rewrites the item `id`, such as to show or hide it. */
export function useUpdateContentItem<Item, Draft, NewDraft>(
  calls: ContentCalls<Item, Draft, NewDraft>,
  id: string,
) {
  const changed = useContentChanged(calls);
  return useMutation({ mutationFn: (draft: Draft) => calls.update(id, draft), onSuccess: changed });
}

/** Deletes the item `id`. */
export function useDeleteContentItem(calls: ContentCalls<unknown, never, never>, id: string) {
  const changed = useContentChanged(calls);
  return useMutation({ mutationFn: () => calls.remove(id), onSuccess: changed });
}
