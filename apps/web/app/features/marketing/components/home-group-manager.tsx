import { flattenCategoryTree } from '@crossbuy/core/catalogue';
import { messageForError } from '@crossbuy/core/errors';
import {
  CONTENT_TITLE_MAX_LENGTH,
  HOME_GROUP_PRODUCTS_MAX,
  type HomeGroupDraft,
  homeGroupDraftSchema,
  type StoreHomeGroup,
} from '@crossbuy/core/marketing';
import { useId, useState } from 'react';
import { useForm, useFormState, useWatch } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, FormSubmitRow, RequiredFieldsNote } from '../../../components/ui/form';
import { FormCheckbox, FormSelectField, FormTextField } from '../../../components/ui/form-fields';
import { TextField } from '../../../components/ui/text-field';
import { type FieldsByCode, fieldErrorMessage, showServerError } from '../../../lib/form-errors';
import { useAdminProductList, useCategoryChoices } from '../../catalogue/api/product-admin-api';
import { categoryOptions } from '../../catalogue/components/product-admin-form';
import { useDeleteHomeGroup, useHomeGroupList, useSaveHomeGroup } from '../api/home-groups-api';
import { ContentItemActions, ContentListPage, positionAfterLast, useContentEditing } from './content-editing';
import { draftResolver, fromDateTimeField, toDateTimeField } from './draft-form';
import { ScheduleFields } from './schedule-fields';
import { ContentStatusBadge } from './status-badge';

type HomeGroupFormValues = {
  title: string;
  categoryId: string;
  productIds: string[];
  position: string;
  active: boolean;
  startsAt: string;
  endsAt: string;
};

const FIELDS_BY_CODE: FieldsByCode<HomeGroupFormValues> = {
  'content/invalid_title': 'title',
  'content/invalid_category': 'categoryId',
  'content/invalid_products': 'productIds',
  'content/invalid_position': 'position',
  'content/invalid_window': 'endsAt',
};

function homeGroupFormValues(group: StoreHomeGroup | null, nextPosition: number): HomeGroupFormValues {
  return {
    title: group?.title ?? '',
    categoryId: group?.categoryId ?? '',
    productIds: group?.products.map((product) => product.id) ?? [],
    position: String(group?.position ?? nextPosition),
    active: group?.active ?? true,
    startsAt: toDateTimeField(group?.startsAt ?? null),
    endsAt: toDateTimeField(group?.endsAt ?? null),
  };
}

function toHomeGroupInput(values: HomeGroupFormValues) {
  return {
    ...values,
    position: values.position.trim() === '' ? 0 : Number(values.position.trim()),
    startsAt: fromDateTimeField(values.startsAt),
    endsAt: fromDateTimeField(values.endsAt),
  };
}

const resolver = draftResolver<HomeGroupFormValues, typeof homeGroupDraftSchema>(
  homeGroupDraftSchema,
  toHomeGroupInput,
);

/** The group as its draft: what a switch or an unchanged save sends back. */
function draftOf(group: StoreHomeGroup): HomeGroupDraft {
  return {
    title: group.title,
    categoryId: group.categoryId,
    productIds: group.products.map((product) => product.id),
    position: group.position,
    active: group.active,
    startsAt: group.startsAt,
    endsAt: group.endsAt,
  };
}

const NO_FILTER = { categoryId: null, merchantId: null, enabled: null, stock: null, sort: null } as const;

/**
 * The group's products in their order, and a search of the catalogue to add more. Results are announced;
 * Enter in the search box searches rather than saving the group.
 */
