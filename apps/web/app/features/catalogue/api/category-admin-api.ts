import type { CategoryCreateInput, CategoryMoveInput, CategoryUpdateInput } from '@crossbuy/core/catalogue';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerOf, storeClient } from '../../../lib/contract-client';
import { useStaffQueries } from '../../../lib/staff-queries';

/** The back office's category tree; every change to it reads the tree again. */
export const ADMIN_CATEGORIES_KEY = ['admin-categories'] as const;

/** `GET /admin/categories`: every category, depth first, disabled ones included. */
export function useAdminCategories() {
  const { enabled, staffId } = useStaffQueries();
  return useQuery({
    queryKey: [...ADMIN_CATEGORIES_KEY, staffId],
    queryFn: async () => answerOf(await storeClient.GET('/admin/categories')),
    enabled,
  });
}

export type CategoryChange =
  | { kind: 'create'; input: CategoryCreateInput }
  | { kind: 'update'; id: string; input: CategoryUpdateInput }
  | { kind: 'move'; id: string; input: CategoryMoveInput }
  | { kind: 'delete'; id: string };

async function send(change: CategoryChange): Promise<unknown> {
  switch (change.kind) {
    case 'create':
      return answerOf(await storeClient.POST('/admin/categories', { body: change.input }));
    case 'update':
      return answerOf(
        await storeClient.PATCH('/admin/categories/{id}', {
          params: { path: { id: change.id } },
          body: change.input,
        }),
      );
    case 'move':
      return answerOf(
        await storeClient.POST('/admin/categories/{id}/move', {
          params: { path: { id: change.id } },
          body: change.input,
        }),
      );
    case 'delete':
      return answerOf(
        await storeClient.DELETE('/admin/categories/{id}', { params: { path: { id: change.id } } }),
      );
  }
}

/** Any change to the tree: add, rename, disable or enable, move or reorder, delete. */
export function useChangeCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: ADMIN_CATEGORIES_KEY }),
  });
}
