import type {
  AdminCategory,
  CategoryCreateInput,
  CategoryMoveInput,
  CategoryUpdateInput,
} from '@crossbuy/core/catalogue';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useStaffQueries } from '../../../lib/staff-queries';

/** The back office's category tree; every change to it reads the tree again. */
export const ADMIN_CATEGORIES_KEY = ['admin-categories'] as const;

/** `GET /admin/categories`: every category, depth first, disabled ones included. */
export function useAdminCategories() {
  const { enabled, staffId } = useStaffQueries();
  return useQuery({
    queryKey: [...ADMIN_CATEGORIES_KEY, staffId],
    queryFn: () => api.get<{ categories: AdminCategory[] }>('/admin/categories'),
    enabled,
  });
}

export type CategoryChange =
  | { kind: 'create'; input: CategoryCreateInput }
  | { kind: 'update'; id: string; input: CategoryUpdateInput }
  | { kind: 'move'; id: string; input: CategoryMoveInput }
  | { kind: 'delete'; id: string };

function send(change: CategoryChange): Promise<unknown> {
  const path = (id: string) => `/admin/categories/${encodeURIComponent(id)}`;
  switch (change.kind) {
    case 'create':
      return api.post('/admin/categories', change.input);
    case 'update':
      return api.patch(path(change.id), change.input);
    case 'move':
      return api.post(`${path(change.id)}/move`, change.input);
    case 'delete':
      return api.delete(path(change.id));
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