function ProductPicker({
  picked,
  names,
  error,
  onChange,
}: {
  picked: string[];
  names: ReadonlyMap<string, string>;
  error: string | undefined;
  onChange: (productIds: string[], added?: { id: string; name: string }) => void;
}) {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const results = useAdminProductList({ ...NO_FILTER, q: query }, 1);
  const errorId = useId();
  const nameOf = (id: string) => names.get(id) ?? id;
  const full = picked.length >= HOME_GROUP_PRODUCTS_MAX;
  const found = query === null ? null : results.data?.products;

  const move = (index: number, by: -1 | 1) => {
    const next = [...picked];
    const [moved] = next.splice(index, 1);
    if (moved !== undefined) next.splice(index + by, 0, moved);
    onChange(next);
  };

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={error ? errorId : undefined}>
      <legend className="font-semibold">Products</legend>
      <p className="text-sm text-muted">
        The home page shows them in this order, leaving out any not on sale. Up to {HOME_GROUP_PRODUCTS_MAX}.
      </p>
      <p id={errorId} aria-live="polite" className="text-sm text-danger-700">
        {error}
      </p>
      {picked.length === 0 ? (
        <p className="text-sm">No products chosen yet.</p>
      ) : (
        <ol className="flex flex-col gap-2" aria-label="Chosen products">
          {picked.map((id, index) => (
            <li key={id} className="flex flex-wrap items-center gap-2 rounded-lg border border-line p-2">
              <span className="min-w-0 flex-1 break-words">{nameOf(id)}</span>
              <Button
                variant="secondary"
                disabled={index === 0}
                onClick={() => move(index, -1)}
                aria-label={`Move ${nameOf(id)} up`}
              >
                Up
              </Button>
              <Button
                variant="secondary"
                disabled={index === picked.length - 1}
                onClick={() => move(index, 1)}
                aria-label={`Move ${nameOf(id)} down`}
              >
                Down
              </Button>
              <Button
                variant="secondary"
                onClick={() => onChange(picked.filter((other) => other !== id))}
                aria-label={`Remove ${nameOf(id)}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ol>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <TextField
            label="Find products"
            hint="Part of a name, or a product's id."
            value={typed}
            autoComplete="off"
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              setQuery(typed.trim());
            }}
          />
        </div>
        <Button variant="secondary" onClick={() => setQuery(typed.trim())}>
          Search
        </Button>
      </div>
      <p role="status" className="text-sm">
        {query === null
          ? ''
          : results.isPending
            ? 'Searching…'
            : found
              ? `${found.length === 0 ? 'No' : found.length} product${found.length === 1 ? '' : 's'} found.`
              : ''}
      </p>
      {results.isError && query !== null ? <Alert>{messageForError(results.error)}</Alert> : null}
      {found && found.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label="Products found">
          {found.map((product) => (
            <li key={product.id} className="flex flex-wrap items-center gap-2">
              <span className="min-w-0 flex-1 break-words">
                {product.name}
                {product.enabled ? '' : ' (disabled)'}
              </span>
              <Button
                variant="secondary"
                disabled={full || picked.includes(product.id)}
                onClick={() => onChange([...picked, product.id], { id: product.id, name: product.name })}
                aria-label={`Add ${product.name}`}
              >
                {picked.includes(product.id) ? 'Added' : 'Add'}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}

/** A home group's title, category, products, place in the order and schedule. */
function HomeGroupForm({
  group,
  nextPosition,
  onDone,
}: {
  group: StoreHomeGroup | null;
  nextPosition: number;
  onDone: (saved: StoreHomeGroup | null) => void;
}) {
  const save = useSaveHomeGroup(group?.id ?? null);
  const categories = useCategoryChoices();
  const [message, setMessage] = useState<string | undefined>();
  const [names, setNames] = useState<ReadonlyMap<string, string>>(
    () => new Map(group?.products.map((product) => [product.id, product.name])),
  );
  const form = useForm<HomeGroupFormValues, unknown, HomeGroupDraft>({
    resolver,
    defaultValues: homeGroupFormValues(group, nextPosition),
  });
  const productIds = useWatch({ control: form.control, name: 'productIds' });
  const { errors } = useFormState({ control: form.control, name: 'productIds' });

  const onSubmit = form.handleSubmit(async (draft) => {
    setMessage(undefined);
    try {
      onDone(await save.mutateAsync(draft));
    } catch (error) {
      setMessage(showServerError(error, form.setError, FIELDS_BY_CODE));
    }
  });

  const options = categories.data ? categoryOptions(flattenCategoryTree(categories.data)) : [];
  // A group keeps its category even should the storefront's tree no longer list it.
  if (group?.categoryId && !options.some((option) => option.value === group.categoryId)) {
    options.unshift({ value: group.categoryId, label: group.categoryName ?? group.categoryId });
  }

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      label={group ? `Edit home group ${group.title}` : 'New home group'}
      message={message}
      errorSummary
      intro={<RequiredFieldsNote />}
      className="rounded-2xl border border-line bg-white p-4"
    >
      <FormTextField<HomeGroupFormValues>
        name="title"
        label="Title"
        required
        maxLength={CONTENT_TITLE_MAX_LENGTH}
      />
      <FormSelectField<HomeGroupFormValues>
        name="categoryId"
        label="Category"
        placeholder={categories.isPending ? 'Loading categories…' : 'None'}
        options={options}
        hint="Optional: the category the row stands for."
      />
      {categories.isError ? <Alert>{messageForError(categories.error)}</Alert> : null}
      <ProductPicker
        picked={productIds}
        names={names}
        error={fieldErrorMessage(errors.productIds)}
        onChange={(next, added) => {
          if (added) setNames((known) => new Map(known).set(added.id, added.name));
          form.setValue('productIds', next, { shouldDirty: true });
          form.clearErrors('productIds');
        }}
      />
      <FormTextField<HomeGroupFormValues>
        name="position"
        label="Position"
        inputMode="numeric"
        hint="Groups show from the lowest position up."
      />
      <ScheduleFields />
      <FormCheckbox<HomeGroupFormValues> name="active" label="Show this group" />
      <FormSubmitRow
        label={group ? 'Save group' : 'Add group'}
        pendingLabel="Saving…"
        secondary={{ label: 'Cancel', onClick: () => onDone(null) }}
      />
    </Form>
  );
}

function HomeGroupCard({
  group,
  onEdit,
  onDeleted,
  onToggled,
}: {
  group: StoreHomeGroup;
  onEdit: () => void;
  /** After the group is gone: the notice to announce. */
  onDeleted: (notice: string) => void;
  /** After it is shown or hidden: the notice to announce; focus stays on the button. */
  onToggled: (notice: string) => void;
}) {
  const remove = useDeleteHomeGroup(group.id);
  const toggle = useSaveHomeGroup(group.id);
  const count = group.products.length;
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-line bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold break-words">{group.title}</h2>
        <ContentStatusBadge status={group.status} />
      </div>
      <p className="text-sm break-words">
        Position {group.position} · {group.categoryName ? `Category ${group.categoryName}` : 'No category'} ·{' '}
        {count === 0 ? 'No products' : `${count} product${count === 1 ? '' : 's'}`}
      </p>
      {count > 0 ? (
        <p className="text-sm text-muted break-words">
          {group.products
            .map((product) => (product.enabled ? product.name : `${product.name} (disabled)`))
            .join(', ')}
        </p>
      ) : null}
      <ContentItemActions
        noun="group"
        item={group}
        draft={draftOf(group)}
        toggle={toggle}
        remove={remove}
        deleteQuestion={`Delete the group “${group.title}”? It leaves the home page and cannot be brought back; its products stay in the catalogue.`}
        onEdit={onEdit}
        onToggled={onToggled}
        onDeleted={onDeleted}
      />
    </li>
  );
}

/** The home page's product groups in their order: add, edit, order, switch, schedule and delete them. */
export function HomeGroupManager() {
  const list = useHomeGroupList();
  const editing = useContentEditing();
  const { finish, announce, edit } = editing;

  return (
    <ContentListPage
      editing={editing}
      headingId="home-groups-heading"
      title="Home product groups"
      plural="home product groups"
      newLabel="New group"
      list={list}
      ordered
      listLabel="Home product groups in the home page's order"
      form={(group) => (
        <HomeGroupForm
          group={group}
          nextPosition={positionAfterLast(list.data)}
          onDone={(saved) =>
            finish(saved ? `The group “${saved.title}” has been ${group ? 'saved' : 'added'}.` : '')
          }
        />
      )}
      card={(group) => (
        <HomeGroupCard group={group} onEdit={() => edit(group.id)} onDeleted={finish} onToggled={announce} />
      )}
    />
  );
}
